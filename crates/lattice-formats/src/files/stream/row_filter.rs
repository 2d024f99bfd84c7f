//! One PNG row filtered: the prediction filters (PNG specification, section 9) and the
//! choice among them, as the `png` crate's adaptive mode makes it or judged on samples
//! of a wide row, compiled for AVX2 where the CPU has it.

/// PNG filter type bytes (PNG specification, section 9.2).
pub(super) const UP: u8 = 2;
pub(super) const SUB: u8 = 1;
pub(super) const AVERAGE: u8 = 3;
pub(super) const PAETH: u8 = 4;

/// Writes the filter type byte and the filtered `cur` (predicted from the row `above`)
/// to `dst`, choosing the filter as the `png` crate's adaptive mode does.
pub(super) fn filter_row(bpp: usize, above: &[u8], cur: &[u8], dst: &mut [u8], judged: Judged) {
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
pub(super) enum Judged {
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
pub(super) fn costs(bpp: usize, above: &[u8], cur: &[u8]) -> [u64; 4] {
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
pub(super) fn predict(kind: u8, a: u8, b: u8, c: u8) -> u8 {
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
mod tests {
    use super::*;

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
