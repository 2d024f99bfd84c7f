//! [`Error`]: any failure of the library, the file layer's error. The lower layers'
//! errors ([`EngineError`], [`ParamError`], [`PresetError`], [`OutputError`],
//! [`MeshError`]) convert into it.

use super::shown_path::shown;
use crate::engine::{EngineError, LayerError, ParamError, PresetError};
use crate::mesh::MeshError;
use crate::pixels::OutputError;
use std::path::PathBuf;

/// Any failure of the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Invalid noise parameters.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// An invalid layer stack.
    #[error(transparent)]
    Layer(#[from] LayerError),
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
    #[error("{}: {message}", shown(path))]
    Preset {
        /// The file (or `<text>` when parsed from memory).
        path: PathBuf,
        /// What is wrong, with the line and column where known.
        message: String,
    },
    /// Reading or writing a file failed. The OS error is part of the message, not a
    /// `source()`, so a chain printed with `{:#}` says it once.
    #[error("{}: {error}", shown(path))]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The operating system's error.
        error: std::io::Error,
    },
    /// A path that names something other than a regular file (a FIFO, a device, a
    /// socket, a directory, a dangling link), which is neither read nor replaced.
    #[error("{}: {what}, not a regular file", shown(path))]
    NotRegular {
        /// The path given.
        path: PathBuf,
        /// What it is ("a FIFO", "a character device", ...).
        what: &'static str,
    },
    /// A file larger than this kind of file can reasonably be (read no further).
    #[error("{}: {what} is larger than {limit} bytes", shown(path))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// What was too large ("the preset text", ...).
        what: &'static str,
        /// The limit in bytes.
        limit: u64,
    },
    /// A preset whose values cannot be used (a field too long, a packed channel
    /// naming no layer...).
    #[error(transparent)]
    InvalidPreset(PresetError),
    /// A mesh format was given to the band-by-band image writer.
    #[error("{format} is a mesh format: meshes are built in memory, not streamed by bands")]
    NotStreamable {
        /// The format's id.
        format: &'static str,
    },
    /// A format whose writer this build leaves out (its Cargo feature is off).
    #[error(
        "{format} export is not built into this program (lattice-formats' `{feature}` feature is off)"
    )]
    FormatNotBuilt {
        /// The format's id.
        format: &'static str,
        /// The feature that builds it.
        feature: &'static str,
    },
    /// Image encoding failed.
    #[error("{}: cannot encode image: {message}", shown(path))]
    Encode {
        /// The file being written.
        path: PathBuf,
        /// The encoder's message.
        message: String,
    },
}

impl Error {
    /// An [`Error::Io`] for `path`.
    pub fn io(path: &std::path::Path, error: std::io::Error) -> Self {
        Error::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Param(p) => Error::Param(p),
            EngineError::Layer(l) => Error::Layer(l),
            EngineError::Cancelled => Error::Cancelled,
        }
    }
}

impl From<PresetError> for Error {
    fn from(e: PresetError) -> Self {
        match e {
            PresetError::Param(p) => Error::Param(p),
            PresetError::Layer(l) => Error::Layer(l),
            PresetError::Output(o) => Error::Output(o),
            other => Error::InvalidPreset(other),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn os_errors_are_said_once_and_paths_stay_on_one_line() {
        let e = Error::io(
            std::path::Path::new("a\nb.png"),
            std::io::Error::from(std::io::ErrorKind::NotFound),
        );
        let chained = format!("{:#}", anyhow::Error::from(e));
        assert_eq!(chained.matches("not found").count(), 1, "{chained}");
        assert!(!chained.contains('\n'), "{chained}");
    }
}
