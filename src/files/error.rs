//! [`Error`]: any failure of the library, the file layer's error. The lower layers'
//! errors ([`EngineError`], [`ParamError`], [`OutputError`], [`MeshError`]) convert
//! into it.

use crate::engine::{EngineError, ParamError};
use crate::mesh::MeshError;
use crate::pixels::OutputError;
use std::path::PathBuf;

/// Any failure of the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Invalid noise parameters.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// Invalid output-mapping parameters.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// Invalid mesh options, or a mesh too large for its format.
    #[error(transparent)]
    Mesh(MeshError),
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

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Param(p) => Error::Param(p),
            EngineError::Cancelled => Error::Cancelled,
        }
    }
}

impl From<MeshError> for Error {
    fn from(e: MeshError) -> Self {
        match e {
            MeshError::Cancelled => Error::Cancelled,
            other => Error::Mesh(other),
        }
    }
}

/// Result with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
