//! Colour ramps: a gradient of RGBA stops that turns the mapped grey into colour.

use super::output_error::OutputError;
use serde::{Deserialize, Serialize};

/// One stop of a ramp: at grey `position` (0..1) the colour is `color`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RampStop {
    /// Where the stop sits on the 0..1 grey axis (values outside still sort, and clamp).
    pub position: f32,
    /// Straight (not premultiplied) RGBA.
    pub color: [u8; 4],
}

/// A gradient with any number of stops, applied after contrast/luminance to the grey.
///
/// Between two stops the colour is interpolated linearly in straight RGBA; below the
/// first stop and above the last one the end colours hold. Stops need not be sorted:
/// sampling sorts them (stably, so equal positions make a hard edge in list order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColorRamp {
    /// The stops, in any order.
    pub stops: Vec<RampStop>,
}

/// Most stops a ramp may have (a preset, PNGs included, must stay small enough to load).
pub const MAX_STOPS: usize = 256;

/// Ids of the built-in ramps, in menu order.
pub const BUILTIN_IDS: [&str; 8] = [
    "greyscale",
    "terrain",
    "clouds",
    "lava",
    "marble",
    "ice",
    "wood",
    "heat",
];

fn ramp(stops: &[(f32, [u8; 4])]) -> ColorRamp {
    ColorRamp {
        stops: stops
            .iter()
            .map(|&(position, color)| RampStop { position, color })
            .collect(),
    }
}

impl Default for ColorRamp {
    fn default() -> Self {
        Self::greyscale()
    }
}

impl ColorRamp {
    /// Black to white, opaque: the same pixels as the grey output.
    pub fn greyscale() -> ColorRamp {
        ramp(&[(0.0, [0, 0, 0, 255]), (1.0, [255, 255, 255, 255])])
    }

    /// A built-in ramp by id (see [`BUILTIN_IDS`]).
    pub fn builtin(id: &str) -> Option<ColorRamp> {
        let r = match id {
            "greyscale" => Self::greyscale(),
            "terrain" => ramp(&[
                (0.0, [8, 24, 88, 255]),
                (0.40, [30, 90, 170, 255]),
                (0.47, [70, 150, 200, 255]),
                (0.50, [220, 205, 150, 255]),
                (0.55, [80, 150, 60, 255]),
                (0.70, [40, 100, 40, 255]),
                (0.82, [120, 100, 80, 255]),
                (0.92, [170, 165, 160, 255]),
                (1.0, [255, 255, 255, 255]),
            ]),
            "clouds" => ramp(&[
                (0.0, [60, 120, 210, 255]),
                (0.45, [110, 165, 230, 255]),
                (0.75, [235, 240, 248, 255]),
                (1.0, [255, 255, 255, 255]),
            ]),
            "lava" => ramp(&[
                (0.0, [20, 5, 5, 255]),
                (0.45, [90, 10, 5, 255]),
                (0.65, [200, 40, 0, 255]),
                (0.85, [255, 150, 0, 255]),
                (1.0, [255, 250, 180, 255]),
            ]),
            "marble" => ramp(&[
                (0.0, [245, 242, 235, 255]),
                (0.40, [225, 220, 212, 255]),
                (0.48, [120, 115, 110, 255]),
                (0.52, [60, 58, 56, 255]),
                (0.60, [200, 196, 188, 255]),
                (1.0, [250, 248, 244, 255]),
            ]),
            "ice" => ramp(&[
                (0.0, [0, 30, 60, 255]),
                (0.5, [90, 170, 220, 255]),
                (1.0, [240, 250, 255, 255]),
            ]),
            "wood" => ramp(&[
                (0.0, [90, 50, 20, 255]),
                (0.3, [150, 95, 45, 255]),
                (0.5, [110, 65, 30, 255]),
                (0.7, [170, 115, 60, 255]),
                (1.0, [120, 75, 35, 255]),
            ]),
            "heat" => ramp(&[
                (0.0, [0, 0, 0, 255]),
                (0.33, [180, 0, 0, 255]),
                (0.66, [255, 200, 0, 255]),
                (1.0, [255, 255, 255, 255]),
            ]),
            _ => return None,
        };
        Some(r)
    }

    /// The built-in id this ramp equals, if any (so the UI and command line can name it).
    pub fn builtin_id(&self) -> Option<&'static str> {
        BUILTIN_IDS
            .into_iter()
            .find(|id| Self::builtin(id).as_ref() == Some(self))
    }

    /// Refuses an empty ramp, more than [`MAX_STOPS`] stops and non-finite positions.
    pub fn validate(&self) -> Result<(), OutputError> {
        if self.stops.len() > MAX_STOPS {
            return Err(OutputError::TooManyStops {
                stops: self.stops.len(),
                max: MAX_STOPS,
            });
        }
        if self.stops.is_empty() {
            return Err(OutputError::Ramp {
                message: "a colour ramp needs at least one stop".to_owned(),
            });
        }
        if let Some(i) = self.stops.iter().position(|s| !s.position.is_finite()) {
            return Err(OutputError::Ramp {
                message: format!("stop {} has a position that is not a finite number", i + 1),
            });
        }
        Ok(())
    }

    /// The stops sorted by position (stable), non-finite positions dropped.
    pub fn sorted_stops(&self) -> Vec<RampStop> {
        let mut s: Vec<RampStop> = self
            .stops
            .iter()
            .copied()
            .filter(|s| s.position.is_finite())
            .collect();
        s.sort_by(|a, b| a.position.total_cmp(&b.position));
        s
    }

    /// Prepares the ramp for sampling many pixels.
    pub fn sampler(&self) -> RampSampler {
        let stops = self.sorted_stops();
        RampSampler {
            stops: if stops.is_empty() {
                Self::greyscale().stops
            } else {
                stops
            },
        }
    }

    /// The colour at grey `t` (convenience; use [`ColorRamp::sampler`] for images).
    pub fn sample(&self, t: f32) -> [u8; 4] {
        self.sampler().sample(t)
    }

    /// Parses a command-line ramp: a built-in id, or stops `POS:RRGGBB[AA],...`
    /// (hex colour, optional `#`), e.g. `0:000000,0.5:ff0000,1:ffffff80`.
    pub fn parse(spec: &str) -> Result<ColorRamp, String> {
        let spec = spec.trim();
        if let Some(r) = Self::builtin(spec) {
            return Ok(r);
        }
        if !spec.contains(':') {
            return Err(format!(
                "unknown ramp '{spec}'; built-in ramps: {}; or give stops as POS:RRGGBB[AA],...",
                BUILTIN_IDS.join(", ")
            ));
        }
        let stops = spec
            .split(',')
            .map(parse_stop)
            .collect::<Result<Vec<_>, _>>()?;
        let r = ColorRamp { stops };
        r.validate().map_err(|e| e.to_string())?;
        Ok(r)
    }

    /// The inverse of [`ColorRamp::parse`]: the built-in id, or the stops list.
    pub fn to_spec(&self) -> String {
        if let Some(id) = self.builtin_id() {
            return id.to_owned();
        }
        let parts: Vec<String> = self
            .stops
            .iter()
            .map(|s| {
                let [r, g, b, a] = s.color;
                format!("{}:{r:02x}{g:02x}{b:02x}{a:02x}", s.position)
            })
            .collect();
        parts.join(",")
    }
}

/// The bytes of hex digits (`ff8000` -> `[255, 128, 0]`), optionally after one `#`;
/// `None` unless every character is a hex digit (`u8::from_str_radix` alone would take
/// `+f` as 15) and there is an even number of them.
pub fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    let hex = text.strip_prefix('#').unwrap_or(text);
    if hex.is_empty() || !hex.len().is_multiple_of(2) || !hex.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return None;
    }
    hex.as_bytes()
        .chunks_exact(2)
        .map(|pair| {
            std::str::from_utf8(pair)
                .ok()
                .and_then(|p| u8::from_str_radix(p, 16).ok())
        })
        .collect()
}

fn parse_stop(text: &str) -> Result<RampStop, String> {
    let bad = || format!("bad ramp stop '{text}': expected POS:RRGGBB or POS:RRGGBBAA");
    let (pos, hex) = text.trim().split_once(':').ok_or_else(bad)?;
    let position: f32 = pos.trim().parse().map_err(|_| bad())?;
    let color = match hex_bytes(hex.trim()).as_deref() {
        Some(&[r, g, b]) => [r, g, b, 255],
        Some(&[r, g, b, a]) => [r, g, b, a],
        _ => return Err(bad()),
    };
    Ok(RampStop { position, color })
}

/// A ramp ready to colour pixels: stops sorted, never empty.
#[derive(Clone, Debug)]
pub struct RampSampler {
    stops: Vec<RampStop>,
}

impl RampSampler {
    /// The straight RGBA colour at grey `t` (NaN counts as 0).
    pub fn sample(&self, t: f32) -> [u8; 4] {
        let t = if t.is_nan() { 0.0 } else { t };
        let Some(first) = self.stops.first() else {
            return [0, 0, 0, 255];
        };
        // Index of the first stop strictly after t: equal positions take the later stop,
        // which makes duplicate positions a hard edge.
        let i = self.stops.partition_point(|s| s.position <= t);
        if i == 0 {
            return first.color;
        }
        if i == self.stops.len() {
            return self.stops[i - 1].color;
        }
        let (a, b) = (self.stops[i - 1], self.stops[i]);
        let f = (t - a.position) / (b.position - a.position);
        std::array::from_fn(|c| {
            let (ca, cb) = (f32::from(a.color[c]), f32::from(b.color[c]));
            (ca + (cb - ca) * f).round().clamp(0.0, 255.0) as u8
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_takes_digits_only() {
        assert_eq!(hex_bytes("ff8000"), Some(vec![255, 128, 0]));
        assert_eq!(hex_bytes("#0A0b0C"), Some(vec![10, 11, 12]));
        for bad in [
            "+f+f+f",
            "-f0000",
            " fff00",
            "ff80",
            "ff800",
            "",
            "#",
            "gg0000",
            "ｆｆ0000",
        ] {
            assert!(hex_bytes(bad).is_none_or(|b| b.len() != 3), "{bad}");
        }
        assert!(ColorRamp::parse("0:+f+f+f").is_err());
        assert!(ColorRamp::parse("0:ff0000,1:0000ff80").is_ok());
    }

    fn two() -> ColorRamp {
        ramp(&[(0.25, [0, 100, 200, 0]), (0.75, [200, 100, 0, 255])])
    }

    #[test]
    fn interpolates_at_and_between_stops() {
        let r = two();
        assert_eq!(r.sample(0.25), [0, 100, 200, 0]);
        assert_eq!(r.sample(0.75), [200, 100, 0, 255]);
        // A quarter of the way: 0 + 200/4, 200 - 200/4, alpha 255/4 = 63.75 -> 64.
        assert_eq!(r.sample(0.375), [50, 100, 150, 64]);
        assert_eq!(r.sample(0.5), [100, 100, 100, 128]);
        // Outside the stops the end colours hold.
        assert_eq!(r.sample(0.0), [0, 100, 200, 0]);
        assert_eq!(r.sample(1.0), [200, 100, 0, 255]);
    }

    #[test]
    fn unsorted_stops_are_sorted() {
        let mut r = two();
        r.stops.reverse();
        r.stops.push(RampStop {
            position: 0.5,
            color: [9, 9, 9, 9],
        });
        assert_eq!(r.sample(0.5), [9, 9, 9, 9]);
        // Halfway between the neighbouring stops (x.5 rounds up).
        assert_eq!(r.sample(0.375), [5, 55, 105, 5]);
        assert_eq!(r.sample(0.625), [105, 55, 5, 132]);
    }

    #[test]
    fn single_stop_is_constant() {
        let r = ramp(&[(0.7, [1, 2, 3, 4])]);
        r.validate().unwrap();
        for t in [0.0, 0.7, 1.0, f32::NAN] {
            assert_eq!(r.sample(t), [1, 2, 3, 4]);
        }
    }

    #[test]
    fn validate_refuses_nan_and_empty() {
        let mut r = two();
        r.stops[1].position = f32::NAN;
        let e = r.validate().unwrap_err().to_string();
        assert!(e.contains("stop 2"), "{e}");
        assert!(ColorRamp { stops: vec![] }.validate().is_err());
    }

    #[test]
    fn greyscale_matches_grey() {
        let r = ColorRamp::greyscale().sampler();
        for g in 0..=255u8 {
            let t = f32::from(g) / 255.0;
            assert_eq!(r.sample(t), [g, g, g, 255]);
        }
    }

    #[test]
    fn builtins_exist_validate_and_name_themselves() {
        for id in BUILTIN_IDS {
            let r = ColorRamp::builtin(id).unwrap();
            r.validate().unwrap();
            assert_eq!(r.builtin_id(), Some(id));
        }
        assert!(ColorRamp::builtin("nope").is_none());
    }

    #[test]
    fn spec_round_trips() {
        let r = ramp(&[(0.1, [1, 2, 3, 4]), (0.95, [255, 0, 128, 255])]);
        assert_eq!(ColorRamp::parse(&r.to_spec()).unwrap(), r);
        assert_eq!(ColorRamp::parse("lava").unwrap().to_spec(), "lava");
        assert_eq!(
            ColorRamp::parse("0:#ff0000").unwrap().stops[0].color,
            [255, 0, 0, 255]
        );
        for bad in ["banana", "0:ff", "x:ffffff", "0:gggggg", "nan:ffffff"] {
            assert!(ColorRamp::parse(bad).is_err(), "{bad}");
        }
    }
}
