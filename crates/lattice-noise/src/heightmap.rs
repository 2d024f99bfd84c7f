//! The generator's output: a grid of `f32` heights, the whole square texture or a
//! window of it (a [`Region`](super::Region)).

use super::height_accumulator::HeightAccumulator;
use super::height_stats::HeightStats;

/// A `width x height` grid of heights, row-major, top row first: the whole `size x size`
/// texture, or a window of it (a band of rows, a tile).
///
/// Pixel `(x, y)` is column `x`, row `y`; the original tool's `heightmap[x][y]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Heightmap {
    width: u32,
    height: u32,
    data: Vec<f32>,
}

impl Heightmap {
    /// A square heightmap with every value set to `value`.
    pub fn filled(size: u32, value: f32) -> Self {
        Self::filled_rect(size, size, value)
    }

    /// A `width x height` heightmap with every value set to `value`.
    pub fn filled_rect(width: u32, height: u32, value: f32) -> Self {
        Self {
            width,
            height,
            data: vec![value; width as usize * height as usize],
        }
    }

    /// Makes this a `size x size` map, keeping the allocation when it is big enough.
    /// The values are left as they were (new ones are 0): callers overwrite them all.
    pub fn reshape(&mut self, size: u32) {
        self.reshape_rect(size, size);
    }

    /// [`Self::reshape`] to `width x height`.
    pub fn reshape_rect(&mut self, width: u32, height: u32) {
        self.width = width;
        self.height = height;
        self.data.resize(width as usize * height as usize, 0.0);
    }

    /// Wraps square row-major data; `None` when the length is not `size * size`.
    pub fn from_data(size: u32, data: Vec<f32>) -> Option<Self> {
        Self::from_rect(size, size, data)
    }

    /// Wraps row-major data; `None` when the length is not `width * height`.
    pub fn from_rect(width: u32, height: u32, data: Vec<f32>) -> Option<Self> {
        (data.len() == width as usize * height as usize).then_some(Self {
            width,
            height,
            data,
        })
    }

    /// The width in pixels: the side of the square maps [`generate`](super::generate)
    /// makes (use [`Self::height`] too for a window of a texture).
    pub fn size(&self) -> u32 {
        self.width
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether the map is square (the whole texture, not a band or tile of it).
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }

    /// Row-major values, top row first.
    pub fn data(&self) -> &[f32] {
        &self.data
    }

    /// Mutable row-major values.
    pub fn data_mut(&mut self) -> &mut [f32] {
        &mut self.data
    }

    /// The value at column `x`, row `y`. Panics when out of range, like slice indexing.
    pub fn get(&self, x: u32, y: u32) -> f32 {
        self.data[y as usize * self.width as usize + x as usize]
    }

    /// One row, left to right.
    pub fn row(&self, y: u32) -> &[f32] {
        let w = self.width as usize;
        &self.data[y as usize * w..(y as usize + 1) * w]
    }

    /// Min, max, mean and standard deviation: rows summarised in parallel, merged in
    /// row order (see [`HeightAccumulator`]), so a streamed texture's statistics, taken
    /// band by band, are exactly these.
    pub fn stats(&self) -> HeightStats {
        let w = (self.width as usize).max(1);
        let rows = crate::parallel::map_chunks(&self.data, w, HeightAccumulator::of_row);
        let mut acc = HeightAccumulator::new();
        for r in &rows {
            acc.merge(r);
        }
        acc.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_known_values() {
        let h = Heightmap::from_data(2, vec![0.0, 1.0, 0.5, f32::NAN]).unwrap();
        let s = h.stats();
        assert_eq!(s.min, 0.0);
        assert_eq!(s.max, 1.0);
        assert!((s.mean - 0.5).abs() < 1e-12);
        assert_eq!(s.non_finite, 1);
        assert!((s.std_dev - (1.0f64 / 6.0).sqrt()).abs() < 1e-9);
    }

    /// Rows summarised apart and merged add up to what a plain pass over the values gives.
    #[test]
    fn merged_row_stats_match_a_plain_pass() {
        let size = 301u32;
        let mut data: Vec<f32> = (0..size * size)
            .map(|i| ((i * 7919) % 1013) as f32 / 1012.0)
            .collect();
        data[5] = f32::NAN;
        data[77_000] = f32::INFINITY;
        let h = Heightmap::from_data(size, data.clone()).unwrap();
        let s = h.stats();
        let finite: Vec<f64> = data
            .iter()
            .filter(|v| v.is_finite())
            .map(|&v| f64::from(v))
            .collect();
        let mean = finite.iter().sum::<f64>() / finite.len() as f64;
        assert_eq!(s.non_finite, 2);
        assert_eq!((s.min, s.max), (0.0, 1.0));
        // Row sums merged pairwise: far below the 6 decimals that
        // are ever shown, not exact to the last f64 bit.
        assert!((s.mean - mean).abs() < 1e-8, "{} vs {mean}", s.mean);
        let var = finite.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / finite.len() as f64;
        assert!(
            (s.std_dev - var.sqrt()).abs() < 1e-8,
            "{} vs {}",
            s.std_dev,
            var.sqrt()
        );
    }

    #[test]
    fn rectangles_keep_their_shape() {
        let h = Heightmap::from_rect(3, 2, (0..6).map(|v| v as f32).collect()).unwrap();
        assert_eq!((h.width(), h.height(), h.is_square()), (3, 2, false));
        assert_eq!(h.row(1), &[3.0, 4.0, 5.0]);
        assert_eq!(h.get(2, 0), 2.0);
        assert!(Heightmap::from_rect(3, 2, vec![0.0; 5]).is_none());
    }

    #[test]
    fn from_data_checks_length() {
        assert!(Heightmap::from_data(3, vec![0.0; 8]).is_none());
        assert_eq!(Heightmap::filled(3, 0.5).get(2, 1), 0.5);
    }
}
