use super::*;
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
/// alone go through the same formulas. (The sampler's heights, its windows and its
/// builds are tested against the kernels in the engine's suite, `tests/engine/slopes.rs`.)
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
