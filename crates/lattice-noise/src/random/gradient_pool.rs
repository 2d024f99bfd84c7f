//! The fixed pool of 2D unit gradient vectors of the libnoise source.
//!
//! libnoise ships a fixed table of 256 random unit vectors (3D) and lets its hash pick
//! one. Lattice Studio's 2D pool is generated, not copied: candidate points are drawn
//! from the `mix32` hash of a counter into the square `[-1, 1)^2`, those outside the
//! unit disk (or too close to its centre) are rejected, and the survivors are normalised.
//! Rejection keeps the directions uniform; only `+ - * / sqrt` are used (all correctly
//! rounded in IEEE arithmetic), so the pool is bit-identical on every platform.

use super::modern_hash::mix32;
use std::sync::OnceLock;

/// Number of vectors in the pool (libnoise indexes its pool with 8 bits).
pub const POOL_SIZE: usize = 256;

static POOL: OnceLock<[[f32; 2]; POOL_SIZE]> = OnceLock::new();

fn build() -> [[f32; 2]; POOL_SIZE] {
    let mut pool = [[0.0f32; 2]; POOL_SIZE];
    let mut counter: u32 = 0;
    let mut filled = 0;
    while filled < POOL_SIZE {
        let h = mix32(counter ^ 0x6c69_626e);
        counter = counter.wrapping_add(1);
        let x = f64::from(h & 0xffff) / 32_768.0 - 1.0;
        let y = f64::from(h >> 16) / 32_768.0 - 1.0;
        let r2 = x * x + y * y;
        if (0.01..=1.0).contains(&r2) {
            let r = r2.sqrt();
            pool[filled] = [(x / r) as f32, (y / r) as f32];
            filled += 1;
        }
    }
    pool
}

/// The pool, built on first use.
pub fn gradient_pool() -> &'static [[f32; 2]; POOL_SIZE] {
    POOL.get_or_init(build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vector_is_unit_length() {
        for (i, [x, y]) in gradient_pool().iter().enumerate() {
            let len = (f64::from(*x).powi(2) + f64::from(*y).powi(2)).sqrt();
            assert!((len - 1.0).abs() < 1e-6, "vector {i} has length {len}");
        }
    }

    #[test]
    fn directions_cover_the_circle() {
        // Every 45-degree sector gets some vectors, and the pool sums to near zero.
        let mut sectors = [0; 8];
        let (mut sx, mut sy) = (0.0f64, 0.0f64);
        for [x, y] in gradient_pool() {
            let angle = f64::from(*y).atan2(f64::from(*x)) + std::f64::consts::PI;
            sectors[((angle / std::f64::consts::FRAC_PI_4) as usize).min(7)] += 1;
            sx += f64::from(*x);
            sy += f64::from(*y);
        }
        assert!(sectors.iter().all(|&n| n >= 16), "{sectors:?}");
        assert!(sx.abs() < 40.0 && sy.abs() < 40.0, "{sx} {sy}");
        let distinct = gradient_pool()
            .iter()
            .filter(|v| gradient_pool().iter().filter(|w| w == v).count() == 1)
            .count();
        assert_eq!(distinct, POOL_SIZE);
    }
}
