//! Heightmap -> pixels: normalisation, contrast, luminance, auto-levels, tint. No noise,
//! no files.

use crate::engine::Heightmap;
use crate::params::OutputParams;
use image::{GrayImage, ImageBuffer, Luma, Rgba, RgbaImage};
use rayon::prelude::*;

/// The linear map from a height to a 0..1 grey, before clamping:
/// `grey = 0.5 + (levels(h / divisor) - 0.5) * contrast + luminance`, where `divisor` is
/// the heightmap's maximum when normalising and 1 otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToneMap {
    divisor: f32,
    scale: f32,
    offset: f32,
}

impl ToneMap {
    /// Builds the map for `out`; with auto-levels or normalise it needs the heightmap's
    /// range (min, max).
    pub fn new(out: &OutputParams, range: Option<(f32, f32)>) -> Self {
        // Normalising divides by the maximum, as the layered value noise article does
        // (`NoiseSummation[a] /= max`); a maximum that is not positive and finite has no
        // meaningful "max is 1" scaling, so the map is then left alone.
        let divisor = match (out.normalize, range) {
            (true, Some((_, hi))) if hi > 0.0 && hi.is_finite() => hi,
            _ => 1.0,
        };
        let range = range.map(|(lo, hi)| (lo / divisor, hi / divisor));
        // Auto-levels then stretches min..max to 0..1 (a flat map stays as it is).
        let (lv_scale, lv_offset) = match (out.auto_levels, range) {
            (true, Some((lo, hi))) if hi > lo && (hi - lo).is_finite() => {
                (1.0 / (hi - lo), -lo / (hi - lo))
            }
            _ => (1.0, 0.0),
        };
        let scale = lv_scale * out.contrast;
        let offset = 0.5 + (lv_offset - 0.5) * out.contrast + out.luminance;
        Self {
            divisor,
            scale,
            offset,
        }
    }

    /// The map for a given heightmap (its range is computed only when auto-levels is on).
    pub fn for_heightmap(hm: &Heightmap, out: &OutputParams) -> Self {
        let range = (out.auto_levels || out.normalize).then(|| {
            let s = hm.stats();
            (s.min, s.max)
        });
        Self::new(out, range)
    }

    /// The height after normalisation (`h / max`; `h` itself when not normalising).
    /// A division, not a multiplication by `1 / max`, so the maximum maps to exactly 1.
    #[inline]
    pub fn normalized(&self, h: f32) -> f32 {
        h / self.divisor
    }

    /// The grey value in 0..=1 (NaN heights map to 0).
    #[inline]
    pub fn grey(&self, h: f32) -> f32 {
        let g = self.normalized(h) * self.scale + self.offset;
        if g.is_nan() { 0.0 } else { g.clamp(0.0, 1.0) }
    }

    /// Whether `h` falls outside 0..1 before clamping (it is "clipped").
    #[inline]
    pub fn clips(&self, h: f32) -> bool {
        let g = self.normalized(h) * self.scale + self.offset;
        !(0.0..=1.0).contains(&g)
    }
}

/// Quantises 0..=1 to 8 bits, rounding to nearest.
#[inline]
pub fn to_u8(g: f32) -> u8 {
    (g * 255.0 + 0.5) as u8
}

/// Quantises 0..=1 to 16 bits, rounding to nearest.
#[inline]
pub fn to_u16(g: f32) -> u16 {
    (g * 65535.0 + 0.5) as u16
}

fn map_rows<P>(hm: &Heightmap, per_px: usize, f: impl Fn(f32, &mut [P]) + Sync) -> Vec<P>
where
    P: Send + Default + Clone,
{
    let size = hm.size() as usize;
    let mut out = vec![P::default(); size * size * per_px];
    out.par_chunks_mut(size * per_px.max(1))
        .zip(hm.data().par_chunks(size.max(1)))
        .for_each(|(dst, src)| {
            for (px, &h) in dst.chunks_exact_mut(per_px).zip(src) {
                f(h, px);
            }
        });
    out
}

/// 8-bit grey image.
pub fn grey8(hm: &Heightmap, out: &OutputParams) -> GrayImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let data = map_rows(hm, 1, |h, px: &mut [u8]| px[0] = to_u8(tm.grey(h)));
    let s = hm.size();
    GrayImage::from_raw(s, s, data).unwrap_or_else(|| GrayImage::new(s, s))
}

/// 16-bit grey image.
pub fn grey16(hm: &Heightmap, out: &OutputParams) -> ImageBuffer<Luma<u16>, Vec<u16>> {
    let tm = ToneMap::for_heightmap(hm, out);
    let data = map_rows(hm, 1, |h, px: &mut [u16]| px[0] = to_u16(tm.grey(h)));
    let s = hm.size();
    ImageBuffer::from_raw(s, s, data).unwrap_or_else(|| ImageBuffer::new(s, s))
}

/// Opaque RGBA grey (what the preview shows when transparency is off).
pub fn rgba_opaque(hm: &Heightmap, out: &OutputParams) -> RgbaImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let data = map_rows(hm, 4, |h, px: &mut [u8]| {
        let g = to_u8(tm.grey(h));
        px.copy_from_slice(&[g, g, g, 255]);
    });
    let s = hm.size();
    RgbaImage::from_raw(s, s, data).unwrap_or_else(|| RgbaImage::new(s, s))
}

/// The semi-transparent variant: colour = the tint, alpha = the mapped grey.
pub fn rgba_transparent(hm: &Heightmap, out: &OutputParams) -> RgbaImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let [r, g, b] = out.tint;
    let data = map_rows(hm, 4, |h, px: &mut [u8]| {
        px.copy_from_slice(&[r, g, b, to_u8(tm.grey(h))]);
    });
    let s = hm.size();
    RgbaImage::from_raw(s, s, data).unwrap_or_else(|| RgbaImage::new(s, s))
}

/// The mapped grey through the colour ramp (greyscale when `out.ramp` is `None`),
/// straight RGBA.
pub fn rgba_ramp(hm: &Heightmap, out: &OutputParams) -> RgbaImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let sampler = out.ramp.clone().unwrap_or_default().sampler();
    let data = map_rows(hm, 4, |h, px: &mut [u8]| {
        px.copy_from_slice(&sampler.sample(tm.grey(h)));
    });
    let s = hm.size();
    RgbaImage::from_raw(s, s, data).unwrap_or_else(|| RgbaImage::new(s, s))
}

/// A single pixel of the semi-transparent variant (for previews that composite).
pub fn transparent_pixel(tm: &ToneMap, h: f32, tint: [u8; 3]) -> Rgba<u8> {
    Rgba([tint[0], tint[1], tint[2], to_u8(tm.grey(h))])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hm(values: &[f32]) -> Heightmap {
        let s = (values.len() as f64).sqrt() as u32;
        Heightmap::from_data(s, values.to_vec()).unwrap()
    }

    #[test]
    fn contrast_and_luminance_formula() {
        let out = OutputParams {
            contrast: 2.0,
            luminance: 0.1,
            ..OutputParams::default()
        };
        let tm = ToneMap::new(&out, None);
        // 0.5 + (0.6 - 0.5) * 2 + 0.1 = 0.8
        assert!((tm.grey(0.6) - 0.8).abs() < 1e-6);
        assert_eq!(tm.grey(5.0), 1.0);
        assert_eq!(tm.grey(-5.0), 0.0);
        assert_eq!(tm.grey(f32::NAN), 0.0);
        assert!(tm.clips(5.0) && !tm.clips(0.6));
    }

    #[test]
    fn auto_levels_stretches_to_full_range() {
        let out = OutputParams {
            auto_levels: true,
            ..OutputParams::default()
        };
        let img = grey8(&hm(&[0.25, 0.375, 0.5, 0.75]), &out);
        assert_eq!(img.as_raw(), &vec![0, 64, 128, 255]);
        // A flat map is left alone instead of dividing by zero.
        let img = grey8(&hm(&[0.5; 4]), &out);
        assert_eq!(img.as_raw(), &vec![128; 4]);
    }

    #[test]
    fn ramp_colours_the_mapped_grey() {
        use crate::color_ramp::{ColorRamp, RampStop};
        let hm = hm(&[0.0, 0.5, 1.0, 0.75]);
        // Without a ramp: the grey, opaque.
        let img = rgba_ramp(&hm, &OutputParams::default());
        assert_eq!(img.get_pixel(1, 0).0, [128, 128, 128, 255]);
        let out = OutputParams {
            contrast: 2.0,
            ramp: Some(ColorRamp {
                stops: vec![
                    RampStop {
                        position: 0.0,
                        color: [255, 0, 0, 0],
                    },
                    RampStop {
                        position: 1.0,
                        color: [0, 0, 255, 255],
                    },
                ],
            }),
            ..OutputParams::default()
        };
        let img = rgba_ramp(&hm, &out);
        assert_eq!(img.get_pixel(0, 0).0, [255, 0, 0, 0]);
        assert_eq!(img.get_pixel(1, 0).0, [128, 0, 128, 128]);
        // 0.75 with contrast 2 is 1.0 (the ramp sees the mapped grey, not the height).
        assert_eq!(img.get_pixel(1, 1).0, [0, 0, 255, 255]);
    }

    #[test]
    fn normalize_divides_by_the_maximum() {
        let out = OutputParams {
            normalize: true,
            ..OutputParams::default()
        };
        // 0.3 / 0.7 etc.: values whose reciprocal-multiply would not give exactly 1.
        let map = hm(&[0.1, 0.3, 0.7, 0.45]);
        let tm = ToneMap::for_heightmap(&map, &out);
        let max = map
            .data()
            .iter()
            .map(|&h| tm.normalized(h))
            .fold(f32::MIN, f32::max);
        assert_eq!(max, 1.0);
        assert_eq!(tm.normalized(0.3), 0.3 / 0.7);
        // Contrast 1, luminance 0: grey is the normalised height.
        assert_eq!(grey8(&map, &out).as_raw(), &vec![36, 109, 255, 164]);
        // A map whose maximum is not positive is left unscaled.
        let neg = hm(&[-0.5, -0.25, -1.0, -0.75]);
        assert_eq!(ToneMap::for_heightmap(&neg, &out).normalized(-0.5), -0.5);
    }

    #[test]
    fn transparent_uses_tint_and_grey_alpha() {
        let out = OutputParams {
            tint: [10, 20, 30],
            ..OutputParams::default()
        };
        let img = rgba_transparent(&hm(&[0.0, 1.0, 0.5, 0.25]), &out);
        assert_eq!(img.get_pixel(0, 0).0, [10, 20, 30, 0]);
        assert_eq!(img.get_pixel(1, 0).0, [10, 20, 30, 255]);
        assert_eq!(img.get_pixel(0, 1).0, [10, 20, 30, 128]);
        assert_eq!(
            grey16(&hm(&[1.0]), &OutputParams::default())
                .get_pixel(0, 0)
                .0,
            [65535]
        );
    }
}
