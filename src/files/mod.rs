//! Pixels and meshes -> files: presets in RON, PNG with the embedded preset, the export
//! formats (PNG, 16-bit PNG, raw R16/R32, normal and colour maps; glb, OBJ and STL
//! meshes, streamed) and atomic writing. The
//! library's [`Error`] lives here: the engine's and the pixel layer's errors convert
//! into it.

mod atomic_stream;
mod atomic_write;
mod error;
mod export;
mod export_format;
mod glb_writer;
mod mesh_export;
mod obj_writer;
mod png_io;
mod preset;
mod stl_writer;

pub use atomic_stream::write_atomic_streamed;
pub use atomic_write::write_atomic;
pub use error::{Error, Result};
pub use export::{encode, encode_with_preset, export, export_with_preset};
pub use export_format::ExportFormat;
pub use glb_writer::{GlbExtras, write_glb};
pub use mesh_export::{
    MAX_GLB_TEXTURE, encode_mesh, encode_mesh_unrecorded, export_mesh, export_mesh_unrecorded,
};
pub use obj_writer::write_obj;
pub use png_io::{PRESET_KEYWORD, PngLayout, encode_png, file_is_png, is_png, read_text};
pub use preset::{PRESET_VERSION, Preset};
pub use stl_writer::write_stl;
