//! [`ParamError`]: a noise parameter outside its documented range.

use super::limits::MAX_OCTAVES;
use super::random::{MAX_TABLE_SIZE, MIN_TABLE_SIZE};

/// A noise parameter outside its documented range.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// Size 0 or above the limit ([`MAX_SIZE`](super::MAX_SIZE) in memory,
    /// [`MAX_STREAMED_SIZE`](super::MAX_STREAMED_SIZE) window by window).
    #[error("size {size} is out of range (1..={max})")]
    Size {
        /// The refused size.
        size: u32,
        /// The limit it was checked against.
        max: u32,
    },
    /// Initial step 0 or larger than the texture.
    #[error("initial step {step} is out of range (1..={size}, the texture size)")]
    InitialStep {
        /// The refused step.
        step: u32,
        /// The texture size it was checked against.
        size: u32,
    },
    /// Too many octaves.
    #[error("octaves {octaves} is out of range (0..={max})", max = MAX_OCTAVES)]
    Octaves {
        /// The refused count.
        octaves: u32,
    },
    /// Persistence NaN or outside 0..=1.
    #[error("persistence {value} is out of range (0..=1)")]
    Persistence {
        /// The refused value.
        value: f64,
    },
    /// Lacunarity NaN or outside 1.1..=16.
    #[error("lacunarity {value} is out of range (1.1..=16)")]
    Lacunarity {
        /// The refused value.
        value: f64,
    },
    /// Cellular jitter NaN or outside 0..=1.
    #[error("cellular jitter {value} is out of range (0..=1)")]
    Jitter {
        /// The refused value.
        value: f32,
    },
    /// A value that must be a finite number is NaN or infinite.
    #[error("{name} must be a finite number")]
    NotFinite {
        /// Which parameter.
        name: &'static str,
    },
    /// Table size of the Parberry sources not a power of two in range.
    #[error(
        "table size {size} must be a power of two from {min} to {max}",
        min = MIN_TABLE_SIZE,
        max = MAX_TABLE_SIZE
    )]
    TableSize {
        /// The refused size.
        size: u32,
    },
    /// A window that is empty or reaches outside the texture.
    #[error("region {x},{y},{width},{height} does not fit in the {size} x {size} texture")]
    Region {
        /// First column.
        x: u32,
        /// First row.
        y: u32,
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// The texture size.
        size: u32,
    },
    /// Warp fields that do not cover the region being rendered.
    #[error(
        "warp fields of {width} x {height} do not match the {region_width} x {region_height} \
         region"
    )]
    WarpFields {
        /// The field's columns.
        width: u32,
        /// The field's rows.
        height: u32,
        /// The region's columns.
        region_width: u32,
        /// The region's rows.
        region_height: u32,
    },
    /// A caller's buffer whose length is not the region's pixel count.
    #[error("a buffer of {len} values for a region of {pixels} pixels")]
    Buffer {
        /// The buffer's length.
        len: usize,
        /// The region's pixels (the length it must have).
        pixels: usize,
    },
    /// A window with more pixels than fit in memory at once.
    #[error("region {width} x {height} holds more than {max} pixels; render it in smaller windows")]
    RegionTooLarge {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// The most pixels a window may hold.
        max: u64,
    },
    /// Tiling asked for, but an octave's step does not divide the size.
    #[error(
        "cannot tile exactly: octave step {step} does not divide size {size} \
         (use a power-of-two size and initial step, or fewer octaves)"
    )]
    NotTileable {
        /// The texture size.
        size: u32,
        /// The first octave step that does not divide it.
        step: f64,
    },
}
