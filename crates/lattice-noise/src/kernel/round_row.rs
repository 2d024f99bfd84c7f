//! One [`RoundOctave`]'s contribution to one pixel row: the turned coefficients of the
//! grid rows above and below it (drawn once per cell row and kept in a [`RoundCache`]),
//! the row's window table, and a loop over whole cells (a cell's pixels vectorised) or,
//! for cells narrower than a vector, phase by phase (the same pixel of every cell).

use super::avx2::Avx2;
use super::grid_row::fill_corners;
use super::plan::Plan;
use super::round_octave::{RoundOctave, WindowEntry, corners_of, fill_tables_from, round_pixel};
use super::round_window::RoundWindow;
use super::row_parts::{CornerRows, scratch};
use crate::proximity::ProximityFn;

/// One octave's buffers, kept from row to row.
#[derive(Default)]
pub(super) struct RoundCache {
    numbers: [Vec<f32>; 4],
    /// `[alpha', beta', gamma]` of every corner column of the grid rows above and below
    /// the cell row `cell_row`.
    top: [Vec<f32>; 3],
    bottom: [Vec<f32>; 3],
    cell_row: Option<i32>,
    /// This row's `A` and `B` of the top corners, then of the bottom ones.
    coef: [Vec<f32>; 4],
    /// The octave's window weights, and this row's right corners' weights (entries 1
    /// and 3; see [`fill_tables_from`]), and room for the points' turns and for
    /// weights not kept.
    window: RoundWindow,
    tables: [Vec<f32>; 2],
    weights: [Vec<f32>; 2],
    turns: [Vec<f32>; 2],
    /// Cells narrower than a vector: pixel `u` of every cell, phase by phase.
    phases: Vec<f32>,
}

/// Draws the random numbers of grid row `iy` of `r` into `numbers`.
fn draw_row<P: ProximityFn>(plan: &Plan, r: &RoundOctave, iy: i32, numbers: &mut [Vec<f32>; 4]) {
    for v in numbers.iter_mut().take(P::NEEDS) {
        v.resize(r.grid.cells + 1, 0.0);
    }
    fill_corners::<P>(plan, &r.grid, (r.origin_y - r.shift[1], iy), numbers);
}

/// Draws grid row `iy` of `r` and turns its points' coefficients into `out`.
fn fill_coefficients<P: ProximityFn>(
    plan: &Plan,
    r: &RoundOctave,
    iy: i32,
    (numbers, turns): (&mut [Vec<f32>; 4], &mut [Vec<f32>; 2]),
    out: &mut [Vec<f32>; 3],
) {
    draw_row::<P>(plan, r, iy, numbers);
    let rows: CornerRows<'_> = std::array::from_fn(|k| &numbers[k][..]);
    r.row_coefficients::<P>((r.grid.first_cell, i64::from(iy)), &rows, turns, out);
}

/// Adds octave `r` to texture row `y`: the window's columns of it are
/// `line[lead..lead + width]`, with room around them for the octave's whole cells (see
/// [`Plan::row_span`]).
#[inline(always)]
pub(super) fn round_row<P: ProximityFn>(
    plan: &Plan,
    r: &RoundOctave,
    y: i32,
    (line, lead): (&mut [f32], usize),
    c: &mut RoundCache,
    isa: Option<Avx2>,
) {
    if !P::LINEAR {
        // Never planned (see `Plan::new`); keeps the other functions' row loops free of
        // this code.
        return;
    }
    let o = &r.grid;
    let (s, n) = (o.step as usize, o.cells);
    let corners = n + 1;
    let rel = y - r.origin_y;
    let cy = rel.div_euclid(o.step);
    let v = rel - cy * o.step;
    let offset = (-o.init) as usize;
    if s == 1 && plan.exact_step_one {
        let cells = &mut line[lead - offset..lead - offset + n];
        step_one::<P>(plan, r, cy, c, cells);
        return;
    }
    for row in c.top.iter_mut().chain(c.bottom.iter_mut()) {
        row.resize(corners, 0.0);
    }
    match c.cell_row {
        Some(row) if row == cy => {}
        Some(row) if row + 1 == cy => {
            std::mem::swap(&mut c.top, &mut c.bottom);
            let work = (&mut c.numbers, &mut c.turns);
            fill_coefficients::<P>(plan, r, cy + 1, work, &mut c.bottom);
        }
        _ => {
            fill_coefficients::<P>(plan, r, cy, (&mut c.numbers, &mut c.turns), &mut c.top);
            let work = (&mut c.numbers, &mut c.turns);
            fill_coefficients::<P>(plan, r, cy + 1, work, &mut c.bottom);
        }
    }
    c.cell_row = Some(cy);

    let (y_top, y_bottom) = (v as f32, v as f32 - o.l);
    let [at, bt, ab, bb] = &mut c.coef;
    let (at, bt) = (scratch(at, corners), scratch(bt, corners));
    let (ab, bb) = (scratch(ab, corners), scratch(bb, corners));
    corner_row(r, &c.top, y_top, (at, bt));
    corner_row(r, &c.bottom, y_bottom, (ab, bb));
    let (wt, wb) = c.window.rows(r, plan.fade, v, &mut c.weights);
    let [t1, t3] = &mut c.tables;
    fill_tables_from((wt, wb), [t1, t3]);
    let t = [&wt[..s], &t1[..s], &wb[..s], &t3[..s]];
    let cells = &mut line[lead - offset..lead - offset + n * s];
    let k = [&*at, &*bt, &*ab, &*bb];
    if let Some(isa) = isa {
        let done = match s {
            2 => isa.round::<2>((t, k), cells),
            4 => isa.round::<4>((t, k), cells),
            8 => isa.round::<8>((t, k), cells),
            _ => false,
        };
        if done {
            return;
        }
    }
    // Known widths let the compiler unroll a cell's pixels into whole vectors (a loop
    // over 8 pixels of unknown count ran one pixel at a time).
    match s {
        2 => phased::<2>(t, k, &mut c.phases, cells),
        4 => phased::<4>(t, k, &mut c.phases, cells),
        8 => whole_cells::<8>(t, k, cells),
        16 => whole_cells::<16>(t, k, cells),
        32 => whole_cells::<32>(t, k, cells),
        64 => whole_cells::<64>(t, k, cells),
        128 => whole_cells::<128>(t, k, cells),
        256 => whole_cells::<256>(t, k, cells),
        512 => whole_cells::<512>(t, k, cells),
        s if s < 8 => phased::<0>(t, k, &mut c.phases, cells),
        _ => any_cells(t, k, cells),
    }
}

/// Steps of one pixel whose fade is exactly 0 at 1: every pixel is its cell's top-left
/// point, which the other three corners, a step or more away, do not reach (see
/// [`RoundOctave::point_value`]): only the row's own points' numbers are drawn.
fn step_one<P: ProximityFn>(
    plan: &Plan,
    r: &RoundOctave,
    cy: i32,
    c: &mut RoundCache,
    cells: &mut [f32],
) {
    let w = c.window.rows(r, plan.fade, 0, &mut c.weights).0[0];
    draw_row::<P>(plan, r, cy, &mut c.numbers);
    c.cell_row = None;
    let rows: CornerRows<'_> = std::array::from_fn(|k| &c.numbers[k][..]);
    for (j, e) in cells.iter_mut().enumerate() {
        *e += r.point_value::<P>(super::row_parts::corner::<P>(&rows, j), w);
    }
}

/// Cells narrower than a vector (`S` pixels, or the tables' length when `S = 0`): pixel
/// `u` of every cell first, phase by phase (contiguous corner coefficients, the entry
/// broadcast), then the phases interleaved into the row.
#[inline(always)]
fn phased<const S: usize>(
    t: [&[f32]; 4],
    k: [&[f32]; 4],
    phases: &mut Vec<f32>,
    cells: &mut [f32],
) {
    let s = if S == 0 { t[0].len() } else { S };
    let n = cells.len() / s;
    let l = s as f32;
    let phases = scratch(phases, s * n);
    for ((u, dst), x) in phases.chunks_exact_mut(n).enumerate().take(s).zip(0i32..) {
        let x = x as f32;
        phase(&[t[0][u], t[1][u], t[2][u], t[3][u]], [x, x - l], k, dst);
    }
    if S == 0 {
        for (j, e) in cells.chunks_exact_mut(s).enumerate() {
            for (u, e) in e.iter_mut().enumerate() {
                *e += phases[u * n + j];
            }
        }
        return;
    }
    // A known number of phases, each a slice of the cells' count: the interleave
    // vectorises (a transpose in registers) instead of running a pixel at a time.
    let p: [&[f32]; S] = std::array::from_fn(|u| &phases[u * n..(u + 1) * n]);
    for (j, e) in cells.chunks_exact_mut(S).take(n).enumerate() {
        for (e, p) in e.iter_mut().zip(p) {
            *e += p[j];
        }
    }
}

/// `[A, B]` of every corner of a grid row with coefficients `k`, `y` pixels above the
/// pixel row.
#[inline(always)]
fn corner_row(r: &RoundOctave, k: &[Vec<f32>; 3], y: f32, (a, b): (&mut [f32], &mut [f32])) {
    let points = k[0].iter().zip(&k[1]).zip(&k[2]);
    for ((a, b), ((&k0, &k1), &k2)) in a.iter_mut().zip(b.iter_mut()).zip(points) {
        [*a, *b] = r.corner([k0, k1, k2], y);
    }
}

/// Cells of `S` pixels (8 or more), a cell's pixels in whole vectors: the row's
/// window tables `t` seen as arrays of `S` (no bounds to check, so the pixels unroll
/// into vectors), with the row's corner coefficients `k`.
#[inline(always)]
fn whole_cells<const S: usize>(t: [&[f32]; 4], k: [&[f32]; 4], cells: &mut [f32]) {
    let Some([t0, t1, t2, t3]) = fixed::<S>(t) else {
        return any_cells(t, k, cells);
    };
    let l = S as f32;
    for (j, e) in cells.chunks_exact_mut(S).enumerate() {
        let c = corners_of(k, j);
        let Ok(e) = <&mut [f32; S]>::try_from(e) else {
            continue;
        };
        // `i32` offsets: converting them to floats vectorises, `usize` ones do not.
        for (u, x) in (0..S).zip(0i32..) {
            let x = x as f32;
            e[u] += round_pixel(&[t0[u], t1[u], t2[u], t3[u]], [x, x - l], c);
        }
    }
}

/// The tables as arrays of `S` (`None` if one is shorter: never, the row made them).
#[inline(always)]
fn fixed<const S: usize>(t: [&[f32]; 4]) -> Option<[&[f32; S]; 4]> {
    let [a, b, c, d] = t.map(|t| t.get(..S).and_then(|t| t.try_into().ok()));
    Some([a?, b?, c?, d?])
}

/// Cells of any other width (the tables' length), a cell's pixels in a loop.
#[inline(always)]
fn any_cells(t: [&[f32]; 4], k: [&[f32]; 4], cells: &mut [f32]) {
    let s = t[0].len();
    let l = s as f32;
    let [t0, t1, t2, t3] = t.map(|t| &t[..s]);
    for (j, e) in cells.chunks_exact_mut(s).enumerate() {
        let c = corners_of(k, j);
        let e = &mut e[..s];
        for (u, x) in (0..s).zip(0i32..) {
            let x = x as f32;
            e[u] += round_pixel(&[t0[u], t1[u], t2[u], t3[u]], [x, x - l], c);
        }
    }
}

/// One pixel `u` (window weights `w`, offsets `x`) of every cell of the row, from the
/// row's corner coefficients `k` (`A`, `B` of the top corners, then of the bottom ones).
#[inline(always)]
fn phase(w: &WindowEntry, x: [f32; 2], k: [&[f32]; 4], dst: &mut [f32]) {
    let n = dst.len();
    let (at0, at1) = (&k[0][..n], &k[0][1..=n]);
    let (bt0, bt1) = (&k[1][..n], &k[1][1..=n]);
    let (ab0, ab1) = (&k[2][..n], &k[2][1..=n]);
    let (bb0, bb1) = (&k[3][..n], &k[3][1..=n]);
    for (j, d) in dst.iter_mut().enumerate() {
        let c = [
            at0[j], bt0[j], at1[j], bt1[j], ab0[j], bb0[j], ab1[j], bb1[j],
        ];
        *d = round_pixel(w, x, c);
    }
}
