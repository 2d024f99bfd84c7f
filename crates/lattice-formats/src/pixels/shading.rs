//! A lit, bump-mapped grey view of a heightmap: what the app's lit preview shows.

use super::exact_normals::grey_slopes_into;
use super::normal_map::{mapped_heights, normal_from_slope, slope};
use super::tone_map::{ToneMap, to_u8};
use crate::engine::output::DEFAULT_STRENGTH;
use crate::engine::output::OutputParams;
use crate::engine::{Heightmap, Region, SlopeSampler};
use image::GrayImage;
use rayon::prelude::*;

/// Share of the light that reaches surfaces facing away from it (keeps shadows readable).
const AMBIENT: f32 = 0.08;

/// A directional light over the texture.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Light {
    /// Compass direction the light comes from, in degrees: 0 = from the right (+X),
    /// 90 = from the top of the image, counter-clockwise.
    pub azimuth_deg: f32,
    /// Height of the light above the surface in degrees: 90 = straight above.
    pub elevation_deg: f32,
    /// Relief: slope scale, as [`OutputParams::normal_strength`].
    pub strength: f32,
}

impl Default for Light {
    fn default() -> Self {
        // From the top left, the light direction people read relief best under.
        Self {
            azimuth_deg: 135.0,
            elevation_deg: 45.0,
            strength: DEFAULT_STRENGTH,
        }
    }
}

impl Light {
    /// The unit vector towards the light, X right, Y up the image, Z out of it.
    pub fn direction(&self) -> [f32; 3] {
        let (az, el) = (
            self.azimuth_deg.to_radians(),
            self.elevation_deg.clamp(-90.0, 90.0).to_radians(),
        );
        [el.cos() * az.cos(), el.cos() * az.sin(), el.sin()]
    }

    /// Brightness 0..1 of a surface with unit normal `n` (OpenGL frame).
    #[inline]
    pub fn brightness(&self, n: [f32; 3]) -> f32 {
        brightness_towards(n, self.direction())
    }

    /// The brightness of flat ground (its normal straight up), at least 1e-3: what
    /// [`lit_colour`] divides by, worked out once per image (it takes the light's sines
    /// and cosines).
    pub fn flat_brightness(&self) -> f32 {
        self.brightness([0.0, 0.0, 1.0]).max(1e-3)
    }

    /// Whether every parameter is finite (a light that is not gives a flat mid grey).
    fn is_finite(&self) -> bool {
        self.azimuth_deg.is_finite() && self.elevation_deg.is_finite() && self.strength.is_finite()
    }
}

/// [`Light::brightness`] with the light's direction `l` worked out once by the caller
/// (it takes two sines and two cosines): the same value.
#[inline]
fn brightness_towards(n: [f32; 3], l: [f32; 3]) -> f32 {
    let lambert = (n[0] * l[0] + n[1] * l[1] + n[2] * l[2]).max(0.0);
    AMBIENT + (1.0 - AMBIENT) * lambert
}

/// The byte of [`brightness_towards`].
#[inline]
fn lit_byte(n: [f32; 3], l: [f32; 3]) -> u8 {
    to_u8(brightness_towards(n, l).clamp(0.0, 1.0))
}

/// Lights raw heights (no tone mapping); `wrap` for tileable textures. Non-finite
/// parameters give a flat mid grey rather than garbage.
pub fn shade_heights(hm: &Heightmap, light: &Light, wrap: bool) -> GrayImage {
    let size = hm.size() as usize;
    let s = hm.size();
    if !light.is_finite() {
        return GrayImage::from_pixel(s, s, image::Luma([128]));
    }
    let heights: Vec<f32> = hm
        .data()
        .iter()
        .map(|&h| if h.is_finite() { h } else { 0.0 })
        .collect();
    let l = light.direction();
    let mut data = vec![0u8; size * size];
    data.par_chunks_mut(size.max(1))
        .enumerate()
        .for_each(|(y, row)| {
            for (x, px) in row.iter_mut().enumerate() {
                let (dx, dy) = slope(&heights, size, x, y, wrap);
                *px = lit_byte(normal_from_slope(dx, dy, light.strength), l);
            }
        });
    GrayImage::from_raw(s, s, data).unwrap_or_else(|| GrayImage::new(s, s))
}

/// The lit grey's brightness over a `side` x `side` screen image of a texture, one
/// screen pixel per `step` x `step` block of texture pixels, with heights `heights`
/// (the blocks' means, row-major), and the grey's slopes exact: the noise's own at each
/// block's centre, through `tm` ([`ExactNormals`](super::ExactNormals) has the rule).
/// `slopes` should hold the octaves that grid resolves
/// (`LayerStack::resolved_slopes(step)`). Slopes are per texture pixel, so the relief
/// is the full-size surface's at any step.
pub fn shade_exact(
    slopes: &SlopeSampler,
    tm: &ToneMap,
    (heights, side, step): (&[f32], usize, usize),
    light: &Light,
) -> Vec<u8> {
    let mut out = vec![128u8; side * side];
    if !light.is_finite() || heights.len() != side * side {
        return out;
    }
    let l = light.direction();
    let lit = |(dx, dy): (f32, f32)| lit_byte(normal_from_slope(dx, dy, light.strength), l);
    if step == 1 {
        let window = Region::full(side as u32);
        grey_slopes_into(slopes, tm, window, heights, &mut out, |px, s| {
            px.iter_mut().zip(s).for_each(|(px, &s)| *px = lit(s));
        });
        return out;
    }
    // Each screen pixel on its own: a block's centre lies between texture pixels.
    let centre = |i: usize| (i * step) as f64 + (step as f64 - 1.0) / 2.0;
    out.par_chunks_mut(side.max(1))
        .zip(heights.par_chunks(side.max(1)))
        .enumerate()
        .for_each(|(y, (row, hs))| {
            for (x, (px, &h)) in row.iter_mut().zip(hs).enumerate() {
                let s = slopes.at(centre(x), centre(y));
                let k = tm.grey_slope(h);
                *px = lit((k * s.dx, k * s.dy));
            }
        });
    out
}

/// A colour-ramp pixel `colour` lit: scaled by the lit grey `brightness` over flat
/// ground's (`flat`, [`Light::flat_brightness`]), so flat ground keeps the ramp's colour
/// exactly; alpha kept. What the app's lit view shows with a colour ramp.
pub fn lit_colour(brightness: u8, [r, g, b, a]: [u8; 4], flat: f32) -> [u8; 4] {
    let k = f32::from(brightness) / 255.0 / flat;
    let shade = |c: u8| (f32::from(c) * k).round().clamp(0.0, 255.0) as u8;
    [shade(r), shade(g), shade(b), a]
}

/// Lights the texture as shown: the mapped grey is the surface.
pub fn shade(hm: &Heightmap, out: &OutputParams, light: &Light, wrap: bool) -> GrayImage {
    shade_heights(&mapped_heights(hm, out), light, wrap)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(a: f32) -> Heightmap {
        let data = (0..64).map(|i| 0.5 + a * (i % 8) as f32).collect();
        Heightmap::from_data(8, data).unwrap()
    }

    fn light(azimuth_deg: f32) -> Light {
        Light {
            azimuth_deg,
            elevation_deg: 30.0,
            strength: 10.0,
        }
    }

    #[test]
    fn slopes_facing_the_light_are_brighter() {
        // Rising to the right: the surface faces left (azimuth 180).
        let hm = plane(0.03);
        let from_left = shade_heights(&hm, &light(180.0), false);
        let from_right = shade_heights(&hm, &light(0.0), false);
        let (a, b) = (
            from_left.get_pixel(4, 4).0[0],
            from_right.get_pixel(4, 4).0[0],
        );
        assert!(a > b + 50, "facing {a} vs away {b}");
        // Mirror the slope and the order flips.
        let hm = plane(-0.03);
        let from_left = shade_heights(&hm, &light(180.0), false);
        let from_right = shade_heights(&hm, &light(0.0), false);
        assert!(from_right.get_pixel(4, 4).0[0] > from_left.get_pixel(4, 4).0[0] + 50);
    }

    #[test]
    fn lit_colours_keep_the_ramps_colour_on_flat_ground() {
        let l = light(30.0);
        let flat = l.flat_brightness();
        let on_flat = to_u8(flat);
        let c = [200, 100, 40, 255];
        let kept = lit_colour(on_flat, c, flat);
        for (k, w) in kept.iter().zip(c) {
            assert!(k.abs_diff(w) <= 1, "{kept:?} against {c:?}");
        }
        assert_eq!(lit_colour(0, c, flat), [0, 0, 0, 255]);
        let lit = lit_colour(255, c, flat);
        assert!(lit[0] == 255 && lit[1] > 100 && lit[2] > 40, "{lit:?}");
    }

    #[test]
    fn flat_ground_gets_sine_of_elevation() {
        let img = shade_heights(&plane(0.0), &light(77.0), false);
        let want = to_u8(AMBIENT + (1.0 - AMBIENT) * 0.5);
        assert!(img.pixels().all(|p| p.0[0] == want));
        let bad = Light {
            strength: f32::NAN,
            ..Light::default()
        };
        assert!(
            shade_heights(&plane(0.1), &bad, true)
                .pixels()
                .all(|p| p.0[0] == 128)
        );
    }

    #[test]
    fn creases_of_linear_value_noise_show_up() {
        // Bilinear value noise has slope jumps on grid lines (libnoise's article): pixels
        // across a grid line differ more in the lit view than pixels within a cell.
        let p = crate::engine::NoiseParams {
            size: 64,
            octaves: 1,
            initial_step: 16,
            persistence: 1.0,
            proximity: crate::engine::Proximity::Hill,
            fade: crate::engine::Fade::Linear,
            random: crate::engine::RandomSource::LibnoiseValue,
            ..crate::engine::NoiseParams::default()
        };
        let hm = crate::engine::generate_simple(&p).unwrap();
        let lit = shade_heights(&hm, &Light::default(), false);
        let jump = |x: u32| -> u32 {
            (1..63)
                .map(|y| u32::from(lit.get_pixel(x, y).0[0].abs_diff(lit.get_pixel(x + 1, y).0[0])))
                .sum()
        };
        // Pixel 16 is on the grid line: 15 -> 16 stays in a cell, 16 -> 17 crosses it.
        let (across, within) = (jump(15) + jump(16), jump(7) + jump(8));
        assert!(across > within, "across {across}, within {within}");
    }
}
