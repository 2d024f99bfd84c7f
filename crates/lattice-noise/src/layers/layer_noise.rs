//! How a layer's noise is written in a preset: every [`NoiseParams`] field but `size`
//! and `tileable`, which belong to the whole texture and are written once, beside the
//! layers (see [`LayerStack`](super::LayerStack)). Used as `#[serde(with = ...)]`.

use crate::cellular::Cellular;
use crate::displacement::Displacement;
use crate::fade::Fade;
use crate::isotropy::Isotropy;
use crate::noise_params::NoiseParams;
use crate::octave_law::OctaveLaw;
use crate::proximity::Proximity;
use crate::random::{Distribution, RandomSource};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// [`NoiseParams`] without the texture-wide `size` and `tileable`. Missing fields take
/// the defaults; unknown ones (a misspelling, or `size` inside a layer) are refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct LayerNoise {
    seed: i32,
    octaves: u32,
    #[serde(skip_serializing_if = "crate::noise_params::is_false")]
    auto_octaves: bool,
    initial_step: u32,
    persistence: f64,
    displacement: Displacement,
    proximity: Proximity,
    fade: Fade,
    random: RandomSource,
    octave_law: OctaveLaw,
    lacunarity: f64,
    origin: [f64; 2],
    table_size: u32,
    distribution: Distribution,
    #[serde(skip_serializing_if = "Isotropy::is_off")]
    isotropy: Isotropy,
    #[serde(skip_serializing_if = "Option::is_none")]
    cellular: Option<Cellular>,
}

impl From<&NoiseParams> for LayerNoise {
    fn from(p: &NoiseParams) -> Self {
        // Every field named, so a new noise parameter cannot be forgotten here.
        let NoiseParams {
            size: _,
            tileable: _,
            seed,
            octaves,
            auto_octaves,
            initial_step,
            persistence,
            displacement,
            proximity,
            fade,
            random,
            octave_law,
            lacunarity,
            origin,
            table_size,
            distribution,
            isotropy,
            cellular,
        } = *p;
        LayerNoise {
            seed,
            octaves,
            auto_octaves,
            initial_step,
            persistence,
            displacement,
            proximity,
            fade,
            random,
            octave_law,
            lacunarity,
            origin,
            table_size,
            distribution,
            isotropy,
            cellular,
        }
    }
}

impl Default for LayerNoise {
    fn default() -> Self {
        Self::from(&NoiseParams::default())
    }
}

impl LayerNoise {
    /// The full parameters, with the texture's defaults for size and tiling (the stack
    /// sets the real ones when it is assembled).
    fn params(self) -> NoiseParams {
        let LayerNoise {
            seed,
            octaves,
            auto_octaves,
            initial_step,
            persistence,
            displacement,
            proximity,
            fade,
            random,
            octave_law,
            lacunarity,
            origin,
            table_size,
            distribution,
            isotropy,
            cellular,
        } = self;
        NoiseParams {
            seed,
            octaves,
            auto_octaves,
            initial_step,
            persistence,
            displacement,
            proximity,
            fade,
            random,
            octave_law,
            lacunarity,
            origin,
            table_size,
            distribution,
            isotropy,
            cellular,
            ..NoiseParams::default()
        }
    }
}

/// Writes `p` without size and tiling.
pub(super) fn serialize<S: Serializer>(p: &NoiseParams, s: S) -> Result<S::Ok, S::Error> {
    LayerNoise::from(p).serialize(s)
}

/// Reads noise parameters written by [`serialize`] (size and tiling left at their
/// defaults).
pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NoiseParams, D::Error> {
    LayerNoise::deserialize(d).map(LayerNoise::params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_but_size_and_tiling_round_trips() {
        let p = NoiseParams {
            size: 64,
            seed: -7,
            octaves: 3,
            auto_octaves: true,
            initial_step: 16,
            persistence: 0.25,
            displacement: Displacement::Quarter,
            proximity: Proximity::MonkeySaddle,
            fade: Fade::Cosine,
            random: RandomSource::Lcg,
            tileable: true,
            octave_law: OctaveLaw::Classic,
            lacunarity: 2.5,
            origin: [1.5, -2.0],
            table_size: 64,
            distribution: Distribution::Normal,
            isotropy: Isotropy {
                round_window: true,
                ..Isotropy::OFF
            },
            cellular: Some(Cellular {
                jitter: 0.5,
                ..Cellular::default()
            }),
        };
        let back = LayerNoise::from(&p).params();
        assert_eq!(
            back,
            NoiseParams {
                size: NoiseParams::default().size,
                tileable: false,
                ..p
            }
        );
        let text = ron::to_string(&LayerNoise::from(&p)).unwrap();
        let field = |f: &str| text.contains(&format!("({f}:")) || text.contains(&format!(",{f}:"));
        assert!(!field("size") && !field("tileable"), "{text}");
        assert!(ron::from_str::<LayerNoise>("(size: 64)").is_err());
    }
}
