//! PNG band by band: bands arrive filtered (rows in parallel, [`filter_band`]
//! (super::png_filter::filter_band)), and this writer thread compresses them into one
//! zlib stream with `fdeflate` (what the `png` crate's `Compression::Fast` uses, so the
//! file is the size of a whole-image export) and writes IDAT chunks of 1 MiB.
//!
//! Why filtering moved off this thread: filtering and compressing a 16-bit texture on
//! one thread took longer than generating it on all of them; with the filtering spread
//! over the pool, the compressor keeps up with the generator (see the README's
//! Performance section).

use super::payload::Payload;
use crate::files::error::{Error, Result};
use crate::files::png_io::PngLayout;
use std::io::Write;
use std::path::Path;
use std::sync::mpsc::Receiver;

/// Compressed bytes per IDAT chunk: 12 bytes of chunk framing per MiB instead of the
/// streaming writer's default 4 KiB chunks (0.3 % of the file).
const IDAT_BYTES: usize = 1 << 20;

/// The PNG's shape and the preset text it carries.
pub struct PngHeader<'a> {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Pixel layout.
    pub layout: PngLayout,
    /// `(keyword, text)` of an iTXt chunk placed before the image data.
    pub text: Option<(&'a str, &'a str)>,
}

/// Collects compressed bytes and writes them as IDAT chunks of [`IDAT_BYTES`].
struct IdatSink<'a, W: Write> {
    writer: &'a mut png::Writer<W>,
    buf: Vec<u8>,
}

impl<W: Write> IdatSink<'_, W> {
    fn emit(&mut self) -> std::io::Result<()> {
        if !self.buf.is_empty() {
            self.writer
                .write_chunk(png::chunk::IDAT, &self.buf)
                .map_err(std::io::Error::other)?;
            self.buf.clear();
        }
        Ok(())
    }
}

impl<W: Write> Write for IdatSink<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= IDAT_BYTES {
            self.emit()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes the PNG of `header` to `out` from the bands of `rx`: filtered rows (each a
/// filter type byte then the row), top to bottom.
pub fn write_png<W: Write>(
    header: &PngHeader<'_>,
    name: &Path,
    rx: Receiver<Payload>,
    out: &mut W,
) -> Result<()> {
    let err = |e: png::EncodingError| Error::Encode {
        path: name.to_path_buf(),
        message: e.to_string(),
    };
    let mut enc = png::Encoder::new(out, header.width, header.height);
    let (color, depth) = header.layout.color_and_depth();
    enc.set_color(color);
    enc.set_depth(depth);
    if let Some((keyword, text)) = header.text {
        enc.add_itxt_chunk(keyword.to_owned(), text.to_owned())
            .map_err(err)?;
    }
    let mut writer = enc.write_header().map_err(err)?;
    let io = |e| Error::io(name, e);
    let mut sink = IdatSink {
        writer: &mut writer,
        buf: Vec::with_capacity(IDAT_BYTES + (64 << 10)),
    };
    let mut deflate = fdeflate::Compressor::new(&mut sink).map_err(io)?;
    for payload in rx {
        if let Payload::Bytes(bytes) = payload {
            deflate.write_data(&bytes).map_err(io)?;
        }
    }
    deflate.finish().map_err(io)?.emit().map_err(io)?;
    // Writes the end chunk and reports its error (dropping the writer would not).
    writer.finish().map_err(err)
}
