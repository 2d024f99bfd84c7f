//! Heightmap -> pixels: tone mapping (normalise, auto-levels, contrast, luminance),
//! colour ramps, normal maps, shading, statistics and histograms. Reads the engine's
//! [`Heightmap`](crate::engine::Heightmap); knows nothing of files or windows.

mod exact_normals;
mod halo_grid;
mod histogram;
mod images;
mod normal_map;
mod pixel_encoding;
mod shading;
mod texture_stats;
mod tone_map;

pub use crate::engine::output::{
    BUILTIN_IDS, ColorRamp, DEFAULT_STRENGTH, MAX_STOPS, NormalConvention, NormalSlopes,
    OutputError, OutputParams, RampSampler, RampStop, hex_bytes,
};
pub use exact_normals::{ExactNormals, exact_slopes};
pub use halo_grid::{HaloGrid, neighbours};
pub use histogram::Histogram;
pub use images::{grey8, grey16, rgba_opaque, rgba_ramp, rgba_transparent, transparent_pixel};
pub use normal_map::{
    mapped_heights, normal_from_slope, normal_map, normals_of_grid, normals_of_heights, slope,
};
pub use pixel_encoding::PixelEncoding;
pub use shading::{Light, lit_colour, shade, shade_exact, shade_heights};
pub use texture_stats::TextureStats;
pub use tone_map::{ToneMap, to_u8, to_u16};
