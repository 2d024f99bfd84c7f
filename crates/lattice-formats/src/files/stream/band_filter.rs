//! [`BandFilter`]: PNG's per-row prediction filters applied to a band of rows at once,
//! on the thread pool, so the writer thread is left with compression alone.
//!
//! The choice per row is the `png` crate's adaptive heuristic, reproduced exactly (try
//! Up, Sub, Average, Paeth; keep the smallest sum of the bytes read as signed; a later
//! filter wins a tie; stop at the first that sums to 0). With each row then handed to
//! `fdeflate` in one call, as the crate's whole-image encoder does, a streamed PNG held
//! whole is byte for byte an in-memory export. Large images, compressed in pieces with
//! bytes of their own, judge wide rows on samples ([`BandFilter::filter_pieces_of`]).

use super::row_filter::{Judged, filter_row};
use rayon::prelude::*;
use std::cell::RefCell;

/// Filters the rows of successive bands of one image, remembering the last row of the
/// band before (the row the first row of the next band is predicted from).
#[derive(Clone, Debug)]
pub(super) struct BandFilter {
    bpp: usize,
    previous: Vec<u8>,
}

impl BandFilter {
    /// A filter for rows of `row_bytes` bytes with `bpp` bytes per pixel (rounded up to
    /// 1 for sub-byte pixels, as PNG's filters do); the row above the first is zeros.
    pub(super) fn new(row_bytes: usize, bpp: usize) -> Self {
        Self {
            bpp: bpp.max(1),
            previous: vec![0; row_bytes],
        }
    }

    /// The filtered rows of `band` (whole rows, top to bottom), each prefixed by its
    /// filter type byte, and remembers the band's last row for the next call.
    pub(super) fn filter(&mut self, band: &[u8]) -> Vec<u8> {
        let line = self.previous.len();
        if line == 0 || band.is_empty() {
            return Vec::new();
        }
        debug_assert_eq!(band.len() % line, 0, "a band holds whole rows");
        let mut out = vec![0u8; band.len() / line * (line + 1)];
        let bpp = self.bpp;
        let previous = &self.previous;
        out.par_chunks_mut(line + 1)
            .zip(band.par_chunks(line))
            .enumerate()
            .for_each(|(y, (dst, cur))| {
                let above = if y == 0 {
                    previous.as_slice()
                } else {
                    &band[(y - 1) * line..y * line]
                };
                filter_row(bpp, above, cur, dst, Judged::Whole);
            });
        let last = band.len() - line;
        self.previous.copy_from_slice(&band[last..]);
        out
    }

    /// [`Self::filter`] piece by piece, for a band of `rows` rows that `row(y, dst)`
    /// writes one at a time (`dst` is one row long): the rows cut into pieces of
    /// `rows_per_piece` rows, each made and filtered row by row into a buffer of its
    /// own and handed to `each` on the thread pool while still in cache, the results in
    /// order, so the band's bytes are never held whole. A piece makes the row above its
    /// first (the band's first takes the band before's last), and the band's last row
    /// is made once more for the next band. With `sampled`, a wide row's filter is
    /// chosen on an eighth of it, in four windows across.
    pub(super) fn filter_pieces_of<T: Send>(
        &mut self,
        rows: usize,
        row: impl Fn(usize, &mut [u8]) + Sync,
        rows_per_piece: usize,
        sampled: bool,
        each: impl Fn(&[u8]) -> T + Sync,
    ) -> Vec<T> {
        let judged = if sampled {
            Judged::Sampled
        } else {
            Judged::Whole
        };
        let line = self.previous.len();
        if line == 0 || rows == 0 {
            return Vec::new();
        }
        let per_piece = rows_per_piece.max(1);
        let (bpp, previous) = (self.bpp, self.previous.as_slice());
        let results = (0..rows.div_ceil(per_piece))
            .into_par_iter()
            .map(|k| {
                with_piece_rows(|bufs| {
                    let (first, end) = (k * per_piece, ((k + 1) * per_piece).min(rows));
                    bufs.out.resize((end - first) * (line + 1), 0);
                    bufs.above.resize(line, 0);
                    bufs.current.resize(line, 0);
                    if first == 0 {
                        bufs.above.copy_from_slice(previous);
                    } else {
                        row(first - 1, &mut bufs.above);
                    }
                    for (y, dst) in (first..end).zip(bufs.out.chunks_mut(line + 1)) {
                        row(y, &mut bufs.current);
                        filter_row(bpp, &bufs.above, &bufs.current, dst, judged);
                        std::mem::swap(&mut bufs.above, &mut bufs.current);
                    }
                    each(&bufs.out)
                })
            })
            .collect();
        row(rows - 1, &mut self.previous);
        results
    }
}

thread_local! {
    /// Each thread's buffers for the pieces it filters, kept from piece to piece (every
    /// byte is written): allocated per piece they were a mebibyte mapped afresh each
    /// time, page faults and the kernel's zeroing included.
    static PIECE_ROWS: RefCell<PieceRows> = RefCell::default();
}

/// Runs `f` on this thread's [`PieceRows`]; on buffers of its own in the case that
/// cannot arise today (`f` reached again from inside `f`), rather than panicking.
fn with_piece_rows<T>(f: impl FnOnce(&mut PieceRows) -> T) -> T {
    PIECE_ROWS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut bufs) => f(&mut bufs),
        Err(_) => f(&mut PieceRows::default()),
    })
}

/// A worker's buffers for [`BandFilter::filter_pieces_of`]: the piece's filtered rows,
/// and the row above the one being filtered and that row.
#[derive(Default)]
struct PieceRows {
    out: Vec<u8>,
    above: Vec<u8>,
    current: Vec<u8>,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::files::stream::row_filter::{AVERAGE, PAETH, SUB, UP, costs, predict};

    /// The zlib-inflated IDAT stream of a PNG: its filtered rows.
    fn filtered_stream(png_bytes: &[u8]) -> Vec<u8> {
        let mut idat = Vec::new();
        let mut at = 8;
        while at + 8 <= png_bytes.len() {
            let len = u32::from_be_bytes(png_bytes[at..at + 4].try_into().unwrap()) as usize;
            if &png_bytes[at + 4..at + 8] == b"IDAT" {
                idat.extend_from_slice(&png_bytes[at + 8..at + 8 + len]);
            }
            at += 12 + len;
        }
        fdeflate::decompress_to_vec(&idat).unwrap()
    }

    fn noise_bytes(n: usize, seed: u32) -> Vec<u8> {
        let mut s = seed;
        (0..n)
            .map(|i| {
                s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                // Smooth ramps with noise, so every filter wins somewhere.
                ((i / 7) as u8).wrapping_add((s >> 29) as u8)
            })
            .collect()
    }

    #[test]
    fn matches_the_png_crates_adaptive_filter() {
        use crate::files::png_io::{PngLayout, encode_png};
        let path = std::path::Path::new("t.png");
        for layout in [
            PngLayout::Grey8,
            PngLayout::Grey16,
            PngLayout::Rgb8,
            PngLayout::Rgba8,
            PngLayout::Rgba16,
        ] {
            let bpp = layout.bytes_per_pixel();
            let size = 37;
            let line = size * bpp;
            let mut data = noise_bytes(line * size, bpp as u32);
            // A flat row and a repeated row: the early exits at a cost of 0.
            data[line * 3..line * 4].fill(9);
            let (head, rest) = data.split_at_mut(line * 6);
            rest[..line].copy_from_slice(&head[line * 5..]);
            let png_bytes = encode_png(path, size as u32, layout, &data, None).unwrap();
            let mut filter = BandFilter::new(line, bpp);
            // Uneven bands: the row above a band's first comes from the band before.
            let mut ours = Vec::new();
            for band in [
                &data[..line * 5],
                &data[line * 5..line * 6],
                &data[line * 6..],
            ] {
                ours.extend(filter.filter(band));
            }
            assert_eq!(ours, filtered_stream(&png_bytes), "{layout:?}");
        }
    }

    /// The rows of `filtered` (each its type byte, then `line` bytes) reconstructed,
    /// as a PNG decoder does.
    pub(crate) fn unfilter(filtered: &[u8], line: usize, bpp: usize) -> Vec<u8> {
        let mut rows: Vec<u8> = Vec::with_capacity(filtered.len());
        for (y, row) in filtered.chunks(line + 1).enumerate() {
            let (kind, bytes) = (row[0], &row[1..]);
            for (i, &x) in bytes.iter().enumerate() {
                let at = y * line + i;
                let a = if i >= bpp { rows[at - bpp] } else { 0 };
                let b = if y > 0 { rows[at - line] } else { 0 };
                let c = if y > 0 && i >= bpp {
                    rows[at - line - bpp]
                } else {
                    0
                };
                rows.push(x.wrapping_add(match kind {
                    0 => 0,
                    _ => predict(kind, a, b, c),
                }));
            }
        }
        rows
    }

    /// `band`'s rows (of `line` bytes) filtered in pieces of 3 rows, judged on samples.
    fn pieces_of(filter: &mut BandFilter, band: &[u8], line: usize) -> Vec<Vec<u8>> {
        let row = |y: usize, dst: &mut [u8]| dst.copy_from_slice(&band[y * line..][..line]);
        filter.filter_pieces_of(band.len() / line, row, 3, true, <[u8]>::to_vec)
    }

    #[test]
    fn pieces_judged_on_samples_reconstruct_and_choose_a_filter_near_the_best() {
        for bpp in [1, 2, 8] {
            let line = 5000 * bpp;
            let rows = 7;
            // Smooth 16-bit heights with a little noise, as a texture's rows are (the
            // sampling is a heuristic: rows made to fool it can).
            let mut state = 7u32;
            let data: Vec<u8> = (0..line * rows / 2)
                .flat_map(|i| {
                    let (x, y) = ((i % (line / 2)) as f32, (i / (line / 2)) as f32);
                    state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    let wave = (x * 0.003 + y * 0.2).sin() * 20000.0 + (x * 0.05).cos() * 3000.0;
                    ((32768.0 + wave) as u16 + (state >> 28) as u16).to_be_bytes()
                })
                .collect();
            let mut filter = BandFilter::new(line, bpp);
            let pieces = pieces_of(&mut filter, &data[..line * 4], line);
            let mut filtered = pieces.concat();
            filtered.extend(pieces_of(&mut filter, &data[line * 4..], line).concat());
            assert_eq!(unfilter(&filtered, line, bpp), data, "bpp {bpp}");
            // Each row's choice costs at most a little more than the best over the row.
            for (y, row) in filtered.chunks(line + 1).enumerate() {
                let above = if y == 0 {
                    vec![0; line]
                } else {
                    data[(y - 1) * line..y * line].to_vec()
                };
                let all = costs(bpp, &above, &data[y * line..(y + 1) * line]);
                let chosen = [UP, SUB, AVERAGE, PAETH]
                    .iter()
                    .position(|&k| k == row[0])
                    .unwrap();
                let best = all.iter().min().unwrap();
                assert!(
                    all[chosen] * 100 <= best * 105,
                    "bpp {bpp} row {y}: {all:?} chose {}",
                    row[0]
                );
            }
        }
    }
}
