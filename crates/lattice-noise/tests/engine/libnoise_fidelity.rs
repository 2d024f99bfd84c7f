//! The `libnoise` and `libnoise-value` sources against libnoise 1.0 itself, for every
//! seed and origin: negative and extreme seeds, negative lattice corners (a pan to the
//! left or up) and corners whose combined number wraps past 32 bits.
//!
//! The reference below is written from libnoise 1.0's published `noisegen.cpp`
//! (`IntValueNoise3D`, `ValueNoise3D`, `ValueCoherentNoise3D`, the vector index of
//! `GradientNoise3D`) and computed differently from the engine: in 128-bit integers
//! reduced to C's 32-bit `int` at the points where libnoise's `int` arithmetic would wrap.

use lattice_noise::generate_simple;
use lattice_noise::random::{
    LibnoiseMode, LibnoiseSource, gradient_pool, integer_noise_2d, libnoise_vector_index,
};
use lattice_noise::{Fade, NoiseParams, Proximity, RandomSource};

/// libnoise's multipliers (noisegen.cpp, NOISE_VERSION 2).
const X_NOISE_GEN: i128 = 1619;
const Y_NOISE_GEN: i128 = 31337;
const Z_NOISE_GEN: i128 = 6971;
const SEED_NOISE_GEN: i128 = 1013;
const SHIFT_NOISE_GEN: u32 = 8;

/// C's `int` holding `v`: the low 32 bits, two's complement.
fn c_int(v: i128) -> i128 {
    let low = v.rem_euclid(1 << 32);
    if low >= 1 << 31 { low - (1 << 32) } else { low }
}

/// `X_NOISE_GEN * x + Y_NOISE_GEN * y + Z_NOISE_GEN * z + SEED_NOISE_GEN * seed` as an `int`.
fn combined(x: i32, y: i32, z: i32, seed: i32) -> i128 {
    c_int(
        X_NOISE_GEN * i128::from(x)
            + Y_NOISE_GEN * i128::from(y)
            + Z_NOISE_GEN * i128::from(z)
            + SEED_NOISE_GEN * i128::from(seed),
    )
}

/// `IntValueNoise3D`: `n = combined & 0x7fffffff; n = (n >> 13) ^ n;
/// (n * (n * n * 60493 + 19990303) + 1376312589) & 0x7fffffff`.
fn int_value_noise_3d(x: i32, y: i32, z: i32, seed: i32) -> i128 {
    let n = combined(x, y, z, seed) & 0x7fff_ffff;
    let n = (n >> 13) ^ n;
    // Every intermediate `int` product only matters modulo 2^32, and the final mask
    // keeps 31 of those bits: reducing once at the end gives the same number.
    (n * (n * n * 60493 + 19_990_303) + 1_376_312_589) & 0x7fff_ffff
}

/// `ValueNoise3D`: `1 - IntValueNoise3D / 1073741824`.
fn value_noise_3d(x: i32, y: i32, z: i32, seed: i32) -> f64 {
    1.0 - int_value_noise_3d(x, y, z, seed) as f64 / 1_073_741_824.0
}

/// The gradient index of `GradientNoise3D`: `(combined & 0xffffffff)`, xor itself
/// shifted right by `SHIFT_NOISE_GEN` (an arithmetic shift of the signed `int`), low 8 bits.
fn vector_index_3d(x: i32, y: i32, z: i32, seed: i32) -> usize {
    let v = combined(x, y, z, seed);
    ((v ^ (v >> SHIFT_NOISE_GEN)) & 0xff) as usize
}

/// libnoise's `NoiseQuality`.
#[derive(Clone, Copy, Debug)]
enum Quality {
    Fast,
    Std,
    Best,
}

fn s_curve(q: Quality, a: f64) -> f64 {
    match q {
        Quality::Fast => a,
        Quality::Std => a * a * (3.0 - 2.0 * a),
        Quality::Best => {
            let a3 = a * a * a;
            let a4 = a3 * a;
            let a5 = a4 * a;
            6.0 * a5 - 15.0 * a4 + 10.0 * a3
        }
    }
}

fn linear_interp(n0: f64, n1: f64, a: f64) -> f64 {
    (1.0 - a) * n0 + a * n1
}

/// libnoise's lower lattice corner: `x > 0 ? (int)x : (int)x - 1`.
fn lower(x: f64) -> i32 {
    if x > 0.0 { x as i32 } else { x as i32 - 1 }
}

/// `ValueCoherentNoise3D(x, y, z, seed, quality)`, step by step as libnoise computes it.
fn value_coherent_noise_3d(x: f64, y: f64, z: f64, seed: i32, q: Quality) -> f64 {
    let (x0, y0, z0) = (lower(x), lower(y), lower(z));
    let (x1, y1, z1) = (x0 + 1, y0 + 1, z0 + 1);
    let xs = s_curve(q, x - f64::from(x0));
    let ys = s_curve(q, y - f64::from(y0));
    let zs = s_curve(q, z - f64::from(z0));
    let layer = |zc: i32| {
        let ix0 = linear_interp(
            value_noise_3d(x0, y0, zc, seed),
            value_noise_3d(x1, y0, zc, seed),
            xs,
        );
        let ix1 = linear_interp(
            value_noise_3d(x0, y1, zc, seed),
            value_noise_3d(x1, y1, zc, seed),
            xs,
        );
        linear_interp(ix0, ix1, ys)
    };
    linear_interp(layer(z0), layer(z1), zs)
}

/// Seeds that exercise the mask: negative, extreme, and ones whose `1013 seed` wraps.
const SEEDS: [i32; 9] = [
    0,
    1,
    -1,
    21,
    -123_456_789,
    2_000_000_000,
    i32::MAX,
    i32::MIN,
    1 << 30,
];

/// Corners left of and above the origin, and far ones whose combined number wraps.
fn corners() -> Vec<(i32, i32)> {
    let mut c = vec![
        (0, 0),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (-7, 100_000),
        (1_000_000, -1_000_000),
        (i32::MAX, i32::MIN),
        (-2_000_000_000, 3),
    ];
    for y in -9..9 {
        for x in -9..9 {
            c.push((x * 37 - 5, y * 53 + 2));
        }
    }
    c
}

#[test]
fn the_reference_reproduces_libnoise_numbers_worked_by_hand() {
    // 1619 + 31337 * 2 + 1013 * 3 = 67332 (positive: no masking involved).
    assert_eq!(combined(1, 2, 0, 3), 67_332);
    // -1: the mask gives 0x7fffffff = 2147483647, and (n >> 13) ^ n = 2147221503.
    assert_eq!(combined(0, 0, 0, -1), -1013);
    assert_eq!(c_int(1 << 31), -(1 << 31));
    assert_eq!(c_int(-1), -1);
    assert_eq!(c_int((1 << 32) + 5), 5);
    // z enters with 6971.
    assert_eq!(combined(0, 0, 1, 0), 6971);
}

#[test]
fn integer_noise_is_libnoises_value_noise_at_z_0() {
    let mut masked = 0;
    for seed in SEEDS {
        for (x, y) in corners() {
            let want = value_noise_3d(x, y, 0, seed);
            assert_eq!(
                integer_noise_2d(x, y, seed),
                want,
                "ValueNoise3D({x}, {y}, 0, {seed})"
            );
            masked += usize::from(combined(x, y, 0, seed) < 0);
        }
    }
    // The cases above must include plenty where libnoise's mask changes the number.
    assert!(masked > 300, "{masked}");
}

#[test]
fn sources_hand_out_libnoises_values_and_vector_index() {
    for seed in SEEDS {
        let value = LibnoiseSource::new(seed, LibnoiseMode::Value);
        let gradient = LibnoiseSource::new(seed, LibnoiseMode::Gradient);
        for (x, y) in corners() {
            let index = vector_index_3d(x, y, 0, seed);
            assert_eq!(
                libnoise_vector_index(x, y, seed),
                index,
                "({x}, {y}) {seed}"
            );
            let g = gradient.corner(x, y);
            assert_eq!([g[0], g[1]], gradient_pool()[index]);
            assert_eq!(g[2], value_noise_3d(x, y, 0, seed) as f32);
            assert_eq!(g[3], value_noise_3d(x, y, 0, seed.wrapping_add(1)) as f32);
            let v = value.corner(x, y);
            for (k, got) in v.into_iter().enumerate() {
                let s = seed.wrapping_add(k as i32);
                assert_eq!(got, value_noise_3d(x, y, 0, s) as f32, "({x}, {y}) {s}");
            }
        }
    }
}

/// One octave of `libnoise-value` with the hill proximity is `0.5 + 0.5 *
/// ValueCoherentNoise3D(x / step + origin, y / step + origin, 0)`; the fade picks the
/// quality (linear = fast, hermite = standard, quintic = best).
#[test]
fn whole_textures_match_value_coherent_noise_for_any_seed_and_origin() {
    let step = 16u32;
    let cases = [
        (-1, [-5.0, -3.0]),
        (-123_456_789, [-37.5, 12.25]),
        (i32::MIN, [0.0, 0.0]),
        (2_000_000_000, [-1_000_000.0, 1_000_000.0]),
        (7, [123_456.0, -654_321.5]),
    ];
    for (fade, quality) in [
        (Fade::Linear, Quality::Fast),
        (Fade::Hermite, Quality::Std),
        (Fade::Quintic, Quality::Best),
    ] {
        for (seed, origin) in cases {
            let p = NoiseParams {
                size: 64,
                seed,
                octaves: 1,
                initial_step: step,
                persistence: 1.0,
                proximity: Proximity::Hill,
                fade,
                random: RandomSource::LibnoiseValue,
                origin,
                ..NoiseParams::default()
            };
            let hm = generate_simple(&p).unwrap();
            let mut worst = 0.0f64;
            for y in (0..64).step_by(3) {
                for x in (0..64).step_by(5) {
                    let lx = f64::from(x) / f64::from(step) + origin[0];
                    let ly = f64::from(y) / f64::from(step) + origin[1];
                    let want = 0.5 + 0.5 * value_coherent_noise_3d(lx, ly, 0.0, seed, quality);
                    worst = worst.max((f64::from(hm.get(x, y)) - want).abs());
                }
            }
            // Within f32 rounding of the engine's kernels.
            assert!(
                worst < 2e-6,
                "{fade:?} seed {seed} origin {origin:?}: {worst}"
            );
        }
    }
}
