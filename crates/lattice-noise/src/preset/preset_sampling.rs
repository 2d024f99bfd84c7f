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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::Layer;
    use crate::noise_params::NoiseParams;
    use crate::proximity::Proximity;

    fn two_layers() -> Preset {
        let mut p = Preset::default();
        let top = Layer::new(
            "top",
            NoiseParams {
                proximity: Proximity::CurvatureRigged,
                seed: 9,
                ..NoiseParams::default()
            },
        );
        p.layers.insert(1, top).unwrap();
        p
    }

    #[test]
    fn a_pixel_and_a_window_are_those_of_the_whole_texture() {
        for p in [Preset::default(), two_layers()] {
            let whole = p.generate(&JobControl::new()).unwrap();
            for (x, y) in [(0, 0), (17, 3), (255, 255), (100, 200)] {
                assert_eq!(p.sample(x, y).unwrap().to_bits(), whole.get(x, y).to_bits());
            }
            let region = Region {
                x: 30,
                y: 40,
                width: 50,
                height: 7,
            };
            let mut out = vec![f32::NAN; region.pixels()];
            p.fill_region(region, &mut out).unwrap();
            for (i, v) in out.iter().enumerate() {
                let (x, y) = (30 + i as u32 % 50, 40 + i as u32 / 50);
                assert_eq!(v.to_bits(), whole.get(x, y).to_bits());
            }
        }
    }

    #[test]
    fn points_outside_and_wrong_buffers_are_errors() {
        let p = Preset::default();
        assert!(matches!(
            p.sample(p.size(), 0),
            Err(EngineError::Param(ParamError::Region { .. }))
        ));
        let region = Region::full(p.size());
        let e = p.fill_region(region, &mut [0.0; 3]).unwrap_err();
        assert!(e.to_string().contains("3 values"), "{e}");
    }

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
