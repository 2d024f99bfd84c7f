//! The original tool's default random source: a 251 x 251 x 5 table.

use super::dotnet_random::DotNetRandom;

/// Side of the original table; textures repeat every 251 reference pixels.
pub const TABLE_SIDE: usize = 251;
/// Random numbers per table cell (`index` 0..5).
pub const TABLE_DEPTH: usize = 5;
/// Stored row length: rows are padded to 256 so that a `u8` index needs no bounds check.
pub const ROW_STRIDE: usize = 256;

/// `T[i][j][k]` filled from `System.Random(seed)` in the order `i`, `j`, `k`, each value
/// `(Next(0, 1000000) - 500000) / 1000000` in f32.
///
/// Stored as `[k][j][i]` so that one corner row (fixed `j`, rising `i`) reads memory
/// sequentially instead of jumping 5 KB per corner.
#[derive(Clone, Debug)]
pub struct OriginalTable {
    seed: i32,
    values: Vec<f32>,
}

impl OriginalTable {
    /// Fills the table as the original does at start-up.
    pub fn new(seed: i32) -> Self {
        let n = ROW_STRIDE * TABLE_SIDE;
        let mut values = vec![0.0f32; n * TABLE_DEPTH];
        let mut rng = DotNetRandom::new(seed);
        for i in 0..TABLE_SIDE {
            for j in 0..TABLE_SIDE {
                for k in 0..TABLE_DEPTH {
                    let v = rng.next_range(0, 1_000_000);
                    values[k * n + j * ROW_STRIDE + i] = (v as f32 - 500_000.0) / 1_000_000.0;
                }
            }
        }
        Self { seed, values }
    }

    /// The seed the table was filled from.
    pub fn seed(&self) -> i32 {
        self.seed
    }

    /// `T[i mod 251][j mod 251][k]` for non-negative `i`, `j`.
    #[inline(always)]
    pub fn get(&self, i: i32, j: i32, k: usize) -> f32 {
        let i = i.rem_euclid(TABLE_SIDE as i32) as usize;
        let j = j.rem_euclid(TABLE_SIDE as i32) as usize;
        self.values[k * ROW_STRIDE * TABLE_SIDE + j * ROW_STRIDE + i]
    }

    /// Table row `j` for random number `k`, indexed by `i` (entries 251..256 are padding).
    #[inline(always)]
    pub fn row(&self, j: i32, k: usize) -> &[f32; ROW_STRIDE] {
        let j = j.rem_euclid(TABLE_SIDE as i32) as usize;
        let start = k * ROW_STRIDE * TABLE_SIDE + j * ROW_STRIDE;
        match self.values[start..start + ROW_STRIDE].try_into() {
            Ok(row) => row,
            Err(_) => unreachable!("the slice has exactly ROW_STRIDE entries"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_value_follows_the_first_draw() {
        let t = OriginalTable::new(1);
        let mut r = DotNetRandom::new(1);
        let first = (r.next_range(0, 1_000_000) as f32 - 500_000.0) / 1_000_000.0;
        let second = (r.next_range(0, 1_000_000) as f32 - 500_000.0) / 1_000_000.0;
        assert_eq!(t.get(0, 0, 0), first);
        assert_eq!(t.get(0, 0, 1), second);
        assert_eq!(t.get(251, 502, 0), first);
    }

    #[test]
    fn values_are_in_half_range_and_centred() {
        let t = OriginalTable::new(9);
        let mut sum = 0.0f64;
        let values: Vec<f32> = (0..TABLE_DEPTH)
            .flat_map(|k| {
                (0..TABLE_SIDE as i32).flat_map(move |j| (0..TABLE_SIDE).map(move |i| (j, i, k)))
            })
            .map(|(j, i, k)| t.row(j, k)[i])
            .collect();
        for v in &values {
            assert!((-0.5..0.5).contains(v));
            sum += f64::from(*v);
        }
        assert!((sum / values.len() as f64).abs() < 0.01);
    }
}
