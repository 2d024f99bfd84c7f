//! Layers: a texture as a stack of noises, bottom to top, each with a blend mode,
//! opacity, levels (with a curve and terraces), an optional mask, domain warp, erosion
//! and blur, composited into one heightmap.
//!
//! [`LayerStack`] holds the [`Layer`]s and their rules (names, references, shared size
//! and tiling); the compositor renders any [`Region`](crate::Region) of the
//! composite, bit for bit that window of the whole.

mod banded_edit;
mod banded_prefix;
mod blend_mode;
mod blur;
mod cache_core;
mod composite_prefix;
mod compositing;
mod curve;
mod droplet_grid;
mod droplet_sim;
mod droplets;
mod erosion;
mod erosion_filter;
mod gully_filter;
mod halo_window;
mod layer;
mod layer_cache;
mod layer_cache_filters;
mod layer_cache_masks;
pub(crate) mod layer_error;
mod layer_noise;
mod layer_stack;
mod levels;
mod mask_measure;
mod mask_slope;
mod noise_sampler;
mod raw_spec;
mod references;
mod smoothstep;
mod stack_generation;
mod stripe_cells;
mod stripe_row;
mod terrace;
mod tone;
mod warp;

pub use blend_mode::BlendMode;
pub use blur::{MAX_BLUR_RADIUS, blur_margin, blur_radius_is_valid};
pub use curve::{Curve, CurveError, MAX_CURVE_POINTS, MAX_CURVE_VALUE};
pub use droplets::{
    Droplets, DropletsError, MAX_DROPLET_CAPACITY, MAX_DROPLET_DENSITY, MAX_DROPLET_GRID,
    MAX_DROPLET_LIFETIME, MAX_DROPLET_RADIUS, MAX_DROPLET_WORK, MIN_DROPLET_GRID,
};
pub use erosion::{
    Erosion, ErosionError, MAX_EROSION_BRANCHING, MAX_EROSION_CELLS, MAX_EROSION_OCTAVES,
    MAX_EROSION_STEP, MAX_EROSION_STRENGTH,
};
pub use layer::Layer;
pub use layer_cache::LayerCache;
pub use layer_error::LayerError;
pub use layer_stack::LayerStack;
pub use levels::{Levels, LevelsMap, MAX_GAIN, MAX_OFFSET};
pub use mask_measure::{MAX_MASK_SLOPE, MaskMeasure};
pub use mask_slope::{MAX_MASK_SCALE, MaskSlope, MaskSlopeError};
pub use raw_spec::{DropletSpec, RawSpec, WarpSpec};
pub use terrace::{MAX_TERRACE_STEPS, Terrace, TerraceError};
pub use tone::Tone;
pub use warp::{DEFAULT_WARP_SEED_OFFSET, MAX_AMPLITUDE, Warp, WarpSource};
