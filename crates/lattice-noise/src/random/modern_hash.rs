//! Lattice Studio's own random source for new work.
//!
//! The original sources quantise corners to a 1024-pixel frame (so fine octaves above
//! 1024 px share random numbers), repeat every 251 reference pixels (table) and give
//! values in steps of 1e-6. This one hashes a 16.16 fixed-point position of the corner
//! in "fraction of the texture" units, so a corner keeps its numbers at any size, never
//! repeats within the texture, and uses all 24 bits of an f32 mantissa.

/// Chris Wellons' `lowbias32` integer finaliser (a bijection with very low bias).
#[inline(always)]
pub fn mix32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

/// The modern hash, keyed by the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModernHash {
    key: u32,
}

impl ModernHash {
    /// Keys the hash with the seed.
    pub fn new(seed: i32) -> Self {
        Self {
            key: mix32(seed as u32 ^ 0x9e37_79b9),
        }
    }

    /// Hash of a corner; the per-index values are derived from it with [`Self::value`].
    #[inline(always)]
    pub fn corner(&self, xi: i32, yi: i32) -> u32 {
        Self::corner_from_column(self.column(xi), yi)
    }

    /// The part of [`Self::corner`] that depends on the column only.
    #[inline(always)]
    pub fn column(&self, xi: i32) -> u32 {
        mix32((xi as u32).wrapping_add(self.key))
    }

    /// Finishes [`Self::corner`] from a column hash.
    #[inline(always)]
    pub fn corner_from_column(column: u32, yi: i32) -> u32 {
        mix32(column ^ yi as u32)
    }

    /// Random number `index` of a corner hash, uniform in `[-1, 1)` with 24-bit resolution.
    #[inline(always)]
    pub fn value(corner: u32, index: u32) -> f32 {
        let h = mix32(corner.wrapping_add(index.wrapping_mul(0x9e37_79b9) ^ 0x632b_e5ab));
        (h >> 8) as f32 * (2.0 / 16_777_216.0) - 1.0
    }

    /// `R(corner, index)` for fixed-point corner coordinates.
    pub fn get(&self, xi: i32, yi: i32, index: u32) -> f32 {
        Self::value(self.corner(xi, yi), index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_in_range() {
        let h = ModernHash::new(5);
        let mut buckets = [0u32; 16];
        let n = 200_000;
        for i in 0..n {
            let v = h.get(i % 1000, i / 1000, (i % 4) as u32);
            assert!((-1.0..1.0).contains(&v));
            buckets[((v + 1.0) * 8.0) as usize] += 1;
        }
        let expected = n as f64 / 16.0;
        for b in buckets {
            assert!(
                (f64::from(b) - expected).abs() < expected * 0.05,
                "{buckets:?}"
            );
        }
    }

    #[test]
    fn no_short_period() {
        let h = ModernHash::new(0);
        // The original table repeats every 251 reference pixels; this must not.
        let same = (0..1000)
            .filter(|&i| h.get(i, 0, 0) == h.get(i + 251, 0, 0))
            .count();
        assert_eq!(same, 0);
    }
}
