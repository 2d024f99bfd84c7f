//! Pixels and meshes -> files: preset files (RON, and PNGs with the embedded preset), the export
//! formats (PNG, 16-bit PNG, raw R16/R32, normal and colour maps; glb, OBJ and STL
//! meshes, streamed) and atomic writing. The
//! library's [`Error`] lives here: the engine's and the pixel layer's errors convert
//! into it.

mod atomic_file;
mod atomic_stream;
mod error;
mod export;
mod export_format;
#[cfg(feature = "mesh")]
mod glb_writer;
mod mesh_export;
#[cfg(feature = "mesh")]
mod obj_writer;
mod packing;
mod png_io;
mod preset_files;
mod regular_file;
mod shown_path;
#[cfg(feature = "mesh")]
mod stl_writer;
pub mod stream;
pub mod temp_registry;
mod writeback_file;

pub use atomic_file::{AtomicFile, write_atomic};
pub use atomic_stream::write_atomic_streamed;
pub use error::{Error, Result};
pub use export::{encode, encode_with_preset, export, export_with_preset};
pub use export_format::ExportFormat;
pub use mesh_export::{
    MAX_GLB_TEXTURE, encode_mesh, encode_mesh_unrecorded, export_mesh, export_mesh_unrecorded,
};
pub use png_io::{
    PRESET_KEYWORD, PngLayout, encode_png, file_is_png, is_png, read_text, read_text_from,
};
pub use preset_files::PresetFiles;
pub use shown_path::{ShownPath, one_line, shown};
pub use stream::StreamJob;
