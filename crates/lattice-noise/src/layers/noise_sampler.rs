//! [`NoiseSampler`]: how a layer cache samples its layers' noises, and [`Kernels`],
//! the engine's own way.

use crate::engine_error::EngineError;
use crate::generation::{
    generate_noise_warped_region_into, generate_region_into, generate_warped_region,
};
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::region::Region;
use std::fmt::Debug;

/// The three ways a layer cache samples a noise over a window. The engine's caches
/// use [`Kernels`]; the cache's unit tests use a cheap stand-in, so that they test its
/// bookkeeping without compiling every kernel a second time into the unit-test build
/// (the engine's integration suite renders through the real ones).
pub(crate) trait NoiseSampler: Clone + Debug {
    /// [`generate_region_into`].
    fn region_into(
        p: &NoiseParams,
        region: Region,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError>;

    /// [`generate_warped_region`].
    fn warped_region(
        p: &NoiseParams,
        region: Region,
        fields: (&Heightmap, &Heightmap),
        amplitude: f32,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError>;

    /// [`generate_noise_warped_region_into`].
    fn noise_warped_region_into(
        p: &NoiseParams,
        region: Region,
        fields: (&NoiseParams, &NoiseParams),
        amplitude: f32,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError>;
}

/// The engine's kernels.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Kernels;

impl NoiseSampler for Kernels {
    fn region_into(
        p: &NoiseParams,
        region: Region,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        generate_region_into(p, region, control, out)
    }

    fn warped_region(
        p: &NoiseParams,
        region: Region,
        fields: (&Heightmap, &Heightmap),
        amplitude: f32,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        generate_warped_region(p, region, fields, amplitude, control)
    }

    fn noise_warped_region_into(
        p: &NoiseParams,
        region: Region,
        fields: (&NoiseParams, &NoiseParams),
        amplitude: f32,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        generate_noise_warped_region_into(p, region, fields, amplitude, control, out)
    }
}

/// A stand-in for the kernels in the cache's unit tests: a smooth made-up height at
/// each position of a noise (its seed and function move it), warped as the kernels
/// warp, every window exactly that window of the whole, written into the memory it is
/// given as the kernels do.
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StandIn;

#[cfg(test)]
impl StandIn {
    /// The made-up height of `p` at texture position `(x, y)`.
    fn height(p: &NoiseParams, x: f32, y: f32) -> f32 {
        let s = p.seed as f32 * 0.618 + p.proximity.index() as f32 * 0.37;
        0.5 + 0.3 * (x * 0.09 + s).sin() * (y * 0.13 - 2.0 * s).cos()
    }

    /// `out` reshaped to `region`, each pixel `at(i, x, y)` (its index and position).
    fn fill(region: Region, out: &mut Heightmap, at: impl Fn(usize, f32, f32) -> f32) {
        out.reshape_rect(region.width, region.height);
        let w = region.width as usize;
        for (i, v) in out.data_mut().iter_mut().enumerate() {
            let (x, y) = (region.x as usize + i % w, region.y as usize + i / w);
            *v = at(i, x as f32, y as f32);
        }
    }

    /// `out` reshaped to `region`, `p` at each pixel moved by `amplitude` times its
    /// fields' values less 0.5 (the kernels' warp).
    fn warped_into(
        p: &NoiseParams,
        region: Region,
        (wx, wy): (&Heightmap, &Heightmap),
        amplitude: f32,
        out: &mut Heightmap,
    ) {
        Self::fill(region, out, |i, x, y| {
            let (dx, dy) = (wx.data()[i] - 0.5, wy.data()[i] - 0.5);
            Self::height(p, x + amplitude * dx, y + amplitude * dy)
        });
    }
}

#[cfg(test)]
impl NoiseSampler for StandIn {
    fn region_into(
        p: &NoiseParams,
        region: Region,
        _: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        Self::fill(region, out, |_, x, y| Self::height(p, x, y));
        Ok(())
    }

    fn warped_region(
        p: &NoiseParams,
        region: Region,
        (wx, wy): (&Heightmap, &Heightmap),
        amplitude: f32,
        _: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        let mut out = Heightmap::filled_rect(0, 0, 0.0);
        Self::warped_into(p, region, (wx, wy), amplitude, &mut out);
        Ok(out)
    }

    fn noise_warped_region_into(
        p: &NoiseParams,
        region: Region,
        (fx, fy): (&NoiseParams, &NoiseParams),
        amplitude: f32,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        let [mut wx, mut wy] = [0, 1].map(|_| Heightmap::filled_rect(0, 0, 0.0));
        Self::region_into(fx, region, control, &mut wx)?;
        Self::region_into(fy, region, control, &mut wy)?;
        Self::warped_into(p, region, (&wx, &wy), amplitude, out);
        Ok(())
    }
}
