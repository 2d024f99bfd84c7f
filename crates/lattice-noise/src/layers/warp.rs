//! [`Warp`]: domain warp, sampling a layer at positions moved by two noise fields.

use super::layer_error::LayerError;
use crate::fade::Fade;
use crate::isotropy::Isotropy;
use crate::limits::MAX_SIZE;
use crate::noise_params::NoiseParams;
use crate::proximity::Proximity;
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};

/// Largest warp amplitude accepted, in pixels (either sign).
pub const MAX_AMPLITUDE: f32 = MAX_SIZE as f32;
/// Added to a layer's seed for the seed of its default warp noise, so the warp fields
/// do not share random numbers with the layer they move.
pub const DEFAULT_WARP_SEED_OFFSET: i32 = 1000;

/// Domain warp: the layer's noise is sampled at `(x + A * wx, y + A * wy)` instead of
/// `(x, y)`, where `A` is the amplitude in pixels and `wx`, `wy` are two fields minus
/// 0.5 (noise is centred on 0.5, so the fields move points both ways). Positions are in
/// absolute texture pixels, so a window of a warped texture is that window of the
/// whole; with tiling on they wrap modulo the size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Warp {
    /// Displacement in pixels per unit of field (the fields are `h - 0.5`).
    pub amplitude: f32,
    /// Where `wx` and `wy` come from.
    pub source: WarpSource,
}

/// Where a warp's two fields come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WarpSource {
    /// A noise of its own: `wx` with its seed `s`, `wy` with `s + 1`. Size and tiling
    /// are the texture's.
    Noise(#[serde(with = "super::layer_noise")] NoiseParams),
    /// Another layer, by name: `wx` is its own heights (its noise, warped if it is,
    /// before its levels), `wy` the same with its seed plus one.
    Layer(String),
}

impl Warp {
    /// The warp noise used when none is given (`--warp A` on a layer without one): a
    /// smooth gradient field, twice the layer's initial step, 4 octaves, the modern
    /// hash, seeded with the layer's seed plus [`DEFAULT_WARP_SEED_OFFSET`], and
    /// isotropic as the layer is (a square-lattice field would streak an isotropic
    /// layer along the axes).
    pub fn default_noise(layer: &NoiseParams) -> NoiseParams {
        let doubled = layer.initial_step.saturating_mul(2).min(layer.size.max(1));
        let with = |(isotropy, initial_step)| NoiseParams {
            size: layer.size,
            tileable: layer.tileable,
            seed: layer.seed.wrapping_add(DEFAULT_WARP_SEED_OFFSET),
            octaves: 4,
            initial_step,
            persistence: 0.5,
            proximity: Proximity::Gradient,
            fade: Fade::Quintic,
            random: RandomSource::Modern,
            isotropy,
            ..NoiseParams::default()
        };
        // A doubled step that no longer divides a tiling size falls back to the layer's;
        // a tiling that an isotropic field cannot keep, to the square lattice.
        let step = layer.initial_step;
        let iso = layer.isotropy;
        [(iso, doubled), (iso, step), (Isotropy::OFF, doubled)]
            .into_iter()
            .map(with)
            .find(|n| n.validate_streamed().is_ok())
            .unwrap_or_else(|| with((Isotropy::OFF, step)))
    }

    /// A warp of `amplitude` pixels by [`Self::default_noise`].
    pub fn with_default_noise(layer: &NoiseParams, amplitude: f32) -> Self {
        Warp {
            amplitude,
            source: WarpSource::Noise(Self::default_noise(layer)),
        }
    }

    /// Whether the warp moves anything (amplitude 0 is the unwarped layer, bit for bit).
    pub fn is_active(&self) -> bool {
        self.amplitude != 0.0
    }

    /// Checks the amplitude and the warp noise (`layer` names the layer in errors).
    pub fn validate(&self, layer: &str) -> Result<(), LayerError> {
        if !self.amplitude.is_finite() || self.amplitude.abs() > MAX_AMPLITUDE {
            return Err(LayerError::OutOfRange {
                layer: layer.to_owned(),
                name: "warp amplitude",
                value: f64::from(self.amplitude),
                max: f64::from(MAX_AMPLITUDE),
            });
        }
        if let WarpSource::Noise(n) = &self.source {
            n.validate_streamed().map_err(|error| LayerError::Noise {
                layer: layer.to_owned(),
                warp: true,
                error,
            })?;
        }
        Ok(())
    }

    /// The layer this warp reads, if it reads one.
    pub fn source_layer(&self) -> Option<&str> {
        match &self.source {
            WarpSource::Layer(name) => Some(name),
            WarpSource::Noise(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_noise_is_a_coarser_valid_field() {
        let layer = NoiseParams::default();
        let n = Warp::default_noise(&layer);
        assert_eq!(n.initial_step, 2 * layer.initial_step);
        assert_eq!((n.octaves, n.proximity), (4, Proximity::Gradient));
        assert_eq!(n.seed, layer.seed + DEFAULT_WARP_SEED_OFFSET);
        n.validate().unwrap();
        // At the largest step the doubled step is held to the size.
        let big = NoiseParams {
            initial_step: 512,
            ..layer.clone()
        };
        assert_eq!(Warp::default_noise(&big).initial_step, 512);
        // Tiling at 384 px: 256 does not divide it, the layer's 128 does.
        let tiled = NoiseParams {
            size: 384,
            tileable: true,
            octaves: 2,
            ..layer
        };
        let n = Warp::default_noise(&tiled);
        assert_eq!(n.initial_step, 128);
        n.validate().unwrap();
    }

    /// An isotropic layer's default warp is isotropic too, and still valid when the
    /// layer tiles.
    #[test]
    fn default_noise_follows_the_layers_isotropy() {
        let layer = NoiseParams {
            isotropy: Isotropy::FULL,
            ..NoiseParams::default()
        };
        assert_eq!(Warp::default_noise(&layer).isotropy, Isotropy::FULL);
        let mut tiled_cases = 0;
        for size in [64, 256, 384, 512] {
            let tiled = NoiseParams {
                size,
                tileable: true,
                initial_step: size / 4,
                ..layer.clone()
            };
            if tiled.validate().is_ok() {
                Warp::default_noise(&tiled).validate().unwrap();
                tiled_cases += 1;
            }
        }
        assert!(tiled_cases > 0);
        let square = Warp::default_noise(&NoiseParams::default());
        assert!(square.isotropy.is_off());
    }

    #[test]
    fn amplitude_is_checked() {
        let w = Warp::with_default_noise(&NoiseParams::default(), f32::INFINITY);
        assert!(w.validate("a").is_err());
        let w = Warp::with_default_noise(&NoiseParams::default(), -24.0);
        w.validate("a").unwrap();
        assert!(w.is_active() && w.source_layer().is_none());
    }
}
