//! [`CellDistance`]: how the cellular noise measures the distance to a feature point.

use serde::{Deserialize, Serialize};

/// The metric of the cellular noise's distances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellDistance {
    /// `sqrt(dx^2 + dy^2)`: round cells.
    #[default]
    Euclidean,
    /// `|dx| + |dy|`: diamond-shaped distance fields.
    Manhattan,
    /// `max(|dx|, |dy|)`: square distance fields.
    Chebyshev,
}

impl CellDistance {
    /// Every metric, in menu order.
    pub const ALL: [CellDistance; 3] = [
        CellDistance::Euclidean,
        CellDistance::Manhattan,
        CellDistance::Chebyshev,
    ];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            CellDistance::Euclidean => "euclidean",
            CellDistance::Manhattan => "manhattan",
            CellDistance::Chebyshev => "chebyshev",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            CellDistance::Euclidean => "Euclidean",
            CellDistance::Manhattan => "Manhattan",
            CellDistance::Chebyshev => "Chebyshev",
        }
    }

    /// The formula, for `list` and hover help.
    pub fn formula(self) -> &'static str {
        match self {
            CellDistance::Euclidean => "sqrt(dx^2 + dy^2): round cells",
            CellDistance::Manhattan => "|dx| + |dy|: diamond-shaped fields",
            CellDistance::Chebyshev => "max(|dx|, |dy|): square fields",
        }
    }

    /// The metric an id names.
    pub fn from_id(id: &str) -> Option<CellDistance> {
        Self::ALL.into_iter().find(|d| d.id() == id)
    }
}
