//! Lattice Studio's core: the generic lattice noise engine, presets, rendering of a
//! heightmap to pixels, and export. Nothing here depends on a UI toolkit; the desktop
//! app lives in [`app`] and the command line in [`cli`].
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod cli;
pub mod engine;
pub mod error;
pub mod octave_law;
pub mod params;

pub use engine::{
    Fade, HeightStats, Heightmap, JobControl, Proximity, RandomSource, generate, generate_into,
};
pub use error::{Error, ParamError, Result};
pub use params::{Displacement, NoiseParams, OctaveLaw, OutputParams};
pub mod color_ramp;
pub mod command_line;
pub mod export;
pub mod histogram;
pub mod lattice_info;
pub mod lattice_probe;
pub mod normal_map;
pub mod png_io;
pub mod preset;
pub mod properties;
pub mod render;
pub mod shading;
pub mod texture_stats;
pub mod thumbnail_cache;

pub use color_ramp::{BUILTIN_IDS, ColorRamp, RampStop};
pub use export::ExportFormat;
pub use histogram::Histogram;
pub use lattice_probe::{LatticeProbe, OctaveCell};
pub use normal_map::NormalConvention;
pub use preset::Preset;
pub use shading::Light;
pub use texture_stats::TextureStats;
pub use thumbnail_cache::{ThumbnailCache, ThumbnailState};
pub mod app;
