//! [`Tone`]: everything that reshapes a layer's heights one at a time before it is
//! blended or used as a mask: levels, then a curve, then terraces.

use super::curve::Curve;
use super::levels::{Levels, LevelsMap, LevelsVisitor, visit_levels};
use super::terrace::Terrace;

/// A layer's levels, curve and terrace, applied in that order to each height.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tone {
    /// Gain, offset and inversion.
    pub levels: Levels,
    /// A curve through the levelled heights.
    pub curve: Option<Curve>,
    /// Steps cut into the result.
    pub terrace: Option<Terrace>,
}

impl From<Levels> for Tone {
    fn from(levels: Levels) -> Self {
        Tone {
            levels,
            ..Tone::default()
        }
    }
}

impl Tone {
    /// Whether every height keeps its bits.
    pub fn is_identity(&self) -> bool {
        self.levels.is_identity() && self.curve.is_none() && self.terrace.is_none()
    }

    /// The toned value of one height.
    #[inline(always)]
    pub fn apply(&self, h: f32) -> f32 {
        self.apply_with(self.levels.map(), h)
    }

    /// [`Self::apply`] with the levels already prepared (`map`: `self.levels.map()`),
    /// for loops over many heights.
    #[inline(always)]
    fn apply_with(&self, map: Option<LevelsMap>, h: f32) -> f32 {
        let v = map.map_or(h, |m| m.apply(h));
        let v = self.curve.as_ref().map_or(v, |c| c.apply(v));
        self.terrace.as_ref().map_or(v, |t| t.apply(v))
    }
}

/// Runs `visitor` with `tone` as a function of one height: the levels alone go through
/// [`visit_levels`] (loops that vectorise, and the same bits as before curves existed);
/// a curve or terrace makes it [`Tone::apply`] per height.
#[inline(always)]
pub(super) fn visit_tone<V: LevelsVisitor>(tone: &Tone, visitor: V) -> V::Output {
    if tone.curve.is_none() && tone.terrace.is_none() {
        visit_levels(tone.levels.map(), visitor)
    } else {
        let map = tone.levels.map();
        visitor.visit(move |h| tone.apply_with(map, h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_then_curve_then_terrace() {
        let tone = Tone {
            levels: Levels {
                gain: 2.0,
                ..Levels::default()
            },
            curve: Some(Curve::new(&[(0.0, 0.0), (1.0, 0.5)]).unwrap()),
            terrace: Some(Terrace {
                steps: 4,
                softness: 0.0,
            }),
        };
        // 0.6 -> levels 0.7 -> curve 0.35 -> terrace 0.25.
        assert_eq!(tone.apply(0.6), 0.25);
        assert!(!tone.is_identity() && Tone::default().is_identity());
        assert_eq!(Tone::from(Levels::default()), Tone::default());
    }
}
