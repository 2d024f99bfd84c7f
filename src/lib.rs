//! Lattice Studio: generic lattice noise (Perlin, value noise and 26 more proximity
//! functions) as a library, with a command line and a desktop designer on top.
//!
//! # Use
//!
//! Load a preset, generate its heightmap, map it to pixels or export it:
//!
//! ```
//! use lattice_studio::{ExportFormat, JobControl, Preset, PresetFiles, generate, pixels};
//! use std::path::Path;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let mut preset = Preset::load(Path::new("presets/terrain.ron"))?;
//! preset.layers = preset.layers.resized(128); // smaller, for the example
//! let heightmap = generate(preset.noise(), &JobControl::new())?;
//!
//! // Heightmap -> pixels: an `image::GrayImage` after contrast, luminance, levels.
//! let grey = pixels::grey8(&heightmap, &preset.output);
//! assert_eq!(grey.dimensions(), (128, 128));
//!
//! // Pixels -> file, written atomically; the PNG carries the preset.
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("terrain.png");
//! lattice_studio::export_with_preset(&heightmap, &preset, ExportFormat::Png16, &path)?;
//! assert_eq!(Preset::load(&path)?, preset);
//! # Ok(())
//! # }
//! ```
//!
//! # Layers
//!
//! Data flows one way, parameters -> heightmap -> pixels -> meshes -> files, and so do the
//! imports: a module uses only the modules below it, never one above, and no two
//! files import each other (`tests/layering/` checks both on every `cargo test`).
//!
//! ```text
//!   app/ (feature "app")      cli/         the two front ends; neither imports the other
//!            \                 /
//!             command_text/               "copy as command line" and `tiles` commands
//!                    |                    (crates/lattice-formats from here down)
//!                 files/                  preset files, PNG + embedded preset, export
//!                    |                    formats (images; glb, OBJ, STL streamed),
//!                    |                    atomic writes; the library's Error
//!                 mesh/                   heightmap -> terrain grid (resampled, normals,
//!                    |                    triangles) and the closed printable solid
//!                 pixels/                 tone map, colour ramps, normal maps, shading,
//!                    |                    statistics, histograms
//!                 engine/                 crates/lattice-noise: noise parameters,
//!                                         proximity, fades, random sources, the
//!                                         kernels, layers, the preset model
//! ```
//!
//! Each layer has its own error type ([`ParamError`] and [`EngineError`],
//! [`OutputError`], [`MeshError`](mesh::MeshError), then [`Error`], which the lower
//! ones convert into); the front ends add context with `anyhow`. The GUI crates
//! (eframe, egui, egui_glow, rfd) are behind the `app` feature, on by default:
//! `cargo build --no-default-features` builds the library and the command line alone.
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(unreachable_pub)]

/// The command line: the `lattice-cli` crate.
pub use lattice_cli as cli;
/// Pixels, meshes, files and command text: the `lattice-formats` crate.
pub use lattice_formats::{command_text, files, mesh, pixels};
/// The engine: the `lattice-noise` crate, under the name the other layers use.
pub use lattice_noise as engine;
/// The designer window: the `lattice-studio-app` crate.
#[cfg(feature = "app")]
pub use lattice_studio_app as app;

pub use engine::{
    Displacement, EngineError, Fade, HeightStats, Heightmap, JobControl, NoiseParams, OctaveLaw,
    ParamError, Preset, PresetError, Proximity, RandomSource, Region, generate, generate_into,
    generate_region,
};
pub use files::{
    Error, ExportFormat, PresetFiles, Result, encode, encode_with_preset, export,
    export_with_preset,
};
pub use pixels::{ColorRamp, NormalConvention, OutputError, OutputParams, RampStop};
