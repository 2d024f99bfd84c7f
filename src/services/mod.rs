//! What both front ends share above the file layer: preset thumbnails rendered in the
//! background, "copy as command line", a texture's properties for display, and which
//! kind of preview (2D or 3D) the designer opens with.

pub mod command_line;
mod preview_kind;
pub mod properties;
pub mod shell_word;
mod thumbnail_cache;

pub use preview_kind::PreviewKind;
pub use thumbnail_cache::{ThumbnailCache, ThumbnailState};
