//! [`MeshError`]: why a mesh cannot be built.

/// Why a mesh cannot be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeshError {
    /// The vertices per side are outside the supported range.
    #[error("mesh resolution {value} is out of range (2..={max} vertices per side)")]
    Resolution {
        /// The resolution asked for.
        value: u32,
        /// The largest supported.
        max: u32,
    },
    /// The height scale is negative, NaN or infinite, or absurdly large.
    #[error("height scale {0} is out of range (0..=16, relative to the width)")]
    HeightScale(f32),
    /// The mesh would not fit the format (glb files are limited to 4 GiB).
    #[error("a {resolution} x {resolution} mesh is too large for {format} (over 4 GiB)")]
    TooLarge {
        /// Vertices per side.
        resolution: u32,
        /// The format's name.
        format: &'static str,
    },
    /// The job was cancelled before it finished.
    #[error("cancelled")]
    Cancelled,
}
