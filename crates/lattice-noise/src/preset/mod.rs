//! Presets: a named texture (its layer stack, packed channels and output mapping) in
//! RON text. Reading files (and PNGs that carry a preset) is the formats layer's job;
//! this is the model and its text form.

mod packed_channels;
#[allow(clippy::module_inception)]
mod preset;
mod preset_error;
mod preset_file;
mod preset_sampling;
mod preset_text_file;

pub use packed_channels::CHANNEL_NAMES;
pub use preset::{MAX_CHANNELS, MAX_DESCRIPTION, MAX_NAME, MAX_PRESET_TEXT, Preset};
pub use preset_error::PresetError;
pub use preset_file::PRESET_VERSION;
