//! [`BandPixels`]: the bytes of one band of a streamed export (grey, colour, normal,
//! packed or raw floats), rendered into a height map reused from band to band.

use super::band_renderer::BandRenderer;
use super::halo_render::render_halo;
use crate::engine::{Heightmap, JobControl, Preset, Region};
use crate::files::error::Result;
use crate::files::export_format::ExportFormat;
use crate::files::packing::packed_pixels;
use crate::pixels::{ExactNormals, PixelEncoding, ToneMap, normals_of_grid};
use rayon::prelude::*;
use std::cell::RefCell;

/// Makes the bytes of band after band of one export.
///
/// The band's heights go into the map of the band before: a new 16 MB map each band
/// was zeroed by the calling thread alone while the pool waited (a twentieth of a 16384
/// png16 export), and the kernels write every value anyway. The bytes go to the
/// caller's buffer: reusing that one too left glibc's mmap threshold low (no large
/// block was ever freed), and every compressed piece then paid for fresh pages.
pub(super) struct BandPixels<'a> {
    renderer: BandRenderer<'a>,
    format: ExportFormat,
    tm: ToneMap,
    encoding: Option<PixelEncoding>,
    /// A normal map's exact slopes, where the texture is one noise.
    exact: Option<ExactNormals>,
    heights: RefCell<Heightmap>,
}

impl<'a> BandPixels<'a> {
    /// Bands of `preset`'s texture in `format`, grey mapped by `tm`.
    pub(super) fn new(preset: &'a Preset, format: ExportFormat, tm: ToneMap) -> Result<Self> {
        let output = &preset.output;
        let encoding = match format {
            ExportFormat::Png => Some(PixelEncoding::Grey8),
            ExportFormat::Png16 => Some(PixelEncoding::Grey16Be),
            ExportFormat::R16 => Some(PixelEncoding::Grey16Le),
            ExportFormat::PngTransparent => Some(PixelEncoding::Tinted(output.tint)),
            ExportFormat::Color => Some(PixelEncoding::ramp(output, false)),
            ExportFormat::ColorAlpha => Some(PixelEncoding::ramp(output, true)),
            ExportFormat::Normal | ExportFormat::R32 | ExportFormat::Exr => None,
            ExportFormat::Packed | ExportFormat::Packed16 => None,
            ExportFormat::Glb | ExportFormat::Obj | ExportFormat::Stl => None,
        };
        let exact = match format {
            ExportFormat::Normal => ExactNormals::of_preset(preset, tm)?,
            _ => None,
        };
        Ok(Self {
            renderer: BandRenderer::new(preset),
            format,
            tm,
            encoding,
            exact,
            heights: RefCell::new(Heightmap::filled_rect(0, 0, 0.0)),
        })
    }

    /// Renders `band` and hands `each` a function that writes the bytes of one of its
    /// rows (`row(y, dst)`, `y` from the band's top), so a caller can make the rows
    /// where it uses them instead of holding the band's bytes; `None` for the formats
    /// whose pixels are not made row by row from the heights (normal and packed maps,
    /// raw floats), which [`Self::pixels_into`] makes.
    pub(super) fn with_rows<T>(
        &self,
        band: Region,
        each: impl FnOnce(&(dyn Fn(usize, &mut [u8]) + Sync)) -> T,
    ) -> Result<Option<T>> {
        let Some(enc) = &self.encoding else {
            return Ok(None);
        };
        let mut hm = self.heights.borrow_mut();
        self.renderer.render_into(band, &mut hm)?;
        let width = band.width as usize;
        let (heights, tm) = (hm.data(), &self.tm);
        let row = |y: usize, dst: &mut [u8]| {
            enc.encode_row(tm, &heights[y * width..][..width], dst);
        };
        Ok(Some(each(&row)))
    }

    /// The bytes of `band` into `bytes` (resized to them).
    pub(super) fn pixels_into(&self, band: Region, bytes: &mut Vec<u8>) -> Result<()> {
        let (preset, tm) = (self.renderer.preset(), &self.tm);
        let output = &preset.output;
        if let Some(exact) = &self.exact {
            let mut hm = self.heights.borrow_mut();
            self.renderer.render_into(band, &mut hm)?;
            *bytes = exact.window(band, hm.data()).into_raw();
            return Ok(());
        }
        if self.format == ExportFormat::Normal {
            let grid = render_halo(&self.renderer, band, |h| tm.grey(h))?;
            let img = normals_of_grid(&grid, output.normal_strength, output.normal_convention);
            *bytes = img.into_raw();
            return Ok(());
        }
        if self.format.is_packed() {
            let sixteen = self.format == ExportFormat::Packed16;
            *bytes = packed_pixels(preset, band, sixteen, &JobControl::new())?.1;
            return Ok(());
        }
        let mut hm = self.heights.borrow_mut();
        self.renderer.render_into(band, &mut hm)?;
        match &self.encoding {
            Some(enc) => enc.encode_into(&hm, tm, bytes),
            None => {
                if self.format.holds_grey(output) {
                    tm.to_grey(&mut hm);
                }
                raw_f32_into(hm.data(), bytes);
            }
        }
        Ok(())
    }
}

/// Little-endian f32 bytes (R32) into `bytes`.
fn raw_f32_into(values: &[f32], bytes: &mut Vec<u8>) {
    bytes.resize(values.len() * 4, 0);
    bytes
        .par_chunks_mut(1 << 16)
        .zip(values.par_chunks(1 << 14))
        .for_each(|(dst, src)| {
            for (d, v) in dst.chunks_exact_mut(4).zip(src) {
                d.copy_from_slice(&v.to_le_bytes());
            }
        });
}
