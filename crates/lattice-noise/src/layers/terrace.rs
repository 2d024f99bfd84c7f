//! [`Terrace`]: heights cut into flat steps joined by smooth risers, as terraced fields
//! and layered rock are.

use super::smoothstep::smoothstep;
use serde::{Deserialize, Serialize};

/// Most steps a terrace may have.
pub const MAX_TERRACE_STEPS: u32 = 256;

/// Steps of height `1 / steps`: a height `h` becomes `(k + rise(t)) / steps`, with
/// `k + t = h * steps` (`k` whole, `t` in 0..1). The riser `rise` is 0 on the flat
/// part of each step and climbs to 1 as a smoothstep over its last `softness` of it:
/// softness 0 gives sharp cliffs, 1 gives gentle slopes with only a flat point at each
/// level. Whole multiples of `1 / steps` keep their height.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Terrace {
    /// Steps per unit of height (1..=[`MAX_TERRACE_STEPS`]).
    pub steps: u32,
    /// Share of each step taken by its riser, 0..=1.
    pub softness: f32,
}

impl Default for Terrace {
    fn default() -> Self {
        Self {
            steps: 8,
            softness: 0.3,
        }
    }
}

/// Why a terrace is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TerraceError {
    /// Steps outside 1..=[`MAX_TERRACE_STEPS`].
    #[error("a terrace has 1 to {MAX_TERRACE_STEPS} steps, not {steps}")]
    Steps {
        /// The refused count.
        steps: u32,
    },
    /// Softness NaN or outside 0..=1.
    #[error("terrace softness {softness} is out of range (0..=1)")]
    Softness {
        /// The refused value.
        softness: f32,
    },
    /// Text that is not a terrace.
    #[error("bad terrace '{text}': expected STEPS or STEPS,SOFTNESS such as 8,0.3")]
    Syntax {
        /// The refused text.
        text: String,
    },
}

impl Terrace {
    /// Checks the steps and the softness.
    pub fn validate(&self) -> Result<(), TerraceError> {
        if !(1..=MAX_TERRACE_STEPS).contains(&self.steps) {
            return Err(TerraceError::Steps { steps: self.steps });
        }
        if !(0.0..=1.0).contains(&self.softness) {
            return Err(TerraceError::Softness {
                softness: self.softness,
            });
        }
        Ok(())
    }

    /// The terraced height of `h` (NaN stays NaN).
    #[inline]
    pub fn apply(&self, h: f32) -> f32 {
        let n = self.steps as f32;
        let s = h * n;
        if s.is_nan() {
            return s;
        }
        let k = floor(s);
        let t = s - k;
        // Where the riser starts within the step; at softness 0 it never does (the
        // selects give 0 there whatever the division gave).
        let start = 1.0 - self.softness;
        let rise = smoothstep((t - start) / self.softness);
        let rise = if self.softness > 0.0 { rise } else { 0.0 };
        (k + rise) / n
    }

    /// Reads `STEPS` or `STEPS,SOFTNESS` (the form [`Self::spec`] writes); a missing
    /// softness is the default's.
    pub fn parse(text: &str) -> Result<Terrace, TerraceError> {
        let syntax = || TerraceError::Syntax {
            text: text.to_owned(),
        };
        let (steps, softness) = match text.trim().split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (text.trim(), None),
        };
        let steps: u32 = steps.trim().parse().map_err(|_| syntax())?;
        let softness = match softness {
            Some(s) => s.trim().parse().map_err(|_| syntax())?,
            None => Terrace::default().softness,
        };
        let t = Terrace { steps, softness };
        t.validate()?;
        Ok(t)
    }

    /// The terrace as `STEPS,SOFTNESS`.
    pub fn spec(&self) -> String {
        format!("{},{}", self.steps, self.softness)
    }
}

/// `v.floor()` for a number that is not NaN, without the library call that `floor` is
/// on x86-64 builds without SSE4.1. From 2^23 up every f32 is whole.
#[inline]
fn floor(v: f32) -> f32 {
    if v.abs() < 8_388_608.0 {
        let i = (v as i32 as f32).copysign(v);
        if i > v { i - 1.0 } else { i }
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_flat_and_risers_smooth() {
        let t = Terrace {
            steps: 4,
            softness: 0.5,
        };
        // Levels keep their height; the first half of each step is flat.
        for k in 0..=4 {
            let h = k as f32 / 4.0;
            assert_eq!(t.apply(h), h);
        }
        assert_eq!(t.apply(0.3), 0.25);
        assert_eq!(t.apply(0.374), 0.25);
        // Half way up the riser: half a step.
        assert!((t.apply(0.4375) - 0.375).abs() < 1e-6);
        let mut last = f32::MIN;
        for i in 0..=1000 {
            let v = t.apply(i as f32 / 1000.0);
            assert!(v >= last, "{i}");
            last = v;
        }
        // Continuous at the top of each riser.
        assert!((t.apply(0.4999) - 0.5).abs() < 1e-3);
        let hard = Terrace {
            steps: 4,
            softness: 0.0,
        };
        assert_eq!(hard.apply(0.49), 0.25);
        assert_eq!(hard.apply(-0.1), -0.25);
        assert!(hard.apply(f32::NAN).is_nan());
    }

    #[test]
    fn floor_is_the_library_floor() {
        for v in [
            0.0f32,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            2.999,
            -2.001,
            8_388_607.5,
            -8_388_607.5,
            1e10,
            -1e10,
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1e-30,
            -1e-30,
        ] {
            assert_eq!(floor(v).to_bits(), v.floor().to_bits(), "{v}");
        }
    }

    #[test]
    fn text_reads_back_and_bad_values_are_refused() {
        let t = Terrace::parse("6,0.25").unwrap();
        assert_eq!(Terrace::parse(&t.spec()), Ok(t));
        assert_eq!(Terrace::parse("12").unwrap().softness, 0.3);
        let e = Terrace::parse("0").unwrap_err().to_string();
        assert!(e.contains("1 to 256 steps"), "{e}");
        assert!(
            Terrace::parse("4,1.5")
                .unwrap_err()
                .to_string()
                .contains("0..=1")
        );
        assert!(Terrace::parse("four").is_err() && Terrace::parse("4,x").is_err());
    }
}
