//! [`HeightStats`]: min, max, mean and standard deviation of a heightmap or a streamed
//! texture.

/// Summary numbers of a heightmap (finite values only).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeightStats {
    /// Smallest finite value (0 when there is none).
    pub min: f32,
    /// Largest finite value (0 when there is none).
    pub max: f32,
    /// Mean of the finite values.
    pub mean: f64,
    /// Population standard deviation of the finite values.
    pub std_dev: f64,
    /// How many values were NaN or infinite.
    pub non_finite: usize,
}
