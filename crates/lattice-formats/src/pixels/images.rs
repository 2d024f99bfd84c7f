//! Heightmap -> whole images: 8- and 16-bit grey, RGBA grey, the semi-transparent
//! tint and the colour-ramp image, mapped row by row in parallel. No noise, no files.

use super::tone_map::{ToneMap, to_u8, to_u16};
use crate::engine::Heightmap;
use crate::engine::output::OutputParams;
use image::{GrayImage, ImageBuffer, Luma, Rgba, RgbaImage};
use rayon::prelude::*;

fn map_rows<P>(hm: &Heightmap, per_px: usize, f: impl Fn(f32, &mut [P]) + Sync) -> Vec<P>
where
    P: Send + Default + Clone,
{
    let width = hm.width() as usize;
    let mut out = vec![P::default(); hm.data().len() * per_px];
    out.par_chunks_mut(width * per_px.max(1))
        .zip(hm.data().par_chunks(width.max(1)))
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
    let (w, h) = (hm.width(), hm.height());
    GrayImage::from_raw(w, h, data).unwrap_or_else(|| GrayImage::new(w, h))
}

/// 16-bit grey image.
pub fn grey16(hm: &Heightmap, out: &OutputParams) -> ImageBuffer<Luma<u16>, Vec<u16>> {
    let tm = ToneMap::for_heightmap(hm, out);
    let data = map_rows(hm, 1, |h, px: &mut [u16]| px[0] = to_u16(tm.grey(h)));
    let (w, h) = (hm.width(), hm.height());
    ImageBuffer::from_raw(w, h, data).unwrap_or_else(|| ImageBuffer::new(w, h))
}

/// Opaque RGBA grey (what the preview shows when transparency is off).
pub fn rgba_opaque(hm: &Heightmap, out: &OutputParams) -> RgbaImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let data = map_rows(hm, 4, |h, px: &mut [u8]| {
        let g = to_u8(tm.grey(h));
        px.copy_from_slice(&[g, g, g, 255]);
    });
    let (w, h) = (hm.width(), hm.height());
    RgbaImage::from_raw(w, h, data).unwrap_or_else(|| RgbaImage::new(w, h))
}

/// The semi-transparent variant: colour = the tint, alpha = the mapped grey.
pub fn rgba_transparent(hm: &Heightmap, out: &OutputParams) -> RgbaImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let [r, g, b] = out.tint;
    let data = map_rows(hm, 4, |h, px: &mut [u8]| {
        px.copy_from_slice(&[r, g, b, to_u8(tm.grey(h))]);
    });
    let (w, h) = (hm.width(), hm.height());
    RgbaImage::from_raw(w, h, data).unwrap_or_else(|| RgbaImage::new(w, h))
}

/// The mapped grey through the colour ramp (greyscale when `out.ramp` is `None`),
/// straight RGBA.
pub fn rgba_ramp(hm: &Heightmap, out: &OutputParams) -> RgbaImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let sampler = out.ramp.clone().unwrap_or_default().sampler();
    let data = map_rows(hm, 4, |h, px: &mut [u8]| {
        px.copy_from_slice(&sampler.sample(tm.grey(h)));
    });
    let (w, h) = (hm.width(), hm.height());
    RgbaImage::from_raw(w, h, data).unwrap_or_else(|| RgbaImage::new(w, h))
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
        use crate::pixels::{ColorRamp, RampStop};
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
    fn bands_map_to_images_of_their_shape() {
        let band = Heightmap::from_rect(3, 1, vec![0.0, 0.5, 1.0]).unwrap();
        let out = OutputParams::default();
        assert_eq!(grey8(&band, &out).dimensions(), (3, 1));
        assert_eq!(grey8(&band, &out).as_raw(), &vec![0, 128, 255]);
        assert_eq!(rgba_ramp(&band, &out).dimensions(), (3, 1));
        assert_eq!(grey16(&band, &out).dimensions(), (3, 1));
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
