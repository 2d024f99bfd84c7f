//! The generic lattice noise engine: parameters in, heightmap out. No pixels, no files,
//! no UI: what a game embeds to sample the textures designed in Lattice Studio.
//!
//! ```
//! use lattice_noise::{Preset, Region};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A preset's RON text, as saved by the app (or `Preset::from_file`).
//! let preset = Preset::from_ron("(name: \"hills\", size: 512)")?.at_size(1024)?;
//! let h = preset.sample(100, 200)?;
//! let mut tile = vec![0.0f32; 64 * 64];
//! preset.fill_region(Region { x: 64, y: 192, width: 64, height: 64 }, &mut tile)?;
//! assert_eq!(tile[8 * 64 + 36], h);
//! # Ok(())
//! # }
//! ```
//!
//! The heights are the command line's `r32` output at that size, bit for bit, on any
//! number of threads and in any window. With the default `rayon` feature the bands of a
//! texture run on rayon's pool; without it, on the caller's thread.
//!
//! [`NoiseParams`] holds every knob of one noise and checks them
//! ([`NoiseParams::validate`], [`ParamError`]); [`generate`] runs the kernels on them
//! into a [`Heightmap`], in parallel bands, cancellable through a [`JobControl`].
//! [`LayerStack`] composes noises; [`Preset`] names a stack with its output mapping
//! ([`output`]) and reads and writes it as RON.
//!
//! Inside, the files import downwards only: the choices ([`Proximity`], [`Fade`],
//! [`RandomSource`], [`Displacement`], [`OctaveLaw`]) and the random sources know
//! nothing of the parameters; [`NoiseParams`] gathers them; the kernels read it.

#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(unreachable_pub)]

mod cell_distance;
mod cell_output;
mod cellular;
mod displacement;
mod engine_error;
mod fade;
mod generation;
mod height_accumulator;
mod height_stats;
mod heightmap;
mod instruction_set;
mod isotropy;
mod job_control;
mod kernel;
mod lane;
mod lattice_info;
mod lattice_probe;
pub mod layers;
mod limits;
mod noise_params;
mod octave_law;
pub mod output;
mod parallel;
mod param_error;
pub mod preset;
mod proximity;
pub mod random;
mod region;
mod shape;

pub use cell_distance::CellDistance;
pub use cell_output::CellOutput;
pub use cellular::Cellular;
pub use displacement::Displacement;
pub use engine_error::EngineError;
pub use fade::Fade;
pub use generation::{
    generate, generate_into, generate_noise_warped_region_into, generate_reference,
    generate_region, generate_region_into, generate_simple, generate_warped_region,
};
pub use height_accumulator::HeightAccumulator;
pub use height_stats::HeightStats;
pub use heightmap::Heightmap;
pub use instruction_set::InstructionSet;
pub use isotropy::Isotropy;
pub use job_control::JobControl;
pub use kernel::{HeightSlope, SlopeSampler};
pub use lane::Lane;
pub use lattice_info::LatticeInfo;
pub use lattice_probe::{LatticeProbe, OctaveCell};
pub use layers::{
    BlendMode, Curve, Droplets, Erosion, Layer, LayerCache, LayerError, LayerStack, Levels,
    MaskMeasure, MaskSlope, Terrace, Tone, Warp, WarpSource,
};
pub use limits::{
    MAX_LAYER_NAME, MAX_LAYERS, MAX_OCTAVES, MAX_REGION_PIXELS, MAX_SIZE, MAX_STREAMED_SIZE,
};
pub use noise_params::NoiseParams;
pub use octave_law::OctaveLaw;
pub use param_error::ParamError;
pub use preset::{Preset, PresetError};
pub use proximity::{Proximity, ProximityFn, ProximityVisitor, function};
pub use random::RandomSource;
pub use region::Region;
