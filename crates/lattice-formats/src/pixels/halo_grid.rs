//! [`HaloGrid`]: mapped heights of a window of a texture plus the ring of neighbours
//! its normals need, so a band or tile gets exactly the normals of the whole texture.

use crate::engine::{Heightmap, Region};

/// The neighbours of texture column (or row) `i` and the distance between them, as
/// the whole texture's normal map takes them: across the edge when `wrap`, else
/// clamped to the edge (a one-sided difference there).
#[inline]
pub fn neighbours(i: u32, size: u32, wrap: bool) -> (u32, u32, f32) {
    if wrap {
        ((i + size - 1) % size, (i + 1) % size, 2.0)
    } else {
        let lo = i.saturating_sub(1);
        let hi = (i + 1).min(size - 1);
        (lo, hi, (hi - lo).max(1) as f32)
    }
}

/// `(height + 2) x (width + 2)` values, row-major: the window's mapped heights in the
/// middle, and around them the values at the window's outer neighbours: column 0 holds
/// texture column `neighbours(x).0` of the window's first column `x`, the last column
/// `neighbours(x + width - 1).1`, and likewise the first and last rows. At a clamped
/// edge that neighbour is the edge pixel itself, and the one-sided difference follows.
/// The four corners are never read.
#[derive(Clone, Debug, PartialEq)]
pub struct HaloGrid {
    texture_size: u32,
    wrap: bool,
    window: Region,
    values: Vec<f32>,
}

impl HaloGrid {
    /// A grid for `window` of a `texture_size` texture, every value 0, to be filled
    /// through [`Self::row_mut`].
    pub fn new(texture_size: u32, wrap: bool, window: Region) -> Self {
        let len = (window.width as usize + 2) * (window.height as usize + 2);
        Self {
            texture_size,
            wrap,
            window,
            values: vec![0.0; len],
        }
    }

    /// The grid of a whole square texture, each height passed through `map`; the ring
    /// comes from the texture itself (its far side when `wrap`, its edge otherwise).
    pub fn of_texture(hm: &Heightmap, wrap: bool, map: impl Fn(f32) -> f32 + Sync) -> Self {
        use rayon::prelude::*;
        let size = hm.width();
        let mut grid = Self::new(size, wrap, Region::full(size));
        let stride = size as usize + 2;
        let (left, right) = (
            neighbours(0, size, wrap).0,
            neighbours(size - 1, size, wrap).1,
        );
        grid.values
            .par_chunks_mut(stride)
            .enumerate()
            .for_each(|(r, out)| {
                // Grid row r holds texture row r - 1, or the ring's neighbour rows.
                let y = match r {
                    0 => neighbours(0, size, wrap).0,
                    r if r == size as usize + 1 => neighbours(size - 1, size, wrap).1,
                    r => r as u32 - 1,
                };
                let row = hm.row(y);
                out[0] = map(row[left as usize]);
                out[stride - 1] = map(row[right as usize]);
                for (o, &h) in out[1..stride - 1].iter_mut().zip(row) {
                    *o = map(h);
                }
            });
        grid
    }

    /// The window these normals are for.
    pub fn window(&self) -> Region {
        self.window
    }

    /// The side of the whole texture.
    pub fn texture_size(&self) -> u32 {
        self.texture_size
    }

    /// Whether the texture wraps (tiles).
    pub fn wraps(&self) -> bool {
        self.wrap
    }

    /// Grid row `r` (0 is the ring above the window), `width + 2` values.
    pub fn row(&self, r: usize) -> &[f32] {
        let stride = self.window.width as usize + 2;
        &self.values[r * stride..(r + 1) * stride]
    }

    /// Grid row `r`, to fill.
    pub fn row_mut(&mut self, r: usize) -> &mut [f32] {
        let stride = self.window.width as usize + 2;
        &mut self.values[r * stride..(r + 1) * stride]
    }

    /// Every value, row-major, `(height + 2) x (width + 2)`.
    pub fn values_mut(&mut self) -> &mut [f32] {
        &mut self.values
    }

    /// The slope `(dh/dx, dh/dy)` at window pixel `(x, y)`, computed exactly as the whole
    /// texture's central differences.
    #[inline]
    pub fn slope(&self, x: usize, y: usize) -> (f32, f32) {
        let (_, _, dx) = neighbours(self.window.x + x as u32, self.texture_size, self.wrap);
        let (_, _, dy) = neighbours(self.window.y + y as u32, self.texture_size, self.wrap);
        let mid = self.row(y + 1);
        let (up, down) = (self.row(y)[x + 1], self.row(y + 2)[x + 1]);
        ((mid[x + 2] - mid[x]) / dx, (down - up) / dy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_clamp_or_wrap() {
        assert_eq!(neighbours(0, 8, false), (0, 1, 1.0));
        assert_eq!(neighbours(7, 8, false), (6, 7, 1.0));
        assert_eq!(neighbours(3, 8, false), (2, 4, 2.0));
        assert_eq!(neighbours(0, 8, true), (7, 1, 2.0));
        assert_eq!(neighbours(0, 1, false), (0, 0, 1.0));
    }

    #[test]
    fn the_ring_holds_the_outer_neighbours() {
        let hm = Heightmap::from_data(3, (0..9).map(|v| v as f32).collect()).unwrap();
        let g = HaloGrid::of_texture(&hm, true, |h| h);
        assert_eq!(g.row(0), &[8.0, 6.0, 7.0, 8.0, 6.0]);
        assert_eq!(g.row(1), &[2.0, 0.0, 1.0, 2.0, 0.0]);
        assert_eq!(g.row(4), &[2.0, 0.0, 1.0, 2.0, 0.0]);
        let g = HaloGrid::of_texture(&hm, false, |h| h);
        assert_eq!(g.row(0), &[0.0, 0.0, 1.0, 2.0, 2.0]);
        assert_eq!(g.slope(0, 0), (1.0, 3.0));
        assert_eq!(g.slope(1, 1), (1.0, 3.0));
    }
}
