//! The round window's loops over the cells of a pixel row: [`cells_row`] for cells of
//! 8 pixels or more, a cell's pixels in whole vectors, and [`phased`] for narrower
//! ones, the same pixel of every cell at a time. Every pixel is `round_pixel`'s
//! operations in its order, so every loop gives the same bits.

use super::avx2::Avx2;
use super::round_octave::{WindowEntry, corners_of, round_pixel};
use super::row_parts::scratch;
use std::ops::Range;

/// A row's window tables (`t[k][u]`) and its corner coefficients (`A`, `B` of the top
/// corners, then of the bottom ones, per corner column).
pub(super) type CellInputs<'a> = ([&'a [f32]; 4], [&'a [f32]; 4]);

/// Adds the pixels `keep` of a row's cells of 8 pixels or more (`cells`, whole cells
/// of the tables' length); the others are left as they are.
#[inline(always)]
pub(super) fn cells_row(
    inputs: CellInputs<'_>,
    cells: &mut [f32],
    keep: Range<usize>,
    isa: Option<Avx2>,
) {
    let (t, k) = inputs;
    let s = t[0].len();
    let (whole, cut) = cut_cells(&keep, s);
    for (j, span) in cut.into_iter().flatten() {
        if let Some(e) = cells.chunks_exact_mut(s).nth(j) {
            part(t, corners_of(k, j), span, e);
        }
    }
    let Some(cells) = cells.get_mut(whole.start * s..whole.end * s) else {
        return;
    };
    let first = whole.start;
    if let Some(isa) = isa {
        let k = [
            &k[0][first..],
            &k[1][first..],
            &k[2][first..],
            &k[3][first..],
        ];
        if isa.round_wide((t, k), cells) {
            return;
        }
    }
    // Known widths let the compiler unroll a cell's pixels into whole vectors (a loop
    // over 8 pixels of unknown count ran one pixel at a time).
    match s {
        8 => whole_cells::<8>(inputs, cells, first),
        16 => whole_cells::<16>(inputs, cells, first),
        32 => whole_cells::<32>(inputs, cells, first),
        64 => whole_cells::<64>(inputs, cells, first),
        128 => whole_cells::<128>(inputs, cells, first),
        256 => whole_cells::<256>(inputs, cells, first),
        512 => whole_cells::<512>(inputs, cells, first),
        _ => any_cells(inputs, cells, first),
    }
}

/// Whole cells of `S` pixels (the first is cell `first` of the row), a cell's pixels in
/// whole vectors: the tables seen as arrays of `S` (no bounds to check, so the pixels
/// unroll into vectors).
#[inline(always)]
fn whole_cells<const S: usize>(inputs: CellInputs<'_>, cells: &mut [f32], first: usize) {
    let (t, k) = inputs;
    let [Some(t0), Some(t1), Some(t2), Some(t3)] = t.map(array::<S>) else {
        return any_cells(inputs, cells, first);
    };
    let l = S as f32;
    for (j, e) in (first..).zip(cells.chunks_exact_mut(S)) {
        let c = corners_of(k, j);
        let Ok(e) = <&mut [f32; S]>::try_from(e) else {
            continue;
        };
        // `i32` offsets: converting them to floats vectorises, `usize` ones do not.
        // (Read from a table instead, they measured slower: seven loads per vector of
        // pixels instead of five.)
        for (u, x) in (0..S).zip(0i32..) {
            let x = x as f32;
            e[u] += round_pixel(&[t0[u], t1[u], t2[u], t3[u]], [x, x - l], c);
        }
    }
}

/// Whole cells of any other width (the tables' length), a cell's pixels in a loop.
#[inline(always)]
fn any_cells((t, k): CellInputs<'_>, cells: &mut [f32], first: usize) {
    let s = t[0].len();
    for (j, e) in (first..).zip(cells.chunks_exact_mut(s)) {
        part(t, corners_of(k, j), 0..s, e);
    }
}

/// A cell that the window cuts, and the span of its pixels in the window.
type CutCell = (usize, Range<usize>);

/// The cells of `s` pixels that hold pixels of `keep`: the range of those wholly in
/// it, and the (at most two) that its ends cut, each with the span of its pixels in
/// `keep`.
fn cut_cells(keep: &Range<usize>, s: usize) -> (Range<usize>, [Option<CutCell>; 2]) {
    let (a, b) = (keep.start.div_ceil(s), keep.end / s);
    if a > b {
        let j = keep.start / s;
        return (
            0..0,
            [Some((j, keep.start - j * s..keep.end - j * s)), None],
        );
    }
    let head = (keep.start < a * s).then(|| (a - 1, keep.start - (a - 1) * s..s));
    let tail = (b * s < keep.end).then(|| (b, 0..keep.end - b * s));
    (a..b, [head, tail])
}

/// Pixels `span` of one cell `e` with corners `c`, from the row's tables `t`.
#[inline(always)]
fn part(t: [&[f32]; 4], c: [f32; 8], span: Range<usize>, e: &mut [f32]) {
    let l = t[0].len() as f32;
    let e = &mut e[span.clone()];
    let n = e.len();
    let [t0, t1, t2, t3] = t.map(|t| &t[span.start..][..n]);
    for (u, x) in (0..n).zip(span.start as i32..) {
        let x = x as f32;
        e[u] += round_pixel(&[t0[u], t1[u], t2[u], t3[u]], [x, x - l], c);
    }
}

/// `t`'s first `S` values as an array (`None` if it is shorter: never, the row made
/// them `S` long).
#[inline(always)]
fn array<const S: usize>(t: &[f32]) -> Option<&[f32; S]> {
    t.get(..S)?.try_into().ok()
}

/// Cells narrower than a vector, all of them (at most a few pixels lie outside the
/// window): [`phased_by`] with their width known where it can be.
#[inline(always)]
pub(super) fn phased(t: [&[f32]; 4], k: [&[f32]; 4], phases: &mut Vec<f32>, cells: &mut [f32]) {
    match t[0].len() {
        2 => phased_by::<2>(t, k, phases, cells),
        4 => phased_by::<4>(t, k, phases, cells),
        _ => phased_by::<0>(t, k, phases, cells),
    }
}

/// Cells narrower than a vector (`S` pixels, or the tables' length when `S = 0`): pixel
/// `u` of every cell first, phase by phase (contiguous corner coefficients, the entry
/// broadcast), then the phases interleaved into the row.
#[inline(always)]
fn phased_by<const S: usize>(
    t: [&[f32]; 4],
    k: [&[f32]; 4],
    phases: &mut Vec<f32>,
    cells: &mut [f32],
) {
    let s = if S == 0 { t[0].len() } else { S };
    let n = cells.len() / s;
    let l = s as f32;
    let phases = scratch(phases, s * n);
    for ((u, dst), x) in phases.chunks_exact_mut(n).enumerate().take(s).zip(0i32..) {
        let x = x as f32;
        phase(&[t[0][u], t[1][u], t[2][u], t[3][u]], [x, x - l], k, dst);
    }
    if S == 0 {
        for (j, e) in cells.chunks_exact_mut(s).enumerate() {
            for (u, e) in e.iter_mut().enumerate() {
                *e += phases[u * n + j];
            }
        }
        return;
    }
    // A known number of phases, each a slice of the cells' count: the interleave
    // vectorises (a transpose in registers) instead of running a pixel at a time.
    let p: [&[f32]; S] = std::array::from_fn(|u| &phases[u * n..(u + 1) * n]);
    for (j, e) in cells.chunks_exact_mut(S).take(n).enumerate() {
        for (e, p) in e.iter_mut().zip(p) {
            *e += p[j];
        }
    }
}

/// One pixel `u` (window weights `w`, offsets `x`) of every cell of the row, from the
/// row's corner coefficients `k` (`A`, `B` of the top corners, then of the bottom ones).
#[inline(always)]
fn phase(w: &WindowEntry, x: [f32; 2], k: [&[f32]; 4], dst: &mut [f32]) {
    let n = dst.len();
    let (at0, at1) = (&k[0][..n], &k[0][1..=n]);
    let (bt0, bt1) = (&k[1][..n], &k[1][1..=n]);
    let (ab0, ab1) = (&k[2][..n], &k[2][1..=n]);
    let (bb0, bb1) = (&k[3][..n], &k[3][1..=n]);
    for (j, d) in dst.iter_mut().enumerate() {
        let c = [
            at0[j], bt0[j], at1[j], bt1[j], ab0[j], bb0[j], ab1[j], bb1[j],
        ];
        *d = round_pixel(w, x, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pixel of `keep` is in exactly one cell's span, whole cells' spans being
    /// the whole cell, and no other pixel is.
    #[test]
    fn cut_cells_cover_the_window_once() {
        for s in [8, 16, 48] {
            for start in 0..3 * s {
                for end in start + 1..start + 3 * s {
                    let (whole, cut) = cut_cells(&(start..end), s);
                    let spans = whole.map(|j| (j, 0..s)).chain(cut.into_iter().flatten());
                    let mut seen = vec![0; end + 2 * s];
                    for (j, span) in spans {
                        assert!(span.start < span.end && span.end <= s, "{s} {start} {end}");
                        for u in span {
                            seen[j * s + u] += 1;
                        }
                    }
                    for (x, n) in seen.iter().enumerate() {
                        let want = usize::from((start..end).contains(&x));
                        assert_eq!(*n, want, "{s} {start}..{end} at {x}");
                    }
                }
            }
        }
    }
}
