//! [`Isotropy`]: the parts of the isotropic mode, which hides the square lattice.

use serde::{Deserialize, Serialize};

/// Which of the isotropic mode's parts a noise uses. All off (the default) is the
/// original algorithm, bit for bit; all on is `--isotropic`.
///
/// The square lattice shows in three ways, and each part answers one of them (figures
/// from the power spectrum of renders, worst 3-degree wedge over the mean):
/// - a point's weight is `fade(x) * fade(y)`, a square window;
/// - a function keeps its orientation at every lattice point, and random vectors drawn
///   in a square lean to the diagonals;
/// - every octave's lattice has the same axes, so creases line up across octaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Isotropy {
    /// A lattice point weighs `fade(distance / step)` (zero from one step away) instead
    /// of `fade(x / step) * fade(y / step)`.
    pub round_window: bool,
    /// Each lattice point turns its function by its own random angle, uniform on the
    /// circle: gradients point every way equally, and asymmetric functions lose their
    /// common orientation.
    pub turned_points: bool,
    /// Each octave's lattice is turned by its own angle (one of a fixed set of integer
    /// rotations, so tileable textures still tile exactly).
    pub rotated_octaves: bool,
}

impl Isotropy {
    /// The original square lattice.
    pub const OFF: Isotropy = Isotropy {
        round_window: false,
        turned_points: false,
        rotated_octaves: false,
    };

    /// Every part: what `--isotropic` and the app's checkbox switch on.
    pub const FULL: Isotropy = Isotropy {
        round_window: true,
        turned_points: true,
        rotated_octaves: true,
    };

    /// Whether no part is on (the original algorithm).
    pub fn is_off(&self) -> bool {
        *self == Self::OFF
    }

    /// Each part's preset field name and what it does, for `list` and hover help.
    pub const PARTS: [(&'static str, &'static str); 3] = [
        (
            "round_window",
            "a grid point weighs fade(distance / step): a round window, not a square one",
        ),
        (
            "turned_points",
            "each grid point turns its function by a random angle (its average taken out)",
        ),
        (
            "rotated_octaves",
            "each octave's grid is turned by its own angle (tileable textures still tile)",
        ),
    ];
}

impl Isotropy {
    /// The command line's value: `true` (every part), `false` (none), or the parts on,
    /// comma-separated by their ids (`round-window,turned-points`).
    pub fn spec(&self) -> String {
        match *self {
            Self::FULL => "true".to_owned(),
            Self::OFF => "false".to_owned(),
            _ => {
                let on = [self.round_window, self.turned_points, self.rotated_octaves];
                let ids = Self::PARTS.iter().zip(on).filter(|(_, on)| *on);
                let ids: Vec<String> = ids.map(|((name, _), _)| name.replace('_', "-")).collect();
                ids.join(",")
            }
        }
    }

    /// Reads [`Self::spec`]'s forms; the error names the valid ones.
    pub fn parse(spec: &str) -> Result<Isotropy, String> {
        match spec {
            "true" => return Ok(Self::FULL),
            "false" => return Ok(Self::OFF),
            _ => {}
        }
        let mut out = Self::OFF;
        for id in spec.split(',') {
            match id.trim() {
                "round-window" => out.round_window = true,
                "turned-points" => out.turned_points = true,
                "rotated-octaves" => out.rotated_octaves = true,
                other => {
                    return Err(format!(
                        "unknown isotropy part '{other}'; use true, false, or parts from \
                         round-window, turned-points, rotated-octaves (comma-separated)"
                    ));
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_is_the_default_and_full_is_every_part() {
        assert!(Isotropy::default().is_off());
        assert!(!Isotropy::FULL.is_off());
        let text = ron::to_string(&Isotropy::FULL).unwrap();
        for (name, _) in Isotropy::PARTS {
            assert!(text.contains(name), "{text}");
        }
        for parts in 0..8u8 {
            let i = Isotropy {
                round_window: parts & 1 != 0,
                turned_points: parts & 2 != 0,
                rotated_octaves: parts & 4 != 0,
            };
            assert_eq!(Isotropy::parse(&i.spec()), Ok(i));
        }
        assert!(
            Isotropy::parse("round")
                .unwrap_err()
                .contains("round-window")
        );
        let back: Isotropy = ron::from_str("(round_window: true)").unwrap();
        assert_eq!(
            back,
            Isotropy {
                round_window: true,
                ..Isotropy::OFF
            }
        );
    }
}
