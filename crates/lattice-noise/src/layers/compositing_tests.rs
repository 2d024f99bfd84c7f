//! Tests of the compositing loops: each mode against its formula, masks, and the
//! vectorised loops bit for bit against the scalar formulas.

use super::*;
use crate::layers::levels::Levels;
use crate::layers::tone::Tone;

/// [`blend_chunk`] in place over whole maps.
fn blend_into(below: &mut [f32], top: &[f32], tone: &Tone, mode: BlendMode, alpha: Alpha<'_>) {
    blend_chunk(below, None, top, tone, mode, alpha);
}

/// Small maps with values inside and outside 0..1.
fn maps() -> (Vec<f32>, Vec<f32>) {
    let n = 3 * CHUNK + 17;
    let b = (0..n).map(|i| (i % 13) as f32 / 8.0 - 0.3).collect();
    let t = (0..n).map(|i| (i % 7) as f32 / 5.0 - 0.1).collect();
    (b, t)
}

fn reference(mode: BlendMode, b: f32, t: f32) -> f32 {
    match mode {
        BlendMode::Normal => t,
        BlendMode::Add => b + t,
        BlendMode::Subtract => b - t,
        BlendMode::Multiply => b * t,
        BlendMode::Screen => 1.0 - (1.0 - b) * (1.0 - t),
        BlendMode::Overlay if b < 0.5 => 2.0 * b * t,
        BlendMode::Overlay => 1.0 - 2.0 * (1.0 - b) * (1.0 - t),
        BlendMode::Min => b.min(t),
        BlendMode::Max => b.max(t),
        BlendMode::Difference => (b - t).abs(),
    }
}

#[test]
fn every_mode_follows_its_formula_with_levels_and_opacity() {
    let (below, top) = maps();
    let levels = Levels {
        gain: 1.5,
        offset: -0.1,
        invert: true,
    };
    for mode in BlendMode::ALL {
        for (alpha, a) in [(Alpha::One, 1.0), (Alpha::Uniform(0.3), 0.3)] {
            let mut got = below.clone();
            blend_into(&mut got, &top, &levels.into(), mode, alpha);
            for i in 0..below.len() {
                let t = 0.5 + ((1.0 - top[i]) - 0.5) * 1.5 - 0.1;
                let want = reference(mode, below[i], t) * a + below[i] * (1.0 - a);
                let want = if a == 1.0 {
                    reference(mode, below[i], t)
                } else {
                    want
                };
                assert!(
                    (got[i] - want).abs() < 1e-5,
                    "{mode:?} {i}: {} {want}",
                    got[i]
                );
            }
        }
    }
}

/// The vectorised loops give, bit for bit, the per-pixel formulas as first written
/// (branches on the opacity, the levels applied one height at a time), for every
/// mode, kind of levels and opacity, in place and from a separate composite below.
#[test]
fn the_loops_give_the_scalar_formulas_bit_for_bit() {
    let n = 997;
    let below: Vec<f32> = (0..n).map(|i| (i % 29) as f32 / 16.0 - 0.4).collect();
    let top: Vec<f32> = (0..n).map(|i| (i % 31) as f32 / 19.0 - 0.2).collect();
    let alphas: Vec<f32> = (0..n).map(|i| (i % 11) as f32 / 8.0 - 0.2).collect();
    let levels = [
        Levels::default(),
        Levels {
            invert: true,
            ..Levels::default()
        },
        Levels {
            gain: 1.7,
            offset: -0.15,
            invert: false,
        },
        Levels {
            gain: -2.5,
            offset: 0.3,
            invert: true,
        },
    ];
    let scalar_mix = |b: f32, blended: f32, a: f32| {
        if a >= 1.0 {
            blended
        } else if a <= 0.0 {
            b
        } else {
            blended * a + b * (1.0 - a)
        }
    };
    for mode in BlendMode::ALL {
        for l in levels {
            for alpha in [
                Alpha::One,
                Alpha::Uniform(0.35),
                Alpha::Uniform(0.0),
                Alpha::PerPixel(&alphas),
            ] {
                let want: Vec<u32> = (0..n)
                    .map(|i| {
                        let blended = mode.apply(below[i], l.apply(top[i]));
                        match alpha {
                            Alpha::One => blended,
                            Alpha::Uniform(a) => scalar_mix(below[i], blended, a),
                            Alpha::PerPixel(m) => scalar_mix(below[i], blended, m[i]),
                        }
                        .to_bits()
                    })
                    .collect();
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                let mut in_place = below.clone();
                blend_chunk(&mut in_place, None, &top, &l.into(), mode, alpha);
                assert_eq!(bits(&in_place), want, "{mode:?} {l:?} {alpha:?}");
                let mut out = vec![f32::NAN; n];
                blend_chunk(&mut out, Some(&below), &top, &l.into(), mode, alpha);
                assert_eq!(bits(&out), want, "{mode:?} {l:?} {alpha:?} from below");
            }
        }
    }
}

#[test]
fn a_zero_mask_keeps_the_layer_below_and_a_full_one_is_the_plain_blend() {
    let (below, top) = maps();
    for mode in BlendMode::ALL {
        let mut zero = below.clone();
        blend_into(
            &mut zero,
            &top,
            &Tone::default(),
            mode,
            Alpha::PerPixel(&vec![0.0; top.len()]),
        );
        assert_eq!(zero, below, "{mode:?}");
        let mut full = below.clone();
        blend_into(
            &mut full,
            &top,
            &Tone::default(),
            mode,
            Alpha::PerPixel(&vec![1.0; top.len()]),
        );
        let mut plain = below.clone();
        blend_into(&mut plain, &top, &Tone::default(), mode, Alpha::One);
        assert_eq!(full, plain, "{mode:?}");
    }
}

#[test]
fn masks_clamp_their_levelled_heights() {
    let mut m = [0.0; 6];
    let gain = Levels {
        gain: 2.0,
        ..Levels::default()
    };
    mask_into(
        &mut m,
        &[-1.0, 0.25, 0.5, 0.625, 3.0, f32::NAN],
        &gain.into(),
        0.5,
    );
    assert_eq!(m, [0.0, 0.0, 0.25, 0.375, 0.5, 0.0]);
}

/// A curve and terrace go through the per-height path, which gives exactly
/// [`Tone::apply`] then the blend, for every mode and alpha.
#[test]
fn curves_and_terraces_give_the_tone_of_each_height() {
    use crate::layers::{Curve, Terrace};
    let (below, top) = maps();
    let tone = Tone {
        levels: Levels {
            gain: 1.3,
            ..Levels::default()
        },
        curve: Some(Curve::new(&[(0.0, 0.1), (0.4, 0.2), (1.0, 0.9)]).unwrap()),
        terrace: Some(Terrace {
            steps: 5,
            softness: 0.4,
        }),
    };
    for mode in BlendMode::ALL {
        let mut got = below.clone();
        blend_into(&mut got, &top, &tone, mode, Alpha::One);
        for i in 0..below.len() {
            let want = mode.apply(below[i], tone.apply(top[i]));
            assert_eq!(got[i].to_bits(), want.to_bits(), "{mode:?} {i}");
        }
    }
    let mut m = vec![0.0; top.len()];
    mask_into(&mut m, &top, &tone, 1.0);
    for (v, &h) in m.iter().zip(&top) {
        assert_eq!(*v, tone.apply(h).clamp(0.0, 1.0));
    }
}
