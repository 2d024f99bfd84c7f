//! [`PresetFile`]: a preset as written in RON, in either format version.
//!
//! Version 1 holds one `noise: (...)`; version 2 holds the texture's `size` and
//! `tileable` and its `layers: [...]` (each layer's noise without size and tiling), and
//! optionally `channels: [...]`, the layers packed into R, G, B, A. Reading accepts
//! both (a version 1 preset is a one-layer stack of exactly its noise); writing always
//! gives version 2.

use crate::layers::Layer;
use crate::noise_params::NoiseParams;
use crate::output::OutputParams;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The preset format version this build writes (and the newest it reads).
pub const PRESET_VERSION: u32 = 2;
/// The name of the default preset (and of a preset file without one).
pub(super) const DEFAULT_NAME: &str = "Default";
/// The description of the default preset.
pub(super) const DEFAULT_DESCRIPTION: &str = "The original tool's default look: Perlin \
                                              gradient, cubic Hermite fade, .NET random table.";

/// The fields of a preset file. Missing fields take their defaults; unknown ones are
/// refused.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct PresetFile {
    pub version: u32,
    pub name: String,
    pub description: String,
    /// Version 1: the one noise (never written).
    #[serde(skip_serializing, deserialize_with = "present")]
    pub noise: Option<NoiseParams>,
    pub size: u32,
    pub tileable: bool,
    /// `None` when the file has no `layers` field (a version 1 file); a present but
    /// empty list is refused, not read as the defaults.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "written_bare",
        deserialize_with = "present"
    )]
    pub layers: Option<Vec<Layer>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub channels: Vec<String>,
    pub output: OutputParams,
}

/// A field that is written without `Some(...)`: present means `Some`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Writes a present field as its value, without `Some(...)` (the form [`present`] reads).
fn written_bare<S: Serializer, T: Serialize>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => v.serialize(s),
        None => s.serialize_none(),
    }
}

impl Default for PresetFile {
    fn default() -> Self {
        let n = NoiseParams::default();
        PresetFile {
            version: 1,
            name: DEFAULT_NAME.to_owned(),
            description: DEFAULT_DESCRIPTION.to_owned(),
            noise: None,
            size: n.size,
            tileable: n.tileable,
            layers: None,
            channels: Vec::new(),
            output: OutputParams::default(),
        }
    }
}
