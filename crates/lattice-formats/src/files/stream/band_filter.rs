//! [`BandFilter`]: PNG's per-row prediction filters applied to a band of rows at once,
//! on the thread pool, so the writer thread is left with compression alone.
//!
//! The choice per row is the `png` crate's adaptive heuristic, reproduced exactly (try
//! Up, Sub, Average, Paeth; keep the smallest sum of the bytes read as signed; a later
//! filter wins a tie; stop at the first that sums to 0). With each row then handed to
//! `fdeflate` in one call, as the crate's whole-image encoder does, a streamed PNG held
//! whole is byte for byte an in-memory export. Large images, compressed in pieces with
//! bytes of their own, judge wide rows on samples ([`BandFilter::filter_pieces`]).

use rayon::prelude::*;

/// PNG filter type bytes (PNG specification, section 9.2).
const UP: u8 = 2;
const SUB: u8 = 1;
const AVERAGE: u8 = 3;
const PAETH: u8 = 4;

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
}

impl BandFilter {
    /// [`Self::filter`] piece by piece: the band's rows cut into pieces of
    /// `rows_per_piece` rows, each filtered into a buffer of its own and handed to
    /// `each` on the thread pool while still in cache, the results in order. With
    /// `sampled`, a wide row's filter is chosen on an eighth of it, in four windows across.
    pub(super) fn filter_pieces<T: Send>(
        &mut self,
        band: &[u8],
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
        if line == 0 || band.is_empty() {
            return Vec::new();
        }
        debug_assert_eq!(band.len() % line, 0, "a band holds whole rows");
        let piece = rows_per_piece.max(1) * line;
        let (bpp, previous) = (self.bpp, self.previous.as_slice());
        let results = band
            .par_chunks(piece)
            .enumerate()
            .map(|(k, rows)| {
                let start = k * piece;
                let mut out = vec![0u8; rows.len() / line * (line + 1)];
                for (y, (dst, cur)) in out.chunks_mut(line + 1).zip(rows.chunks(line)).enumerate() {
                    let top = start + y * line;
                    let above = if top == 0 {
                        previous
                    } else {
                        &band[top - line..top]
                    };
                    filter_row(bpp, above, cur, dst, judged);
                }
                each(&out)
            })
            .collect();
        let last = band.len() - line;
        self.previous.copy_from_slice(&band[last..]);
        results
    }
}

/// Writes the filter type byte and the filtered `cur` (predicted from the row `above`)
/// to `dst`, choosing the filter as the `png` crate's adaptive mode does.
fn filter_row(bpp: usize, above: &[u8], cur: &[u8], dst: &mut [u8], judged: Judged) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        #[allow(unsafe_code)]
        // SAFETY: the CPU has AVX2 (checked just above), the one feature it is built for.
        return unsafe { filter_row_avx2(bpp, above, cur, dst, judged) };
    }
    filter_row_portable(bpp, above, cur, dst, judged);
}

/// What a row's filter is chosen on.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Judged {
    /// The whole row, as the `png` crate does (an image held whole must be its bytes).
    Whole,
    /// An eighth of a wide row, in four windows spread across it: trying the four
    /// filters over every byte was most of the filtering time of a large export. For
    /// 16-bit rows only: on the default preset at 16384 it made the same filtered
    /// rows as the whole-row choice, while on 8-bit rows it made files 1-9% larger.
    Sampled,
}

/// Rows shorter than this are judged whole even when sampling.
const SAMPLED_FROM: usize = 4096;

/// [`costs`] of an eighth of `cur`, in four windows a quarter of the row apart.
#[inline(always)]
fn sampled_costs(bpp: usize, above: &[u8], cur: &[u8]) -> [u64; 4] {
    let len = cur.len();
    let window = len / 32 / bpp * bpp;
    let mut sums = [0u64; 4];
    for k in 0..4 {
        // Past the first pixel, so every byte has its real left neighbours.
        let start = (k * len / 4 / bpp * bpp).max(bpp);
        let (end, left) = (start + window, start - bpp);
        let part = body_costs(
            &cur[start..end],
            &cur[left..end - bpp],
            &above[start..end],
            &above[left..end - bpp],
        );
        for (s, p) in sums.iter_mut().zip(part) {
            *s += p;
        }
    }
    sums
}

/// [`filter_row_portable`] compiled for AVX2: 32 byte lanes where the portable build
/// has 16 (SSE2). It measured 2.7 times as fast, making filtering a small share of a
/// PNG export instead of a third of the pool's work.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn filter_row_avx2(bpp: usize, above: &[u8], cur: &[u8], dst: &mut [u8], judged: Judged) {
    filter_row_portable(bpp, above, cur, dst, judged);
}

/// [`filter_row`] for any CPU; inlined into the AVX2 build.
#[inline(always)]
fn filter_row_portable(bpp: usize, above: &[u8], cur: &[u8], dst: &mut [u8], judged: Judged) {
    let costs = if judged == Judged::Sampled && cur.len() >= SAMPLED_FROM {
        sampled_costs(bpp, above, cur)
    } else {
        costs(bpp, above, cur)
    };
    let mut best = (u64::MAX, UP);
    for (cost, kind) in costs.into_iter().zip([UP, SUB, AVERAGE, PAETH]) {
        if cost <= best.0 {
            best = (cost, kind);
            if cost == 0 {
                break;
            }
        }
    }
    let kind = best.1;
    dst[0] = kind;
    let dst = &mut dst[1..];
    let head = bpp.min(cur.len());
    let n = cur.len() - head;
    // The first pixel has no left neighbour (a = c = 0); the rest, one loop per filter
    // over equal slices, which the compiler vectorises.
    for i in 0..head {
        dst[i] = cur[i].wrapping_sub(predict(kind, 0, above[i], 0));
    }
    let (out, x) = (&mut dst[head..], &cur[head..]);
    let (a, b, c) = (&cur[..n], &above[head..cur.len()], &above[..n]);
    match kind {
        SUB => apply(out, x, a, b, c, |a, _, _| a),
        UP => apply(out, x, a, b, c, |_, b, _| b),
        AVERAGE => apply(out, x, a, b, c, |a, b, _| average(a, b)),
        _ => apply(out, x, a, b, c, paeth),
    }
}

/// `out = x - predict(a, b, c)`, element by element.
#[inline(always)]
fn apply(
    out: &mut [u8],
    x: &[u8],
    a: &[u8],
    b: &[u8],
    c: &[u8],
    predict: impl Fn(u8, u8, u8) -> u8,
) {
    for ((((o, &x), &a), &b), &c) in out.iter_mut().zip(x).zip(a).zip(b).zip(c) {
        *o = x.wrapping_sub(predict(a, b, c));
    }
}

/// The cost (sum of the filtered bytes read as signed magnitudes) of Up, Sub, Average
/// and Paeth for one row, in one pass over it.
#[inline(always)]
fn costs(bpp: usize, above: &[u8], cur: &[u8]) -> [u64; 4] {
    // In bytes throughout (|v as i8| is min(v, -v) for a byte), so the compiler
    // vectorises the loop below 16 or 32 lanes wide.
    let mag = |v: u8| v.min(v.wrapping_neg());
    let head = bpp.min(cur.len());
    let mut sums = [0u64; 4];
    // The first pixel has no left neighbour: a = c = 0, so Paeth predicts b.
    for i in 0..head {
        let (x, b) = (cur[i], above[i]);
        for (s, predicted) in sums.iter_mut().zip([b, 0, b >> 1, b]) {
            *s += u64::from(mag(x.wrapping_sub(predicted)));
        }
    }
    let n = cur.len() - head;
    let (x, a) = (&cur[head..], &cur[..n]);
    let (b, c) = (&above[head..cur.len()], &above[..n]);
    let body = body_costs(x, a, b, c);
    for (s, p) in sums.iter_mut().zip(body) {
        *s += p;
    }
    sums
}

/// [`costs`] of bytes `x` with their left (`a`), above (`b`) and upper-left (`c`)
/// neighbours.
#[inline(always)]
fn body_costs(x: &[u8], a: &[u8], b: &[u8], c: &[u8]) -> [u64; 4] {
    let mag = |v: u8| v.min(v.wrapping_neg());
    let mut sums = [0u64; 4];
    // Chunks short enough for 16-bit lane sums (at most 128 a byte).
    const CHUNK: usize = 256;
    let chunks = x
        .chunks(CHUNK)
        .zip(a.chunks(CHUNK))
        .zip(b.chunks(CHUNK).zip(c.chunks(CHUNK)));
    for ((x, a), (b, c)) in chunks {
        let mut part = [0u16; 4];
        for (((&x, &a), &b), &c) in x.iter().zip(a).zip(b).zip(c) {
            part[0] += u16::from(mag(x.wrapping_sub(b)));
            part[1] += u16::from(mag(x.wrapping_sub(a)));
            part[2] += u16::from(mag(x.wrapping_sub(average(a, b))));
            part[3] += u16::from(mag(x.wrapping_sub(paeth(a, b, c))));
        }
        for (s, p) in sums.iter_mut().zip(part) {
            *s += u64::from(p);
        }
    }
    sums
}

/// The prediction of filter `kind` from the left (`a`), above (`b`) and upper-left
/// (`c`) bytes.
#[inline(always)]
fn predict(kind: u8, a: u8, b: u8, c: u8) -> u8 {
    match kind {
        SUB => a,
        UP => b,
        AVERAGE => average(a, b),
        _ => paeth(a, b, c),
    }
}

#[inline(always)]
fn average(a: u8, b: u8) -> u8 {
    // (a + b) / 2 without leaving bytes.
    (a & b) + ((a ^ b) >> 1)
}

/// PNG's Paeth predictor: whichever of `a`, `b`, `c` is nearest `a + b - c`, ties going
/// to `a`, then `b`.
///
/// In bytes only (Versari's FPNGE form), so the loops vectorise 16 lanes wide: the
/// distances to `a` and `b` are `|b - c|` and `|a - c|`; the distance to `c` is their
/// difference when `a` and `b` lie on either side of `c`, and otherwise at least both,
/// so any value as large (255) picks the same predictor.
#[inline(always)]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let pa = b.max(c) - b.min(c);
    let pb = a.max(c) - a.min(c);
    let pc = if (a < c) == (c < b) {
        pa.max(pb) - pa.min(pb)
    } else {
        255
    };
    let b_or_c = if pb <= pc { b } else { c };
    if pa <= pb && pa <= pc { a } else { b_or_c }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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
            let pieces = filter.filter_pieces(&data[..line * 4], 3, true, <[u8]>::to_vec);
            let mut filtered = pieces.concat();
            filtered.extend(
                filter
                    .filter_pieces(&data[line * 4..], 3, true, <[u8]>::to_vec)
                    .concat(),
            );
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

    #[test]
    fn paeth_follows_the_specification() {
        assert_eq!(paeth(0, 255, 128), 128);
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                for c in (0..=255u8).step_by(3) {
                    let p = i16::from(a) + i16::from(b) - i16::from(c);
                    // min_by_key keeps the first of equals: a, then b, then c.
                    let near = [a, b, c]
                        .into_iter()
                        .min_by_key(|&v| (p - i16::from(v)).abs())
                        .unwrap();
                    assert_eq!(paeth(a, b, c), near, "{a} {b} {c}");
                }
            }
        }
    }
}
