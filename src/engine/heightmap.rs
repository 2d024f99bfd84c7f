//! The generator's output: a grid of `f32` heights, the whole square texture or a
//! window of it (a [`Region`](super::Region)).

use rayon::prelude::*;

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

/// Summary numbers of a heightmap (finite values only).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeightStats {
    /// Smallest finite value (0 when there is none).
    pub min: f32,
    /// Largest finite value (0 when there is none).
    pub max: f32,
    /// Mean of the finite values.
    pub mean: f64,
    /// Population standard deviation of the finite values.
    pub std_dev: f64,
    /// How many values were NaN or infinite.
    pub non_finite: usize,
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

    /// Min, max, mean and standard deviation, in one parallel pass over fixed-size
    /// chunks (see `chunk_moments`), merged in a fixed order: the same result on any
    /// number of threads.
    pub fn stats(&self) -> HeightStats {
        const CHUNK: usize = 1 << 16;
        let parts: Vec<Moments> = self.data.par_chunks(CHUNK).map(chunk_moments).collect();
        let all = parts.into_iter().fold(Moments::EMPTY, Moments::merge);
        if all.n == 0.0 {
            return HeightStats {
                min: 0.0,
                max: 0.0,
                mean: 0.0,
                std_dev: 0.0,
                non_finite: self.data.len(),
            };
        }
        HeightStats {
            min: all.min,
            max: all.max,
            mean: all.mean,
            std_dev: (all.m2 / all.n).max(0.0).sqrt(),
            non_finite: self.data.len() - all.n as usize,
        }
    }
}

/// Count, mean, sum of squared deviations, min and max of some finite values.
#[derive(Clone, Copy, Debug)]
struct Moments {
    n: f64,
    mean: f64,
    m2: f64,
    min: f32,
    max: f32,
}

impl Moments {
    const EMPTY: Moments = Moments {
        n: 0.0,
        mean: 0.0,
        m2: 0.0,
        min: f32::INFINITY,
        max: f32::NEG_INFINITY,
    };

    /// The moments of two sets together (Chan et al.'s pairwise update).
    fn merge(a: Moments, b: Moments) -> Moments {
        if a.n == 0.0 {
            return Moments {
                min: a.min.min(b.min),
                max: a.max.max(b.max),
                ..b
            };
        }
        if b.n == 0.0 {
            return Moments {
                min: a.min.min(b.min),
                max: a.max.max(b.max),
                ..a
            };
        }
        let n = a.n + b.n;
        let delta = b.mean - a.mean;
        Moments {
            n,
            mean: a.mean + delta * (b.n / n),
            m2: a.m2 + b.m2 + delta * delta * (a.n * b.n / n),
            min: a.min.min(b.min),
            max: a.max.max(b.max),
        }
    }
}

/// The moments of one chunk. Deviations from the chunk's first finite value are summed
/// in eight f32 lanes over short blocks (vector code, no long chain of dependent
/// additions; the deviations are small, so f32 loses nothing that shows) and each
/// block's sums are added up in f64.
fn chunk_moments(values: &[f32]) -> Moments {
    const LANES: usize = 8;
    const BLOCK: usize = LANES * 256;
    let shift = values
        .iter()
        .copied()
        .find(|v| v.is_finite())
        .unwrap_or(0.0);
    let mut lo = [f32::INFINITY; LANES];
    let mut hi = [f32::NEG_INFINITY; LANES];
    let mut count = [0u32; LANES];
    let (mut s1, mut s2) = (0.0f64, 0.0f64);
    for block in values.chunks(BLOCK) {
        let mut b1 = [0.0f32; LANES];
        let mut b2 = [0.0f32; LANES];
        let mut lane = |k: usize, v: f32| {
            let ok = v.is_finite();
            let d = if ok { v - shift } else { 0.0 };
            b1[k] += d;
            b2[k] += d * d;
            lo[k] = lo[k].min(if ok { v } else { f32::INFINITY });
            hi[k] = hi[k].max(if ok { v } else { f32::NEG_INFINITY });
            count[k] += u32::from(ok);
        };
        let groups = block.chunks_exact(LANES);
        let tail = groups.remainder();
        for g in groups {
            for (k, &v) in g.iter().enumerate() {
                lane(k, v);
            }
        }
        for (k, &v) in tail.iter().enumerate() {
            lane(k, v);
        }
        s1 += b1.iter().map(|&x| f64::from(x)).sum::<f64>();
        s2 += b2.iter().map(|&x| f64::from(x)).sum::<f64>();
    }
    let n = f64::from(count.iter().sum::<u32>());
    if n == 0.0 {
        return Moments::EMPTY;
    }
    let mean_dev = s1 / n;
    Moments {
        n,
        mean: f64::from(shift) + mean_dev,
        m2: (s2 - s1 * mean_dev).max(0.0),
        min: lo.into_iter().fold(f32::INFINITY, f32::min),
        max: hi.into_iter().fold(f32::NEG_INFINITY, f32::max),
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

    /// Lanes, chunks and the tail add up to what a plain pass over the values gives.
    #[test]
    fn chunked_stats_match_a_plain_pass() {
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
        // f32 lane sums of deviations over short blocks: far below the 6 decimals that
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
