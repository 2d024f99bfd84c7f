//! [`NoiseParams`]: every knob of the noise, and the rules a value must pass before the
//! engine runs on it.
//!
//! This is the single declaration of each noise parameter: presets serialise it, the
//! command line overrides it, the app edits it and the kernels read it.

use super::cellular::Cellular;
use super::displacement::Displacement;
use super::fade::Fade;
use super::isotropy::Isotropy;
use super::limits::{MAX_OCTAVES, MAX_SIZE, MAX_STREAMED_SIZE};
use super::octave_law::OctaveLaw;
use super::param_error::ParamError;
use super::proximity::Proximity;
use super::random::{Distribution, MAX_TABLE_SIZE, MIN_TABLE_SIZE, RandomSource};
use serde::{Deserialize, Serialize};

/// The generator's parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NoiseParams {
    /// Side length of the square texture in pixels.
    pub size: u32,
    /// Seed of the random source.
    pub seed: i32,
    /// Number of octaves; octave `k` has step `initial_step / 2^k` (skipped below 1).
    pub octaves: u32,
    /// Detail at any size: octaves go on down to a step of one pixel (at most
    /// [`MAX_OCTAVES`]), so a larger texture gets more octaves instead of bigger pixels;
    /// `octaves` is then ignored (kept for when this is switched off).
    #[serde(skip_serializing_if = "is_false")]
    pub auto_octaves: bool,
    /// Grid step of octave 0 in pixels (the original's "initial step", lambda).
    pub initial_step: u32,
    /// The original's persistence slider `p` in 0..=1: octave amplitude is `(step/size)^(1-p)`.
    pub persistence: f64,
    /// Lattice origin shift per octave.
    pub displacement: Displacement,
    /// Shape of the noise around each grid point.
    pub proximity: Proximity,
    /// Fall-off of a grid point's influence.
    pub fade: Fade,
    /// Where corner random numbers come from.
    pub random: RandomSource,
    /// Wrap every octave's lattice with period `size / step` so the texture tiles.
    pub tileable: bool,
    /// How steps and amplitudes progress from octave to octave.
    pub octave_law: OctaveLaw,
    /// Step ratio between octaves under the classic law (2 halves the step).
    pub lacunarity: f64,
    /// Lattice origin (pan) in cells of octave 0: moves the texture under the window.
    pub origin: [f64; 2],
    /// Entries of the permutation and gradient/value table of the Parberry sources
    /// (`permutation`, `lcg`, `hash64`): a power of two in 2..=65536.
    pub table_size: u32,
    /// How the Parberry sources' gradient/value table is filled.
    pub distribution: Distribution,
    /// The isotropic mode's parts: hide the square lattice (all off: the original).
    #[serde(skip_serializing_if = "Isotropy::is_off")]
    pub isotropy: Isotropy,
    /// A cellular (Worley) noise on this lattice instead of the proximity function
    /// (`None`: the lattice functions). The fade and isotropic mode do not apply to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cellular: Option<Cellular>,
}

impl Default for NoiseParams {
    fn default() -> Self {
        Self {
            size: 512,
            seed: 0,
            octaves: 8,
            auto_octaves: false,
            initial_step: 128,
            persistence: 0.5,
            displacement: Displacement::None,
            proximity: Proximity::Gradient,
            fade: Fade::Hermite,
            random: RandomSource::OriginalTable,
            tileable: false,
            octave_law: OctaveLaw::Original,
            lacunarity: 2.0,
            origin: [0.0, 0.0],
            table_size: 256,
            distribution: Distribution::Uniform,
            isotropy: Isotropy::OFF,
            cellular: None,
        }
    }
}

impl NoiseParams {
    /// Checks every value; the engine only runs on parameters that pass. The size is
    /// held to [`MAX_SIZE`], what fits in memory whole.
    pub fn validate(&self) -> Result<(), ParamError> {
        self.validate_up_to(MAX_SIZE)
    }

    /// [`Self::validate`] for a texture rendered window by window: sizes up to
    /// [`MAX_STREAMED_SIZE`] (streamed exports and tiles).
    pub fn validate_streamed(&self) -> Result<(), ParamError> {
        self.validate_up_to(MAX_STREAMED_SIZE)
    }

    fn validate_up_to(&self, max: u32) -> Result<(), ParamError> {
        if self.size == 0 || self.size > max {
            return Err(ParamError::Size {
                size: self.size,
                max,
            });
        }
        if self.initial_step == 0 || self.initial_step > self.size {
            return Err(ParamError::InitialStep {
                step: self.initial_step,
                size: self.size,
            });
        }
        if self.octaves > MAX_OCTAVES {
            return Err(ParamError::Octaves {
                octaves: self.octaves,
            });
        }
        if !self.persistence.is_finite() || !(0.0..=1.0).contains(&self.persistence) {
            return Err(ParamError::Persistence {
                value: self.persistence,
            });
        }
        if !self.lacunarity.is_finite() || !(1.1..=16.0).contains(&self.lacunarity) {
            return Err(ParamError::Lacunarity {
                value: self.lacunarity,
            });
        }
        if !self.origin.iter().all(|o| o.is_finite() && o.abs() <= 1e9) {
            return Err(ParamError::NotFinite { name: "origin" });
        }
        if !self.table_size.is_power_of_two()
            || !(MIN_TABLE_SIZE..=MAX_TABLE_SIZE).contains(&self.table_size)
        {
            return Err(ParamError::TableSize {
                size: self.table_size,
            });
        }
        if let Some(c) = self.cellular
            && !c.jitter_is_valid()
        {
            return Err(ParamError::Jitter { value: c.jitter });
        }
        if self.tileable
            && let Some(step) = self
                .steps()
                .find(|&s| (f64::from(self.size) / s).fract() != 0.0)
        {
            return Err(ParamError::NotTileable {
                size: self.size,
                step,
            });
        }
        Ok(())
    }

    /// The step of every octave that is computed, in pixels (steps below 1 are skipped).
    /// Whole numbers under the original law; possibly fractional under the classic law.
    pub fn steps(&self) -> impl Iterator<Item = f64> + '_ {
        let count = if self.auto_octaves {
            MAX_OCTAVES
        } else {
            self.octaves.min(MAX_OCTAVES)
        };
        (0..count)
            .map(move |k| match self.octave_law {
                OctaveLaw::Original => f64::from(self.initial_step >> k.min(31)),
                OctaveLaw::Classic => f64::from(self.initial_step) / self.lacunarity.powi(k as i32),
            })
            .take_while(|&s| s >= 1.0)
    }

    /// How many octaves are computed: those of [`Self::steps`]. With
    /// [`Self::auto_octaves`] this grows with the size (8 for the default preset at 512,
    /// 11 at 4096).
    pub fn octave_count(&self) -> u32 {
        self.steps().count() as u32
    }

    /// What shapes the noise, for one-line summaries: the proximity function's id, or
    /// `cellular` and its command-line spec (`cellular f2-f1,manhattan`).
    pub fn shape_text(&self) -> String {
        match self.cellular {
            Some(c) => format!("cellular {}", c.spec()),
            None => self.proximity.id().to_owned(),
        }
    }

    /// The amplitude of octave `k` of step `step`.
    pub fn amplitude(&self, k: usize, step: f64) -> f32 {
        match self.octave_law {
            // The original: relativeSize = sizeGridF / size in f32, then Math.Pow in f64.
            OctaveLaw::Original => {
                let relative = step as f32 / self.size as f32;
                f64::from(relative).powf(1.0 - self.persistence) as f32
            }
            OctaveLaw::Classic => self.persistence.powi(k as i32) as f32,
        }
    }

    /// Returns a copy at another size; the initial step keeps its fraction of the size
    /// (rounded to the nearest whole pixel, at least 1), so the texture keeps its look.
    pub fn resized(&self, size: u32) -> NoiseParams {
        let frac = f64::from(self.initial_step) / f64::from(self.size.max(1));
        let step = (frac * f64::from(size))
            .round()
            .clamp(1.0, f64::from(size.max(1)));
        NoiseParams {
            size,
            initial_step: step as u32,
            ..self.clone()
        }
    }
}

/// serde's test for leaving a switched-off flag out of a preset file, so files written
/// before the flag existed and after stay the same.
pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid() {
        NoiseParams::default().validate().unwrap();
    }

    #[test]
    fn bad_values_are_refused() {
        let base = NoiseParams::default();
        let bad = [
            NoiseParams {
                size: 0,
                ..base.clone()
            },
            NoiseParams {
                size: MAX_SIZE + 1,
                initial_step: 128,
                ..base.clone()
            },
            NoiseParams {
                initial_step: 0,
                ..base.clone()
            },
            NoiseParams {
                initial_step: 513,
                ..base.clone()
            },
            NoiseParams {
                octaves: 33,
                ..base.clone()
            },
            NoiseParams {
                persistence: f64::NAN,
                ..base.clone()
            },
            NoiseParams {
                persistence: 1.5,
                ..base.clone()
            },
            NoiseParams {
                table_size: 100,
                ..base.clone()
            },
            NoiseParams {
                table_size: 1,
                ..base.clone()
            },
            NoiseParams {
                table_size: 131_072,
                ..base.clone()
            },
            NoiseParams {
                size: 384,
                initial_step: 256,
                tileable: true,
                ..base.clone()
            },
        ];
        for p in bad {
            assert!(p.validate().is_err(), "{p:?}");
        }
    }

    #[test]
    fn streamed_textures_may_be_larger() {
        let big = NoiseParams {
            size: MAX_STREAMED_SIZE,
            initial_step: 65_536,
            ..NoiseParams::default()
        };
        let e = big.validate().unwrap_err().to_string();
        assert!(e.contains("1..=16384"), "{e}");
        big.validate_streamed().unwrap();
        let too_big = NoiseParams {
            size: MAX_STREAMED_SIZE + 1,
            ..big
        };
        let e = too_big.validate_streamed().unwrap_err().to_string();
        assert!(e.contains("1..=262144"), "{e}");
    }

    #[test]
    fn steps_halve_and_stop_at_one() {
        let p = NoiseParams {
            initial_step: 8,
            octaves: 6,
            ..NoiseParams::default()
        };
        assert_eq!(p.steps().collect::<Vec<_>>(), vec![8.0, 4.0, 2.0, 1.0]);
        let p = NoiseParams {
            initial_step: 100,
            octaves: 4,
            ..NoiseParams::default()
        };
        assert_eq!(p.steps().collect::<Vec<_>>(), vec![100.0, 50.0, 25.0, 12.0]);
        let p = NoiseParams {
            initial_step: 100,
            octaves: 9,
            octave_law: OctaveLaw::Classic,
            lacunarity: 2.5,
            ..NoiseParams::default()
        };
        let steps: Vec<f64> = p.steps().collect();
        assert_eq!(steps.len(), 6);
        assert!((steps[3] - 6.4).abs() < 1e-12 && (steps[5] - 1.024).abs() < 1e-12);
        assert_eq!(p.amplitude(2, 16.0), 0.25);
    }

    #[test]
    fn resizing_keeps_the_step_fraction() {
        let p = NoiseParams {
            size: 512,
            initial_step: 128,
            ..NoiseParams::default()
        };
        assert_eq!(p.resized(2048).initial_step, 512);
        assert_eq!(p.resized(64).initial_step, 16);
        assert_eq!(p.resized(1).initial_step, 1);
    }
}
