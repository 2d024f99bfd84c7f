//! The engine's integration tests, through its public API only: properties of every
//! function and choice, the original tool's numbers, libnoise's, the proximity formulas
//! and windows rendered apart. One test binary, linked once. The slow isotropy
//! measurements of the showcase presets are the `showcase` suite.

mod auto_octaves;
mod below_heights;
mod below_masks;
mod blur;
mod builds;
mod cellular;
mod cellular_kernel;
mod common;
mod droplets;
mod engine_properties;
mod erosion;
mod isotropic;
mod layer_cache;
mod libnoise_fidelity;
mod original_mode;
mod preset_sampling;
mod proximity_formulas;
mod regions;
mod slope_masks;
mod slopes;
#[path = "../common/spectrum.rs"]
mod spectrum;
mod tone;
