//! [`Cellular`]: the cellular (Worley) family, a layer kind beside the lattice functions.

use super::cell_distance::CellDistance;
use super::cell_output::CellOutput;
use serde::{Deserialize, Serialize};

/// A cellular noise on the layer's lattice: one feature point per cell, placed by the
/// layer's random source and seed, the 3 x 3 cells around a pixel searched for the
/// nearest two. Octaves, amplitudes, displacement, tiling and warp work as for the
/// lattice functions; the proximity function, fade and isotropic mode do not apply.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Cellular {
    /// What a pixel's value is made of.
    pub output: CellOutput,
    /// How distances are measured.
    pub distance: CellDistance,
    /// 0..=1: how far a point may stray from its cell's centre (1: anywhere in the cell;
    /// 0: a regular grid).
    pub jitter: f32,
}

impl Default for Cellular {
    fn default() -> Self {
        Cellular {
            output: CellOutput::F1,
            distance: CellDistance::Euclidean,
            jitter: 1.0,
        }
    }
}

impl Cellular {
    /// Whether the jitter is a number in `0..=1`.
    pub fn jitter_is_valid(&self) -> bool {
        (0.0..=1.0).contains(&self.jitter)
    }

    /// The command line's value: `OUTPUT[,DISTANCE][,jitter=J]`, the parts left out
    /// when they are the defaults (`f2-f1`, `f1,manhattan,jitter=0.8`).
    pub fn spec(&self) -> String {
        let default = Cellular::default();
        let mut parts = vec![self.output.id().to_owned()];
        if self.distance != default.distance {
            parts.push(self.distance.id().to_owned());
        }
        if self.jitter != default.jitter {
            parts.push(format!("jitter={}", self.jitter));
        }
        parts.join(",")
    }

    /// Reads [`Self::spec`]'s form (parts in any order after the output, which may be
    /// left out for `f1`); the error names the valid values.
    pub fn parse(spec: &str) -> Result<Cellular, String> {
        let mut out = Cellular::default();
        for part in spec.split(',').map(str::trim) {
            if let Some(j) = part.strip_prefix("jitter=") {
                out.jitter = j
                    .parse::<f32>()
                    .ok()
                    .filter(|j| (0.0..=1.0).contains(j))
                    .ok_or_else(|| format!("jitter '{j}' must be a number from 0 to 1"))?;
            } else if let Some(o) = CellOutput::from_id(part) {
                out.output = o;
            } else if let Some(d) = CellDistance::from_id(part) {
                out.distance = d;
            } else {
                let ids = |ids: &mut dyn Iterator<Item = &'static str>| {
                    ids.collect::<Vec<_>>().join(", ")
                };
                return Err(format!(
                    "unknown cellular part '{part}'; use an output ({}), a distance ({}) \
                     and jitter=J (0 to 1), comma-separated, or 'off'",
                    ids(&mut CellOutput::ALL.iter().map(|o| o.id())),
                    ids(&mut CellDistance::ALL.iter().map(|d| d.id())),
                ));
            }
        }
        Ok(out)
    }

    /// [`Self::parse`], or `None` for `off` (a lattice layer): the command line's
    /// `--cellular` value.
    pub fn parse_option(spec: &str) -> Result<Option<Cellular>, String> {
        match spec.trim() {
            "off" | "false" => Ok(None),
            spec => Self::parse(spec).map(Some),
        }
    }

    /// [`Self::spec`] of a layer's setting, `off` for none.
    pub fn option_spec(c: Option<Cellular>) -> String {
        c.map_or_else(|| "off".to_owned(), |c| c.spec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_and_errors_name_the_choices() {
        for output in CellOutput::ALL {
            for distance in CellDistance::ALL {
                for jitter in [0.0, 0.35, 1.0] {
                    let c = Cellular {
                        output,
                        distance,
                        jitter,
                    };
                    assert_eq!(Cellular::parse(&c.spec()), Ok(c));
                    assert_eq!(Cellular::parse_option(&c.spec()), Ok(Some(c)));
                }
            }
        }
        assert_eq!(Cellular::default().spec(), "f1");
        assert_eq!(Cellular::parse_option("off"), Ok(None));
        assert_eq!(Cellular::option_spec(None), "off");
        let e = Cellular::parse("f3").unwrap_err();
        assert!(e.contains("f2-f1") && e.contains("chebyshev"), "{e}");
        assert!(Cellular::parse("jitter=2").unwrap_err().contains("0 to 1"));
        assert!(Cellular::parse("jitter=NaN").is_err());
    }

    #[test]
    fn presets_spell_outputs_as_on_the_command_line() {
        for o in CellOutput::ALL {
            let text = ron::to_string(&o).unwrap();
            // Ids with a dash are RON raw identifiers, as `r#original-table` is.
            assert_eq!(text.trim_start_matches("r#"), o.id(), "{o:?}");
            assert_eq!(ron::from_str::<CellOutput>(&text).unwrap(), o);
        }
        let back: Cellular = ron::from_str("(output: r#f2-f1, jitter: 0.5)").unwrap();
        assert_eq!(back.output, CellOutput::F2MinusF1);
        assert_eq!(back.distance, CellDistance::Euclidean);
    }
}
