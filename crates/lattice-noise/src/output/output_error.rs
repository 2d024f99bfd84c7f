//! [`OutputError`]: an output-mapping value that cannot be used.

/// An output-mapping value that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OutputError {
    /// A value that must be a finite number is NaN or infinite.
    #[error("{name} must be a finite number")]
    NotFinite {
        /// Which parameter.
        name: &'static str,
    },
    /// A colour ramp with more stops than presets may hold.
    #[error("colour ramp: {stops} stops; at most {max}")]
    TooManyStops {
        /// How many it has.
        stops: usize,
        /// The limit.
        max: usize,
    },
    /// A colour ramp that cannot be used (no stops, or a position that is not a number).
    #[error("colour ramp: {message}")]
    Ramp {
        /// What is wrong with it.
        message: String,
    },
}
