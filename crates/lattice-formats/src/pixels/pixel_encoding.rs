//! [`PixelEncoding`]: heights -> the bytes of one image format, with a tone map fixed
//! from outside (a band of a streamed texture maps with the whole texture's levels).

use super::tone_map::{ToneMap, to_u8, to_u16};
use crate::engine::Heightmap;
use crate::engine::output::OutputParams;
use crate::engine::output::RampSampler;
use rayon::prelude::*;

/// How a mapped height becomes the bytes of one pixel.
#[derive(Clone, Debug)]
pub enum PixelEncoding {
    /// 8-bit grey.
    Grey8,
    /// 16-bit grey, big-endian (PNG's byte order).
    Grey16Be,
    /// 16-bit grey, little-endian (raw R16).
    Grey16Le,
    /// RGBA: the tint, with the grey as alpha (the semi-transparent export).
    Tinted([u8; 3]),
    /// The grey through the colour ramp: RGB, or RGBA with the ramp's alpha.
    Ramp {
        /// The ramp.
        sampler: RampSampler,
        /// Keep the ramp's alpha (RGBA) or drop it (RGB).
        alpha: bool,
    },
}

impl PixelEncoding {
    /// The colour-ramp encoding of `out` (its ramp, or grey when it has none).
    pub fn ramp(out: &OutputParams, alpha: bool) -> Self {
        PixelEncoding::Ramp {
            sampler: out.ramp.clone().unwrap_or_default().sampler(),
            alpha,
        }
    }

    /// Bytes per pixel.
    pub fn bytes_per_pixel(&self) -> usize {
        match self {
            PixelEncoding::Grey8 => 1,
            PixelEncoding::Grey16Be | PixelEncoding::Grey16Le => 2,
            PixelEncoding::Tinted(_) => 4,
            PixelEncoding::Ramp { alpha, .. } => 3 + usize::from(*alpha),
        }
    }

    /// One pixel of height `h` into `px` ([`Self::bytes_per_pixel`] bytes).
    #[inline]
    fn pixel(&self, tm: &ToneMap, h: f32, px: &mut [u8]) {
        let g = tm.grey(h);
        match self {
            PixelEncoding::Grey8 => px[0] = to_u8(g),
            PixelEncoding::Grey16Be => px.copy_from_slice(&to_u16(g).to_be_bytes()),
            PixelEncoding::Grey16Le => px.copy_from_slice(&to_u16(g).to_le_bytes()),
            PixelEncoding::Tinted([r, gr, b]) => px.copy_from_slice(&[*r, *gr, *b, to_u8(g)]),
            PixelEncoding::Ramp { sampler, .. } => {
                let c = sampler.sample(g);
                let n = px.len();
                px.copy_from_slice(&c[..n]);
            }
        }
    }

    /// Every pixel of `hm`, row-major, mapped through `tm` (rows in parallel).
    pub fn encode(&self, hm: &Heightmap, tm: &ToneMap) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode_into(hm, tm, &mut out);
        out
    }

    /// [`Self::encode`] into `out` (resized to the bytes; a buffer of the right size
    /// from the band before is written over, not cleared first).
    pub fn encode_into(&self, hm: &Heightmap, tm: &ToneMap, out: &mut Vec<u8>) {
        let bpp = self.bytes_per_pixel();
        let width = hm.width() as usize;
        out.resize(hm.data().len() * bpp, 0);
        out.par_chunks_mut((width * bpp).max(1))
            .zip(hm.data().par_chunks(width.max(1)))
            .for_each(|(dst, src)| self.encode_row(tm, src, dst));
    }

    /// One row of heights `src` into `dst` ([`Self::bytes_per_pixel`] bytes each): the
    /// grey formats in loops of their own, which the compiler vectorises (see
    /// [`quantised_grey`]), 8 lanes wide where the CPU has AVX2; the others pixel by pixel.
    pub(crate) fn encode_row(&self, tm: &ToneMap, src: &[f32], dst: &mut [u8]) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            #[allow(unsafe_code)]
            // SAFETY: the CPU has AVX2 (checked just above), the one feature it is built for.
            return unsafe { self.encode_row_avx2(tm, src, dst) };
        }
        self.encode_row_portable(tm, src, dst);
    }

    /// [`Self::encode_row_portable`] compiled for AVX2: the same IEEE operations lane
    /// by lane (Rust never fuses a multiply and an add), so the same bytes, at twice
    /// the lanes of the SSE2 build; a 16384 png16 spent a tenth of its time here.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn encode_row_avx2(&self, tm: &ToneMap, src: &[f32], dst: &mut [u8]) {
        self.encode_row_portable(tm, src, dst);
    }

    /// [`Self::encode_row`] for any CPU; inlined into the AVX2 build.
    #[inline(always)]
    fn encode_row_portable(&self, tm: &ToneMap, src: &[f32], dst: &mut [u8]) {
        if tm.has_curve() {
            let bpp = self.bytes_per_pixel();
            for (px, &h) in dst.chunks_exact_mut(bpp).zip(src) {
                self.pixel(tm, h, px);
            }
            return;
        }
        // Dividing by a maximum of 1 changes no height, and the division was the
        // slowest instruction of the loop: the loop without it when it changes nothing.
        if tm.divides() {
            self.grey_row::<true>(tm, src, dst);
        } else {
            self.grey_row::<false>(tm, src, dst);
        }
    }

    /// [`Self::encode_row_portable`] without a curve, normalising by a division only
    /// with `DIVIDE`.
    #[inline(always)]
    fn grey_row<const DIVIDE: bool>(&self, tm: &ToneMap, src: &[f32], dst: &mut [u8]) {
        match self {
            PixelEncoding::Grey8 => {
                for (px, &h) in dst.iter_mut().zip(src) {
                    *px = quantised_grey::<DIVIDE>(tm, h, 255.0) as u8;
                }
            }
            PixelEncoding::Grey16Be => {
                for (px, &h) in dst.chunks_exact_mut(2).zip(src) {
                    let [hi, lo] = (quantised_grey::<DIVIDE>(tm, h, 65535.0) as u16).to_be_bytes();
                    px[0] = hi;
                    px[1] = lo;
                }
            }
            PixelEncoding::Grey16Le => {
                for (px, &h) in dst.chunks_exact_mut(2).zip(src) {
                    let [lo, hi] = (quantised_grey::<DIVIDE>(tm, h, 65535.0) as u16).to_le_bytes();
                    px[0] = lo;
                    px[1] = hi;
                }
            }
            PixelEncoding::Tinted(_) | PixelEncoding::Ramp { .. } => {
                let bpp = self.bytes_per_pixel();
                for (px, &h) in dst.chunks_exact_mut(bpp).zip(src) {
                    self.pixel(tm, h, px);
                }
            }
        }
    }
}

/// The grey of `h` quantised to `0..=levels` (255 or 65535) as [`to_u8`] and [`to_u16`]
/// do, in a form the compiler vectorises: Rust's checked `f32 -> integer` casts (NaN to
/// 0, saturating) kept a row's loop scalar, at 0.9 ns a pixel, a quarter of a 16384
/// png16 export's work. `DIVIDE` as [`ToneMap::linear_grey`] takes it.
#[inline(always)]
fn quantised_grey<const DIVIDE: bool>(tm: &ToneMap, h: f32, levels: f32) -> i32 {
    // Only called without a curve (see `encode_row_portable`), where `linear_grey` is
    // `grey`. It maps NaN to 0 and clamps to 0..=1, so `q` is finite, in
    // 0.5..=levels + 0.5.
    let q = tm.linear_grey::<DIVIDE>(h) * levels + 0.5;
    #[allow(unsafe_code)]
    // SAFETY: `q` is finite and its truncation (0..=65535 at most) fits an i32.
    unsafe {
        q.to_int_unchecked::<i32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pixels::images::{grey8, grey16, rgba_ramp, rgba_transparent};

    #[test]
    fn encodings_match_the_whole_image_functions() {
        let curve = crate::engine::layers::Curve::new(&[(0.0, 0.1), (0.4, 0.7), (1.0, 0.9)]);
        for curve in [None, Some(curve.unwrap())] {
            encodings_match_with(curve);
        }
    }

    /// The encodings of a small map, with the texture curve `curve`, against the
    /// whole-image functions.
    fn encodings_match_with(curve: Option<crate::engine::layers::Curve>) {
        let hm = Heightmap::from_rect(3, 2, vec![0.0, 0.2, 0.45, 0.5, 0.8, 1.3]).unwrap();
        let out = OutputParams {
            auto_levels: true,
            tint: [9, 8, 7],
            ramp: Some(crate::pixels::ColorRamp::builtin("terrain").unwrap()),
            curve,
            ..OutputParams::default()
        };
        let tm = ToneMap::for_heightmap(&hm, &out);
        assert_eq!(
            PixelEncoding::Grey8.encode(&hm, &tm),
            grey8(&hm, &out).into_raw()
        );
        let g16 = grey16(&hm, &out).into_raw();
        let be: Vec<u8> = g16.iter().flat_map(|v| v.to_be_bytes()).collect();
        let le: Vec<u8> = g16.iter().flat_map(|v| v.to_le_bytes()).collect();
        assert_eq!(PixelEncoding::Grey16Be.encode(&hm, &tm), be);
        assert_eq!(PixelEncoding::Grey16Le.encode(&hm, &tm), le);
        let tinted = PixelEncoding::Tinted(out.tint).encode(&hm, &tm);
        assert_eq!(tinted, rgba_transparent(&hm, &out).into_raw());
        let rgba = rgba_ramp(&hm, &out).into_raw();
        assert_eq!(PixelEncoding::ramp(&out, true).encode(&hm, &tm), rgba);
        let rgb: Vec<u8> = rgba
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        assert_eq!(PixelEncoding::ramp(&out, false).encode(&hm, &tm), rgb);
        assert_eq!(PixelEncoding::ramp(&out, false).bytes_per_pixel(), 3);
    }

    #[test]
    fn grey_rows_quantise_as_to_u8_and_to_u16_at_every_grey() {
        let steps = 1 << 20;
        let values: Vec<f32> = (0..=steps)
            .map(|i| i as f32 / steps as f32)
            .chain([
                -1.0,
                2.0,
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                0.5 / 65535.0,
            ])
            .collect();
        let hm = Heightmap::from_rect(values.len() as u32, 1, values.clone()).unwrap();
        let normalised = OutputParams {
            normalize: true,
            ..OutputParams::default()
        };
        let plain = ToneMap::new(&OutputParams::default(), None);
        // A map that divides (by a maximum of 0.7) and one that does not.
        let divides = ToneMap::new(&normalised, Some((0.0, 0.7)));
        assert!(divides.divides() && !plain.divides());
        for tm in [plain, divides] {
            grey_rows_quantise_with(&hm, &values, &tm);
        }
    }

    /// The grey encodings of `hm` (heights `values`) through `tm`, pixel by pixel.
    fn grey_rows_quantise_with(hm: &Heightmap, values: &[f32], tm: &ToneMap) {
        let be = PixelEncoding::Grey16Be.encode(hm, tm);
        for (px, &h) in be.chunks_exact(2).zip(values) {
            assert_eq!(
                u16::from_be_bytes([px[0], px[1]]),
                to_u16(tm.grey(h)),
                "{h}"
            );
        }
        let le = PixelEncoding::Grey16Le.encode(hm, tm);
        assert_eq!(
            le,
            be.chunks_exact(2)
                .flat_map(|p| [p[1], p[0]])
                .collect::<Vec<_>>()
        );
        let g8 = PixelEncoding::Grey8.encode(hm, tm);
        for (&px, &h) in g8.iter().zip(values) {
            assert_eq!(px, to_u8(tm.grey(h)), "{h}");
        }
    }
}
