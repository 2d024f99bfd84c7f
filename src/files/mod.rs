//! Pixels -> files: presets in RON, PNG with the embedded preset, the export formats
//! (PNG, 16-bit PNG, raw R16/R32, normal and colour maps) and atomic writing. The
//! library's [`Error`] lives here: the engine's and the pixel layer's errors convert
//! into it.

mod atomic_write;
mod error;
mod export;
mod export_format;
mod png_io;
mod preset;

pub use atomic_write::write_atomic;
pub use error::{Error, Result};
pub use export::{encode, encode_with_preset, export, export_with_preset};
pub use export_format::ExportFormat;
pub use png_io::{PRESET_KEYWORD, PngLayout, encode_png, file_is_png, is_png, read_text};
pub use preset::{PRESET_VERSION, Preset};
