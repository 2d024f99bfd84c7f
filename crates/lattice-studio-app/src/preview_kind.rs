//! [`PreviewKind`]: whether the designer shows the texture flat or as a 3D terrain;
//! shared by the command line (`--view`) and the app.

use serde::{Deserialize, Serialize};

/// How the designer's preview shows the texture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PreviewKind {
    /// The flat image (grey, coloured, semi-transparent or lit).
    #[default]
    Flat,
    /// The heightmap as a lit 3D surface.
    Terrain,
}

impl PreviewKind {
    /// Both kinds, in switch order.
    pub const ALL: [PreviewKind; 2] = [PreviewKind::Flat, PreviewKind::Terrain];

    /// The id used on the command line (`--view 2d|3d`).
    pub fn id(self) -> &'static str {
        match self {
            PreviewKind::Flat => "2d",
            PreviewKind::Terrain => "3d",
        }
    }

    /// Looks a kind up by id.
    pub fn from_id(id: &str) -> Option<PreviewKind> {
        Self::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The switch's label.
    pub fn label(self) -> &'static str {
        match self {
            PreviewKind::Flat => "2D",
            PreviewKind::Terrain => "3D",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_in_ron_and_on_the_command_line() {
        for k in PreviewKind::ALL {
            assert_eq!(PreviewKind::from_id(k.id()), Some(k));
            let text = ron::to_string(&k).unwrap();
            assert_eq!(ron::from_str::<PreviewKind>(&text).unwrap(), k);
        }
        assert_eq!(PreviewKind::from_id("4d"), None);
    }
}
