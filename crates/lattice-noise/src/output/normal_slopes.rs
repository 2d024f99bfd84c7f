//! [`NormalSlopes`]: where normal maps and the lit view take a texture's slopes from.

use serde::{Deserialize, Serialize};

/// Where normal maps and the lit view take their slopes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NormalSlopes {
    /// The noise's own slope at each pixel, for a texture that is one noise (octaves of
    /// four pixels and up); other textures fall back to differences.
    #[default]
    #[serde(rename = "exact")]
    Exact,
    /// Central differences of neighbouring pixels, for every texture: softer on the
    /// finest octaves, and about a third of the exact slopes' time.
    #[serde(rename = "differences")]
    Differences,
}

impl NormalSlopes {
    /// Both sources, in menu order.
    pub const ALL: [NormalSlopes; 2] = [NormalSlopes::Exact, NormalSlopes::Differences];

    /// The id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            NormalSlopes::Exact => "exact",
            NormalSlopes::Differences => "differences",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            NormalSlopes::Exact => "Exact (the noise's own)",
            NormalSlopes::Differences => "Differences of pixels",
        }
    }

    /// Looks a source up by id.
    pub fn from_id(id: &str) -> Option<NormalSlopes> {
        Self::ALL.into_iter().find(|c| c.id() == id)
    }

    /// Whether this is the default ([`NormalSlopes::Exact`]), which presets leave out.
    pub fn is_default(&self) -> bool {
        *self == NormalSlopes::default()
    }
}
