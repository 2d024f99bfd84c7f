//! [`ToneMap`]: the map from a height to a 0..1 grey (normalise, auto-levels,
//! contrast, luminance, the texture's curve), and the quantisation of that grey to 8
//! and 16 bits.

use crate::engine::Heightmap;
use crate::engine::layers::Curve;
use crate::engine::output::OutputParams;
use rayon::prelude::*;

/// The map from a height to a 0..1 grey, before clamping:
/// `grey = curve(0.5 + (levels(h / divisor) - 0.5) * contrast + luminance)`, where
/// `divisor` is the heightmap's maximum when normalising and 1 otherwise, and the curve
/// is the texture's (none: the identity).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToneMap {
    divisor: f32,
    scale: f32,
    offset: f32,
    curve: Option<Curve>,
}

impl ToneMap {
    /// Builds the map for `out`; with auto-levels or normalise it needs the heightmap's
    /// range (min, max).
    pub fn new(out: &OutputParams, range: Option<(f32, f32)>) -> Self {
        // Normalising divides by the maximum, as the layered value noise article does
        // (`NoiseSummation[a] /= max`); a maximum that is not positive and finite has no
        // meaningful "max is 1" scaling, so the map is then left alone.
        let divisor = match (out.normalize, range) {
            (true, Some((_, hi))) if hi > 0.0 && hi.is_finite() => hi,
            _ => 1.0,
        };
        let range = range.map(|(lo, hi)| (lo / divisor, hi / divisor));
        // Auto-levels then stretches min..max to 0..1 (a flat map stays as it is).
        let (lv_scale, lv_offset) = match (out.auto_levels, range) {
            (true, Some((lo, hi))) if hi > lo && (hi - lo).is_finite() => {
                (1.0 / (hi - lo), -lo / (hi - lo))
            }
            // A span past f32's range (levels near ±3.4e38): the same stretch worked out
            // in f64, rather than dropping the levels.
            (true, Some((lo, hi))) if hi > lo => {
                let span = f64::from(hi) - f64::from(lo);
                ((1.0 / span) as f32, (-f64::from(lo) / span) as f32)
            }
            _ => (1.0, 0.0),
        };
        let scale = lv_scale * out.contrast;
        let offset = 0.5 + (lv_offset - 0.5) * out.contrast + out.luminance;
        Self {
            divisor,
            scale,
            offset,
            curve: out.curve,
        }
    }

    /// The map for a given heightmap (its range is computed only when auto-levels is on).
    pub fn for_heightmap(hm: &Heightmap, out: &OutputParams) -> Self {
        let range = (out.auto_levels || out.normalize).then(|| {
            let s = hm.stats();
            (s.min, s.max)
        });
        Self::new(out, range)
    }

    /// The height after normalisation (`h / max`; `h` itself when not normalising).
    /// A division, not a multiplication by `1 / max`, so the maximum maps to exactly 1.
    #[inline]
    pub fn normalized(&self, h: f32) -> f32 {
        h / self.divisor
    }

    /// Whether the texture's curve takes part (grey formats then encode pixel by
    /// pixel: the curve's segment search does not vectorise).
    pub fn has_curve(&self) -> bool {
        self.curve.is_some()
    }

    /// [`Self::grey`] without the curve: the same value when there is none, in a form
    /// with no branch on it, so that loops of it vectorise. Without `DIVIDE`, only for
    /// a map that does not divide ([`Self::divides`]): the same value, as `h / 1.0` is
    /// `h`, without the division.
    #[inline(always)]
    pub(crate) fn linear_grey<const DIVIDE: bool>(&self, h: f32) -> f32 {
        let n = if DIVIDE {
            self.normalized(h)
        } else {
            debug_assert!(!self.divides());
            h
        };
        clamp_grey(self.levelled(n))
    }

    /// Whether [`Self::normalized`] changes heights: it divides by a maximum other
    /// than 1.
    pub(crate) fn divides(&self) -> bool {
        self.divisor != 1.0
    }

    /// The linear map alone (normalise, levels, contrast, luminance), unclamped.
    #[inline(always)]
    fn linear(&self, h: f32) -> f32 {
        self.levelled(self.normalized(h))
    }

    /// Levels, contrast and luminance of a normalised height `n`, unclamped.
    #[inline(always)]
    fn levelled(&self, n: f32) -> f32 {
        n * self.scale + self.offset
    }

    /// The grey before clamping.
    #[inline]
    fn unclamped(&self, h: f32) -> f32 {
        let g = self.linear(h);
        self.curve.as_ref().map_or(g, |c| c.apply(g))
    }

    /// The grey value in 0..=1 (NaN heights map to 0).
    #[inline]
    pub fn grey(&self, h: f32) -> f32 {
        clamp_grey(self.unclamped(h))
    }

    /// How fast the grey changes with the height at `h`: `d grey / dh`, the chain of
    /// normalising, levels and contrast (a constant), the curve's slope, and 0 where
    /// the grey is clamped (outside 0..1) or `h` is not a number. A slope of the
    /// heights times this is the slope of the grey, which normal maps and the lit view
    /// show.
    #[inline]
    pub fn grey_slope(&self, h: f32) -> f32 {
        let g = self.linear(h);
        let (value, curve_slope) = match &self.curve {
            Some(c) => (c.apply(g), c.slope(g)),
            None => (g, 1.0),
        };
        if (0.0..=1.0).contains(&value) {
            self.scale / self.divisor * curve_slope
        } else {
            0.0
        }
    }

    /// Replaces every height of `hm` by its grey ([`Self::grey`], unquantised), on the
    /// thread pool: what a float export (R32, EXR) holds with `float_levels` on.
    pub fn to_grey(&self, hm: &mut Heightmap) {
        hm.data_mut()
            .par_chunks_mut(1 << 14)
            .for_each(|chunk| chunk.iter_mut().for_each(|h| *h = self.grey(*h)));
    }

    /// Whether `h` falls outside 0..1 before clamping (it is "clipped").
    #[inline]
    pub fn clips(&self, h: f32) -> bool {
        !(0.0..=1.0).contains(&self.unclamped(h))
    }
}

/// `g` clamped to 0..=1, NaN as 0.
#[inline(always)]
fn clamp_grey(g: f32) -> f32 {
    if g.is_nan() { 0.0 } else { g.clamp(0.0, 1.0) }
}

/// Quantises 0..=1 to 8 bits, rounding to nearest.
#[inline]
pub fn to_u8(g: f32) -> u8 {
    (g * 255.0 + 0.5) as u8
}

/// Quantises 0..=1 to 16 bits, rounding to nearest.
#[inline]
pub fn to_u16(g: f32) -> u16 {
    (g * 65535.0 + 0.5) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hm(values: &[f32]) -> Heightmap {
        let s = (values.len() as f64).sqrt() as u32;
        Heightmap::from_data(s, values.to_vec()).unwrap()
    }

    #[test]
    fn contrast_and_luminance_formula() {
        let out = OutputParams {
            contrast: 2.0,
            luminance: 0.1,
            ..OutputParams::default()
        };
        let tm = ToneMap::new(&out, None);
        // 0.5 + (0.6 - 0.5) * 2 + 0.1 = 0.8
        assert!((tm.grey(0.6) - 0.8).abs() < 1e-6);
        assert_eq!(tm.grey(5.0), 1.0);
        assert_eq!(tm.grey(-5.0), 0.0);
        assert_eq!(tm.grey(f32::NAN), 0.0);
        assert!(tm.clips(5.0) && !tm.clips(0.6));
    }

    #[test]
    fn levels_at_the_ends_of_the_float_range_still_stretch() {
        let out = OutputParams {
            auto_levels: true,
            ..OutputParams::default()
        };
        let tm = ToneMap::new(&out, Some((-f32::MAX, f32::MAX)));
        // The scale is a subnormal f32 there, so a few bits are lost.
        for (h, want) in [
            (0.0, 0.5),
            (f32::MAX, 1.0),
            (-f32::MAX, 0.0),
            (f32::MAX / 2.0, 0.75),
        ] {
            assert!((tm.grey(h) - want).abs() < 1e-6, "{h}: {}", tm.grey(h));
        }
    }

    #[test]
    fn the_texture_curve_follows_contrast_and_luminance() {
        let out = OutputParams {
            contrast: 2.0,
            curve: Some(Curve::new(&[(0.0, 0.2), (0.5, 0.3), (1.0, 0.8)]).unwrap_or_default()),
            ..OutputParams::default()
        };
        let tm = ToneMap::new(&out, None);
        // 0.5 + (0.5 - 0.5) * 2 = 0.5, a control point: exactly 0.3.
        assert_eq!(tm.grey(0.5), 0.3);
        // Past the ends the curve holds its end values, inside 0..1: nothing clips.
        assert_eq!(tm.grey(9.0), 0.8);
        assert_eq!(tm.grey(-9.0), 0.2);
        assert!(!tm.clips(9.0));
        assert_eq!(tm.grey(f32::NAN), 0.0);
    }

    #[test]
    fn the_grey_slope_is_the_derivative_of_the_grey() {
        let curve = Curve::new(&[(0.0, 0.1), (0.4, 0.2), (1.0, 0.9)]).unwrap_or_default();
        let outs = [
            OutputParams::default(),
            OutputParams {
                contrast: 1.7,
                luminance: -0.2,
                ..OutputParams::default()
            },
            OutputParams {
                normalize: true,
                auto_levels: true,
                curve: Some(curve),
                ..OutputParams::default()
            },
        ];
        for out in outs {
            let tm = ToneMap::new(&out, Some((-0.3, 1.4)));
            for i in 0..300 {
                let h = -0.5 + i as f32 / 150.0 + 0.0007;
                let d = 1e-3;
                let diff = (tm.grey(h + d) - tm.grey(h - d)) / (2.0 * d);
                // Away from the corners of the clamp and of the curve's held ends the
                // two agree.
                let near = |g: f32| {
                    [0.0, 1.0]
                        .iter()
                        .any(|&c| (g - c).abs() < 4.0 * d * tm.scale)
                };
                let near_corner = near(tm.linear(h)) || near(tm.unclamped(h));
                if !near_corner {
                    assert!((tm.grey_slope(h) - diff).abs() < 2e-2, "{h}: {out:?}");
                }
            }
        }
        assert_eq!(
            ToneMap::new(&OutputParams::default(), None).grey_slope(f32::NAN),
            0.0
        );
        assert_eq!(
            ToneMap::new(&OutputParams::default(), None).grey_slope(2.0),
            0.0
        );
    }

    #[test]
    fn normalize_divides_by_the_maximum() {
        let out = OutputParams {
            normalize: true,
            ..OutputParams::default()
        };
        // 0.3 / 0.7 etc.: values whose reciprocal-multiply would not give exactly 1.
        let map = hm(&[0.1, 0.3, 0.7, 0.45]);
        let tm = ToneMap::for_heightmap(&map, &out);
        let max = map
            .data()
            .iter()
            .map(|&h| tm.normalized(h))
            .fold(f32::MIN, f32::max);
        assert_eq!(max, 1.0);
        assert_eq!(tm.normalized(0.3), 0.3 / 0.7);
        // Contrast 1, luminance 0: grey is the normalised height.
        let grey: Vec<u8> = map.data().iter().map(|&h| to_u8(tm.grey(h))).collect();
        assert_eq!(grey, vec![36, 109, 255, 164]);
        // A map whose maximum is not positive is left unscaled.
        let neg = hm(&[-0.5, -0.25, -1.0, -0.75]);
        assert_eq!(ToneMap::for_heightmap(&neg, &out).normalized(-0.5), -0.5);
    }
}
