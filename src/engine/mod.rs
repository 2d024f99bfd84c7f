//! The generic lattice noise engine: parameters in, heightmap out. No files, no UI.

mod avx2;
mod avx512;
#[cfg(target_arch = "x86_64")]
mod block;
#[cfg(target_arch = "x86_64")]
mod f32x16;
#[cfg(target_arch = "x86_64")]
mod f32x8;
mod fade;
mod free_octave;
mod heightmap;
mod job_control;
mod kernel;
mod lane;
mod plan;
mod proximity;
pub mod random;
mod reference;
mod row_kernel;
mod shape;

pub use fade::Fade;
pub use heightmap::{HeightStats, Heightmap};
pub use job_control::JobControl;
pub use lane::Lane;
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
    // Zeroed memory: a fresh allocation comes straight from the OS, untouched until
    // the parallel bands write it.
    let mut heightmap = Heightmap::filled(params.size, 0.0);
    generate_into(params, control, &mut heightmap)?;
    Ok(heightmap)
}

/// [`generate`] into an existing heightmap, reusing its memory (reshaped to the new
/// size). Regenerating into the same map skips the allocation and the operating
/// system's page zeroing, which cost about as much as an octave at 2048 x 2048.
/// On error the map's values are unspecified.
pub fn generate_into(
    params: &NoiseParams,
    control: &JobControl,
    heightmap: &mut Heightmap,
) -> Result<()> {
    params.validate()?;
    heightmap.reshape(params.size);
    kernel::run(params, control, heightmap);
    if control.is_cancelled() {
        return Err(Error::Cancelled);
    }
    Ok(())
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
