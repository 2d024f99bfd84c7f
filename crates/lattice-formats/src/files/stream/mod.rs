//! Streamed exports: textures of any size (up to
//! [`MAX_STREAMED_SIZE`](crate::engine::MAX_STREAMED_SIZE)) written band by band, and
//! windows of them rendered alone, in memory that does not grow with the size.
//!
//! [`StreamJob`] is the entry point. Inside: [`BandPlan`] cuts the window into bands,
//! [`BandRenderer`] renders one (through [`Preset::generate_region`](crate::engine::Preset::generate_region)),
//! `halo_render` adds the ring of neighbours normal maps need, the pixel layer maps the
//! band, and a writer thread encodes it: PNG (rows filtered on the pool by
//! `BandFilter`, compressed in pieces on the pool, by `LiteralCode` for 16-bit samples
//! and `fdeflate` for 8-bit ones, and joined on the writer thread by `DeflateJoin`),
//! raw R16/R32, or OpenEXR (the `exr` crate's block writer, with the `exr` feature). [`scan_range`] and
//! [`scan_stats`] measure a texture in one streamed pass (auto-levels, `lattice-studio
//! stats`).

mod band_filter;
mod band_pixels;
mod band_plan;
mod band_renderer;
mod bit_writer;
mod deflate_pieces;
#[cfg(feature = "exr")]
mod exr_band_writer;
mod halo_render;
mod literal_code;
mod literal_tables;
mod payload;
mod piece_buffers;
mod pipeline;
mod png_band_writer;
mod row_filter;
mod stream_job;
mod texture_scan;

pub use band_plan::BandPlan;
pub use band_renderer::BandRenderer;
#[cfg(feature = "exr")]
pub use exr_band_writer::{EXR_CHANNEL, encode_exr};
pub use stream_job::StreamJob;
pub use texture_scan::{scan_range, scan_stats};
