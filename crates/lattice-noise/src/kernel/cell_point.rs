//! Cellular octaves sampled point by point: fractional steps, panned lattices and
//! warped layers, whose sample positions fall anywhere. For each band the points of
//! the cells its positions reach are drawn once into a [`PointGrid`]; a band whose
//! positions spread too far (a huge warp) draws each pixel's cells directly.

use super::cell_plan::CellPlan;
use super::cell_search::{Metric, Nearest, cell_point, octave_value};
use super::free_octave::FreeOctave;

/// The feature points of a rectangle of cells of one octave.
#[derive(Default)]
pub(super) struct PointGrid {
    /// Lattice index of the first column and row held.
    x0: i64,
    y0: i64,
    cols: usize,
    rows: usize,
    /// Per cell: the point's offsets from the cell's corner, in pixels, and its value.
    x: Vec<f32>,
    y: Vec<f32>,
    value: Vec<f32>,
    /// The band's cells did not fit: each cell is drawn when asked.
    direct: bool,
    random: [Vec<f32>; 4],
}

/// A cell's feature point: offsets from its corner in pixels, and its value.
type Point = (f32, f32, f32);

/// The random numbers of cells `ix0..ix0 + n` of row `iy` into `out[0..3]`.
fn draw_cells(plan: &CellPlan, o: &FreeOctave, (ix0, iy): (i64, i64), out: &mut [Vec<f32>; 4]) {
    o.fill(&plan.source, &plan.frame, iy, ix0, 3, out);
}

impl PointGrid {
    /// Holds the cells that positions in `xs` by `ys` (texture pixels, before the pan)
    /// search, unless they number more than `budget`.
    pub(super) fn prepare(
        &mut self,
        plan: &CellPlan,
        o: &FreeOctave,
        (xs, ys): ((f64, f64), (f64, f64)),
        budget: usize,
    ) {
        let (x0, x1) = (
            o.locate(o.offset[0] + xs.0).0 - 1,
            o.locate(o.offset[0] + xs.1).0 + 1,
        );
        let (y0, y1) = (
            o.locate(o.offset[1] + ys.0).0 - 1,
            o.locate(o.offset[1] + ys.1).0 + 1,
        );
        let (cols, rows) = ((x1 - x0 + 1) as u64, (y1 - y0 + 1) as u64);
        self.direct = cols.saturating_mul(rows) > budget as u64;
        for r in &mut self.random[..3] {
            r.resize(if self.direct { 1 } else { cols as usize }, 0.0);
        }
        if self.direct {
            return;
        }
        let (cols, rows) = (cols as usize, rows as usize);
        (self.x0, self.y0, self.cols, self.rows) = (x0, y0, cols, rows);
        for v in [&mut self.x, &mut self.y, &mut self.value] {
            v.clear();
        }
        for iy in y0..=y1 {
            draw_cells(plan, o, (x0, iy), &mut self.random);
            let [rx, ry, rv, _] = &self.random;
            for ((&rx, &ry), &rv) in rx.iter().zip(ry).zip(rv) {
                let (x, y, value) = cell_point([rx, ry, rv], plan.half_jitter, o.l);
                self.x.push(x);
                self.y.push(y);
                self.value.push(value);
            }
        }
    }

    /// The points of the 3 x 3 cells around `(ix, iy)`, row by row, when the grid
    /// holds them all (nearly always).
    #[inline(always)]
    fn block(&self, ix: i64, iy: i64) -> Option<[[Point; 3]; 3]> {
        let (cx, cy) = (ix - 1 - self.x0, iy - 1 - self.y0);
        if self.direct || cx < 0 || cy < 0 || cx + 3 > self.cols as i64 || cy + 3 > self.rows as i64
        {
            return None;
        }
        let at = cy as usize * self.cols + cx as usize;
        let x = self.x.get(at..)?;
        let y = self.y.get(at..)?;
        let v = self.value.get(at..)?;
        let c = self.cols;
        let p = |i: usize| -> Option<Point> { Some((*x.get(i)?, *y.get(i)?, *v.get(i)?)) };
        let row =
            |r: usize| -> Option<[Point; 3]> { Some([p(r * c)?, p(r * c + 1)?, p(r * c + 2)?]) };
        Some([row(0)?, row(1)?, row(2)?])
    }

    /// The points of the 3 x 3 cells around `(ix, iy)` drawn one by one (cells outside
    /// the grid, or no grid): the same numbers.
    #[cold]
    #[inline(never)]
    fn drawn(&mut self, plan: &CellPlan, o: &FreeOctave, ix: i64, iy: i64) -> [[Point; 3]; 3] {
        std::array::from_fn(|r| {
            std::array::from_fn(|c| {
                let (x, y) = (ix + c as i64 - 1, iy + r as i64 - 1);
                if let Some(b) = self.block(x, y) {
                    return b[1][1];
                }
                for v in &mut self.random[..3] {
                    v.resize(1, 0.0);
                }
                draw_cells(plan, o, (x, y), &mut self.random);
                let n = [0, 1, 2].map(|k| self.random[k][0]);
                cell_point(n, plan.half_jitter, o.l)
            })
        })
    }
}

/// Octave `o`'s cellular value at texture position `(x, y)`: the search of the row
/// path (`cell_row`) in the same order, with the cells looked up one by one.
#[inline(always)]
pub(super) fn sample_point<M: Metric>(
    plan: &CellPlan,
    o: &FreeOctave,
    g: &mut PointGrid,
    (x, y): (f64, f64),
) -> f32 {
    let (ix, u) = o.locate(o.offset[0] + x);
    let (iy, v) = o.locate(o.offset[1] + y);
    let cells = match g.block(ix, iy) {
        Some(b) => b,
        None => g.drawn(plan, o, ix, iy),
    };
    let mut n = Nearest::<f32>::none(());
    for (dy, row) in (-1..=1i32).zip(cells) {
        let oy = dy as f32 * o.l;
        for (dx, (px, py, value)) in (-1..=1i32).zip(row) {
            let ox = dx as f32 * o.l;
            n.add::<true, true>(M::measure((px - u) + ox, (py - v) + oy), value);
        }
    }
    octave_value::<f32, M>(plan.cellular.output, n, o.il, o.amp)
}
