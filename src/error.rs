//! The library's error types.

use std::path::PathBuf;

/// A parameter outside its documented range.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// Size 0 or above [`crate::params::MAX_SIZE`].
    #[error("size {size} is out of range (1..={max})", max = crate::params::MAX_SIZE)]
    Size {
        /// The refused size.
        size: u32,
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
    #[error("octaves {octaves} is out of range (0..={max})", max = crate::params::MAX_OCTAVES)]
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
    /// A value that must be a finite number is NaN or infinite.
    #[error("{name} must be a finite number")]
    NotFinite {
        /// Which parameter.
        name: &'static str,
    },
    /// Table size of the Parberry sources not a power of two in range.
    #[error(
        "table size {size} must be a power of two from {min} to {max}",
        min = crate::engine::random::MIN_TABLE_SIZE,
        max = crate::engine::random::MAX_TABLE_SIZE
    )]
    TableSize {
        /// The refused size.
        size: u32,
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
    /// A colour ramp that cannot be used (no stops, or a position that is not a number).
    #[error("colour ramp: {message}")]
    Ramp {
        /// What is wrong with it.
        message: String,
    },
}

/// Any failure of the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Invalid parameters.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// The job was cancelled before it finished.
    #[error("cancelled")]
    Cancelled,
    /// A preset file could not be parsed or understood.
    #[error("{path}: {message}")]
    Preset {
        /// The file (or `<text>` when parsed from memory).
        path: PathBuf,
        /// What is wrong, with the line and column where known.
        message: String,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// Image encoding failed.
    #[error("{path}: cannot encode image: {message}")]
    Encode {
        /// The file being written.
        path: PathBuf,
        /// The encoder's message.
        message: String,
    },
}

/// Result with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
