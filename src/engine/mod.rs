//! The generic lattice noise engine: parameters in, heightmap out. No files, no UI.

mod fade;
mod heightmap;
mod job_control;
mod kernel;
mod proximity;
pub mod random;
mod reference;
mod row_kernel;

pub use fade::Fade;
pub use heightmap::{HeightStats, Heightmap};
pub use job_control::JobControl;
pub use proximity::{Proximity, ProximityFn, ProximityVisitor, function};
pub use random::RandomSource;

use crate::error::{Error, Result};
use crate::params::NoiseParams;

/// Generates the heightmap of `params` on the current rayon pool.
///
/// Deterministic: the result is bit-identical for any number of threads. Returns
/// [`Error::Cancelled`] soon after `control.cancel()`, and [`Error::Param`] for
/// parameters that fail [`NoiseParams::validate`].
pub fn generate(params: &NoiseParams, control: &JobControl) -> Result<Heightmap> {
    params.validate()?;
    let heightmap = kernel::run(params, control);
    if control.is_cancelled() {
        return Err(Error::Cancelled);
    }
    Ok(heightmap)
}

/// [`generate`] without cancellation or progress.
pub fn generate_simple(params: &NoiseParams) -> Result<Heightmap> {
    generate(params, &JobControl::new())
}

/// The original algorithm, pixel by pixel exactly as the C# source loops (slow; for
/// tests and as the reference the fast kernel is checked against).
pub fn generate_reference(params: &NoiseParams) -> Result<Heightmap> {
    params.validate()?;
    Ok(reference::reference(params))
}
