//! Where each octave's lattice starts: the original tool's "grid displacement".

use serde::{Deserialize, Serialize};

/// Where each octave's lattice starts (the original's "grid displacement").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Displacement {
    /// Grid points at 0, step, 2 step, ...
    #[default]
    None,
    /// Grid shifted by half a step (`init = -step / 2`).
    Half,
    /// Grid shifted by a quarter step (`init = -step / 4`).
    Quarter,
}

impl Displacement {
    /// Every choice, in menu order.
    pub const ALL: [Displacement; 3] = [
        Displacement::None,
        Displacement::Half,
        Displacement::Quarter,
    ];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Displacement::None => "none",
            Displacement::Half => "half",
            Displacement::Quarter => "quarter",
        }
    }

    /// Looks a choice up by id.
    pub fn from_id(id: &str) -> Option<Displacement> {
        Self::ALL.into_iter().find(|d| d.id() == id)
    }

    /// [`Self::origin`] for a possibly fractional step (the classic law's off-grid octaves):
    /// the same whole-pixel shift, `-floor(step / 2)` or `-floor(step / 4)`.
    pub fn origin_f64(self, step: f64) -> f64 {
        match self {
            Displacement::None => 0.0,
            Displacement::Half => -(step / 2.0).floor(),
            Displacement::Quarter => -(step / 4.0).floor(),
        }
    }

    /// The lattice origin for an octave of the given step (integer division, as the original).
    pub fn origin(self, step: i32) -> i32 {
        match self {
            Displacement::None => 0,
            Displacement::Half => -step / 2,
            Displacement::Quarter => -step / 4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displacement_origins() {
        assert_eq!(Displacement::Half.origin(64), -32);
        assert_eq!(Displacement::Quarter.origin(2), 0);
        assert_eq!(Displacement::Quarter.origin(4), -1);
    }
}
