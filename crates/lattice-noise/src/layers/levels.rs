//! [`Levels`]: a layer's gain, offset and inversion, applied to its heights before it
//! is blended (and when it serves as a mask).

use super::layer_error::LayerError;
use serde::{Deserialize, Serialize};

/// Largest gain accepted (either sign).
pub const MAX_GAIN: f32 = 64.0;
/// Largest offset accepted (either sign).
pub const MAX_OFFSET: f32 = 16.0;

/// `v = 0.5 + (h' - 0.5) * gain + offset` with `h' = 1 - h` when inverted, else `h`.
///
/// The gain scales around the middle grey, so it changes a layer's strength without
/// moving its mean. Heights stay floats: nothing is clamped here.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Levels {
    /// Scale around 0.5 (1 leaves the heights alone, negative values mirror them).
    pub gain: f32,
    /// Added after the gain.
    pub offset: f32,
    /// Use `1 - h` instead of `h`.
    pub invert: bool,
}

impl Default for Levels {
    fn default() -> Self {
        Self {
            gain: 1.0,
            offset: 0.0,
            invert: false,
        }
    }
}

impl Levels {
    /// Whether the levels leave every height exactly as it is.
    pub fn is_identity(&self) -> bool {
        self.gain == 1.0 && self.offset == 0.0 && !self.invert
    }

    /// Whether gain and offset are finite and in range.
    pub fn validate(&self, layer: &str) -> Result<(), LayerError> {
        let check = |name: &'static str, v: f32, max: f32| {
            if v.is_finite() && v.abs() <= max {
                Ok(())
            } else {
                Err(LayerError::OutOfRange {
                    layer: layer.to_owned(),
                    name,
                    value: f64::from(v),
                    max: f64::from(max),
                })
            }
        };
        check("gain", self.gain, MAX_GAIN)?;
        check("offset", self.offset, MAX_OFFSET)
    }

    /// The per-pixel map as `(invert, scale, shift)`: `v = (h' - 0.5) * scale + shift`,
    /// or `None` for the identity (which is then skipped, so a plain layer keeps its
    /// heights bit for bit).
    #[inline]
    pub fn map(&self) -> Option<LevelsMap> {
        (!self.is_identity()).then_some(LevelsMap {
            invert: self.invert,
            plain: self.gain == 1.0 && self.offset == 0.0,
            gain: self.gain,
            shift: 0.5 + self.offset,
        })
    }

    /// The levelled value of one height.
    #[inline]
    pub fn apply(&self, h: f32) -> f32 {
        self.map().map_or(h, |m| m.apply(h))
    }
}

/// [`Levels`] prepared for a pixel loop.
#[derive(Clone, Copy, Debug)]
pub struct LevelsMap {
    invert: bool,
    /// Only the inversion (gain 1, offset 0): `1 - h` exactly.
    plain: bool,
    gain: f32,
    shift: f32,
}

impl LevelsMap {
    /// The levelled value of `h`.
    #[inline(always)]
    pub fn apply(&self, h: f32) -> f32 {
        let h = if self.invert { 1.0 - h } else { h };
        if self.plain {
            h
        } else {
            (h - 0.5) * self.gain + self.shift
        }
    }
}

/// A loop to run with a layer's levels as a function specialised for their kind (see
/// [`visit_levels`]).
pub(super) trait LevelsVisitor {
    /// What the loop returns.
    type Output;
    /// Runs the loop with `level`, the levels as a function of one height.
    fn visit(self, level: impl Fn(f32) -> f32 + Copy) -> Self::Output;
}

/// Runs `visitor` with `map` (`None`: the identity) as a function without branches on
/// the map's kind: a branch per pixel would keep a pixel loop from being vectorised.
/// Each kind gives exactly the bits of [`LevelsMap::apply`].
#[inline(always)]
pub(super) fn visit_levels<V: LevelsVisitor>(map: Option<LevelsMap>, visitor: V) -> V::Output {
    match map {
        Some(m) if !m.plain => {
            let (gain, shift) = (m.gain, m.shift);
            if m.invert {
                visitor.visit(move |h| ((1.0 - h) - 0.5) * gain + shift)
            } else {
                visitor.visit(move |h| (h - 0.5) * gain + shift)
            }
        }
        Some(m) if m.invert => visitor.visit(|h| 1.0 - h),
        _ => visitor.visit(|h| h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_keeps_bits_and_the_formula_holds() {
        let l = Levels::default();
        assert!(l.is_identity() && l.map().is_none());
        for h in [0.1f32, 0.3, -2.0, 1e-7] {
            assert_eq!(l.apply(h).to_bits(), h.to_bits());
        }
        let l = Levels {
            gain: 2.0,
            offset: 0.125,
            invert: true,
        };
        // h = 0.25 -> inverted 0.75 -> 0.5 + 0.25 * 2 + 0.125.
        assert_eq!(l.apply(0.25), 1.125);
        let inv = Levels {
            invert: true,
            ..Levels::default()
        };
        assert_eq!(inv.apply(0.2), 1.0 - 0.2);
    }

    #[test]
    fn out_of_range_values_are_refused() {
        let bad = Levels {
            gain: f32::NAN,
            ..Levels::default()
        };
        let e = bad.validate("veins").unwrap_err().to_string();
        assert!(e.contains("veins") && e.contains("gain"), "{e}");
        let bad = Levels {
            offset: 17.0,
            ..Levels::default()
        };
        assert!(bad.validate("x").is_err());
    }
}
