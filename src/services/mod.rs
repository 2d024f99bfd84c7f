//! What both front ends share above the file layer: preset thumbnails rendered in the
//! background, "copy as command line", and a texture's properties for display.

pub mod command_line;
pub mod properties;
mod thumbnail_cache;

pub use thumbnail_cache::{ThumbnailCache, ThumbnailState};
