//! [`StreamJob`]: a texture of any size written band by band, in any export format,
//! whole or one window of it, in memory that does not grow with the size.

use super::band_filter::BandFilter;
use super::band_pixels::BandPixels;
use super::band_plan::BandPlan;
#[cfg(feature = "exr")]
use super::band_renderer::BandRenderer;
use super::deflate_pieces::{DeflatePiece, PieceCoding};
#[cfg(feature = "exr")]
use super::exr_band_writer::{compress_band, exr_headers, write_exr};
use super::payload::Payload;
use super::piece_buffers::PieceBuffers;
use super::pipeline;
use super::png_band_writer::{PngHeader, write_png};
use super::texture_scan::scan_range;
use crate::engine::Preset;
use crate::engine::{JobControl, ParamError, Region};
use crate::files::atomic_file::AtomicFile;
use crate::files::error::{Error, Result};
use crate::files::export_format::ExportFormat;
use crate::files::png_io::{PRESET_KEYWORD, PngLayout};
use crate::pixels::{OutputError, ToneMap};
use std::cell::RefCell;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::mpsc::Receiver;

/// One streamed export: a preset's texture (or a window of it) in one format.
///
/// Band after band is generated, mapped and encoded, and written while the next is
/// generated; the bytes equal those of a whole-texture export of the same window
/// (pixels bit for bit; PNG compression may differ). With auto-levels or normalise on,
/// the whole texture's range is needed first: give it ([`Self::with_levels`], e.g. from
/// [`Self::measure_levels`]) or it is measured in a first streamed pass.
#[derive(Clone, Debug)]
pub struct StreamJob {
    preset: Preset,
    format: ExportFormat,
    region: Region,
    levels: Option<(f32, f32)>,
    half: bool,
    band_rows: Option<u32>,
}

impl StreamJob {
    /// The whole texture of `preset` in `format`.
    pub fn new(preset: Preset, format: ExportFormat) -> Self {
        let region = Region::full(preset.size());
        Self {
            preset,
            format,
            region,
            levels: None,
            half: false,
            band_rows: None,
        }
    }

    /// Only `region` of the texture (its pixels are that window of the whole texture).
    pub fn with_region(mut self, region: Region) -> Self {
        self.region = region;
        self
    }

    /// The height range that auto-levels and normalise use, instead of measuring it
    /// (`None`: measure it when needed).
    pub fn with_levels(mut self, levels: Option<(f32, f32)>) -> Self {
        self.levels = levels;
        self
    }

    /// EXR: 16-bit half floats instead of 32-bit floats.
    pub fn with_half_float(mut self, half: bool) -> Self {
        self.half = half;
        self
    }

    /// Rows per band (rounded up to a multiple of 16) instead of about 4 Mpx a band:
    /// less memory, or many bands of a small texture. The bytes written do not change.
    pub fn with_band_rows(mut self, rows: Option<u32>) -> Self {
        self.band_rows = rows;
        self
    }

    fn plan(&self) -> BandPlan {
        match self.band_rows {
            Some(rows) => BandPlan::with_rows(self.region, rows),
            None => BandPlan::new(self.region, self.preset.layers.maps_held()),
        }
    }

    /// The window written.
    pub fn region(&self) -> Region {
        self.region
    }

    /// The levels given or measured ([`Self::with_levels`]), if any.
    pub fn levels(&self) -> Option<(f32, f32)> {
        self.levels
    }

    /// The format written.
    pub fn format(&self) -> ExportFormat {
        self.format
    }

    /// The preset rendered.
    pub fn preset(&self) -> &Preset {
        &self.preset
    }

    /// Checks the parameters, the window and the levels before any work.
    pub fn check(&self) -> Result<()> {
        self.format.check_built()?;
        if self.format.is_mesh() {
            return Err(Error::NotStreamable {
                format: self.format.id(),
            });
        }
        self.preset.validate_streamed()?;
        let size = self.preset.size();
        if !self.region.fits(size) {
            let Region {
                x,
                y,
                width,
                height,
            } = self.region;
            return Err(ParamError::Region {
                x,
                y,
                width,
                height,
                size,
            }
            .into());
        }
        if let Some((lo, hi)) = self.levels
            && !(lo.is_finite() && hi.is_finite())
        {
            return Err(OutputError::NotFinite { name: "levels" }.into());
        }
        Ok(())
    }

    /// Whether the whole texture's range must be measured before writing: a format
    /// that holds the grey ([`ExportFormat::holds_grey`]) with auto-levels or normalise
    /// on, and no levels given.
    pub fn needs_levels(&self) -> bool {
        let out = &self.preset.output;
        self.format.holds_grey(out) && (out.auto_levels || out.normalize) && self.levels.is_none()
    }

    /// The whole texture's height range (min, max), measured band by band.
    pub fn measure_levels(&self, control: &JobControl) -> Result<(f32, f32)> {
        Ok(scan_range(
            &self.preset,
            Region::full(self.preset.size()),
            control,
        )?)
    }

    fn tone_map(&self, control: &JobControl) -> Result<ToneMap> {
        let out = &self.preset.output;
        let range = match self.levels {
            Some(levels) => Some(levels),
            None if self.needs_levels() => Some(self.measure_levels(control)?),
            None => None,
        };
        Ok(ToneMap::new(out, range))
    }

    /// Writes the file to `out`, which must be seekable for EXR (its offset table
    /// comes first); `name` names it in errors. `control` cancels between bands and
    /// counts the rows written.
    pub fn write<W: Write + Seek + Send>(
        &self,
        out: &mut W,
        name: &Path,
        control: &JobControl,
    ) -> Result<()> {
        self.check()?;
        if self.format == ExportFormat::Exr {
            self.write_exr(out, name, control)
        } else {
            self.write_stream(out, name, control)
        }
    }

    /// [`Self::write`] to a stream that cannot seek (standard output, a pipe): EXR is
    /// written to an unnamed temporary file first, then copied.
    pub fn write_unseekable<W: Write + Send>(
        &self,
        out: &mut W,
        name: &Path,
        control: &JobControl,
    ) -> Result<()> {
        self.check()?;
        if self.format != ExportFormat::Exr {
            return self.write_stream(out, name, control);
        }
        let io = |e| Error::io(name, e);
        let mut spool = tempfile::tempfile().map_err(io)?;
        {
            let mut buffered = std::io::BufWriter::with_capacity(1 << 20, &mut spool);
            self.write_exr(&mut buffered, name, control)?;
            buffered.flush().map_err(io)?;
        }
        spool.seek(SeekFrom::Start(0)).map_err(io)?;
        std::io::copy(&mut spool, out).map_err(io)?;
        out.flush().map_err(io)
    }

    /// Writes the file to `path` atomically: a failed, cancelled or killed export
    /// leaves no file there (and keeps an old one).
    pub fn export(&self, path: &Path, control: &JobControl) -> Result<()> {
        self.check()?;
        let mut file = AtomicFile::create(path)?;
        self.write(&mut file, path, control)?;
        file.commit()
    }

    /// Refused before it starts ([`Self::check`]): this build writes no EXR.
    #[cfg(not(feature = "exr"))]
    fn write_exr<W: Write + Seek + Send>(&self, _: &mut W, _: &Path, _: &JobControl) -> Result<()> {
        ExportFormat::Exr.check_built()
    }

    #[cfg(feature = "exr")]
    fn write_exr<W: Write + Seek + Send>(
        &self,
        out: &mut W,
        name: &Path,
        control: &JobControl,
    ) -> Result<()> {
        let Region { width, height, .. } = self.region;
        let headers = exr_headers(width, height, self.half);
        let renderer = BandRenderer::new(&self.preset);
        let grey = self.grey_of_floats(control)?;
        let top = self.region.y;
        let sink_headers = headers.clone();
        let sink = move |rx: Receiver<Payload>, out: &mut W| write_exr(sink_headers, name, rx, out);
        pipeline::run(self.plan(), control, name, out, sink, |band| {
            let mut hm = renderer.render(band)?;
            if let Some(tm) = &grey {
                tm.to_grey(&mut hm);
            }
            compress_band(&headers, &hm, band.y - top, self.half, name)
        })
    }

    /// The tone map a float format (R32, EXR) applies: `Some` with `float_levels` on.
    #[cfg(feature = "exr")]
    fn grey_of_floats(&self, control: &JobControl) -> Result<Option<ToneMap>> {
        if !(self.format.is_float() && self.format.holds_grey(&self.preset.output)) {
            return Ok(None);
        }
        self.tone_map(control).map(Some)
    }

    fn write_stream<W: Write + Send>(
        &self,
        out: &mut W,
        name: &Path,
        control: &JobControl,
    ) -> Result<()> {
        let tm = self.tone_map(control)?;
        let pixels = BandPixels::new(&self.preset, self.format, tm)?;
        let plan = self.plan();
        let Region { width, height, .. } = self.region;
        let layout = match self.format {
            ExportFormat::Png => Some(PngLayout::Grey8),
            ExportFormat::Png16 => Some(PngLayout::Grey16),
            ExportFormat::PngTransparent | ExportFormat::ColorAlpha => Some(PngLayout::Rgba8),
            ExportFormat::Normal | ExportFormat::Color => Some(PngLayout::Rgb8),
            ExportFormat::Packed => Some(PngLayout::Rgba8),
            ExportFormat::Packed16 => Some(PngLayout::Rgba16),
            ExportFormat::R16 | ExportFormat::R32 | ExportFormat::Exr => None,
            // Refused by `check`.
            ExportFormat::Glb | ExportFormat::Obj | ExportFormat::Stl => None,
        };
        match layout {
            Some(layout) => {
                let ron = self.preset.to_ron();
                let header = PngHeader {
                    width,
                    height,
                    layout,
                    text: Some((PRESET_KEYWORD, &ron)),
                };
                let buffers = PieceBuffers::default();
                let sink = |rx, out: &mut W| write_png(&header, name, (rx, &buffers), out);
                let row_bytes = layout.row_bytes(width);
                let filter = RefCell::new(BandFilter::new(row_bytes, layout.bytes_per_pixel()));
                let coding = PieceCoding::for_layout(layout);
                let needs_pixels = header.needs_pixels();
                let filtered = |band: Region| {
                    if !needs_pixels {
                        let rows = band.height as usize;
                        let compressed = pixels.with_rows(band, |row| {
                            let mut filter = filter.borrow_mut();
                            let coding = (row_bytes, coding);
                            DeflatePiece::compress_rows_of(&mut filter, rows, row, coding, &buffers)
                        })?;
                        if let Some(pieces) = compressed {
                            let pieces = pieces.map_err(|e| Error::io(name, e))?;
                            return Ok(Payload::Deflated(pieces));
                        }
                    }
                    let mut bytes = Vec::new();
                    pixels.pixels_into(band, &mut bytes)?;
                    if needs_pixels {
                        let filtered = filter.borrow_mut().filter(&bytes);
                        return Ok(Payload::Rows {
                            filtered,
                            pixels: bytes,
                        });
                    }
                    let mut filter = filter.borrow_mut();
                    let pieces = DeflatePiece::compress_band(
                        &mut filter,
                        &bytes,
                        (row_bytes, coding),
                        &buffers,
                    )
                    .map_err(|e| Error::io(name, e))?;
                    Ok(Payload::Deflated(pieces))
                };
                pipeline::run(plan, control, name, out, sink, filtered)
            }
            None => {
                let produce = |band| {
                    let mut bytes = Vec::new();
                    pixels.pixels_into(band, &mut bytes)?;
                    Ok(Payload::Bytes(bytes))
                };
                pipeline::run(plan, control, name, out, write_raw(name), produce)
            }
        }
    }
}

/// The raw formats' writer: the bytes as they come.
fn write_raw<W: Write>(name: &Path) -> impl FnOnce(Receiver<Payload>, &mut W) -> Result<()> {
    move |rx, out| {
        for payload in rx {
            if let Payload::Bytes(bytes) = payload {
                out.write_all(&bytes).map_err(|e| Error::io(name, e))?;
            }
        }
        out.flush().map_err(|e| Error::io(name, e))
    }
}
