//! Parsers of the octave flags (`--octaves`, `--octave-law`, `--lacunarity`, `--origin`):
//! each bad value is refused with the rule in one line.

use crate::engine::{MAX_OCTAVES, NoiseParams, OctaveLaw};

/// What `--octaves` asks for: a fixed count, or `auto` (down to one-pixel steps at any
/// size, [`NoiseParams::auto_octaves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OctaveCount {
    /// This many octaves (those with a step below one pixel are skipped).
    Count(u32),
    /// As many octaves as the size has room for.
    Auto,
}

impl OctaveCount {
    /// Applies the choice to `noise`; a fixed count switches auto off.
    pub fn set(self, noise: &mut NoiseParams) {
        match self {
            OctaveCount::Count(k) => {
                noise.octaves = k;
                noise.auto_octaves = false;
            }
            OctaveCount::Auto => noise.auto_octaves = true,
        }
    }
}

/// `auto` or a whole number of octaves in 0..=MAX_OCTAVES.
pub(super) fn parse_octaves(s: &str) -> Result<OctaveCount, String> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("auto") {
        return Ok(OctaveCount::Auto);
    }
    match t.parse::<u32>() {
        Ok(k) if k <= MAX_OCTAVES => Ok(OctaveCount::Count(k)),
        _ => Err(format!(
            "octaves {s} is not allowed: give auto or a whole number from 0 to {MAX_OCTAVES}"
        )),
    }
}

/// Largest origin component the parameters accept (cells of octave 0).
const MAX_ORIGIN: f64 = 1e9;

/// `original` or `classic`.
pub(super) fn parse_octave_law(id: &str) -> Result<OctaveLaw, String> {
    OctaveLaw::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = OctaveLaw::ALL.iter().map(|l| l.id()).collect();
        format!("unknown octave law '{id}'; valid ids: {}", ids.join(", "))
    })
}

/// A finite lacunarity in 1.1..=16.
pub(super) fn parse_lacunarity(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (1.1..=16.0).contains(&v) => Ok(v),
        Ok(_) => Err(format!("lacunarity '{s}' is out of range (1.1..=16)")),
        Err(_) => Err(format!("lacunarity '{s}' is not a number")),
    }
}

/// `X,Y`: two finite numbers of at most 1e9 cells each.
pub(super) fn parse_origin(s: &str) -> Result<[f64; 2], String> {
    let bad = || format!("origin '{s}' must be X,Y with two finite numbers, e.g. 256,-3.5");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let num = |t: &str| t.trim().parse::<f64>().map_err(|_| bad());
    let o = [num(x)?, num(y)?];
    if !o.iter().all(|v| v.is_finite()) {
        return Err(bad());
    }
    if o.iter().any(|v| v.abs() > MAX_ORIGIN) {
        return Err(format!(
            "origin '{s}' is out of range (each coordinate within ±{MAX_ORIGIN:e} cells)"
        ));
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octave_flags_parse_and_refuse() {
        assert_eq!(parse_octaves("auto"), Ok(OctaveCount::Auto));
        assert_eq!(parse_octaves("0"), Ok(OctaveCount::Count(0)));
        assert_eq!(parse_octaves("32"), Ok(OctaveCount::Count(32)));
        for bad in ["33", "99", "-1", "1.5", "", "many"] {
            let e = parse_octaves(bad).unwrap_err();
            assert!(
                e.contains(&format!("octaves {bad} ")) && e.contains("auto"),
                "{e}"
            );
        }
        let mut n = NoiseParams {
            auto_octaves: true,
            ..NoiseParams::default()
        };
        OctaveCount::Count(5).set(&mut n);
        assert_eq!((n.octaves, n.auto_octaves), (5, false));
        OctaveCount::Auto.set(&mut n);
        assert_eq!((n.octaves, n.auto_octaves), (5, true));
        assert_eq!(parse_octave_law("classic"), Ok(OctaveLaw::Classic));
        let e = parse_octave_law("fbm").unwrap_err();
        assert!(e.contains("fbm") && e.contains("original"), "{e}");
        assert_eq!(parse_lacunarity("2.5"), Ok(2.5));
        for bad in ["1", "16.5", "NaN", "inf", "x"] {
            assert!(parse_lacunarity(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_origin("256,-3.5"), Ok([256.0, -3.5]));
        assert_eq!(parse_origin(" -1 , 2 "), Ok([-1.0, 2.0]));
        for bad in ["1", "1,2,3", "NaN,0", "0,inf", "2e9,0", "a,b", ""] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
    }
}
