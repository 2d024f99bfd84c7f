//! PNG band by band: the rows arrive filtered ([`BandFilter`](super::band_filter::BandFilter),
//! on the thread pool) and, for an image too large to hold, already compressed in
//! pieces ([`DeflatePiece`], also on the pool); the writer thread joins the pieces and
//! cuts the stream into IDAT chunks. A small image (one chunk of samples at most) is
//! compressed here, one `fdeflate` call per row as the `png` crate's whole-image encoder
//! makes it, so its bytes are those of an in-memory export, stored when that is smaller.

use super::deflate_pieces::{DeflateJoin, DeflatePiece, PieceCoding};
use super::payload::Payload;
use super::piece_buffers::PieceBuffers;
use crate::files::error::{Error, Result};
use crate::files::png_io::{PngLayout, write_text_chunk};
use std::io::Write;
use std::path::Path;
use std::sync::mpsc::Receiver;

/// Compressed bytes per IDAT chunk of an image held whole (larger ones write a chunk
/// per compressed piece), and the most samples such an image has.
const IDAT_BYTES: usize = 16 << 20;

/// The most bytes handed to the output in one write: single 8 MiB writes measured four
/// times the kernel time of 1 MiB ones here (0.7 s instead of 0.15 s for a 16384 png16).
const WRITE_BYTES: usize = 1 << 20;

/// The PNG's shape and the preset text it carries.
pub(super) struct PngHeader<'a> {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Pixel layout.
    pub layout: PngLayout,
    /// `(keyword, text)` of an iTXt chunk placed before the image data.
    pub text: Option<(&'a str, &'a str)>,
}

impl PngHeader<'_> {
    /// Bytes of the image's samples, unfiltered.
    fn samples_bytes(&self) -> usize {
        self.layout
            .row_bytes(self.width)
            .saturating_mul(self.height as usize)
    }

    /// Whether [`write_png`] needs the pixels of each band besides its filtered rows:
    /// only for an image small enough to be held whole.
    pub(super) fn needs_pixels(&self) -> bool {
        self.held_whole(IDAT_BYTES)
    }

    /// Whether the image is held whole when written in chunks of `chunk_bytes`: at
    /// most one chunk of samples.
    fn held_whole(&self, chunk_bytes: usize) -> bool {
        self.samples_bytes() <= chunk_bytes
    }
}

/// Writes the PNG of `header` to `out` from the bands of `rx` ([`Payload::Rows`], with
/// their pixels when [`PngHeader::needs_pixels`], or [`Payload::Deflated`]), giving
/// the pieces' buffers back to `buffers` once written.
pub(super) fn write_png<W: Write>(
    header: &PngHeader<'_>,
    name: &Path,
    (rx, buffers): (Receiver<Payload>, &PieceBuffers),
    out: &mut W,
) -> Result<()> {
    write_png_in_chunks(header, name, (rx, buffers), out, IDAT_BYTES)
}

/// [`write_png`] with IDAT chunks of `chunk_bytes`.
///
/// An image of at most `chunk_bytes` of samples is held whole, so that, like the `png`
/// crate's whole-image encoder, it can be stored uncompressed when compression would
/// make it larger (small, noisy 16-bit textures). Larger ones compress well enough
/// never to need it here (none of the shipped presets from 2048 pixels up).
fn write_png_in_chunks<W: Write>(
    header: &PngHeader<'_>,
    name: &Path,
    (rx, buffers): (Receiver<Payload>, &PieceBuffers),
    out: &mut W,
    chunk_bytes: usize,
) -> Result<()> {
    let err = |e: png::EncodingError| Error::Encode {
        path: name.to_path_buf(),
        message: e.to_string(),
    };
    let io = |e: std::io::Error| Error::io(name, e);
    let mut enc = png::Encoder::new(Pieces(out), header.width, header.height);
    let (color, depth) = header.layout.color_and_depth();
    enc.set_color(color);
    enc.set_depth(depth);
    let mut writer = enc.write_header().map_err(err)?;
    write_text_chunk(&mut writer, header.text).map_err(err)?;
    let line = header.layout.row_bytes(header.width);
    let height = header.height as usize;
    let small = header.held_whole(chunk_bytes);
    let mut chunks = IdatChunks {
        writer: &mut writer,
        buf: Vec::new(),
        chunk_bytes,
    };
    if small {
        chunks = compress_whole(chunks, name, rx, line, height)?;
    } else {
        let coding = PieceCoding::for_layout(header.layout);
        join_pieces(&mut chunks, name, (rx, buffers), (line, height), coding)?;
    }
    chunks.flush_all().map_err(io)?;
    // Writes the end chunk and reports its error (dropping the writer would not).
    writer.finish().map_err(err)
}

/// Compresses an image held whole on this thread, then stores it instead when that
/// makes it smaller, as the `png` crate's whole-image encoder does.
fn compress_whole<'a, W: Write>(
    chunks: IdatChunks<'a, W>,
    name: &Path,
    rx: Receiver<Payload>,
    line: usize,
    height: usize,
) -> Result<IdatChunks<'a, W>> {
    let io = |e: std::io::Error| Error::io(name, e);
    // The compressor hands over its output 8 bytes at a time; BufWriter's inlined fast
    // path takes those far faster than any chunking logic would.
    let buffered = std::io::BufWriter::with_capacity(64 << 10, chunks);
    let mut deflate = fdeflate::Compressor::new(buffered).map_err(io)?;
    let mut kept = Vec::new();
    let mut rows = 0;
    for payload in rx {
        match payload {
            Payload::Rows { filtered, pixels } => {
                for row in filtered.chunks(line + 1) {
                    deflate.write_data(row).map_err(io)?;
                    rows += 1;
                }
                kept.extend_from_slice(&pixels);
            }
            // Pieces compressed apart cannot be stored instead, nor mixed with rows
            // compressed here: the producer sends them only for large images.
            Payload::Deflated(_) => {
                return Err(Error::Encode {
                    path: name.to_path_buf(),
                    message: "compressed rows came for an image held whole".to_owned(),
                });
            }
            Payload::Bytes(_) | Payload::Chunks(_) => {}
        }
    }
    check_rows(name, rows, height)?;
    let buffered = deflate.finish().map_err(io)?;
    let mut chunks = buffered.into_inner().map_err(|e| io(e.into_error()))?;
    let stored_size = fdeflate::StoredOnlyCompressor::<()>::compressed_size((line + 1) * height);
    if chunks.buf.len() > stored_size {
        let mut stored =
            fdeflate::StoredOnlyCompressor::new(std::io::Cursor::new(Vec::new())).map_err(io)?;
        for row in kept.chunks(line.max(1)) {
            stored.write_data(&[0]).map_err(io)?;
            stored.write_data(row).map_err(io)?;
        }
        chunks.buf = stored.finish().map_err(io)?.into_inner();
    }
    Ok(chunks)
}

/// Writes the compressed pieces of a large image as they come, one IDAT chunk each,
/// and a last chunk that closes the stream (rows that come uncompressed are compressed
/// in pieces first).
fn join_pieces<W: Write>(
    chunks: &mut IdatChunks<'_, W>,
    name: &Path,
    (rx, buffers): (Receiver<Payload>, &PieceBuffers),
    (line, height): (usize, usize),
    coding: PieceCoding,
) -> Result<()> {
    let io = |e: std::io::Error| Error::io(name, e);
    let mut join = DeflateJoin::default();
    let mut rows = 0;
    for payload in rx {
        let pieces = match payload {
            Payload::Deflated(pieces) => pieces,
            Payload::Rows { filtered, .. } => {
                DeflatePiece::compress_rows(&filtered, (line, coding), buffers).map_err(io)?
            }
            Payload::Bytes(_) | Payload::Chunks(_) => Vec::new(),
        };
        for mut piece in pieces {
            chunks.write_chunk(join.chunk_of(&mut piece)).map_err(io)?;
            rows += piece.rows;
            buffers.give(piece.into_stream());
        }
    }
    check_rows(name, rows, height)?;
    chunks.write_chunk(&join.finish()).map_err(io)
}

/// An error unless `rows` (the rows that came) is the image's `height`.
fn check_rows(name: &Path, rows: usize, height: usize) -> Result<()> {
    if rows == height {
        return Ok(());
    }
    Err(Error::Encode {
        path: name.to_path_buf(),
        message: format!("the image has {height} rows but {rows} came"),
    })
}

/// The image data as IDAT chunks: a small image's compressed stream held whole (it may
/// yet be stored instead) and cut into chunks of `chunk_bytes` at the end
/// ([`Self::flush_all`]), or a large image's pieces written a chunk each as they come
/// ([`Self::write_chunk`]).
struct IdatChunks<'a, W: Write> {
    writer: &'a mut png::Writer<W>,
    buf: Vec<u8>,
    chunk_bytes: usize,
}

impl<W: Write> IdatChunks<'_, W> {
    /// Writes what is held as chunks of `chunk_bytes` at most.
    fn flush_all(&mut self) -> std::io::Result<()> {
        let buf = std::mem::take(&mut self.buf);
        for chunk in buf.chunks(self.chunk_bytes) {
            self.write_chunk(chunk)?;
        }
        Ok(())
    }

    /// Writes `data` as one IDAT chunk.
    fn write_chunk(&mut self, data: &[u8]) -> std::io::Result<()> {
        self.writer
            .write_chunk(png::chunk::IDAT, data)
            .map_err(|e| match e {
                png::EncodingError::IoError(io) => io,
                other => std::io::Error::other(other.to_string()),
            })
    }
}

impl<W: Write> Write for IdatChunks<'_, W> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A writer handing its output at most [`WRITE_BYTES`] at a time.
struct Pieces<W: Write>(W);

impl<W: Write> Write for Pieces<W> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0.write(&data[..data.len().min(WRITE_BYTES)])
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::stream::band_filter::BandFilter;

    /// A 16-bit grey image written in bands of 7 rows and IDAT chunks of 100 bytes.
    fn chunked_png(width: u32, height: u32) -> (Vec<u8>, Vec<u8>) {
        let pixels: Vec<u8> = (0..width * height * 2)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        let (tx, rx) = std::sync::mpsc::channel();
        let mut filter = BandFilter::new(width as usize * 2, 2);
        for band in pixels.chunks(width as usize * 2 * 7) {
            let filtered = filter.filter(band);
            tx.send(Payload::Rows {
                filtered,
                pixels: band.to_vec(),
            })
            .unwrap();
        }
        drop(tx);
        let header = PngHeader {
            width,
            height,
            layout: PngLayout::Grey16,
            text: Some(("k", "text")),
        };
        let mut out = Vec::new();
        let buffers = PieceBuffers::default();
        write_png_in_chunks(&header, Path::new("t"), (rx, &buffers), &mut out, 100).unwrap();
        (pixels, out)
    }

    #[test]
    fn chunked_image_data_decodes_to_the_pixels() {
        let (pixels, file) = chunked_png(33, 40);
        let idat_chunks = file.windows(4).filter(|w| w == b"IDAT").count();
        assert!(idat_chunks > 3, "{idat_chunks} IDAT chunks");
        let mut decoder = png::Decoder::new(std::io::Cursor::new(&file));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut buf).unwrap();
        assert_eq!(buf, pixels);
    }

    /// The error of writing a 2x2 16-bit grey PNG from `rx`.
    fn write_2x2_grey16(rx: Receiver<Payload>) -> Error {
        let header = PngHeader {
            width: 2,
            height: 2,
            layout: PngLayout::Grey16,
            text: None,
        };
        let buffers = PieceBuffers::default();
        write_png(&header, Path::new("t.png"), (rx, &buffers), &mut Vec::new()).unwrap_err()
    }

    #[test]
    fn missing_rows_are_an_error() {
        let (tx, rx) = std::sync::mpsc::channel();
        let pixels = vec![1, 2, 3, 4];
        let filtered = BandFilter::new(4, 2).filter(&pixels);
        tx.send(Payload::Rows { filtered, pixels }).unwrap();
        drop(tx);
        let err = write_2x2_grey16(rx);
        assert!(err.to_string().contains("2 rows but 1 came"), "{err}");
    }

    #[test]
    fn pieces_for_an_image_held_whole_are_an_error_not_a_broken_file() {
        let (tx, rx) = std::sync::mpsc::channel();
        let filtered = BandFilter::new(4, 2).filter(&[1, 2, 3, 4, 5, 6, 7, 8]);
        let pieces = DeflatePiece::compress_rows(
            &filtered,
            (4, PieceCoding::Literals),
            &PieceBuffers::default(),
        )
        .unwrap();
        tx.send(Payload::Deflated(pieces)).unwrap();
        drop(tx);
        let err = write_2x2_grey16(rx);
        assert!(err.to_string().contains("held whole"), "{err}");
    }

    #[test]
    fn writes_reach_the_output_a_mebibyte_at_most() {
        struct Largest(usize);
        impl Write for Largest {
            fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
                self.0 = self.0.max(data.len());
                Ok(data.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut out = Pieces(Largest(0));
        out.write_all(&vec![0; 3 * WRITE_BYTES + 5]).unwrap();
        assert_eq!(out.0.0, WRITE_BYTES);
    }
}
