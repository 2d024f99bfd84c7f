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
/// - every octave's lattice has the same axes and points, so every octave passes through
///   the coarsest grid's points the same way (gradient noise is 0 at each of them).
///
/// With the round window and turned points (each point's average taken out) every
/// function's spectrum is round whatever the grid does (all 28 score 0.91..1.12), so
/// `--isotropic` shifts each octave's grid instead of turning it: the square grid's
/// rows stay rows, and the fast row kernel computes the linear functions.
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
    /// rotations, so tileable textures still tile exactly). Slower: no row kernel.
    pub rotated_octaves: bool,
    /// Each octave's grid is shifted by its own whole number of pixels (see
    /// [`Isotropy::octave_shift`]), so the octaves share no grid points.
    pub shifted_octaves: bool,
}

impl Isotropy {
    /// The original square lattice.
    pub const OFF: Isotropy = Isotropy {
        round_window: false,
        turned_points: false,
        rotated_octaves: false,
        shifted_octaves: false,
    };

    /// What `--isotropic` and the app's checkbox switch on: the round window, turned
    /// points and shifted octaves.
    pub const FULL: Isotropy = Isotropy {
        round_window: true,
        turned_points: true,
        rotated_octaves: false,
        shifted_octaves: true,
    };

    /// The mode as the first version of it shipped (and the showcase presets keep):
    /// turned octaves in place of shifted ones.
    pub const TURNED: Isotropy = Isotropy {
        round_window: true,
        turned_points: true,
        rotated_octaves: true,
        shifted_octaves: false,
    };

    /// Whether no part is on (the original algorithm).
    pub fn is_off(&self) -> bool {
        *self == Self::OFF
    }

    /// Whether the mode hides the grid in every way: round window, turned points, and
    /// octaves that do not share their grid (shifted or turned).
    pub fn is_full(&self) -> bool {
        self.round_window && self.turned_points && (self.shifted_octaves || self.rotated_octaves)
    }

    /// How far octave `k` of step `step` shifts its grid, in whole pixels along x and y
    /// (0 for octave 0 and without [`Isotropy::shifted_octaves`]): the fractions of the
    /// plastic-number sequence `(k a1, k a2)` of the step, whose points spread evenly, so
    /// no two octaves' grids keep lining up.
    pub fn octave_shift(&self, k: usize, step: f64) -> [f64; 2] {
        if !self.shifted_octaves {
            return [0.0; 2];
        }
        const A: [f64; 2] = [0.754_877_666_246_692_7, 0.569_840_290_998_053_3];
        A.map(|a| ((k as f64 * a).fract() * step).floor())
    }

    /// Each part's preset field name and what it does, for `list` and hover help.
    pub const PARTS: [(&'static str, &'static str); 4] = [
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
            "each octave's grid is turned by its own angle (tileable textures still tile; slower)",
        ),
        (
            "shifted_octaves",
            "each octave's grid is shifted by its own whole pixels, so octaves share no points",
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
                let on = [
                    self.round_window,
                    self.turned_points,
                    self.rotated_octaves,
                    self.shifted_octaves,
                ];
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
                "shifted-octaves" => out.shifted_octaves = true,
                other => {
                    return Err(format!(
                        "unknown isotropy part '{other}'; use true, false, or parts from \
                         round-window, turned-points, rotated-octaves, shifted-octaves \
                         (comma-separated)"
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
        for parts in 0..16u8 {
            let i = Isotropy {
                round_window: parts & 1 != 0,
                turned_points: parts & 2 != 0,
                rotated_octaves: parts & 4 != 0,
                shifted_octaves: parts & 8 != 0,
            };
            assert_eq!(Isotropy::parse(&i.spec()), Ok(i));
        }
        assert!(
            Isotropy::parse("round")
                .unwrap_err()
                .contains("round-window")
        );
        assert!(Isotropy::FULL.is_full() && Isotropy::TURNED.is_full());
        // A preset saved before shifted octaves existed keeps its meaning.
        let old = "(round_window: true, turned_points: true, rotated_octaves: true)";
        assert_eq!(ron::from_str::<Isotropy>(old).unwrap(), Isotropy::TURNED);
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

#[cfg(test)]
mod shift_tests {
    use super::*;

    #[test]
    fn shifts_are_whole_pixels_within_the_step_and_octave_zero_keeps_its_grid() {
        assert_eq!(Isotropy::FULL.octave_shift(0, 128.0), [0.0; 2]);
        assert_eq!(Isotropy::TURNED.octave_shift(3, 128.0), [0.0; 2]);
        let mut seen = std::collections::HashSet::new();
        for k in 1..12 {
            let s = Isotropy::FULL.octave_shift(k, 64.0);
            for c in s {
                assert!(c.fract() == 0.0 && (0.0..64.0).contains(&c), "{k} {s:?}");
            }
            seen.insert(s.map(|c| c as i64));
        }
        assert_eq!(seen.len(), 11, "{seen:?}");
    }
}
