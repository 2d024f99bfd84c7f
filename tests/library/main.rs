//! Library-level tests: the engine through the library, presets, golden images and heights, exports, streaming and tiling.
//!
//! One test binary for these files (each a module), linked once.

#[path = "../common/mod.rs"]
mod common;

mod classic;
mod golden;
mod layers;
mod mesh_export;
mod presets;
mod presets_in_png;
mod r32_golden;
mod streaming;
mod tiling;
