//! The octave law: how steps and amplitudes progress from octave to octave.

use serde::{Deserialize, Serialize};

/// How octave steps and amplitudes progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OctaveLaw {
    /// The original tool: step halves each octave (integer division), amplitude
    /// `(step / size)^(1 - persistence)`.
    #[default]
    Original,
    /// The classic fBm law: step divided by `lacunarity` each octave, amplitude multiplied
    /// by `persistence` (octave 0 has amplitude 1).
    Classic,
}

impl OctaveLaw {
    /// Every law, in menu order.
    pub const ALL: [OctaveLaw; 2] = [OctaveLaw::Original, OctaveLaw::Classic];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            OctaveLaw::Original => "original",
            OctaveLaw::Classic => "classic",
        }
    }

    /// Looks a law up by id.
    pub fn from_id(id: &str) -> Option<OctaveLaw> {
        Self::ALL.into_iter().find(|l| l.id() == id)
    }
}
