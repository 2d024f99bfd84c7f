//! Fade functions: how a grid point's influence falls off with distance.

use serde::{Deserialize, Serialize};

/// The one-dimensional fade `f(t)`: 1 at `t = 0`, 0 at `t = 1`. The 2D fade of the
/// spec is `f(us) * f(vs)`, which is what makes it separable and tabulable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fade {
    /// `1 - t`: bilinear interpolation; creases at every grid line.
    Linear,
    /// `(1 + cos(pi t)) / 2`: cosine interpolation, smooth but with a flat slope at the corners.
    Cosine,
    /// `1 - t^2 (3 - 2t)`: cubic Hermite, the original tool's default.
    #[default]
    Hermite,
    /// `1 - t^3 (10 - 15t + 6t^2)`: quintic (Perlin's improved noise); continuous curvature.
    Quintic,
}

impl Fade {
    /// Every fade, in menu order.
    pub const ALL: [Fade; 4] = [Fade::Linear, Fade::Cosine, Fade::Hermite, Fade::Quintic];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Fade::Linear => "linear",
            Fade::Cosine => "cosine",
            Fade::Hermite => "hermite",
            Fade::Quintic => "quintic",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            Fade::Linear => "Linear (bilinear)",
            Fade::Cosine => "Cosine",
            Fade::Hermite => "Cubic Hermite (smoothstep)",
            Fade::Quintic => "Quintic Hermite (smootherstep)",
        }
    }

    /// One line on what the fade does to the texture.
    pub fn description(self) -> &'static str {
        match self {
            Fade::Linear => "1 - t. Plain bilinear blend; visible creases along grid lines.",
            Fade::Cosine => "(1 + cos(pi t)) / 2. Smooth, slightly rounder than Hermite.",
            Fade::Hermite => "1 - t^2 (3 - 2t). The original tool's default; smooth slopes.",
            Fade::Quintic => {
                "1 - t^3 (10 - 15t + 6t^2). Also smooth curvature: no creases in lighting."
            }
        }
    }

    /// Looks a fade up by id.
    pub fn from_id(id: &str) -> Option<Fade> {
        Self::ALL.into_iter().find(|f| f.id() == id)
    }

    /// `f(t)` in f32, written as the original computes it.
    #[inline]
    pub fn eval(self, t: f32) -> f32 {
        match self {
            Fade::Linear => 1.0 - t,
            Fade::Cosine => (1.0 + (std::f32::consts::PI * t).cos()) * 0.5,
            Fade::Hermite => 1.0 - t * t * (3.0 - 2.0 * t),
            Fade::Quintic => 1.0 - t * t * t * (10.0 - 15.0 * t + 6.0 * t * t),
        }
    }

    /// [`Fade::eval`] of every value of `t`, in place: the choice made once, so the
    /// polynomial fades' loops vectorise (the same bits as one value at a time).
    #[inline(always)]
    pub fn eval_all(self, t: &mut [f32]) {
        let each = |f: Fade, t: &mut [f32]| t.iter_mut().for_each(|x| *x = f.eval(*x));
        match self {
            Fade::Linear => each(Fade::Linear, t),
            Fade::Cosine => each(Fade::Cosine, t),
            Fade::Hermite => each(Fade::Hermite, t),
            Fade::Quintic => each(Fade::Quintic, t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_are_one_and_zero() {
        for f in Fade::ALL {
            assert_eq!(f.eval(0.0), 1.0, "{f:?}");
            assert!(f.eval(1.0).abs() < 1e-7, "{f:?}");
            // Symmetric about the midpoint: f(t) + f(1 - t) = 1 for these fades.
            for i in 0..=16 {
                let t = i as f32 / 16.0;
                assert!(
                    (f.eval(t) + f.eval(1.0 - t) - 1.0).abs() < 1e-6,
                    "{f:?} {t}"
                );
            }
        }
    }

    #[test]
    fn ids_round_trip() {
        for f in Fade::ALL {
            assert_eq!(Fade::from_id(f.id()), Some(f));
        }
        assert_eq!(Fade::from_id("smooth"), None);
    }
}
