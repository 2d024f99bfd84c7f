//! The slope sampler: its heights are the kernels' heights, and windows drawn at once
//! are their pixels, in every build. (That its slopes are the heights' derivatives is
//! tested beside it, on the octaves' sum.)

use lattice_noise::{
    Fade, HeightSlope, InstructionSet, Isotropy, NoiseParams, OctaveLaw, Proximity, RandomSource,
    SlopeSampler, generate_simple,
};

/// A small texture with octaves from 32 px down to 2 px.
fn params(proximity: Proximity, fade: Fade, isotropy: Isotropy) -> NoiseParams {
    NoiseParams {
        size: 64,
        seed: 17,
        octaves: 5,
        initial_step: 32,
        proximity,
        fade,
        isotropy,
        ..NoiseParams::default()
    }
}

/// Asserts the sampler's heights at a few pixels of `p` are the rendered ones.
fn assert_heights_are_the_kernels(p: &NoiseParams, pixels: &[(u32, u32)]) {
    let hm = generate_simple(p).unwrap();
    let s = SlopeSampler::new(p).unwrap().unwrap();
    for &(x, y) in pixels {
        let (want, got) = (hm.get(x, y), s.at(f64::from(x), f64::from(y)).height);
        assert!(
            (want - got).abs() <= 2e-5 * (1.0 + want.abs()),
            "{p:?} ({x}, {y}): {got} vs {want}"
        );
    }
}

#[test]
fn heights_are_the_kernels_heights() {
    let pixels = [(0, 0), (5, 9), (31, 32), (63, 63), (40, 17)];
    for isotropy in [Isotropy::OFF, Isotropy::FULL] {
        for proximity in Proximity::ALL {
            for fade in Fade::ALL {
                assert_heights_are_the_kernels(&params(proximity, fade, isotropy), &pixels);
            }
        }
    }
}

/// Fractional steps, a panned lattice, tiling and each part of the isotropic mode
/// alone: still the kernels' heights.
#[test]
fn heights_hold_off_the_integer_grid_and_when_tiling() {
    let base = params(Proximity::CurvatureRigged, Fade::Quintic, Isotropy::OFF);
    let parts = [
        (OctaveLaw::Classic, 1.7, [0.0, 0.0], false, Isotropy::OFF),
        (OctaveLaw::Original, 2.0, [0.3, -1.25], false, Isotropy::OFF),
        (OctaveLaw::Original, 2.0, [0.0, 0.0], true, Isotropy::OFF),
        (
            OctaveLaw::Original,
            2.0,
            [0.0, 0.0],
            true,
            Isotropy {
                rotated_octaves: true,
                ..Isotropy::OFF
            },
        ),
        (
            OctaveLaw::Original,
            2.0,
            [0.0, 0.0],
            false,
            Isotropy {
                round_window: true,
                ..Isotropy::OFF
            },
        ),
    ];
    let cases = parts.map(
        |(octave_law, lacunarity, origin, tileable, isotropy)| NoiseParams {
            octave_law,
            lacunarity,
            origin,
            tileable,
            isotropy,
            ..base.clone()
        },
    );
    for p in cases {
        assert_heights_are_the_kernels(&p, &[(21, 50), (0, 63)]);
    }
}

/// A window drawn at once gives each pixel's [`SlopeSampler::at`] bits, on the square
/// and turned lattices, from any column and row (rows in one lattice row, in the next
/// one, and skipping some), with every kind of random source and every function, in
/// the portable build and in the widest one the CPU has; in one tile and over several.
#[test]
fn rows_are_their_pixels() {
    let builds = [InstructionSet::Portable, InstructionSet::Avx512];
    let cases = RandomSource::ALL
        .into_iter()
        .map(|r| (r, Proximity::DisplacedParabola, Fade::Cosine))
        .chain(
            Proximity::ALL
                .into_iter()
                .map(|p| (RandomSource::default(), p, Fade::Quintic)),
        );
    for (random, proximity, fade) in cases {
        for isotropy in [Isotropy::OFF, Isotropy::FULL] {
            for origin in [[0.0, 0.0], [0.4, 1.3]] {
                let p = NoiseParams {
                    random,
                    origin,
                    tileable: origin[0] == 0.0,
                    ..params(proximity, fade, isotropy)
                };
                let s = SlopeSampler::new(&p).unwrap().unwrap();
                // The last window spans two tiles across and two down, past the
                // texture's edge; once per case, for the time.
                let tiles = (3, 2, 130, 34);
                let windows = [(0, 0, 64, 3), (13, 29, 37, 6), (63, 63, 1, 1), tiles];
                let many = if p.tileable { 3 } else { 4 };
                for &(x0, y0, n, rows) in &windows[..many] {
                    for set in builds {
                        let mut window = vec![HeightSlope::default(); n * rows];
                        s.rows_limited_to((x0, y0), n, &mut window, set);
                        for (at, got) in window.iter().enumerate() {
                            let (i, y) = (at % n, y0 + (at / n) as u32);
                            let want = s.at(f64::from(x0) + i as f64, f64::from(y));
                            assert_eq!(
                                *got, want,
                                "{random:?} {proximity:?} {isotropy:?} {origin:?} {x0}+{i},{y} \
                                 {set:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
