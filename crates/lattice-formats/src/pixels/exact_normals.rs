//! [`ExactNormals`]: the normal map of a texture that is one noise, from the noise's
//! own slopes ([`SlopeSampler`]) rather than differences of neighbouring pixels.
//!
//! Each pixel's normal needs only that pixel, so a band, a region or a tile gets the
//! whole texture's normals with no ring of neighbours, and a texture's edge pixels get
//! their true slope instead of a one-sided difference. The octaves finer than four
//! pixels are left out ([`SlopeSampler::resolved`]): sampled at pixels their slopes
//! are noise, or draw their lattice's grid. Central differences damp the fine octaves
//! they see (a two-pixel wavelength cancels exactly), so these normals show the mid
//! octaves' relief more crisply than the differences do, and the finest ones not at all.

use super::normal_map::normal_pixels;
use super::tone_map::ToneMap;
use crate::engine::output::{NormalConvention, NormalSlopes, OutputParams};
use crate::engine::{EngineError, HeightSlope, LayerStack, Preset, Region, SlopeSampler};
use image::RgbImage;
use rayon::prelude::*;

/// Rows per parallel band: the sampler draws each lattice row once per band.
const BAND_ROWS: usize = 16;

/// Normals of a one-noise texture from its exact slopes, through its tone map.
pub struct ExactNormals {
    slopes: SlopeSampler,
    tm: ToneMap,
    strength: f32,
    convention: NormalConvention,
}

impl ExactNormals {
    /// The normals of `preset`'s texture with grey map `tm`; `None` where its output
    /// asks for differences ([`NormalSlopes::Differences`]) or they do not apply: a stack that is not one plain noise (layers, warp, erosion, blur, a
    /// layer's own levels), cellular noise, or no octave as coarse as four pixels. Those
    /// textures keep central differences.
    pub fn of_preset(preset: &Preset, tm: ToneMap) -> Result<Option<Self>, EngineError> {
        let Some(slopes) = exact_slopes(&preset.layers, &preset.output, 1.0)? else {
            return Ok(None);
        };
        let OutputParams {
            normal_strength,
            normal_convention,
            ..
        } = preset.output;
        Ok(Some(Self {
            slopes,
            tm,
            strength: normal_strength,
            convention: normal_convention,
        }))
    }

    /// The normal map of `window` of the texture, whose heights (the kernels', as the
    /// grey export holds them) are `heights`, row-major: the grey's slope at each pixel
    /// is the noise's slope times the tone map's ([`ToneMap::grey_slope`]) at that
    /// height, so clamped greys are flat and the texture curve bends the relief as it
    /// bends the grey.
    pub fn window(&self, window: Region, heights: &[f32]) -> RgbImage {
        let mut data = vec![0u8; heights.len() * 3];
        let (strength, convention) = (self.strength, self.convention);
        grey_slopes_into(
            &self.slopes,
            &self.tm,
            window,
            heights,
            &mut data,
            |px, slopes| normal_pixels(slopes, strength, convention, px),
        );
        let (w, h) = (window.width, window.height);
        RgbImage::from_raw(w, h, data).unwrap_or_else(|| RgbImage::new(w, h))
    }
}

/// The exact slopes normal maps and lit views of `layers` under `out` take, for samples
/// `spacing` pixels apart ([`LayerStack::resolved_slopes`]); `None` where `out` asks for
/// differences or the stack has none. The one rule both the exports and the app's lit
/// view follow.
pub fn exact_slopes(
    layers: &LayerStack,
    out: &OutputParams,
    spacing: f64,
) -> Result<Option<SlopeSampler>, EngineError> {
    if out.normal_slopes == NormalSlopes::Differences {
        return Ok(None);
    }
    layers.resolved_slopes(spacing)
}

/// Hands `each` bands of `out` (`out.len() / heights.len()` values a pixel) with the
/// grey's exact slopes at their pixels: the noise's slope from `slopes` times the tone
/// map's at the pixel's height (`heights`, row-major over `window`). Rows go in
/// parallel bands, so each band draws its lattice rows once.
pub(super) fn grey_slopes_into<T: Send>(
    slopes: &SlopeSampler,
    tm: &ToneMap,
    window: Region,
    heights: &[f32],
    out: &mut [T],
    each: impl Fn(&mut [T], &[(f32, f32)]) + Sync,
) {
    let width = window.width as usize;
    let per_pixel = out.len() / heights.len().max(1);
    if width == 0 || per_pixel == 0 {
        return;
    }
    out.par_chunks_mut(width * per_pixel * BAND_ROWS)
        .zip(heights.par_chunks(width * BAND_ROWS))
        .enumerate()
        .for_each(|(band, (dst, hs))| {
            let y0 = window.y + (band * BAND_ROWS) as u32;
            let mut row = vec![HeightSlope::default(); hs.len()];
            slopes.rows((window.x, y0), width, &mut row);
            let grey: Vec<(f32, f32)> = row
                .iter()
                .zip(hs)
                .map(|(s, &h)| {
                    let k = tm.grey_slope(h);
                    (k * s.dx, k * s.dy)
                })
                .collect();
            each(&mut dst[..grey.len() * per_pixel], &grey);
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layers::Layer;
    use crate::engine::{Cellular, JobControl, NoiseParams};
    use crate::pixels::normal_map;

    fn preset(initial_step: u32, octaves: u32) -> Preset {
        let mut p = Preset::from_noise(NoiseParams {
            size: 128,
            initial_step,
            octaves,
            seed: 7,
            ..NoiseParams::default()
        });
        p.output.normal_strength = 12.0;
        p
    }

    fn exact_and_differences(p: &Preset) -> (RgbImage, RgbImage) {
        let hm = p.generate(&JobControl::new()).unwrap();
        let tm = ToneMap::for_heightmap(&hm, &p.output);
        let exact = ExactNormals::of_preset(p, tm).unwrap().expect("one noise");
        let exact = exact.window(Region::full(p.size()), hm.data());
        (exact, normal_map(&hm, &p.output, false))
    }

    #[test]
    fn smooth_noise_gets_the_normals_its_differences_approach() {
        // Steps 64, 32, 16: many pixels per cell, where a central difference is close
        // to the slope; the exact normals must agree with it almost everywhere.
        let (exact, diff) = exact_and_differences(&preset(64, 3));
        let gaps: Vec<i32> = exact
            .as_raw()
            .iter()
            .zip(diff.as_raw())
            .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
            .collect();
        let mean = gaps.iter().sum::<i32>() as f64 / gaps.len() as f64;
        assert!(mean < 1.0, "mean gap {mean}");
        assert!(gaps.iter().filter(|&&g| g > 3).count() < gaps.len() / 100);
        // And the relief is there: not a flat map.
        assert!(exact.pixels().any(|p| p.0[0] < 100) && exact.pixels().any(|p| p.0[0] > 156));
    }

    #[test]
    fn octaves_under_four_pixels_are_left_out() {
        // Steps 64 .. 1: the 1 px octave's gradients would be pixel noise, the 2 px
        // one's a grid. Leaving them out gives exactly the normals of the same noise
        // without those octaves.
        let (with_fine, _) = exact_and_differences(&preset(64, 7));
        let (without, _) = exact_and_differences(&preset(64, 5));
        assert_eq!(with_fine, without);
        // A noise with no octave as coarse as four pixels has no exact normals.
        let p = preset(2, 2);
        let tm = ToneMap::new(&p.output, None);
        assert!(ExactNormals::of_preset(&p, tm).unwrap().is_none());
    }

    #[test]
    fn a_window_is_that_window_of_the_whole_map() {
        let p = preset(32, 5);
        let (whole, _) = exact_and_differences(&p);
        let window = Region {
            x: 37,
            y: 21,
            width: 50,
            height: 70,
        };
        let hm = p
            .layers
            .generate_region(window, &JobControl::new())
            .unwrap();
        let full = p.generate(&JobControl::new()).unwrap();
        let tm = ToneMap::for_heightmap(&full, &p.output);
        let part = ExactNormals::of_preset(&p, tm)
            .unwrap()
            .unwrap()
            .window(window, hm.data());
        for (x, y, px) in part.enumerate_pixels() {
            assert_eq!(
                px,
                whole.get_pixel(x + window.x, y + window.y),
                "({x}, {y})"
            );
        }
    }

    #[test]
    fn clamped_greys_are_flat() {
        let mut p = preset(32, 5);
        p.output.contrast = 40.0;
        let (exact, _) = exact_and_differences(&p);
        let hm = p.generate(&JobControl::new()).unwrap();
        let tm = ToneMap::for_heightmap(&hm, &p.output);
        let mut clamped = 0;
        for (i, px) in exact.pixels().enumerate() {
            let g = tm.grey(hm.data()[i]);
            if g == 0.0 || g == 1.0 {
                clamped += 1;
                assert_eq!(px.0, [128, 128, 255]);
            }
        }
        assert!(clamped > 128 * 128 / 2, "{clamped}");
    }

    #[test]
    fn only_textures_of_one_noise_have_them() {
        let tm = ToneMap::new(&OutputParams::default(), None);
        let mut layered = preset(32, 5);
        let top = Layer::new(
            "top",
            NoiseParams {
                seed: 3,
                ..NoiseParams::default()
            },
        );
        layered.layers.insert(1, top).unwrap();
        let mut cellular = preset(32, 5);
        cellular.noise_mut().cellular = Some(Cellular::default());
        let mut asked = preset(32, 5);
        asked.output.normal_slopes = NormalSlopes::Differences;
        for p in [layered, cellular, asked] {
            assert!(ExactNormals::of_preset(&p, tm).unwrap().is_none());
        }
    }
}
