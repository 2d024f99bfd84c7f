//! [`CellOutput`]: what the cellular noise returns at a pixel.

use crate::lane::Lane;
use serde::{Deserialize, Serialize};

/// What a cellular octave's value is made of, from the distances to the nearest (`F1`)
/// and second-nearest (`F2`) feature points, in cells. Each output has its mean (measured
/// at jitter 1: F1 0.43, F2 0.70, F2 - F1 0.27, F1 / F2 0.62) taken out, rounded, so a
/// cellular layer centres on middle grey like the lattice functions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellOutput {
    /// `F1 - 0.45`: dark at the feature points, bright at the cells' edges.
    #[default]
    F1,
    /// `F2 - 0.7`: blobs with creases where cells meet.
    F2,
    /// `F2 - F1 - 0.25`: thin dark edges between cells (cracks, veins).
    #[serde(rename = "f2-f1")]
    F2MinusF1,
    /// `F1 / F2 - 0.6`: edges with a soft rounded fill.
    #[serde(rename = "f1-over-f2")]
    F1OverF2,
    /// Half the nearest point's own random value: flat cells (cobbles, scales, mosaics).
    CellValue,
}

impl CellOutput {
    /// Every output, in menu order.
    pub const ALL: [CellOutput; 5] = [
        CellOutput::F1,
        CellOutput::F2,
        CellOutput::F2MinusF1,
        CellOutput::F1OverF2,
        CellOutput::CellValue,
    ];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            CellOutput::F1 => "f1",
            CellOutput::F2 => "f2",
            CellOutput::F2MinusF1 => "f2-f1",
            CellOutput::F1OverF2 => "f1-over-f2",
            CellOutput::CellValue => "cell-value",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            CellOutput::F1 => "F1 (nearest point)",
            CellOutput::F2 => "F2 (second nearest)",
            CellOutput::F2MinusF1 => "F2 - F1 (edges)",
            CellOutput::F1OverF2 => "F1 / F2 (soft edges)",
            CellOutput::CellValue => "Cell value (flat cells)",
        }
    }

    /// What it looks like, for `list` and hover help.
    pub fn formula(self) -> &'static str {
        match self {
            CellOutput::F1 => "F1 - 0.45: dark at the points, bright at the cell edges",
            CellOutput::F2 => "F2 - 0.7: blobs creased where cells meet",
            CellOutput::F2MinusF1 => "F2 - F1 - 0.25: thin dark edges (cracks, veins)",
            CellOutput::F1OverF2 => "F1 / F2 - 0.6: edges with a rounded fill",
            CellOutput::CellValue => "0.5 r: each cell flat at its point's random value",
        }
    }

    /// The output an id names.
    pub fn from_id(id: &str) -> Option<CellOutput> {
        Self::ALL.into_iter().find(|o| o.id() == id)
    }

    /// The octave's value from `F1` and `F2` in cells and the nearest point's random
    /// number `r` (in `-1..=1`).
    #[inline(always)]
    pub(crate) fn value<V: Lane>(self, f1: V, f2: V, r: V) -> V {
        let k = |c: f32| f1.splat(c);
        match self {
            CellOutput::F1 => f1 - k(0.45),
            CellOutput::F2 => f2 - k(0.7),
            CellOutput::F2MinusF1 => (f2 - f1) - k(0.25),
            // Two points can coincide (with jitter 1 both may sit on their shared
            // edge), making both distances 0 at that pixel: the ratio is then 0.
            CellOutput::F1OverF2 => f1 / f2.mx(k(f32::MIN_POSITIVE)) - k(0.6),
            CellOutput::CellValue => k(0.5) * r,
        }
    }
}
