//! The original tool's integer hash random source.

/// The seed-dependent constants of the original integer hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OriginalHash {
    a: i32,
    b: i32,
    c: i32,
    d: i32,
}

/// `(x << n) ^ (x >> (32 - n))` with an arithmetic right shift: the original's
/// "rotation", which is not a true rotation for negative numbers. `n` is in 3..=25.
#[inline(always)]
fn rot(x: i32, n: u32) -> i32 {
    (x << n) ^ (x >> (32 - n))
}

impl OriginalHash {
    /// Derives the four constants from the seed (C# `%` keeps the sign of the seed).
    pub fn new(seed: i32) -> Self {
        let base = (40_000i32 + seed % 100_000).wrapping_mul(4_000);
        Self {
            a: base.wrapping_add(43_876_431),
            b: base.wrapping_add(81_256_937),
            c: base.wrapping_add(124_532_173),
            d: base.wrapping_add(159_683_467),
        }
    }

    /// `R(i, j, index)` in `[-1, 1)`, for `index` in 0..5.
    #[inline(always)]
    pub fn get(&self, i: i32, j: i32, index: u32) -> f32 {
        let (mut a, mut b) = (i, j);
        let (s1, s2) = (25 - 2 * index, 3 + 2 * index);
        for _ in 0..3 {
            a = rot((a ^ self.a).wrapping_add(b ^ self.c), s1);
            b = rot((a ^ self.b).wrapping_add(b ^ self.d), s2);
        }
        (a ^ b) as f32 / 2_147_483_648.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_and_spread() {
        let h = OriginalHash::new(2024);
        let mut sum = 0.0f64;
        let mut n = 0;
        for i in 25_000..25_100 {
            for j in 25_000..25_100 {
                for k in 0..5 {
                    let v = h.get(i, j, k);
                    assert!((-1.0..1.0).contains(&v));
                    sum += f64::from(v);
                    n += 1;
                }
            }
        }
        assert!((sum / f64::from(n)).abs() < 0.05);
        assert_ne!(h.get(1, 2, 0), h.get(2, 1, 0));
        assert_ne!(h.get(1, 2, 0), h.get(1, 2, 1));
    }

    #[test]
    fn seeds_change_the_constants_without_overflow() {
        assert_ne!(OriginalHash::new(1), OriginalHash::new(2));
        for s in [i32::MIN, -1, 0, 99_999, i32::MAX] {
            let _ = OriginalHash::new(s).get(i32::MAX, i32::MIN, 4);
        }
    }
}
