//! PNG row filtering of a band, rows in parallel: the `png` crate's adaptive choice
//! (Up, Sub, Avg, Paeth; least sum of absolute signed bytes, a tie to the later one),
//! reproduced byte for byte so the compressed file is the size a whole-image export
//! gives, but spread over the thread pool instead of the single compressing thread.

use rayon::prelude::*;

/// PNG filter type bytes.
const SUB: u8 = 1;
const UP: u8 = 2;
const AVG: u8 = 3;
const PAETH: u8 = 4;

#[inline]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ia, ib, ic) = (i16::from(a), i16::from(b), i16::from(c));
    let p = ia + ib - ic;
    let (pa, pb, pc) = ((p - ia).abs(), (p - ib).abs(), (p - ic).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// Row `cur` filtered with `kind` against the row above `prev` into `out`.
fn apply(kind: u8, bpp: usize, prev: &[u8], cur: &[u8], out: &mut [u8]) {
    let left = |i: usize, row: &[u8]| if i >= bpp { row[i - bpp] } else { 0 };
    match kind {
        SUB => {
            for i in 0..cur.len() {
                out[i] = cur[i].wrapping_sub(left(i, cur));
            }
        }
        UP => {
            for ((o, &x), &b) in out.iter_mut().zip(cur).zip(prev) {
                *o = x.wrapping_sub(b);
            }
        }
        AVG => {
            for i in 0..cur.len() {
                let avg = ((u16::from(left(i, cur)) + u16::from(prev[i])) / 2) as u8;
                out[i] = cur[i].wrapping_sub(avg);
            }
        }
        _ => {
            for i in 0..cur.len() {
                let p = paeth(left(i, cur), prev[i], left(i, prev));
                out[i] = cur[i].wrapping_sub(p);
            }
        }
    }
}

fn cost(filtered: &[u8]) -> u64 {
    filtered
        .iter()
        .map(|&b| u64::from((b as i8).unsigned_abs()))
        .sum()
}

/// One row's filter type byte and filtered bytes into `out` (`1 + cur.len()` bytes),
/// chosen as the `png` crate's `Filter::Adaptive` does.
fn filter_row(bpp: usize, prev: &[u8], cur: &[u8], out: &mut [u8]) {
    let (kind_byte, body) = out.split_at_mut(1);
    let mut best = (u64::MAX, UP);
    for kind in [UP, SUB, AVG, PAETH] {
        apply(kind, bpp, prev, cur, body);
        let c = cost(body);
        if c <= best.0 {
            best = (c, kind);
            if c == 0 {
                break;
            }
        }
    }
    if best.1 != PAETH {
        apply(best.1, bpp, prev, cur, body);
    }
    kind_byte[0] = best.1;
}

/// The filtered rows of `band` (rows of `stride` bytes, pixels of `bpp` bytes), each
/// preceded by its filter type; `above` is the image row before the band (`None` for
/// the first band: PNG takes zeros).
pub fn filter_band(above: Option<&[u8]>, band: &[u8], stride: usize, bpp: usize) -> Vec<u8> {
    let zeros = vec![0u8; stride];
    let above = above.unwrap_or(&zeros);
    let rows = band.len() / stride.max(1);
    let mut out = vec![0u8; rows * (stride + 1)];
    out.par_chunks_mut(stride + 1)
        .enumerate()
        .for_each(|(y, dst)| {
            let prev = if y == 0 {
                above
            } else {
                &band[(y - 1) * stride..y * stride]
            };
            filter_row(bpp, prev, &band[y * stride..(y + 1) * stride], dst);
        });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unfiltering gives the rows back, and the choice is the cheapest filter.
    #[test]
    fn filtered_rows_decode_to_the_band() {
        let (stride, bpp) = (12, 3);
        let band: Vec<u8> = (0..stride * 5)
            .map(|i| ((i * 37) ^ (i / 7 * 11)) as u8)
            .collect();
        let above: Vec<u8> = (0..stride).map(|i| (i * 5) as u8).collect();
        let out = filter_band(Some(&above), &band, stride, bpp);
        let mut prev = above.clone();
        for (y, row) in out.chunks(stride + 1).enumerate() {
            let mut cur = vec![0u8; stride];
            for i in 0..stride {
                let a = if i >= bpp { cur[i - bpp] } else { 0 };
                let c = if i >= bpp { prev[i - bpp] } else { 0 };
                let predictor = match row[0] {
                    SUB => a,
                    UP => prev[i],
                    AVG => ((u16::from(a) + u16::from(prev[i])) / 2) as u8,
                    PAETH => paeth(a, prev[i], c),
                    other => panic!("filter {other}"),
                };
                cur[i] = row[1 + i].wrapping_add(predictor);
            }
            assert_eq!(cur, &band[y * stride..(y + 1) * stride], "row {y}");
            let mut scratch = vec![0u8; stride];
            for kind in [UP, SUB, AVG, PAETH] {
                apply(kind, bpp, &prev, &cur, &mut scratch);
                assert!(cost(&row[1..]) <= cost(&scratch), "row {y} filter {kind}");
            }
            prev = cur;
        }
    }
}
