//! One grid octave of a cellular noise added to one pixel row.
//!
//! Each cell row's feature points are spread out once per cell row into rows of the
//! texture's width ([`SpreadRow`]: at every pixel, its cell's point relative to the
//! pixel), so a pixel's candidate in the cell `dx` columns over is the entry `dx *
//! step` further along: the 3 x 3 search is nine passes of unit-stride loads over the
//! row, which the compiler vectorises for whichever instruction set the band is built
//! with, without gathers, at any step.

use super::cell_plan::{CellGrid, CellPlan};
use super::cell_search::{Metric, Nearest, cell_point, octave_value};
use super::sample_lane::SampleLane;
use crate::cell_output::CellOutput;
use crate::random::PreparedSource;

/// Pixels per block of the search: the nearest-two state of a block stays in registers
/// across the nine candidates.
const LANES: usize = 16;

/// One cell row's points spread over the pixels of the held columns.
#[derive(Default)]
struct SpreadRow {
    /// The cell row held, if any.
    cell_row: Option<i32>,
    /// The point's `x` offset from the pixel: `ox - u`.
    x: Vec<f32>,
    /// The point's `y` offset from its cell's top edge.
    y: Vec<f32>,
    /// The point's random value.
    value: Vec<f32>,
}

/// Per-thread state of one grid octave: the three cell rows a row's search reads.
#[derive(Default)]
pub(super) struct CellRows {
    rows: [SpreadRow; 3],
    random: [Vec<f32>; 4],
}

impl CellRows {
    /// Makes slot `iy mod 3` hold cell row `iy` of octave `o`.
    fn ensure(&mut self, plan: &CellPlan, o: &CellGrid, iy: i32) -> usize {
        let slot = iy.rem_euclid(3) as usize;
        if self.rows[slot].cell_row == Some(iy) {
            return slot;
        }
        let n = o.columns;
        for r in &mut self.random[..3] {
            r.resize(n, 0.0);
        }
        match &plan.source {
            PreparedSource::Lattice(src) => {
                src.fill_row(i64::from(iy), o.first_cell, o.period, 3, &mut self.random);
            }
            source => source.fill_row(
                &plan.frame,
                o.origin + iy * o.step,
                &o.source_columns,
                3,
                &mut self.random,
            ),
        }
        let s = o.step as usize;
        // Room for the last block's reads past the row's end.
        let len = n * s + LANES;
        let row = &mut self.rows[slot];
        for v in [&mut row.x, &mut row.y, &mut row.value] {
            v.clear();
            v.resize(len, 0.0);
        }
        let [rx, ry, rv, _] = &self.random;
        for (c, ((&rx, &ry), &rv)) in rx.iter().zip(ry).zip(rv).enumerate() {
            let (ox, oy, value) = cell_point([rx, ry, rv], plan.half_jitter, o.l);
            let at = c * s;
            for (u, x) in row.x[at..at + s].iter_mut().enumerate() {
                *x = ox - u as f32;
            }
            row.y[at..at + s].fill(oy);
            row.value[at..at + s].fill(value);
        }
        row.cell_row = Some(iy);
        slot
    }
}

/// Adds grid octave `o` of the cellular noise to texture row `y` (the window's
/// columns, in `row`), measuring with `M`, `V::W` pixels at a time.
#[inline(always)]
pub(super) fn cell_row<V: SampleLane, M: Metric>(
    isa: V::Isa,
    plan: &CellPlan,
    o: &CellGrid,
    y: i32,
    row: &mut [f32],
    cache: &mut CellRows,
) {
    let rel = y - o.origin;
    let cy = rel.div_euclid(o.step);
    let v = (rel - cy * o.step) as f32;
    let slots = [
        cache.ensure(plan, o, cy - 1),
        cache.ensure(plan, o, cy),
        cache.ensure(plan, o, cy + 1),
    ];
    let rows = slots.map(|s| &cache.rows[s]);
    let s = o.step as usize;
    // A pixel at window column `i` is spread-row entry `lead + i`; its candidate `dx`
    // columns over is `dx * s` further, so the block's three reads start at `base`.
    let base = o.lead - s;
    let output = plan.cellular.output;
    let at = (base, s, o.l, v);
    // Only what the output reads is tracked: F1 alone is a third of the work of F1, F2
    // and the value (the kept F1 is the same bits either way).
    match output {
        CellOutput::F1 => search::<V, M, false, false>(isa, output, o, rows, at, row),
        CellOutput::CellValue => search::<V, M, false, true>(isa, output, o, rows, at, row),
        _ => search::<V, M, true, false>(isa, output, o, rows, at, row),
    }
}

/// The 3 x 3 search of every pixel of `row`, `V::W` pixels at a time, tracking F2 and
/// the nearest point's value only when asked to; adds the octave's values to `row`.
#[inline(always)]
fn search<V: SampleLane, M: Metric, const F2: bool, const VALUE: bool>(
    isa: V::Isa,
    output: CellOutput,
    o: &CellGrid,
    rows: [&SpreadRow; 3],
    (base, s, l, v): (usize, usize, f32, f32),
    row: &mut [f32],
) {
    let k = |c: f32| V::all(isa, c);
    let (il, amp, v) = (k(o.il), k(o.amp), k(v));
    let zero = k(0.0);
    // Rows are padded by `LANES`, so every read holds `V::W` values.
    let read = |r: &[f32], at: usize| V::read(isa, r.get(at..).unwrap_or(&[]));
    for (start, out) in (0..row.len()).step_by(V::W).zip(row.chunks_mut(V::W)) {
        let mut n = Nearest::<V>::none(isa);
        for (dy, r) in rows.iter().enumerate() {
            let oy = k((dy as f32 - 1.0) * l);
            for dx in 0..3 {
                let ox = k((dx as f32 - 1.0) * l);
                let at = base + dx * s + start;
                let (xs, ys) = (read(&r.x, at), read(&r.y, at));
                let vs = if VALUE { read(&r.value, at) } else { zero };
                n.add::<F2, VALUE>(M::measure(xs + ox, (ys - v) + oy), vs);
            }
        }
        let h = octave_value::<V, M>(output, n, il, amp);
        if out.len() == V::W {
            (V::read(isa, out) + h).write(out);
        } else {
            let mut lanes = [0.0f32; LANES];
            h.write(&mut lanes);
            for (o, h) in out.iter_mut().zip(lanes) {
                *o += h;
            }
        }
    }
}
