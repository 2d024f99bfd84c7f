//! [`PresetError`]: preset text that cannot be read, or a preset whose values cannot
//! be used.

use crate::layers::LayerError;
use crate::output::OutputError;
use crate::param_error::ParamError;

/// Preset text that cannot be read, or a preset whose values cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PresetError {
    /// The text is not a preset: RON syntax, an unknown field or a value of the wrong
    /// kind, at a place in the text.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// A preset file that cannot be read (missing, not a regular file, not UTF-8...).
    #[error("{path}: {message}")]
    File {
        /// The file, as given.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The text is longer than a preset may be.
    #[error("the preset text is {len} bytes long; at most {max}")]
    TextTooLong {
        /// Its length in bytes.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Invalid noise parameters.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// An invalid layer stack.
    #[error(transparent)]
    Layer(#[from] LayerError),
    /// Invalid output-mapping parameters.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A text field longer than a preset may hold.
    #[error("preset {what} is {len} characters long; at most {max}")]
    TooLong {
        /// Which field.
        what: &'static str,
        /// Its length in characters.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// More packed channels than R, G, B and A.
    #[error("a preset packs at most {max} channels (R, G, B, A); this one names {count}")]
    TooManyChannels {
        /// The channels named.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A packed channel naming a layer the texture does not have.
    #[error("channel {channel} names layer '{name}', which this texture does not have")]
    UnknownChannelLayer {
        /// The channel (R, G, B or A).
        channel: &'static str,
        /// The name it gives.
        name: String,
    },
}
