//! Sampling a preset from a program: one pixel, or a window into the caller's buffer,
//! at the preset's size or another one. The values are the heights the command line
//! writes as `r32`, bit for bit.

use super::preset::Preset;
use super::preset_error::PresetError;
use crate::engine_error::EngineError;
use crate::job_control::JobControl;
use crate::kernel::SlopeSampler;
use crate::param_error::ParamError;
use crate::region::Region;

impl Preset {
    /// The same texture at `size` pixels, with the same look: every octave step, warp
    /// amplitude and blur radius keeps its fraction of the size (what `render --size`
    /// does; a blur at most up to 16 px).
    ///
    /// ```
    /// use lattice_noise::Preset;
    /// let big = Preset::default().at_size(4096).unwrap();
    /// assert_eq!(big.size(), 4096);
    /// ```
    pub fn at_size(&self, size: u32) -> Result<Preset, PresetError> {
        let mut p = self.clone();
        if size != self.size() {
            p.layers = self.layers.resized(size);
        }
        p.validate_streamed()?;
        Ok(p)
    }

    /// The height of pixel (`x`, `y`) of the texture (column, row from the top left):
    /// the value of that pixel in the `r32` export. One call renders one pixel; for
    /// many, [`Self::fill_region`] shares the work.
    ///
    /// ```
    /// use lattice_noise::Preset;
    /// let preset = Preset::from_ron("(size: 512)").unwrap();
    /// let h = preset.sample(10, 20).unwrap();
    /// assert!(h.is_finite());
    /// ```
    pub fn sample(&self, x: u32, y: u32) -> Result<f32, EngineError> {
        let mut h = [0.0];
        self.fill_region(
            Region {
                x,
                y,
                width: 1,
                height: 1,
            },
            &mut h,
        )?;
        Ok(h[0])
    }

    /// Fills `out` with the heights of `region`, row by row (`out.len()` must be its
    /// `width * height`): exactly those pixels of the whole texture, wherever the window
    /// lies, so windows rendered apart join without a seam.
    ///
    /// ```
    /// use lattice_noise::{Preset, Region};
    /// let preset = Preset::default();
    /// let mut tile = vec![0.0; 64 * 64];
    /// let region = Region { x: 64, y: 128, width: 64, height: 64 };
    /// preset.fill_region(region, &mut tile).unwrap();
    /// assert_eq!(tile[0], preset.sample(64, 128).unwrap());
    /// ```
    pub fn fill_region(&self, region: Region, out: &mut [f32]) -> Result<(), EngineError> {
        if out.len() != region.pixels() {
            return Err(ParamError::Buffer {
                len: out.len(),
                pixels: region.pixels(),
            }
            .into());
        }
        let hm = self.generate_region(region, &JobControl::new())?;
        out.copy_from_slice(hm.data());
        Ok(())
    }

    /// The exact slopes of this texture's heights when it is one noise (a single
    /// enabled plain layer, unwarped, uneroded, not cellular): its height at any point
    /// with `dh/dx` and `dh/dy` from each function's and fade's derivative, no
    /// neighbour pixels needed. `None` for other stacks, whose slopes come from
    /// differences of their heights; an error for a noise the kernels refuse.
    ///
    /// ```
    /// use lattice_noise::Preset;
    /// let preset = Preset::from_ron("(size: 512)").unwrap();
    /// let slopes = preset.slope_sampler().unwrap().expect("one gradient noise");
    /// let s = slopes.at(10.0, 20.0);
    /// assert!((s.height - preset.sample(10, 20).unwrap()).abs() < 1e-5);
    /// ```
    pub fn slope_sampler(&self) -> Result<Option<SlopeSampler>, EngineError> {
        self.layers.slope_sampler()
    }

    /// The exact slopes a grid of samples `spacing` pixels apart can show (1: every
    /// pixel), for normal maps and lit views: [`Self::slope_sampler`] without the
    /// octaves finer than four samples ([`SlopeSampler::resolved`]); `None` also when
    /// no octave is that coarse.
    pub fn resolved_slopes(&self, spacing: f64) -> Result<Option<SlopeSampler>, EngineError> {
        self.layers.resolved_slopes(spacing)
    }
}

// Sampling a pixel and a window is tested in the engine's suite
// (`tests/engine/preset_sampling.rs`): it runs the kernels.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_size_keeps_the_look_and_refuses_what_cannot_be() {
        let p = Preset::default();
        let double = p.at_size(p.size() * 2).unwrap();
        assert_eq!(double.size(), p.size() * 2);
        assert_eq!(double.noise().initial_step, p.noise().initial_step * 2);
        assert_eq!(p.at_size(p.size()).unwrap(), p);
        assert!(p.at_size(0).is_err());
    }
}
