//! Running the kernels: the heightmap of a noise, of a window of it, or of it sampled
//! at warped positions.

use super::engine_error::EngineError;
use super::heightmap::Heightmap;
use super::job_control::JobControl;
use super::kernel::{self, FieldSource, WarpFields};
use super::limits::MAX_REGION_PIXELS;
use super::noise_params::NoiseParams;
use super::param_error::ParamError;
use super::region::Region;

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
/// The texture may be larger than [`generate`] allows (up to
/// [`MAX_STREAMED_SIZE`](super::MAX_STREAMED_SIZE)): only the window is held in memory,
/// and it may hold at most [`MAX_REGION_PIXELS`].
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
    check(params, region)?;
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

/// Checks `params` and that `region` lies inside its texture and fits in memory.
fn check(params: &NoiseParams, region: Region) -> Result<(), ParamError> {
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
        });
    }
    if region.pixels() as u64 > MAX_REGION_PIXELS {
        return Err(ParamError::RegionTooLarge {
            width: region.width,
            height: region.height,
            max: MAX_REGION_PIXELS,
        });
    }
    Ok(())
}

/// A window of the texture of `params` with its domain warped: pixel `(x, y)` (texture
/// coordinates) holds the noise at `(x + amplitude * (wx - 0.5), y + amplitude * (wy -
/// 0.5))`, where `wx`, `wy` are the fields' values at that pixel (both `region`-shaped).
/// With tiling on the positions wrap at the texture's size. A pixel's value depends only
/// on its position and its field values: windows of a warped texture join without a
/// seam, and any thread count gives the same bits.
pub fn generate_warped_region(
    params: &NoiseParams,
    region: Region,
    (wx, wy): (&Heightmap, &Heightmap),
    amplitude: f32,
    control: &JobControl,
) -> Result<Heightmap, EngineError> {
    check(params, region)?;
    let shape = (region.width, region.height);
    for field in [wx, wy] {
        if (field.width(), field.height()) != shape {
            return Err(ParamError::WarpFields {
                width: field.width(),
                height: field.height(),
                region_width: region.width,
                region_height: region.height,
            }
            .into());
        }
    }
    let mut heightmap = Heightmap::filled_rect(region.width, region.height, 0.0);
    let source = FieldSource::Maps {
        x: wx.data(),
        y: wy.data(),
    };
    warped_into(params, region, source, amplitude, control, &mut heightmap)?;
    Ok(heightmap)
}

/// [`generate_warped_region`] with fields that are two noises (`fx`, `fy`: the fields'
/// values at a pixel are those of their textures there), into `out` (reusing its memory): the fields are computed band by band
/// beside the pixels they move, so no map of them is held. The same bits as warping by
/// the maps of `fx` and `fy` over the region.
pub fn generate_noise_warped_region_into(
    params: &NoiseParams,
    region: Region,
    (fx, fy): (&NoiseParams, &NoiseParams),
    amplitude: f32,
    control: &JobControl,
    out: &mut Heightmap,
) -> Result<(), EngineError> {
    check(params, region)?;
    for field in [fx, fy] {
        check(field, region)?;
    }
    let source = FieldSource::Noise { x: fx, y: fy };
    warped_into(params, region, source, amplitude, control, out)
}

/// Samples `params` over `region` at the positions `source` moves, into `out`.
fn warped_into(
    params: &NoiseParams,
    region: Region,
    source: FieldSource<'_>,
    amplitude: f32,
    control: &JobControl,
    out: &mut Heightmap,
) -> Result<(), EngineError> {
    if !amplitude.is_finite() {
        return Err(ParamError::NotFinite {
            name: "warp amplitude",
        }
        .into());
    }
    out.reshape_rect(region.width, region.height);
    let fields = WarpFields { source, amplitude };
    kernel::run_warped(params, region, fields, control, out);
    if control.is_cancelled() {
        return Err(EngineError::Cancelled);
    }
    Ok(())
}
