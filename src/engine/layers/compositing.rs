//! The per-pixel compositing loops: a layer's levelled heights blended onto the
//! composite below with an opacity (uniform, or per pixel from a mask).

use super::blend_mode::BlendMode;
use super::levels::LevelsMap;
use rayon::prelude::*;

/// Pixels per parallel work unit (each pixel is independent, so any split gives the
/// same bits).
const CHUNK: usize = 1 << 14;

/// How much of the blended value replaces the value below.
#[derive(Clone, Copy, Debug)]
pub(super) enum Alpha<'a> {
    /// All of it: the blended value exactly.
    One,
    /// The same fraction everywhere.
    Uniform(f32),
    /// A fraction per pixel (mask times opacity).
    PerPixel(&'a [f32]),
}

impl Alpha<'_> {
    /// A uniform opacity, with 1 as [`Alpha::One`].
    pub(super) fn uniform(opacity: f32) -> Self {
        if opacity == 1.0 {
            Alpha::One
        } else {
            Alpha::Uniform(opacity)
        }
    }
}

/// `blended * a + b * (1 - a)`, where `a = 1` gives `blended` and `a = 0` gives `b`
/// exactly (even when the blended value is not finite).
#[inline(always)]
pub(super) fn mix(b: f32, blended: f32, a: f32) -> f32 {
    if a >= 1.0 {
        blended
    } else if a <= 0.0 {
        b
    } else {
        blended * a + b * (1.0 - a)
    }
}

/// One layer's part of a composite: its heights, levels, blend mode and opacity.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pass<'a> {
    pub top: &'a [f32],
    pub levels: Option<LevelsMap>,
    pub mode: BlendMode,
    pub alpha: PassAlpha<'a>,
}

/// A [`Pass`]'s opacity: uniform, or per pixel from a mask layer.
#[derive(Clone, Copy, Debug)]
pub(super) enum PassAlpha<'a> {
    /// The same opacity everywhere (see [`Alpha::uniform`]).
    Uniform(f32),
    /// The mask layer's heights through its levels, clamped, times the opacity (see
    /// [`mask_into`]).
    Mask {
        heights: &'a [f32],
        levels: Option<LevelsMap>,
        opacity: f32,
    },
}

/// What a composite starts from, set chunk by chunk as it is blended (so it costs no
/// sweep of its own).
#[derive(Clone, Copy, Debug)]
pub(super) enum Start<'a> {
    /// Zero heights (the bottom of a stack).
    Zero,
    /// The composite of the layers below the passes, as long as the output.
    Below(&'a [f32]),
}

/// Composites `passes`, bottom first, from `start` into `out`, one chunk of pixels at a
/// time through every pass: the chunk stays in cache while the layers are blended onto
/// it, where one whole-map pass per layer would stream the composite through memory
/// once per layer.
/// Each pixel goes through exactly the operations of [`blend_into`] pass after pass.
pub(super) fn composite_into(out: &mut [f32], start: Start<'_>, passes: &[Pass<'_>]) {
    out.par_chunks_mut(CHUNK)
        .enumerate()
        .for_each_init(Vec::new, |mask, (c, b)| {
            let at = c * CHUNK..c * CHUNK + b.len();
            match start {
                Start::Zero => b.fill(0.0),
                Start::Below(below) => b.copy_from_slice(below.get(at.clone()).unwrap_or(&[])),
            }
            for p in passes {
                let top = p.top.get(at.clone()).unwrap_or(&[]);
                let alpha = match p.alpha {
                    PassAlpha::Uniform(a) => Alpha::uniform(a),
                    PassAlpha::Mask {
                        heights,
                        levels,
                        opacity,
                    } => {
                        let heights = heights.get(at.clone()).unwrap_or(&[]);
                        mask_into(mask, heights, levels, opacity);
                        Alpha::PerPixel(mask)
                    }
                };
                blend_chunk(b, top, p.levels, p.mode, alpha);
            }
        });
}

/// Blends `top` (through `levels`) onto `below` in place with `mode` and `alpha`.
pub(super) fn blend_into(
    below: &mut [f32],
    top: &[f32],
    levels: Option<LevelsMap>,
    mode: BlendMode,
    alpha: Alpha<'_>,
) {
    below
        .par_chunks_mut(CHUNK)
        .zip(top.par_chunks(CHUNK))
        .enumerate()
        .for_each(|(c, (b, t))| {
            let alpha = match alpha {
                Alpha::PerPixel(m) => Alpha::PerPixel(m.get(c * CHUNK..).unwrap_or(&[])),
                a => a,
            };
            blend_chunk(b, t, levels, mode, alpha);
        });
}

/// [`blend_into`] on one chunk, on this thread.
fn blend_chunk(
    below: &mut [f32],
    top: &[f32],
    levels: Option<LevelsMap>,
    mode: BlendMode,
    alpha: Alpha<'_>,
) {
    // One loop per mode, so the formula is inlined into it.
    match mode {
        BlendMode::Normal => run(below, top, levels, alpha, |_, t| t),
        BlendMode::Add => run(below, top, levels, alpha, |b, t| b + t),
        BlendMode::Subtract => run(below, top, levels, alpha, |b, t| b - t),
        BlendMode::Multiply => run(below, top, levels, alpha, |b, t| b * t),
        m => run(below, top, levels, alpha, move |b, t| m.apply(b, t)),
    }
}

#[inline(always)]
fn run(
    b: &mut [f32],
    t: &[f32],
    levels: Option<LevelsMap>,
    alpha: Alpha<'_>,
    blend: impl Fn(f32, f32) -> f32,
) {
    let level = |t: f32| levels.map_or(t, |l| l.apply(t));
    match alpha {
        Alpha::One => {
            for (b, &t) in b.iter_mut().zip(t) {
                *b = blend(*b, level(t));
            }
        }
        Alpha::Uniform(a) => {
            for (b, &t) in b.iter_mut().zip(t) {
                *b = mix(*b, blend(*b, level(t)), a);
            }
        }
        Alpha::PerPixel(m) => {
            for ((b, &t), &a) in b.iter_mut().zip(t).zip(m) {
                *b = mix(*b, blend(*b, level(t)), a);
            }
        }
    }
}

/// Fills `mask` with `opacity` times the mask layer's `heights` through its `levels`,
/// clamped to 0..1 (NaN counts as 0).
pub(super) fn mask_into(
    mask: &mut Vec<f32>,
    heights: &[f32],
    levels: Option<LevelsMap>,
    opacity: f32,
) {
    mask.clear();
    mask.extend(heights.iter().map(|&h| {
        let v = levels.map_or(h, |l| l.apply(h));
        let v = if v > 0.0 { v.min(1.0) } else { 0.0 };
        v * opacity
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layers::levels::Levels;

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
                blend_into(&mut got, &top, levels.map(), mode, alpha);
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

    #[test]
    fn a_zero_mask_keeps_the_layer_below_and_a_full_one_is_the_plain_blend() {
        let (below, top) = maps();
        for mode in BlendMode::ALL {
            let mut zero = below.clone();
            blend_into(
                &mut zero,
                &top,
                None,
                mode,
                Alpha::PerPixel(&vec![0.0; top.len()]),
            );
            assert_eq!(zero, below, "{mode:?}");
            let mut full = below.clone();
            blend_into(
                &mut full,
                &top,
                None,
                mode,
                Alpha::PerPixel(&vec![1.0; top.len()]),
            );
            let mut plain = below.clone();
            blend_into(&mut plain, &top, None, mode, Alpha::One);
            assert_eq!(full, plain, "{mode:?}");
        }
    }

    #[test]
    fn masks_clamp_their_levelled_heights() {
        let mut m = Vec::new();
        let gain = Levels {
            gain: 2.0,
            ..Levels::default()
        };
        mask_into(
            &mut m,
            &[-1.0, 0.25, 0.5, 0.625, 3.0, f32::NAN],
            gain.map(),
            0.5,
        );
        assert_eq!(m, [0.0, 0.0, 0.25, 0.375, 0.5, 0.0]);
    }
}
