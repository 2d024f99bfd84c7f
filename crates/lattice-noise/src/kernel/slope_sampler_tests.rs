use super::*;
use crate::generation::generate_simple;
use crate::isotropy::Isotropy;
use crate::octave_law::OctaveLaw;

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

/// Positions spread over the texture, off the pixel grid (xorshift, fixed seed).
fn positions(n: usize, size: f64) -> Vec<(f64, f64)> {
    let mut state = 0x9e37_79b9_u32;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        f64::from(state >> 8) / f64::from(1u32 << 24)
    };
    (0..n)
        .map(|_| (1.0 + next() * (size - 2.0), 1.0 + next() * (size - 2.0)))
        .collect()
}

/// Compares the analytic slope with central differences (a step of 0.003 px, in f64
/// positions, on the octaves' sum so the 0.5 base costs no precision) at `n` positions.
/// Returns how many disagree by more than 5% of the slopes' rms size, and the median
/// error (relative to that size). A crease between `x - e` and `x + e` makes the
/// difference an average of two sides, and f32 positions round `e` by up to a percent:
/// those few points are counted, not failed; a wrong derivative moves the median.
fn disagreements(p: &NoiseParams, n: usize) -> (usize, f32) {
    let s = SlopeSampler::new(p).unwrap().expect("not cellular");
    let e = 3e-3;
    let pairs: Vec<([f32; 2], [f32; 2])> = positions(n, f64::from(p.size))
        .into_iter()
        .map(|(x, y)| {
            let a = s.octave_sum(x, y);
            let h = |x, y| s.octave_sum(x, y).v;
            let dx = (h(x + e, y) - h(x - e, y)) / (2.0 * e as f32);
            let dy = (h(x, y + e) - h(x, y - e)) / (2.0 * e as f32);
            ([a.dx, a.dy], [dx, dy])
        })
        .collect();
    let squares: f32 = pairs.iter().map(|(a, _)| a[0] * a[0] + a[1] * a[1]).sum();
    let scale = (squares / n as f32).sqrt().max(1e-12);
    let mut errors: Vec<f32> = pairs
        .iter()
        .map(|(a, d)| (0..2).map(|i| (a[i] - d[i]).abs()).fold(0.0, f32::max) / scale)
        .collect();
    errors.sort_by(f32::total_cmp);
    let bad = errors.iter().filter(|&&e| e > 0.05).count();
    (bad, errors[n / 2])
}

#[test]
fn heights_are_the_kernels_heights() {
    for isotropy in [Isotropy::OFF, Isotropy::FULL] {
        for proximity in Proximity::ALL {
            for fade in Fade::ALL {
                let p = params(proximity, fade, isotropy);
                let hm = generate_simple(&p).unwrap();
                let s = SlopeSampler::new(&p).unwrap().unwrap();
                for (x, y) in [(0, 0), (5, 9), (31, 32), (63, 63), (40, 17)] {
                    let (want, got) = (hm.get(x, y), s.at(f64::from(x), f64::from(y)).height);
                    assert!(
                        (want - got).abs() <= 2e-5 * (1.0 + want.abs()),
                        "{proximity:?} {fade:?} {isotropy:?} ({x}, {y}): {got} vs {want}"
                    );
                }
            }
        }
    }
}

/// Every function with every fade, on the square lattice and in the isotropic mode:
/// the analytic slope is what differences measure, except at the few points a crease
/// passes between the two samples.
#[test]
fn slopes_match_central_differences_for_every_function_and_fade() {
    let n = 400;
    for isotropy in [Isotropy::OFF, Isotropy::FULL] {
        for proximity in Proximity::ALL {
            for fade in Fade::ALL {
                let p = params(proximity, fade, isotropy);
                let (bad, median) = disagreements(&p, n);
                assert!(
                    bad <= n / 20 && median < 5e-3,
                    "{proximity:?} {fade:?} {isotropy:?}: {bad} of {n} disagree, median {median}"
                );
            }
        }
    }
}

/// With the quintic fade, a function without creases has a slope that differences
/// confirm everywhere; each function said to have creases has some, where they do not.
#[test]
fn creases_are_where_the_functions_say() {
    for proximity in Proximity::ALL {
        let p = params(proximity, Fade::Quintic, Isotropy::OFF);
        let (bad, _) = disagreements(&p, 400);
        if !proximity.has_creases() {
            assert_eq!(bad, 0, "{proximity:?}");
        }
    }
    let creased = Proximity::ALL.iter().filter(|p| p.has_creases()).count();
    assert_eq!(creased, 21);
}

/// Fractional steps, a panned lattice, tiling and each part of the isotropic mode
/// alone go through the same formulas.
#[test]
fn slopes_hold_off_the_integer_grid_and_when_tiling() {
    let base = params(Proximity::CurvatureRigged, Fade::Quintic, Isotropy::OFF);
    let cases = [
        NoiseParams {
            octave_law: OctaveLaw::Classic,
            lacunarity: 1.7,
            ..base.clone()
        },
        NoiseParams {
            origin: [0.3, -1.25],
            ..base.clone()
        },
        NoiseParams {
            tileable: true,
            ..base.clone()
        },
        NoiseParams {
            isotropy: Isotropy {
                rotated_octaves: true,
                ..Isotropy::OFF
            },
            tileable: true,
            ..base.clone()
        },
        NoiseParams {
            isotropy: Isotropy {
                round_window: true,
                ..Isotropy::OFF
            },
            ..base.clone()
        },
    ];
    for p in cases {
        p.validate().unwrap();
        let (bad, median) = disagreements(&p, 400);
        assert!(
            bad <= 20 && median < 5e-3,
            "{p:?}: {bad} disagree, median {median}"
        );
        let hm = generate_simple(&p).unwrap();
        let s = SlopeSampler::new(&p).unwrap().unwrap();
        let (want, got) = (hm.get(21, 50), s.at(21.0, 50.0).height);
        assert!((want - got).abs() <= 2e-5 * (1.0 + want.abs()), "{p:?}");
    }
}

/// A window drawn at once gives each pixel's [`SlopeSampler::at`] bits, on the square
/// and turned lattices, from any column and row (rows in one lattice row, in the next
/// one, and skipping some), with every kind of random source and every function, in the
/// portable build and in the vector build the CPU has; in one tile and over several.
#[test]
fn rows_are_their_pixels() {
    use crate::random::RandomSource;
    let builds = [None, super::super::avx2::Avx2::detect()];
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
                // The last window spans two tiles across and two down (`TILE_COLUMNS`,
                // `TILE_ROWS`), past the texture's edge; once per case, for the time.
                let tiles = (3, 2, 130, 34);
                let windows = [(0, 0, 64, 3), (13, 29, 37, 6), (63, 63, 1, 1), tiles];
                let many = if p.tileable { 3 } else { 4 };
                for &(x0, y0, n, rows) in &windows[..many] {
                    for isa in builds {
                        let mut window = vec![HeightSlope::default(); n * rows];
                        s.rows_on((x0, y0), n, &mut window, isa);
                        for (at, got) in window.iter().enumerate() {
                            let (i, y) = (at % n, y0 + (at / n) as u32);
                            let want = s.at(f64::from(x0) + i as f64, f64::from(y));
                            assert_eq!(
                                *got,
                                want,
                                "{random:?} {proximity:?} {isotropy:?} {origin:?} {x0}+{i},{y} \
                                 vector build: {}",
                                isa.is_some()
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn cellular_noise_has_no_analytic_slope() {
    let p = NoiseParams {
        cellular: Some(crate::cellular::Cellular::default()),
        ..NoiseParams::default()
    };
    assert!(SlopeSampler::new(&p).unwrap().is_none());
    // Parameters the kernels refuse are refused here too, not sampled.
    let bad = NoiseParams {
        size: 0,
        ..NoiseParams::default()
    };
    assert!(SlopeSampler::new(&bad).is_err());
}
