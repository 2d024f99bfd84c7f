//! [`CornerGrid`]: the random numbers of every lattice corner a tile of warped sample
//! points can reach in one octave, drawn once per tile so the per-pixel loop only
//! gathers them; or, when the points spread over too many corners, each pixel's four
//! corners drawn on their own. Both give the same numbers (the random source's), so a
//! pixel's value does not depend on which one its tile used.

use super::plan::{Octave, Plan};
use super::row_copy::copy_row;
use crate::random::PreparedSource;

/// Floats past the grid's end that window loads may read (never pick): the widest
/// lane type's window.
const WINDOW_PAD: usize = 32;

/// The corner numbers of one octave over the reach of one tile.
#[derive(Default)]
pub(super) struct CornerGrid {
    /// Lattice column and row of the first corner.
    pub x0: i32,
    pub y0: i32,
    /// Corners per row.
    pub cols: usize,
    /// The largest index of a top-left corner (`rows * cols - cols - 2`): its three
    /// neighbours are then inside the planes too.
    pub bound: u32,
    /// Too many corners for a grid: corners are drawn per pixel ([`Self::direct`]).
    pub direct: bool,
    /// `planes[k][row * cols + col]`: random number `k` of each corner.
    pub planes: [Vec<f32>; 4],
    row: [Vec<f32>; 4],
    one: [Vec<f32>; 4],
}

/// The lattice cell (a whole number, as `f32`) that holds position `p` in an octave of
/// step `l` (`il = 1 / l`) whose lattice starts at `origin`. The warped sampler does
/// exactly these operations on its lanes, so a tile's range holds every lane's cell.
#[inline(always)]
pub(super) fn cell_of(p: f32, origin: f32, il: f32) -> f32 {
    ((p - origin) * il).floor()
}

impl CornerGrid {
    /// Prepares the corners of the cells holding `x` in `xs` and `y` in `ys` (position
    /// ranges in texture pixels): as a grid when there are at most `budget` corners,
    /// otherwise for [`Self::direct`].
    pub(super) fn prepare(
        &mut self,
        plan: &Plan,
        o: &Octave,
        needs: usize,
        (xs, ys): ((f32, f32), (f32, f32)),
        budget: usize,
    ) {
        let origin = o.origin as f32;
        let cell = |p| cell_of(p, origin, o.il) as i64;
        let (cx0, cx1) = (cell(xs.0), cell(xs.1) + 1);
        let (cy0, cy1) = (cell(ys.0), cell(ys.1) + 1);
        let (cols, rows) = ((cx1 - cx0 + 1) as usize, (cy1 - cy0 + 1) as usize);
        let corners = cols.saturating_mul(rows);
        self.direct = corners > budget || corners >= super::sample_lane::MAX_INDEX as usize;
        if self.direct {
            return;
        }
        (self.x0, self.y0, self.cols) = (cx0 as i32, cy0 as i32, cols);
        self.bound = (corners - cols - 2) as u32;
        for k in 0..needs {
            // Room past the last corner for the window loads of the widest lanes.
            self.planes[k].resize(corners + WINDOW_PAD, 0.0);
            self.row[k].resize(cols, 0.0);
        }
        let columns = match &plan.source {
            PreparedSource::Lattice(_) => Vec::new(),
            s => s.columns(&plan.frame, o.origin + self.x0 * o.step, o.step, cols),
        };
        for r in 0..rows {
            let iy = self.y0 + r as i32;
            match &plan.source {
                PreparedSource::Lattice(src) => {
                    src.fill_row(
                        i64::from(iy),
                        i64::from(self.x0),
                        o.period,
                        needs,
                        &mut self.row,
                    );
                }
                s => s.fill_row(
                    &plan.frame,
                    o.origin + iy * o.step,
                    &columns,
                    needs,
                    &mut self.row,
                ),
            }
            for k in 0..needs {
                copy_row(&mut self.planes[k][r * cols..(r + 1) * cols], &self.row[k]);
            }
        }
    }

    /// The numbers `out[q][k]` of the four corners `q` (top-left, top-right,
    /// bottom-left, bottom-right) of cell `(ix, iy)`, drawn from the source one by one.
    pub(super) fn direct(
        &mut self,
        plan: &Plan,
        o: &Octave,
        needs: usize,
        (ix, iy): (i32, i32),
        out: &mut [[f32; 4]; 4],
    ) {
        for (q, corner) in out.iter_mut().enumerate() {
            let (cx, cy) = (ix + (q & 1) as i32, iy + (q >> 1) as i32);
            match &plan.source {
                PreparedSource::Lattice(src) => {
                    for v in &mut self.one {
                        v.resize(1, 0.0);
                    }
                    src.fill_row(i64::from(cy), i64::from(cx), o.period, needs, &mut self.one);
                    for (v, one) in corner.iter_mut().zip(&self.one).take(needs) {
                        *v = one[0];
                    }
                }
                s => {
                    let (px, py) = (o.origin + cx * o.step, o.origin + cy * o.step);
                    for (k, v) in corner.iter_mut().enumerate().take(needs) {
                        *v = s.at(&plan.frame, px, py, k);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cell_of;

    #[test]
    fn cell_of_matches_floor_division() {
        assert_eq!(cell_of(17.5, -4.0, 1.0 / 8.0), 2.0);
        assert_eq!(cell_of(-0.5, 0.0, 0.25), -1.0);
    }
}
