//! Lattice Studio's core: the generic lattice noise engine, presets, rendering of a
//! heightmap to pixels, and export. Nothing here depends on a UI toolkit; the desktop
//! app lives in [`app`] and the command line in [`cli`].
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod cli;
pub mod engine;
pub mod error;
pub mod params;

pub use engine::{Fade, HeightStats, Heightmap, JobControl, Proximity, RandomSource, generate};
pub use error::{Error, ParamError, Result};
pub use params::{Displacement, NoiseParams, OutputParams};
pub mod export;
pub mod lattice_info;
pub mod preset;
pub mod properties;
pub mod render;

pub use export::ExportFormat;
pub use preset::Preset;
pub mod app;
