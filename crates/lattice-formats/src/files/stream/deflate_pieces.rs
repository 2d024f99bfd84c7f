//! [`DeflatePiece`]: a large PNG's filtered rows compressed on the thread pool, a piece of
//! about 1 MiB at a time, and joined into one zlib stream on the writer thread, as pigz
//! joins gzip pieces.
//!
//! Why: one thread compressing a 16384 png16 (537 MB of rows) was the whole export's
//! floor. Each piece is one deflate block: for 16-bit images, literals with a code of
//! its own ([`LiteralCode`], faster and smaller there), otherwise (or where zero runs
//! abound) `fdeflate`'s stream, one call per row as the `png` crate makes it, whose zlib
//! header and checksum are dropped and whose block is marked not final. An empty
//! stored block brings the bit stream back to a byte boundary, so the next piece starts
//! there. An empty final block and the checksum of all pieces (combined from theirs)
//! close the stream. Pieces are cut at fixed rows of the band, so a file is the same
//! bytes at any thread count.

use super::band_filter::BandFilter;
use super::literal_code::LiteralCode;
use super::piece_buffers::PieceBuffers;
use crate::files::png_io::PngLayout;
use rayon::prelude::*;
use std::io::{Error, ErrorKind, Result};

/// Filtered bytes per piece at most (whole rows; at least one row).
const PIECE_BYTES: usize = 1 << 20;

/// The zlib header `fdeflate` writes (deflate, 32 KiB window, fastest).
const ZLIB_HEADER: [u8; 2] = [0x78, 0x01];

/// An empty final block with fixed codes (BFINAL 1, BTYPE 01, end of block), from a
/// byte boundary.
const FINAL_BLOCK: [u8; 2] = [0x03, 0x00];

/// The modulus of Adler-32.
const ADLER_BASE: u32 = 65521;

/// One piece of compressed rows, ready to be joined.
#[derive(Clone, Debug)]
pub(super) struct DeflatePiece {
    /// `fdeflate`'s zlib stream with its block marked not final. The block (padded
    /// with zero bits to a byte boundary) is left in place between the 2-byte header
    /// and the 4-byte checksum, not copied out ([`DeflateJoin::chunk_of`] writes it
    /// from here).
    stream: Vec<u8>,
    /// Zero bits padding the block's last byte.
    padding: u32,
    /// Adler-32 of the piece's bytes.
    adler: u32,
    /// Bytes the piece holds uncompressed.
    len: usize,
    /// Rows the piece holds.
    pub rows: usize,
}

impl DeflatePiece {
    /// The piece's buffer, for the next pieces once this one is written.
    pub(super) fn into_stream(self) -> Vec<u8> {
        self.stream
    }

    /// `band` (whole rows of `line` bytes, unfiltered) filtered by `filter` and
    /// compressed, piece by piece, on the thread pool, into buffers from `buffers`.
    pub(super) fn compress_band(
        filter: &mut BandFilter,
        band: &[u8],
        (line, coding): (usize, PieceCoding),
        buffers: &PieceBuffers,
    ) -> Result<Vec<DeflatePiece>> {
        let row = |y: usize, dst: &mut [u8]| dst.copy_from_slice(&band[y * line..][..line]);
        Self::compress_rows_of(
            filter,
            band.len() / line.max(1),
            row,
            (line, coding),
            buffers,
        )
    }

    /// [`Self::compress_band`] of a band of `rows` rows of `line` bytes that `row(y,
    /// dst)` makes one at a time, as each piece needs them
    /// ([`BandFilter::filter_pieces_of`]): the band's bytes are never held whole.
    pub(super) fn compress_rows_of(
        filter: &mut BandFilter,
        rows: usize,
        row: impl Fn(usize, &mut [u8]) + Sync,
        (line, coding): (usize, PieceCoding),
        buffers: &PieceBuffers,
    ) -> Result<Vec<DeflatePiece>> {
        let sampled = coding == PieceCoding::Literals;
        filter
            .filter_pieces_of(rows, row, Self::rows_per_piece(line), sampled, |piece| {
                Self::compress(piece, line + 1, coding, buffers.take())
            })
            .into_iter()
            .collect()
    }

    /// `filtered` (whole rows of `line + 1` bytes: the filter byte, then the row) cut
    /// into pieces and compressed on the thread pool, into buffers from `buffers`.
    pub(super) fn compress_rows(
        filtered: &[u8],
        (line, coding): (usize, PieceCoding),
        buffers: &PieceBuffers,
    ) -> Result<Vec<DeflatePiece>> {
        let row = line + 1;
        filtered
            .par_chunks(Self::rows_per_piece(line) * row)
            .map(|piece| Self::compress(piece, row, coding, buffers.take()))
            .collect()
    }

    /// Rows of `line` bytes in a piece.
    fn rows_per_piece(line: usize) -> usize {
        (PIECE_BYTES / (line + 1)).max(1)
    }

    /// One piece: with [`PieceCoding::Literals`], a block of literals with the piece's
    /// own code ([`LiteralCode`]) unless zero runs abound; otherwise `fdeflate`'s
    /// stream of `bytes`, one call per row of `row` bytes. Written into `buf` (empty).
    fn compress(
        bytes: &[u8],
        row: usize,
        coding: PieceCoding,
        mut buf: Vec<u8>,
    ) -> Result<DeflatePiece> {
        if coding == PieceCoding::Literals && LiteralCode::suits(bytes) {
            return Ok(Self::literals(bytes, row, buf));
        }
        buf.reserve(bytes.len() / 2);
        let mut deflate = fdeflate::Compressor::new(buf)?;
        for r in bytes.chunks(row) {
            deflate.write_data(r)?;
        }
        let stream = deflate.finish()?;
        Self::from_zlib(stream, bytes.len(), bytes.chunks(row).len())
    }

    /// `bytes` as one block of literals, framed as [`Self::from_zlib`] leaves a piece.
    fn literals(bytes: &[u8], row: usize, mut stream: Vec<u8>) -> DeflatePiece {
        stream.extend_from_slice(&ZLIB_HEADER);
        let code = LiteralCode::for_bytes(bytes);
        let padding = code.write_block(bytes, row, &mut stream);
        let adler = simd_adler32::adler32(&bytes);
        stream.extend_from_slice(&adler.to_be_bytes());
        DeflatePiece {
            stream,
            padding,
            adler,
            len: bytes.len(),
            rows: bytes.chunks(row).len(),
        }
    }

    /// The block of a whole zlib stream as `fdeflate` writes it: one dynamic block,
    /// final, whose last code (end of block) ends with a one bit, so the zero bits
    /// above the last byte's highest one are the padding. Anything else is refused,
    /// so a change in the compressor fails here (and in the tests), not in a reader.
    fn from_zlib(mut stream: Vec<u8>, len: usize, rows: usize) -> Result<DeflatePiece> {
        let unexpected = || Error::new(ErrorKind::InvalidData, "unexpected compressor output");
        let n = stream.len();
        if n < 7 || stream[..2] != ZLIB_HEADER || stream[2] & 0b111 != 0b101 {
            return Err(unexpected());
        }
        let adler =
            u32::from_be_bytes([stream[n - 4], stream[n - 3], stream[n - 2], stream[n - 1]]);
        let last = stream[n - 5];
        if last == 0 {
            return Err(unexpected());
        }
        // Not the final block any more: more pieces (or the empty final block) follow.
        stream[2] &= !1;
        Ok(DeflatePiece {
            stream,
            padding: last.leading_zeros(),
            adler,
            len,
            rows,
        })
    }
}

/// How the pieces of an image are coded, chosen by its samples' depth on what the
/// shipped presets measured (4096 png16 and 6000 png of each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PieceCoding {
    /// `fdeflate` alone, rows filtered as the `png` crate chooses: 8-bit samples,
    /// whose smooth stretches filter to zero runs that `fdeflate` codes and literals
    /// cannot (their pieces mostly went to `fdeflate` anyway).
    Fdeflate,
    /// [`LiteralCode`] where zero runs are rare, each wide row's filter judged on
    /// samples: 16-bit samples, 9-13% smaller than `fdeflate` and about twice as
    /// fast to code.
    Literals,
}

impl PieceCoding {
    /// The coding for images of `layout`.
    pub(super) fn for_layout(layout: PngLayout) -> Self {
        match layout {
            PngLayout::Grey16 | PngLayout::Rgba16 => Self::Literals,
            PngLayout::Grey8 | PngLayout::Rgb8 | PngLayout::Rgba8 => Self::Fdeflate,
        }
    }
}

/// Joins [`DeflatePiece`]s into one zlib stream.
#[derive(Debug)]
pub(super) struct DeflateJoin {
    adler: u32,
    started: bool,
}

impl Default for DeflateJoin {
    fn default() -> Self {
        Self {
            adler: 1,
            started: false,
        }
    }
}

impl DeflateJoin {
    /// The bytes `piece` adds to the stream (the zlib header before the first), each
    /// piece one IDAT chunk of its own, handed out from its buffer: its block and an
    /// empty stored block that brings the stream back to a byte boundary. Gathering
    /// the pieces into 16 MiB chunks first cost the writer thread a copy of every byte
    /// and the chunk's memory.
    pub(super) fn chunk_of<'p>(&mut self, piece: &'p mut DeflatePiece) -> &'p [u8] {
        let first = !self.started;
        self.started = true;
        self.adler = adler32_combine(self.adler, piece.adler, piece.len);
        // The piece's own checksum goes; the stream's closes it ([`Self::finish`]).
        let end = piece.stream.len().saturating_sub(4);
        piece.stream.truncate(end);
        // An empty stored block: its 3 header bits (zeros) take the padding and, when
        // fewer than 3 bits pad, part of one more zero byte; it then skips to a byte
        // boundary, where its length 0 and the length's complement follow.
        if piece.padding < 3 {
            piece.stream.push(0);
        }
        piece.stream.extend_from_slice(&[0x00, 0x00, 0xff, 0xff]);
        let from = if first { 0 } else { ZLIB_HEADER.len() };
        &piece.stream[from..]
    }

    /// The stream's last bytes (its header too if no piece came): an empty final
    /// block and the checksum of every piece.
    pub(super) fn finish(mut self) -> Vec<u8> {
        let mut end = Vec::with_capacity(8);
        if !self.started {
            end.extend_from_slice(&ZLIB_HEADER);
            self.started = true;
        }
        end.extend_from_slice(&FINAL_BLOCK);
        end.extend_from_slice(&self.adler.to_be_bytes());
        end
    }
}

/// The Adler-32 of `a`'s bytes followed by `b_len` bytes whose Adler-32 is `b` (zlib's
/// `adler32_combine`): the low sum adds; the high sum adds, plus the low sum of `a`
/// counted once for every byte of `b`.
fn adler32_combine(a: u32, b: u32, b_len: usize) -> u32 {
    let base = u64::from(ADLER_BASE);
    let rem = (b_len as u64) % base;
    let (a_lo, a_hi) = (u64::from(a & 0xffff), u64::from(a >> 16));
    let (b_lo, b_hi) = (u64::from(b & 0xffff), u64::from(b >> 16));
    // The initial 1 of `b`'s low sum is counted in `a_lo` already.
    let lo = (a_lo + b_lo + base - 1) % base;
    let hi = (a_hi + b_hi + rem * a_lo + base - rem) % base;
    ((hi as u32) << 16) | lo as u32
}

#[cfg(test)]
#[path = "deflate_pieces_tests.rs"]
mod tests;
