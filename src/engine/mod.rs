//! The generic lattice noise engine: parameters in, heightmap out. No pixels, no files,
//! no UI.
//!
//! [`NoiseParams`] holds every knob of the noise and checks them
//! ([`NoiseParams::validate`], [`ParamError`]); [`generate`] runs the kernels on them
//! into a [`Heightmap`], in parallel bands, cancellable through a [`JobControl`].
//!
//! Inside, the files import downwards only: the choices ([`Proximity`], [`Fade`],
//! [`RandomSource`], [`Displacement`], [`OctaveLaw`]) and the random sources know
//! nothing of the parameters; [`NoiseParams`] gathers them; the kernels read it.

mod displacement;
mod engine_error;
mod fade;
mod height_accumulator;
mod height_stats;
mod heightmap;
mod job_control;
mod kernel;
mod lane;
mod lattice_info;
mod lattice_probe;
mod limits;
mod noise_params;
mod octave_law;
mod param_error;
mod proximity;
pub mod random;
mod region;
mod shape;

pub use displacement::Displacement;
pub use engine_error::EngineError;
pub use fade::Fade;
pub use height_accumulator::HeightAccumulator;
pub use height_stats::HeightStats;
pub use heightmap::Heightmap;
pub use job_control::JobControl;
pub use lane::Lane;
pub use lattice_info::LatticeInfo;
pub use lattice_probe::{LatticeProbe, OctaveCell};
pub use limits::{MAX_OCTAVES, MAX_REGION_PIXELS, MAX_SIZE, MAX_STREAMED_SIZE};
pub use noise_params::NoiseParams;
pub use octave_law::OctaveLaw;
pub use param_error::ParamError;
pub use proximity::{Proximity, ProximityFn, ProximityVisitor, function};
pub use random::RandomSource;
pub use region::Region;

/// Generates the heightmap of `params` on the current rayon pool.
///
/// Deterministic: the result is bit-identical for any number of threads. Returns
/// [`EngineError::Cancelled`] soon after `control.cancel()`, and [`EngineError::Param`]
/// for parameters that fail [`NoiseParams::validate`].
pub fn generate(params: &NoiseParams, control: &JobControl) -> Result<Heightmap, EngineError> {
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
) -> Result<(), EngineError> {
    params.validate()?;
    generate_region_into(params, Region::full(params.size), control, heightmap)
}

/// The heightmap of one window of the texture of `params` (`region.width x
/// region.height`): exactly the values of that window of [`generate`]'s map, bit for
/// bit, so bands and tiles rendered apart join without a seam.
///
/// The texture may be larger than [`generate`] allows (up to [`MAX_STREAMED_SIZE`]):
/// only the window is held in memory, and it may hold at most [`MAX_REGION_PIXELS`].
pub fn generate_region(
    params: &NoiseParams,
    region: Region,
    control: &JobControl,
) -> Result<Heightmap, EngineError> {
    let mut heightmap = Heightmap::filled_rect(0, 0, 0.0);
    generate_region_into(params, region, control, &mut heightmap)?;
    Ok(heightmap)
}

/// [`generate_region`] into an existing heightmap, reusing its memory.
pub fn generate_region_into(
    params: &NoiseParams,
    region: Region,
    control: &JobControl,
    heightmap: &mut Heightmap,
) -> Result<(), EngineError> {
    params.validate_streamed()?;
    if !region.fits(params.size) {
        let Region {
            x,
            y,
            width,
            height,
        } = region;
        let size = params.size;
        return Err(ParamError::Region {
            x,
            y,
            width,
            height,
            size,
        }
        .into());
    }
    if region.pixels() as u64 > MAX_REGION_PIXELS {
        return Err(ParamError::RegionTooLarge {
            width: region.width,
            height: region.height,
            max: MAX_REGION_PIXELS,
        }
        .into());
    }
    heightmap.reshape_rect(region.width, region.height);
    kernel::run(params, region, control, heightmap);
    if control.is_cancelled() {
        return Err(EngineError::Cancelled);
    }
    Ok(())
}

/// [`generate`] without cancellation or progress.
pub fn generate_simple(params: &NoiseParams) -> Result<Heightmap, EngineError> {
    generate(params, &JobControl::new())
}

/// The original algorithm, pixel by pixel exactly as the C# source loops (slow; for
/// tests and as the reference the fast kernel is checked against).
pub fn generate_reference(params: &NoiseParams) -> Result<Heightmap, ParamError> {
    params.validate()?;
    Ok(kernel::reference(params))
}
