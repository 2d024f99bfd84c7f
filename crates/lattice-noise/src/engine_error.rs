//! [`EngineError`]: why a generation did not produce a heightmap.

use super::layers::layer_error::LayerError;
use super::param_error::ParamError;

/// Why a generation did not produce a heightmap.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    /// Invalid parameters (nothing was computed).
    #[error(transparent)]
    Param(#[from] ParamError),
    /// An invalid layer stack (nothing was computed).
    #[error(transparent)]
    Layer(#[from] LayerError),
    /// The job was cancelled before it finished.
    #[error("cancelled")]
    Cancelled,
}
