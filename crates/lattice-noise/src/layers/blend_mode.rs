//! [`BlendMode`]: how a layer combines with what lies below it.

use serde::{Deserialize, Serialize};

/// How a layer's value `t` combines with the composite below it, `b`. The result is then
/// mixed with `b` by the layer's opacity (times its mask): `blend * a + b * (1 - a)`.
/// Heights are not clamped here: formulas that assume 0..1 (screen, overlay) read values
/// outside that range as they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BlendMode {
    /// `t`: the layer replaces what is below.
    #[default]
    Normal,
    /// `b + t`.
    Add,
    /// `b - t`.
    Subtract,
    /// `b * t`.
    Multiply,
    /// `1 - (1 - b)(1 - t)`: the inverse of multiplying the inverses; brightens.
    Screen,
    /// `2 b t` where `b < 0.5`, else `1 - 2 (1 - b)(1 - t)`: multiply in the lows, screen
    /// in the highs.
    Overlay,
    /// `min(b, t)`.
    Min,
    /// `max(b, t)`.
    Max,
    /// `|b - t|`.
    Difference,
}

impl BlendMode {
    /// Every mode, in menu order.
    pub const ALL: [BlendMode; 9] = [
        BlendMode::Normal,
        BlendMode::Add,
        BlendMode::Subtract,
        BlendMode::Multiply,
        BlendMode::Screen,
        BlendMode::Overlay,
        BlendMode::Min,
        BlendMode::Max,
        BlendMode::Difference,
    ];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            BlendMode::Normal => "normal",
            BlendMode::Add => "add",
            BlendMode::Subtract => "subtract",
            BlendMode::Multiply => "multiply",
            BlendMode::Screen => "screen",
            BlendMode::Overlay => "overlay",
            BlendMode::Min => "min",
            BlendMode::Max => "max",
            BlendMode::Difference => "difference",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            BlendMode::Normal => "Normal",
            BlendMode::Add => "Add",
            BlendMode::Subtract => "Subtract",
            BlendMode::Multiply => "Multiply",
            BlendMode::Screen => "Screen",
            BlendMode::Overlay => "Overlay",
            BlendMode::Min => "Min (darken)",
            BlendMode::Max => "Max (lighten)",
            BlendMode::Difference => "Difference",
        }
    }

    /// The formula in `b` (below) and `t` (this layer), for hover help and `list`.
    pub fn formula(self) -> &'static str {
        match self {
            BlendMode::Normal => "t",
            BlendMode::Add => "b + t",
            BlendMode::Subtract => "b - t",
            BlendMode::Multiply => "b * t",
            BlendMode::Screen => "1 - (1 - b) (1 - t)",
            BlendMode::Overlay => "b < 0.5 ? 2 b t : 1 - 2 (1 - b) (1 - t)",
            BlendMode::Min => "min(b, t)",
            BlendMode::Max => "max(b, t)",
            BlendMode::Difference => "|b - t|",
        }
    }

    /// Looks a mode up by id.
    pub fn from_id(id: &str) -> Option<BlendMode> {
        Self::ALL.into_iter().find(|m| m.id() == id)
    }

    /// The blended value of `t` over `b`, before opacity.
    #[inline(always)]
    pub fn apply(self, b: f32, t: f32) -> f32 {
        match self {
            BlendMode::Normal => t,
            BlendMode::Add => b + t,
            BlendMode::Subtract => b - t,
            BlendMode::Multiply => b * t,
            BlendMode::Screen => 1.0 - (1.0 - b) * (1.0 - t),
            BlendMode::Overlay => {
                if b < 0.5 {
                    2.0 * b * t
                } else {
                    1.0 - 2.0 * (1.0 - b) * (1.0 - t)
                }
            }
            BlendMode::Min => {
                if t < b {
                    t
                } else {
                    b
                }
            }
            BlendMode::Max => {
                if t > b {
                    t
                } else {
                    b
                }
            }
            BlendMode::Difference => (b - t).abs(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for m in BlendMode::ALL {
            assert_eq!(BlendMode::from_id(m.id()), Some(m));
        }
        assert_eq!(BlendMode::from_id("burn"), None);
    }

    #[test]
    fn formulas_at_a_few_points() {
        let (b, t) = (0.25f32, 0.75f32);
        let want = [
            0.75,
            1.0,
            -0.5,
            0.1875,
            1.0 - 0.75 * 0.25,
            2.0 * 0.25 * 0.75,
            0.25,
            0.75,
            0.5,
        ];
        for (m, w) in BlendMode::ALL.into_iter().zip(want) {
            assert_eq!(m.apply(b, t), w, "{m:?}");
        }
        // Overlay screens above the middle.
        assert_eq!(BlendMode::Overlay.apply(0.75, 0.5), 1.0 - 2.0 * 0.25 * 0.5);
    }
}
