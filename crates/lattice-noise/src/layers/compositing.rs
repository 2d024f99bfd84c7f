//! The per-pixel compositing loops: a layer's levelled heights blended onto the
//! composite below with an opacity (uniform, or per pixel from a mask).

use super::blend_mode::BlendMode;
use super::levels::LevelsVisitor;
use super::tone::{Tone, visit_tone};
use std::iter::repeat;

/// Pixels per parallel work unit (each pixel is independent, so any split gives the
/// same bits).
const CHUNK: usize = 1 << 14;

/// How much of the blended value replaces the value below.
#[derive(Clone, Copy, Debug)]
enum Alpha<'a> {
    /// All of it: the blended value exactly.
    One,
    /// The same fraction everywhere.
    Uniform(f32),
    /// A fraction per pixel (mask times opacity).
    PerPixel(&'a [f32]),
}

impl Alpha<'_> {
    /// A uniform opacity, with 1 as [`Alpha::One`].
    fn uniform(opacity: f32) -> Self {
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
fn mix(b: f32, blended: f32, a: f32) -> f32 {
    // Selects rather than branches, so that pixel loops vectorise.
    let mixed = blended * a + b * (1.0 - a);
    let mixed = if a <= 0.0 { b } else { mixed };
    if a >= 1.0 { blended } else { mixed }
}

/// One layer's part of a composite: its heights, levels, blend mode and opacity.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pass<'a> {
    pub top: &'a [f32],
    pub tone: &'a Tone,
    pub mode: BlendMode,
    pub alpha: PassAlpha<'a>,
}

impl<'a> Pass<'a> {
    /// The pass over the pixels `at` of what it reads.
    pub(super) fn slice(&self, at: std::ops::Range<usize>) -> Pass<'a> {
        let alpha = match self.alpha {
            PassAlpha::Mask {
                heights,
                tone,
                opacity,
            } => PassAlpha::Mask {
                heights: heights.get(at.clone()).unwrap_or(&[]),
                tone,
                opacity,
            },
            uniform => uniform,
        };
        Pass {
            top: self.top.get(at).unwrap_or(&[]),
            alpha,
            ..*self
        }
    }
}

/// A [`Pass`]'s opacity: uniform, or per pixel from a mask layer.
#[derive(Clone, Copy, Debug)]
pub(super) enum PassAlpha<'a> {
    /// The same opacity everywhere (see [`Alpha::uniform`]).
    Uniform(f32),
    /// The mask layer's heights through its tone, clamped, times the opacity (see
    /// [`mask_into`]).
    Mask {
        heights: &'a [f32],
        tone: &'a Tone,
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
/// time through every pass (see [`composite_chunk`]), where one whole-map pass per layer
/// would stream the composite through memory once per layer.
/// Each pixel goes through exactly the operations of [`blend_chunk`] pass after pass.
pub(super) fn composite_into(out: &mut [f32], start: Start<'_>, passes: &[Pass<'_>]) {
    crate::parallel::for_each_chunk_mut(out, CHUNK, Vec::new, |sliced, c, b| {
        let at = c * CHUNK..c * CHUNK + b.len();
        // The composite below is read by the first pass straight from where it is
        // kept: copying it into the chunk first measured 15 % of a top-layer edit.
        let from = match start {
            Start::Zero => None,
            Start::Below(below) => Some(below.get(at.clone()).unwrap_or(&[])),
        };
        sliced.clear();
        sliced.extend(passes.iter().map(|p| p.slice(at.clone())));
        composite_chunk(b, from, sliced);
    });
}

/// Pixels taken through every pass at a time: the composite's values and the mask's
/// opacities (on the stack) stay in the L1 cache between passes.
const SPAN: usize = 2048;

/// Composites `passes` (as long as `out`), bottom first, onto `from` (as long as `out`;
/// `None`: zeros) into `out`, on this thread.
fn composite_chunk(out: &mut [f32], from: Option<&[f32]>, passes: &[Pass<'_>]) {
    let mut mask = [0.0; SPAN];
    for (s, o) in out.chunks_mut(SPAN).enumerate() {
        let at = s * SPAN..s * SPAN + o.len();
        let mut below = from.map(|f| f.get(at.clone()).unwrap_or(&[]));
        if below.is_none() {
            o.fill(0.0);
        }
        for p in passes {
            let p = p.slice(at.clone());
            let alpha = match p.alpha {
                PassAlpha::Uniform(a) => Alpha::uniform(a),
                PassAlpha::Mask {
                    heights,
                    tone,
                    opacity,
                } => {
                    let m = &mut mask[..heights.len()];
                    mask_into(m, heights, tone, opacity);
                    Alpha::PerPixel(m)
                }
            };
            blend_chunk(o, below.take(), p.top, p.tone, p.mode, alpha);
        }
        if let Some(below) = below {
            o.copy_from_slice(below);
        }
    }
}

/// Blends `top` (through `tone`) with `mode` and `alpha` onto `below` in place, or
/// onto `from` (the same length as `below`) into `below` when given, on this thread.
///
/// One loop per blend mode, levels kind and alpha, with the formulas inlined and
/// without branches per pixel, so that the compiler vectorises each: a mode chosen per
/// pixel kept the loop scalar, and compute-bound at about 1.5 ns per pixel.
fn blend_chunk(
    below: &mut [f32],
    from: Option<&[f32]>,
    top: &[f32],
    tone: &Tone,
    mode: BlendMode,
    alpha: Alpha<'_>,
) {
    /// A match arm per mode, each with the mode as a constant.
    macro_rules! per_mode {
        ($($m:ident),*) => {
            match mode {
                $(BlendMode::$m => visit_tone(tone, Loop {
                    out: below,
                    from,
                    top,
                    alpha,
                    blend: |b, t| BlendMode::$m.apply(b, t),
                }),)*
            }
        };
    }
    per_mode!(
        Normal, Add, Subtract, Multiply, Screen, Overlay, Min, Max, Difference
    );
}

/// The blending loop over one chunk, for one blend formula.
struct Loop<'a, 'b, F> {
    out: &'a mut [f32],
    from: Option<&'a [f32]>,
    top: &'a [f32],
    alpha: Alpha<'b>,
    blend: F,
}

impl<F: Fn(f32, f32) -> f32> LevelsVisitor for Loop<'_, '_, F> {
    type Output = ();
    #[inline(always)]
    fn visit(self, level: impl Fn(f32) -> f32 + Copy) {
        let Loop {
            out,
            from,
            top,
            alpha,
            blend,
        } = self;
        match alpha {
            Alpha::One => each(out, from, top, repeat(1.0), |b, t, _| blend(b, level(t))),
            Alpha::Uniform(a) => each(out, from, top, repeat(a), |b, t, a| {
                mix(b, blend(b, level(t)), a)
            }),
            Alpha::PerPixel(m) => each(out, from, top, m.iter().copied(), |b, t, a| {
                mix(b, blend(b, level(t)), a)
            }),
        }
    }
}

/// `out[i] = pixel(below, top[i], alpha)`, with `below` read from `from` when given, else
/// from `out` itself.
#[inline(always)]
fn each(
    out: &mut [f32],
    from: Option<&[f32]>,
    top: &[f32],
    alpha: impl Iterator<Item = f32>,
    pixel: impl Fn(f32, f32, f32) -> f32,
) {
    match from {
        None => {
            for ((o, &t), a) in out.iter_mut().zip(top).zip(alpha) {
                *o = pixel(*o, t, a);
            }
        }
        Some(from) => {
            for (((o, &b), &t), a) in out.iter_mut().zip(from).zip(top).zip(alpha) {
                *o = pixel(b, t, a);
            }
        }
    }
}

/// Fills `mask` (as long as `heights`) with `opacity` times the mask layer's `heights`
/// through its `tone`, clamped to 0..1 (NaN counts as 0).
pub(super) fn mask_into(mask: &mut [f32], heights: &[f32], tone: &Tone, opacity: f32) {
    visit_tone(
        tone,
        MaskLoop {
            mask,
            heights,
            opacity,
        },
    );
}

/// [`mask_into`]'s loop, specialised for the mask's kind of levels (a branch on it per
/// pixel kept the loop scalar: 14 % of a masked top-layer edit).
struct MaskLoop<'a> {
    mask: &'a mut [f32],
    heights: &'a [f32],
    opacity: f32,
}

impl LevelsVisitor for MaskLoop<'_> {
    type Output = ();
    #[inline(always)]
    fn visit(self, level: impl Fn(f32) -> f32 + Copy) {
        for (m, &h) in self.mask.iter_mut().zip(self.heights) {
            let v = level(h);
            let v = if v > 0.0 { v.min(1.0) } else { 0.0 };
            *m = v * self.opacity;
        }
    }
}

#[cfg(test)]
#[path = "compositing_tests.rs"]
mod tests;
