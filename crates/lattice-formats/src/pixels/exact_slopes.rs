//! [`ExactSlopes`]: the slope of the mapped grey from the engine's analytic derivatives,
//! for textures that are one noise: normal maps and lighting without neighbour pixels,
//! exact at every pixel (differences of neighbours soften the finest octaves and are
//! one-sided at an untiled edge).

use super::tone_map::ToneMap;
use crate::engine::{Preset, SlopeSampler};

/// The slope of a texture's grey (its heights through a [`ToneMap`]) at any pixel.
pub struct ExactSlopes {
    sampler: SlopeSampler,
    tm: ToneMap,
}

impl ExactSlopes {
    /// `preset`'s exact slopes under `tm`, when it has them: one noise (see
    /// [`Preset::slope_sampler`]) mapped without a curve. `None`: the caller takes
    /// differences of the heights instead.
    pub fn new(preset: &Preset, tm: &ToneMap) -> Option<Self> {
        Self::of(preset.slope_sampler()?, tm)
    }

    /// The slopes of `sampler`'s heights under `tm`; `None` when `tm` has a curve.
    pub fn of(sampler: SlopeSampler, tm: &ToneMap) -> Option<Self> {
        (!tm.has_curve()).then_some(ExactSlopes { sampler, tm: *tm })
    }

    /// `(d grey / dx, d grey / dy)` at pixel `(x, y)`, per pixel; 0 where the grey is
    /// clamped, as differences of clamped neighbours give.
    pub fn at(&self, x: u32, y: u32) -> (f32, f32) {
        let s = self.sampler.at(f64::from(x), f64::from(y));
        let k = self.tm.linear_slope(s.height);
        (k * s.dx, k * s.dy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{JobControl, NoiseParams, Proximity};
    use crate::pixels::{OutputParams, slope};

    /// Away from creases and the edges, the exact slope of the grey is what central
    /// differences of the grey measure, within the difference's own error (the noise
    /// curves over two pixels): checked on the default look at 512, auto levels on.
    #[test]
    fn exact_slopes_agree_with_differences_of_the_grey() {
        let preset = Preset::from_noise(NoiseParams {
            size: 512,
            initial_step: 128,
            octaves: 4,
            proximity: Proximity::Gradient,
            ..NoiseParams::default()
        });
        let out = OutputParams {
            auto_levels: true,
            ..OutputParams::default()
        };
        let hm = preset.generate(&JobControl::new()).unwrap();
        let tm = ToneMap::for_heightmap(&hm, &out);
        let grey: Vec<f32> = hm.data().iter().map(|&h| tm.grey(h)).collect();
        let exact = ExactSlopes::new(&preset, &tm).unwrap();
        let (mut close, mut n) = (0, 0);
        for y in (8..504).step_by(37) {
            for x in (8..504).step_by(29) {
                let (ex, ey) = exact.at(x, y);
                let (dx, dy) = slope(&grey, 512, x as usize, y as usize, false);
                n += 1;
                let err = (ex - dx).abs().max((ey - dy).abs());
                close += usize::from(err < 0.03 * (dx.abs() + dy.abs()) + 2e-4);
            }
        }
        assert!(close * 10 >= n * 9, "{close} of {n} agree");
        // A curve on the grey has no modelled slope: differences instead.
        let curved = OutputParams {
            curve: Some(crate::engine::layers::Curve::new(&[(0.0, 0.0), (1.0, 0.7)]).unwrap()),
            ..out
        };
        assert!(ExactSlopes::new(&preset, &ToneMap::for_heightmap(&hm, &curved)).is_none());
    }
}
