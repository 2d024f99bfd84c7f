//! libnoise's coherent noise (Jason Bevins) as a lattice source.
//!
//! The values are libnoise 1.0's `ValueNoise3D` and gradient vector index at `z = 0`:
//! the corner and the seed are combined with libnoise's prime multipliers (1619 for x,
//! 31337 for y, 1013 for the seed) in 32-bit wrapping arithmetic. For the integer noise
//! libnoise masks that combined number to 31 bits (`& 0x7fffffff`) before the bit mixing
//! printed on its "Generating coherent noise" page; the page leaves the mask out, which
//! only matters for negative combined numbers (negative seeds or corners, or a sum that
//! wraps), and there libnoise's values are what users of "libnoise" expect. The gradient
//! index has no such mask.

use super::gradient_pool::{POOL_SIZE, gradient_pool};
use super::lattice_source::LatticeSource;
use super::table_source::wrap;

/// libnoise's multiplier for x.
pub(super) const X_NOISE_GEN: i32 = 1619;
/// libnoise's multiplier for y.
pub(super) const Y_NOISE_GEN: i32 = 31_337;
/// libnoise's multiplier for the seed.
pub(super) const SEED_NOISE_GEN: i32 = 1013;

/// The article's integer-noise function, in 32-bit wrapping arithmetic (arithmetic
/// right shift, as C's `int`): a value in `(-1, 1]`.
pub fn integer_noise(n: i32) -> f64 {
    let n = (n >> 13) ^ n;
    let nn = n
        .wrapping_mul(
            n.wrapping_mul(n)
                .wrapping_mul(60_493)
                .wrapping_add(19_990_303),
        )
        .wrapping_add(1_376_312_589)
        & 0x7fff_ffff;
    1.0 - f64::from(nn) / 1_073_741_824.0
}

/// `1619 x + 31337 y + 1013 seed` with 32-bit wrap-around.
#[inline(always)]
pub fn combine(x: i32, y: i32, seed: i32) -> i32 {
    X_NOISE_GEN
        .wrapping_mul(x)
        .wrapping_add(Y_NOISE_GEN.wrapping_mul(y))
        .wrapping_add(SEED_NOISE_GEN.wrapping_mul(seed))
}

/// The 2D integer noise of a corner: libnoise's `ValueNoise3D(x, y, 0, seed)`, the
/// combined number masked to 31 bits before mixing.
pub fn integer_noise_2d(x: i32, y: i32, seed: i32) -> f64 {
    integer_noise(combine(x, y, seed) & 0x7fff_ffff)
}

/// libnoise's choice of gradient: the combined number xor itself shifted right by 8
/// (`SHIFT_NOISE_GEN`), low 8 bits.
#[inline(always)]
pub fn vector_index(x: i32, y: i32, seed: i32) -> usize {
    let n = combine(x, y, seed);
    ((n ^ (n >> 8)) & 0xff) as usize % POOL_SIZE
}

/// What the source hands the proximity function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LibnoiseMode {
    /// Gradient coherent noise: `(a, b)` the pool's unit gradient, `c` and `d` integer noise
    /// (seeds `seed` and `seed + 1`) for proximity functions that read them.
    Gradient,
    /// Value coherent noise: `a` the integer noise of the corner (with `hill`, the page's
    /// interpolated integer noise times 0.5); `b, c, d` integer noise with seeds `+1..+3`.
    Value,
}

/// libnoise's integer noise and gradient pool, keyed by the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LibnoiseSource {
    seed: i32,
    mode: LibnoiseMode,
}

impl LibnoiseSource {
    /// A source for the seed.
    pub fn new(seed: i32, mode: LibnoiseMode) -> Self {
        Self { seed, mode }
    }

    /// `R((x, y), k)` for `k < 4`.
    pub fn corner(&self, x: i32, y: i32) -> [f32; 4] {
        let s = self.seed;
        let noise = |k: i32| integer_noise_2d(x, y, s.wrapping_add(k)) as f32;
        match self.mode {
            LibnoiseMode::Gradient => {
                let [gx, gy] = gradient_pool()[vector_index(x, y, s)];
                [gx, gy, noise(0), noise(1)]
            }
            LibnoiseMode::Value => [noise(0), noise(1), noise(2), noise(3)],
        }
    }
}

impl LatticeSource for LibnoiseSource {
    fn fill_row(
        &self,
        iy: i64,
        ix0: i64,
        period: Option<i64>,
        needs: usize,
        out: &mut [Vec<f32>; 4],
    ) {
        // libnoise's coordinates are C `int`s: lattice indices wrap to 32 bits.
        let y = wrap(iy, period) as i32;
        let n = out[0].len();
        for i in 0..n {
            let x = wrap(ix0 + i as i64, period) as i32;
            let r = self.corner(x, y);
            for (k, o) in out.iter_mut().enumerate().take(needs) {
                if let Some(v) = o.get_mut(i) {
                    *v = r[k];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `1 - nn / 2^30` for the article's masked integer `nn`.
    fn from_nn(nn: u32) -> f64 {
        1.0 - f64::from(nn) / 1_073_741_824.0
    }

    #[test]
    fn integer_noise_returns_the_articles_values() {
        // nn computed independently (Python, arbitrary precision reduced mod 2^32) from
        // nn = (n * (n * n * 60493 + 19990303) + 1376312589) & 0x7fffffff after
        // n = (n >> 13) ^ n.
        let cases: [(i32, u32); 7] = [
            (0, 1_376_312_589),
            (1, 1_396_363_385),
            (2, 1_416_777_139),
            (12_345, 1_239_585_237),
            // (-1 >> 13) ^ -1 = 0: the arithmetic shift makes -1 hash like 0.
            (-1, 1_376_312_589),
            // n * n = 2^40 wraps to 0.
            (1 << 20, 1_713_138_829),
            (67_332, 1_941_087_041),
        ];
        for (n, nn) in cases {
            assert_eq!(integer_noise(n), from_nn(nn), "n = {n}");
        }
        assert_eq!(integer_noise(0), 1.0 - 1_376_312_589.0 / 1_073_741_824.0);
    }

    #[test]
    fn two_d_form_combines_with_libnoise_primes() {
        // 1619 + 31337 * 2 + 1013 * 3 = 67332.
        assert_eq!(combine(1, 2, 3), 67_332);
        assert_eq!(integer_noise_2d(1, 2, 3), from_nn(1_941_087_041));
        // 1619 * -7 + 31337 * 100000 + 1013 * 42 = 3133731213, wraps to -1161236083;
        // libnoise masks it to 31 bits (986247565) before mixing.
        assert_eq!(combine(-7, 100_000, 42), -1_161_236_083);
        assert_eq!(
            integer_noise_2d(-7, 100_000, 42),
            integer_noise(986_247_565)
        );
    }

    #[test]
    fn values_stay_in_range() {
        for y in -50..50 {
            for x in -50..50 {
                let v = integer_noise_2d(x, y, 7);
                assert!(v > -1.0 && v <= 1.0);
            }
        }
    }

    #[test]
    fn gradient_mode_uses_unit_pool_vectors() {
        let s = LibnoiseSource::new(5, LibnoiseMode::Gradient);
        for (x, y) in [(0, 0), (3, -9), (1000, 77)] {
            let [a, b, c, _] = s.corner(x, y);
            assert_eq!([a, b], gradient_pool()[vector_index(x, y, 5)]);
            assert_eq!(c, integer_noise_2d(x, y, 5) as f32);
        }
        let v = LibnoiseSource::new(5, LibnoiseMode::Value);
        assert_eq!(v.corner(3, -9)[0], integer_noise_2d(3, -9, 5) as f32);
    }

    #[test]
    fn seed_changes_the_noise() {
        let a = LibnoiseSource::new(0, LibnoiseMode::Value);
        let b = LibnoiseSource::new(1, LibnoiseMode::Value);
        let differ = (0..100)
            .filter(|&x| a.corner(x, 0) != b.corner(x, 0))
            .count();
        assert!(differ > 95);
    }
}
