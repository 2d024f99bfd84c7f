//! The classic noise systems (layered value noise, Parberry's viewer, libnoise) through the
//! whole engine: each system's defining property, and golden images of the shipped presets.

use lattice_studio::PresetFiles;
use lattice_studio::engine::generate_simple;
use lattice_studio::engine::random::{
    Distribution, LatticeHash, LibnoiseMode, LibnoiseSource, TableSource,
};
use lattice_studio::pixels::{ToneMap, grey8};
use lattice_studio::{Fade, NoiseParams, Preset, Proximity, RandomSource};

use crate::common;
use common::files::{golden_dir, preset_path};

fn one_octave(random: RandomSource, proximity: Proximity, fade: Fade) -> NoiseParams {
    NoiseParams {
        size: 64,
        seed: 21,
        octaves: 1,
        initial_step: 16,
        // Original law with persistence 1: amplitude 1.
        persistence: 1.0,
        proximity,
        fade,
        random,
        table_size: 256,
        distribution: Distribution::Uniform,
        ..NoiseParams::default()
    }
}

fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

#[test]
fn value_noise_with_linear_fade_is_bilinear_interpolation() {
    for random in [RandomSource::LibnoiseValue, RandomSource::Permutation] {
        let p = one_octave(random, Proximity::Hill, Fade::Linear);
        let h = generate_simple(&p).unwrap();
        let value = |ix: i64, iy: i64| -> f64 {
            let r = match random {
                RandomSource::LibnoiseValue => {
                    LibnoiseSource::new(p.seed, LibnoiseMode::Value).corner(ix as i32, iy as i32)
                }
                _ => TableSource::new(LatticeHash::Permutation, 256, Distribution::Uniform, p.seed)
                    .corner(ix, iy),
            };
            // Hill reads 0.5 a.
            0.5 * f64::from(r[0])
        };
        for (x, y) in [(0u32, 0u32), (5, 3), (17, 30), (31, 47), (63, 63), (40, 9)] {
            let (ix, iy) = (i64::from(x / 16), i64::from(y / 16));
            let (u, v) = (f64::from(x % 16) / 16.0, f64::from(y % 16) / 16.0);
            let top = lerp(value(ix, iy), value(ix + 1, iy), u);
            let bottom = lerp(value(ix, iy + 1), value(ix + 1, iy + 1), u);
            let want = 0.5 + lerp(top, bottom, v);
            let got = f64::from(h.get(x, y));
            assert!(
                (got - want).abs() < 1e-6,
                "{random:?} ({x},{y}): {got} vs {want}"
            );
        }
    }
}

#[test]
fn permutation_gradient_noise_is_parberrys_noise() {
    // Parberry's CPerlinNoise2D::noise: z_i = x_f g_x + y_f g_y per corner, lerped by the
    // quintic spline, along x then y.
    let p = one_octave(
        RandomSource::Permutation,
        Proximity::Gradient,
        Fade::Quintic,
    );
    let h = generate_simple(&p).unwrap();
    let src = TableSource::new(LatticeHash::Permutation, 256, Distribution::Uniform, p.seed);
    let spline = |t: f64| t * t * t * (10.0 - 15.0 * t + 6.0 * t * t);
    for (x, y) in [(3u32, 7u32), (20, 50), (47, 33), (60, 2)] {
        let (ix, iy) = (i64::from(x / 16), i64::from(y / 16));
        let (fx, fy) = (f64::from(x % 16) / 16.0, f64::from(y % 16) / 16.0);
        let z = |dx: i64, dy: i64| {
            let r = src.corner(ix + dx, iy + dy);
            (fx - dx as f64) * f64::from(r[0]) + (fy - dy as f64) * f64::from(r[1])
        };
        let a = lerp(z(0, 0), z(1, 0), spline(fx));
        let b = lerp(z(0, 1), z(1, 1), spline(fx));
        let want = 0.5 + lerp(a, b, spline(fy));
        let got = f64::from(h.get(x, y));
        assert!((got - want).abs() < 1e-5, "({x},{y}): {got} vs {want}");
    }
}

#[test]
fn permutation_texture_repeats_with_the_table_size_lcg_and_hash64_do_not() {
    // 128 px, step 8 with a table of 8 entries: octave 0 repeats every 64 px; the finer
    // octaves (steps 4, 2) every 32 and 16 px, so the whole texture repeats every 64 px.
    for (random, repeats) in [
        (RandomSource::Permutation, true),
        (RandomSource::Lcg, false),
        (RandomSource::Hash64, false),
    ] {
        let p = NoiseParams {
            size: 128,
            octaves: 3,
            initial_step: 8,
            table_size: 8,
            random,
            proximity: Proximity::Gradient,
            ..NoiseParams::default()
        };
        let h = generate_simple(&p).unwrap();
        let same = (0..128u32)
            .flat_map(|y| (0..64u32).map(move |x| (x, y)))
            .filter(|&(x, y)| h.get(x, y) == h.get(x + 64, y))
            .count();
        if repeats {
            assert_eq!(same, 128 * 64, "{random:?}");
        } else {
            assert!(same < 128 * 64 / 4, "{random:?}: {same} pixels repeat");
        }
    }
}

#[test]
fn table_size_and_distribution_change_the_texture() {
    let base = one_octave(
        RandomSource::Permutation,
        Proximity::Gradient,
        Fade::Quintic,
    );
    let h = generate_simple(&base).unwrap();
    let other = |p: NoiseParams| generate_simple(&p).unwrap();
    assert_ne!(
        h,
        other(NoiseParams {
            table_size: 64,
            ..base.clone()
        })
    );
    assert_ne!(
        h,
        other(NoiseParams {
            distribution: Distribution::Cosine,
            ..base.clone()
        })
    );
    assert_ne!(
        h,
        other(NoiseParams {
            seed: 22,
            ..base.clone()
        })
    );
    assert_eq!(h, other(base.clone()));
}

#[test]
fn normalised_value_noise_has_max_exactly_one() {
    let preset = Preset::load(&preset_path("value-noise-layers.ron")).unwrap();
    assert!(preset.output.normalize);
    let h = generate_simple(preset.noise()).unwrap();
    let tm = ToneMap::for_heightmap(&h, &preset.output);
    let max = h
        .data()
        .iter()
        .map(|&v| tm.normalized(v))
        .fold(f32::MIN, f32::max);
    assert_eq!(max, 1.0);
    let img = grey8(&h, &preset.output);
    assert_eq!(img.as_raw().iter().copied().max(), Some(255));
    // The article's layers are all positive: nothing is pushed below 0.
    assert!(h.data().iter().all(|&v| tm.normalized(v) > 0.0));
}

const PRESETS: [&str; 5] = [
    "value-noise-layers",
    "parberry-perlin",
    "parberry-value",
    "libnoise-gradient",
    "libnoise-value-linear",
];

/// Renders a preset at 128 px and compares it pixel for pixel with `tests/golden/`;
/// `UPDATE_GOLDEN=1` rewrites the golden files instead.
#[test]
fn golden_images_of_the_classic_presets() {
    let golden = golden_dir();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    for name in PRESETS {
        let preset = Preset::load(&preset_path(&format!("{name}.ron"))).unwrap();
        let h = generate_simple(&preset.noise().resized(128)).unwrap();
        let img = grey8(&h, &preset.output);
        let path = golden.join(format!("classic-{name}.png"));
        if update {
            img.save(&path).unwrap();
            continue;
        }
        let want = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()))
            .to_luma8();
        assert_eq!(want.dimensions(), img.dimensions(), "{name}");
        let diff = want
            .as_raw()
            .iter()
            .zip(img.as_raw())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            diff,
            0,
            "{name}: {diff} pixels differ from {}",
            path.display()
        );
    }
}

#[test]
fn libnoise_noise_at_lattice_points() {
    // Gradient coherent noise is 0 at every lattice point; value coherent noise there is
    // the integer noise of the point (times the hill proximity's 0.5).
    use lattice_studio::engine::random::integer_noise_2d;
    let grad = one_octave(RandomSource::Libnoise, Proximity::Gradient, Fade::Quintic);
    let value = one_octave(RandomSource::LibnoiseValue, Proximity::Hill, Fade::Hermite);
    let (hg, hv) = (
        generate_simple(&grad).unwrap(),
        generate_simple(&value).unwrap(),
    );
    let mut nonzero = 0;
    for iy in 0..4u32 {
        for ix in 0..4u32 {
            let (x, y) = (ix * 16, iy * 16);
            assert_eq!(hg.get(x, y), 0.5, "gradient at ({x},{y})");
            let want = 0.5 + 0.5 * integer_noise_2d(ix as i32, iy as i32, value.seed) as f32;
            assert!((hv.get(x, y) - want).abs() < 1e-6, "value at ({x},{y})");
            // Between lattice points gradient noise is not flat.
            if hg.get(x + 5, y + 9) != 0.5 {
                nonzero += 1;
            }
        }
    }
    assert!(nonzero > 12);
}
