//! [`StripeRow`]: the points of one gully octave's cells along a row of pixels, hashed
//! once per row of cells instead of once per pixel, for a block's lanes to pick by
//! register permutes.

use super::stripe_cells::{Block, CellPoints, LANES, RowPoints, cell_point, floor, mix, wrap};
use crate::kernel::BlockPick;

/// Most columns a table holds: rows of more cells than this (cells far smaller than a
/// pixel) hash per lane instead.
const MAX_COLUMNS: f32 = 1_048_576.0;

/// The points of one octave's cells in two cell rows (the one above a row of pixels'
/// centres and the one below), over the columns the row's blocks reach.
#[derive(Default)]
pub(super) struct StripeRow {
    /// What the tables hold; `None` before the first [`StripeRow::prepare`].
    key: Option<Key>,
    /// Per cell row, the points' x and then y, column by column from the key's first,
    /// then a pick's window of zeros, so every block's window lies inside.
    x: [Vec<f32>; 2],
    y: [Vec<f32>; 2],
}

/// The octave and columns a [`StripeRow`] was prepared for.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    cells: u32,
    seed: u32,
    /// The upper cell row.
    by: f32,
    /// The first and last column held.
    first: f32,
    last: f32,
}

/// Each lane's four points, by cell row `j` and column `i`.
pub(super) struct Picked {
    x: [[Block; 2]; 2],
    y: [[Block; 2]; 2],
}

impl CellPoints for Picked {
    #[inline(always)]
    fn point(&self, i: usize, j: usize, k: usize) -> (f32, f32) {
        (self.x[j][i][k], self.y[j][i][k])
    }
}

impl StripeRow {
    /// Holds the points for a row of pixels at `qy` in cells whose first and last
    /// points lie at `qx` (in cells) of an octave of `cells` cells and seed `seed`.
    /// Rows of pixels in the same cell row keep the tables they have.
    pub(super) fn prepare(&mut self, qx: (f32, f32), qy: f32, cells: u32, seed: u32) {
        let key = Key {
            cells,
            seed,
            by: floor(qy - 0.5),
            first: floor(qx.0 - 0.5),
            last: floor(qx.1 - 0.5) + 1.0,
        };
        if self.key == Some(key) {
            return;
        }
        let span = key.last - key.first;
        if !(0.0..=MAX_COLUMNS).contains(&span) {
            self.key = None;
            return;
        }
        let columns = span as usize + 1;
        for j in 0..2 {
            let cy = key.by + j as f32;
            let row_hash = mix(wrap(cy, cells) ^ seed);
            let (x, y) = (&mut self.x[j], &mut self.y[j]);
            x.clear();
            y.clear();
            x.resize(columns + LANES, 0.0);
            y.resize(columns + LANES, 0.0);
            for (c, (x, y)) in x.iter_mut().zip(y.iter_mut()).take(columns).enumerate() {
                (*x, *y) = cell_point(key.first + c as f32, cy, cells, row_hash);
            }
        }
        self.key = Some(key);
    }
}

impl RowPoints for StripeRow {
    type Points = Picked;
    #[inline(always)]
    fn picked<P: BlockPick>(
        &self,
        bx: &Block,
        by: f32,
        (cells, seed): (u32, u32),
        pick: P,
    ) -> Option<Picked> {
        let key = self.key?;
        let (left, right) = (bx[0], bx[LANES - 1]);
        let fits = key.cells == cells
            && key.seed == seed
            && key.by == by
            && left >= key.first
            && right < key.last
            && right - left <= (P::WINDOW - 2) as f32;
        if !fits {
            return None;
        }
        let at = (left - key.first) as usize;
        let mut r = [0.0; LANES];
        for (r, &b) in r.iter_mut().zip(bx) {
            *r = b - left;
        }
        let mut p = Picked {
            x: [[[0.0; LANES]; 2]; 2],
            y: [[[0.0; LANES]; 2]; 2],
        };
        for j in 0..2 {
            let (x0, x1) = pick.pairs(self.x[j].get(at..)?, &r);
            let (y0, y1) = pick.pairs(self.y[j].get(at..)?, &r);
            p.x[j] = [x0, x1];
            p.y[j] = [y0, y1];
        }
        Some(p)
    }
}
