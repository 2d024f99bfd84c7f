//! One [`RoundOctave`]'s contribution to one pixel row: the turned coefficients of the
//! grid rows above and below it (drawn once per cell row and kept in a [`RoundCache`]),
//! the row's window table, and a loop over whole cells (a cell's pixels vectorised) or,
//! for cells narrower than a vector, phase by phase (the same pixel of every cell).

use super::avx2::Avx2;
use super::grid_row::fill_corners;
use super::plan::Plan;
use super::round_cells::{cells_row, phased};
use super::round_octave::RoundOctave;
use super::round_window::RoundWindow;
use super::row_parts::{CornerRows, scratch};
use crate::proximity::ProximityFn;

/// One octave's buffers, kept from row to row.
#[derive(Default)]
pub(super) struct RoundCache {
    numbers: [Vec<f32>; 4],
    /// `[A, beta', gamma]` of every corner column of the grid rows above and below the
    /// cell row `cell_row` (`A` the same on every pixel row of it: see
    /// [`RoundOctave::slope`]).
    top: [Vec<f32>; 3],
    bottom: [Vec<f32>; 3],
    cell_row: Option<i32>,
    /// This pixel row's `B` of the top corners and of the bottom ones.
    constants: [Vec<f32>; 2],
    /// The octave's window weights, and room for the points' turns.
    window: RoundWindow,
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

/// Draws grid row `iy` of `r` and turns its points' coefficients into `out`: `A`,
/// `beta'` and `gamma`.
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
    for a in out[0].iter_mut() {
        *a = r.slope(*a);
    }
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
    let [bt, bb] = &mut c.constants;
    let (bt, bb) = (scratch(bt, corners), scratch(bb, corners));
    constant_row(r, &c.top, y_top, bt);
    constant_row(r, &c.bottom, y_bottom, bb);
    let (at, ab) = (&c.top[0][..], &c.bottom[0][..]);
    let t = c.window.rows(r, plan.fade, v);
    let cells = &mut line[lead - offset..lead - offset + n * s];
    let k = [at, &*bt, ab, &*bb];
    if let Some(isa) = isa {
        let done = match s {
            2 => isa.round::<2>((t, k), cells),
            4 => isa.round::<4>((t, k), cells),
            8 => isa.round::<8>((t, k), cells),
            16 => isa.round::<16>((t, k), cells),
            _ => false,
        };
        if done {
            return;
        }
    }
    if s < 8 {
        return phased(t, k, &mut c.phases, cells);
    }
    // Only the window's pixels: the first and the last cells reach past it, by up to a
    // step each (the octave's shift), which for a step of 512 at 2048 was a quarter
    // more pixels than the window's.
    let keep = offset..offset + plan.width;
    cells_row((t, k), cells, keep, isa);
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
    let w = c.window.rows(r, plan.fade, 0)[0][0];
    draw_row::<P>(plan, r, cy, &mut c.numbers);
    c.cell_row = None;
    let rows: CornerRows<'_> = std::array::from_fn(|k| &c.numbers[k][..]);
    for (j, e) in cells.iter_mut().enumerate() {
        *e += r.point_value::<P>(super::row_parts::corner::<P>(&rows, j), w);
    }
}

/// `B` of every corner of a grid row with coefficients `k`, `y` pixels above the pixel
/// row.
#[inline(always)]
fn constant_row(r: &RoundOctave, k: &[Vec<f32>; 3], y: f32, b: &mut [f32]) {
    for (b, (&beta, &gamma)) in b.iter_mut().zip(k[1].iter().zip(&k[2])) {
        *b = r.constant(beta, gamma, y);
    }
}
