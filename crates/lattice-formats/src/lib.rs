//! Lattice Studio's formats: heightmaps of the engine ([`lattice_noise`]) turned into
//! pixels, meshes and files, and the command text that reproduces a texture. Nothing here
//! knows of windows or terminals; the app and the command line sit on top.
//!
//! Layers, bottom first (each imports only those below it):
//! - [`pixels`]: the tone map (normalise, levels, contrast, luminance), ramp colours,
//!   normal maps, shading, statistics, histograms.
//! - [`mesh`]: the terrain grid (resampled heights, normals, triangles) and the closed
//!   printable solid.
//! - [`files`]: preset files (hardened, and inside PNGs), the export formats (PNG, 16-bit
//!   PNG, raw, OpenEXR; glb, OBJ, STL), atomic writes, streamed exports of any size, and
//!   the [`Error`] that the lower layers' errors convert into.
//! - [`command_text`]: "copy as command line" and the commands `tiles` prints.

#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(unreachable_pub)]

pub mod command_text;
/// The engine, under the name the layers here use.
pub use lattice_noise as engine;
pub mod files;
pub mod mesh;
pub mod pixels;

pub use files::{Error, ExportFormat, PresetFiles, Result};
