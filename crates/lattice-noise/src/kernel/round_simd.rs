//! The round window's row loops in AVX2, entered through an [`Avx2`] proof, as
//! `simd_rows` does for the square grid. Left to itself, LLVM vectorised cells of 8
//! across cells, transposing and spilling most of its lanes, and interleaved the phases
//! of narrower cells a pixel at a time. Here a cell of 8 or 16 pixels is one or two
//! vectors, its window weights and offsets kept in registers for the whole row and its
//! corners' coefficients broadcast; cells of 2 or 4 go 8 at a time, pixel `u` of the 8
//! cells as one vector (the coefficients loaded straight from their rows), then
//! transposed into pixel order; wider cells of a multiple of 8 go a vector at a time,
//! the offsets counted in floats.
//!
//! Each pixel goes through the f32 operations of `round_octave::round_pixel` in its
//! order (multiply, then add, never fused), less the terms whose weights are zero on a
//! cell's top row and first column, so the bits are the portable loop's.

use super::avx2::Avx2;

/// A row's window tables (`t[k][u]`) and corner coefficients (`A`, `B` of the top
/// corners, then of the bottom ones, per corner column).
pub(super) type RoundInputs<'a> = ([&'a [f32]; 4], [&'a [f32]; 4]);

impl Avx2 {
    /// The round window's loop over the whole cells of `S` pixels (2, 4, 8 or 16) in
    /// `out`.
    /// Returns `false`, doing nothing, for other widths or inputs too short for the
    /// cells.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn round<const S: usize>(self, (t, k): RoundInputs<'_>, out: &mut [f32]) -> bool {
        let n = out.len() / S;
        let fits = t.iter().all(|t| t.len() >= S) && k.iter().all(|k| k.len() > n);
        if !matches!(S, 2 | 4 | 8 | 16) || !fits {
            return false;
        }
        let k = [&k[0][..=n], &k[1][..=n], &k[2][..=n], &k[3][..=n]];
        let out = &mut out[..n * S];
        // A cell's top row: the bottom corners, a cell or more away, weigh 0 (see
        // `simd::combine_of`). Its first pixels: the right corners too.
        let top = t[2][..S].iter().chain(&t[3][..S]).all(|w| *w == 0.0);
        let left = t[1][0] == 0.0 && t[3][0] == 0.0;
        let inputs = (t, k);
        #[allow(unsafe_code)]
        // SAFETY: an `Avx2` exists only once `detect` found both features on this CPU.
        unsafe {
            use simd::{ALL, LEFT, TOP, TOP_LEFT};
            match (S, top, left) {
                (8, false, _) => simd::eight::<ALL>(inputs, out),
                (8, true, _) => simd::eight::<TOP>(inputs, out),
                (16, false, _) => simd::sixteen::<ALL>(inputs, out),
                (16, true, _) => simd::sixteen::<TOP>(inputs, out),
                (_, false, false) => simd::narrow::<S, ALL, ALL>(inputs, out),
                (_, false, true) => simd::narrow::<S, ALL, LEFT>(inputs, out),
                (_, true, false) => simd::narrow::<S, TOP, TOP>(inputs, out),
                (_, true, true) => simd::narrow::<S, TOP, TOP_LEFT>(inputs, out),
            }
        }
        true
    }

    /// The round window's loop over whole cells of any width that is a multiple of 8
    /// pixels (the tables' length) in `out`. Returns `false`, doing nothing, for other
    /// widths or inputs too short for the cells.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn round_wide(self, (t, k): RoundInputs<'_>, out: &mut [f32]) -> bool {
        let s = t[0].len();
        let n = out.len() / s.max(1);
        let fits = t.iter().all(|t| t.len() == s) && k.iter().all(|k| k.len() > n);
        if s == 0 || s % 8 != 0 || !fits {
            return false;
        }
        let k = [&k[0][..=n], &k[1][..=n], &k[2][..=n], &k[3][..=n]];
        #[allow(unsafe_code)]
        // SAFETY: an `Avx2` exists only once `detect` found both features on this CPU.
        unsafe {
            simd::wide((t, k), &mut out[..n * s]);
        }
        true
    }

    /// Never called: no `Avx2` exists off x86-64.
    #[cfg(not(target_arch = "x86_64"))]
    pub(super) fn round_wide(self, _: RoundInputs<'_>, _: &mut [f32]) -> bool {
        false
    }

    /// Never called: no `Avx2` exists off x86-64.
    #[cfg(not(target_arch = "x86_64"))]
    pub(super) fn round<const S: usize>(self, _: RoundInputs<'_>, _: &mut [f32]) -> bool {
        false
    }
}

#[cfg(target_arch = "x86_64")]
mod simd {
    use super::super::avx2_memory::{load8, put8};
    use super::super::avx2_transpose::to_pixel_order;
    use super::super::round_octave::{corners_of, round_pixel};
    use super::RoundInputs;
    use core::arch::x86_64::{
        __m256, _mm256_add_ps, _mm256_mul_ps, _mm256_set1_ps, _mm256_setr_ps, _mm256_setzero_ps,
        _mm256_sub_ps,
    };

    // No closures in these functions (`map`, `array_of`): a closure does not take its
    // function's target features, and its calls were not inlined.

    /// A cell's corner coefficients `[A, B]` (top-left, top-right, bottom-left,
    /// bottom-right), each in every lane, from the pairs of corner columns of the top
    /// `A` and `B` and the bottom ones, read from memory. A macro, not a function:
    /// LLVM kept the function out of line, a call per cell that took 7 % of an
    /// isotropic render.
    macro_rules! broadcast {
        ($k:expr) => {{
            let [at, bt, ab, bb] = $k;
            [
                _mm256_set1_ps(at[0]),
                _mm256_set1_ps(bt[0]),
                _mm256_set1_ps(at[1]),
                _mm256_set1_ps(bt[1]),
                _mm256_set1_ps(ab[0]),
                _mm256_set1_ps(bb[0]),
                _mm256_set1_ps(ab[1]),
                _mm256_set1_ps(bb[1]),
            ]
        }};
    }

    /// Each cell's corner columns in turn, for `broadcast!`: the pairs of the top
    /// corners' `A` and `B`, then of the bottom ones' (plain slices: no intrinsics, so
    /// the closure inlines).
    #[inline(always)]
    fn cell_corners(k: [&[f32]; 4]) -> impl Iterator<Item = [&[f32]; 4]> {
        let top = k[0].windows(2).zip(k[1].windows(2));
        let bottom = k[2].windows(2).zip(k[3].windows(2));
        top.zip(bottom).map(|((at, bt), (ab, bb))| [at, bt, ab, bb])
    }

    /// A corner's line `a x + b` (multiply, then add: never fused).
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn line(a: __m256, x: __m256, b: __m256) -> __m256 {
        _mm256_add_ps(_mm256_mul_ps(a, x), b)
    }

    /// Every corner.
    pub(super) const ALL: u8 = 0b1111;
    /// The top corners: a cell's top row, where the bottom ones weigh 0.
    pub(super) const TOP: u8 = 0b0011;
    /// The left corners: a cell's first column, where the right ones weigh 0.
    pub(super) const LEFT: u8 = 0b0101;
    /// The top-left corner alone: a cell's first pixel.
    pub(super) const TOP_LEFT: u8 = 0b0001;

    /// `round_pixel` on vectors: the same products and sums in the same order, from the
    /// weights `w`, the offsets `x` (from the left and the right corners) and the
    /// corners' coefficients `c`, for the corners of `M` (bit `k`: entry `k` of
    /// `WindowEntry`) only. Leaving out corners whose weights are all zero keeps the
    /// bits: such a term is a signed zero (a finite line times a zero weight); a sum
    /// with a signed zero is the other addend unless both are zeros; and the row the
    /// sum is added to starts at 0.5, so it is never -0 and ends the same either way.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn combine_of<const M: u8>(w: &[__m256; 4], x: &[__m256; 2], c: &[__m256; 8]) -> __m256 {
        let tl = (M & 1 != 0).then_some(_mm256_mul_ps(w[0], line(c[0], x[0], c[1])));
        let tr = (M & 2 != 0).then_some(_mm256_mul_ps(w[1], line(c[2], x[1], c[3])));
        let bl = (M & 4 != 0).then_some(_mm256_mul_ps(w[2], line(c[4], x[0], c[5])));
        let br = (M & 8 != 0).then_some(_mm256_mul_ps(w[3], line(c[6], x[1], c[7])));
        sum(sum(tl, bl), sum(tr, br)).unwrap_or(_mm256_setzero_ps())
    }

    /// The sum of the terms there are.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn sum(a: Option<__m256>, b: Option<__m256>) -> Option<__m256> {
        match (a, b) {
            (Some(a), Some(b)) => Some(_mm256_add_ps(a, b)),
            (a, None) => a,
            (None, b) => b,
        }
    }

    /// Cells of 8 pixels, one vector each: the row's window weights and the offsets in
    /// registers, each cell's corner coefficients broadcast; the corners of `M` only
    /// ([`combine_of`]).
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn eight<const M: u8>((t, k): RoundInputs<'_>, out: &mut [f32]) {
        let w = [load8(t[0]), load8(t[1]), load8(t[2]), load8(t[3])];
        let x = [
            _mm256_setr_ps(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0),
            _mm256_setr_ps(-8.0, -7.0, -6.0, -5.0, -4.0, -3.0, -2.0, -1.0),
        ];
        let cells = out.as_chunks_mut::<8>().0.iter_mut();
        for (e, k) in cells.zip(cell_corners(k)) {
            let c = broadcast!(k);
            put8(e, combine_of::<M>(&w, &x, &c));
        }
    }

    /// Cells of 16 pixels, two vectors each: as [`eight`], the window weights and the
    /// offsets loaded once per row and each cell's corner coefficients broadcast from
    /// memory. Left to itself, LLVM loaded the coefficients as pairs and broadcast them
    /// from registers, eight shuffles per cell on the floating-point pipes. The corners
    /// of `M` only ([`combine_of`]).
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn sixteen<const M: u8>((t, k): RoundInputs<'_>, out: &mut [f32]) {
        let (w0, w1, w2, w3) = (halves(t[0]), halves(t[1]), halves(t[2]), halves(t[3]));
        let w = [[w0[0], w1[0], w2[0], w3[0]], [w0[1], w1[1], w2[1], w3[1]]];
        let x = [
            [
                _mm256_setr_ps(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0),
                _mm256_setr_ps(-16.0, -15.0, -14.0, -13.0, -12.0, -11.0, -10.0, -9.0),
            ],
            [
                _mm256_setr_ps(8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0),
                _mm256_setr_ps(-8.0, -7.0, -6.0, -5.0, -4.0, -3.0, -2.0, -1.0),
            ],
        ];
        let cells = out.as_chunks_mut::<16>().0.iter_mut();
        for (e, k) in cells.zip(cell_corners(k)) {
            let c = broadcast!(k);
            let (e0, e1) = e.split_at_mut(8);
            if let (Ok(e0), Ok(e1)) = (<&mut [f32; 8]>::try_from(e0), <&mut [f32; 8]>::try_from(e1))
            {
                put8(e0, combine_of::<M>(&w[0], &x[0], &c));
                put8(e1, combine_of::<M>(&w[1], &x[1], &c));
            }
        }
    }

    /// Cells of any multiple of 8 pixels, a vector at a time: each cell's corner
    /// coefficients broadcast, the weights loaded, the offsets counted in floats (whole
    /// numbers, so `+ 8` is exact and they are the portable loop's `u` and `u - l`).
    /// The portable loop converted an integer counter per vector and subtracted `l`,
    /// two more operations on each pixel's chain; this loop measured about 2 % faster
    /// over a whole render. Corners of zero weight are not left out here: per zone of a
    /// cell, the set-up cost more than the terms it saved.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn wide((t, k): RoundInputs<'_>, out: &mut [f32]) {
        let s = t[0].len();
        let eight = _mm256_set1_ps(8.0);
        let first = _mm256_setr_ps(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0);
        let first = [first, _mm256_sub_ps(first, _mm256_set1_ps(s as f32))];
        let (t0, t1) = (t[0].as_chunks::<8>().0, t[1].as_chunks::<8>().0);
        let (t2, t3) = (t[2].as_chunks::<8>().0, t[3].as_chunks::<8>().0);
        for (e, k) in out.chunks_exact_mut(s).zip(cell_corners(k)) {
            let c = broadcast!(k);
            let mut x = first;
            let w = t0.iter().zip(t1).zip(t2.iter().zip(t3));
            for (e, ((w0, w1), (w2, w3))) in e.as_chunks_mut::<8>().0.iter_mut().zip(w) {
                let w = [load8(w0), load8(w1), load8(w2), load8(w3)];
                put8(e, combine_of::<ALL>(&w, &x, &c));
                x = [_mm256_add_ps(x[0], eight), _mm256_add_ps(x[1], eight)];
            }
        }
    }

    /// The first 16 values of `t` as two vectors (zeros where it is shorter).
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn halves(t: &[f32]) -> [__m256; 2] {
        [load8(t), load8(t.get(8..).unwrap_or_default())]
    }

    /// Cells of `S` = 2 or 4 pixels, in blocks of 8 cells: pixel `u` of the 8 cells as
    /// one vector (`S` phases), then the phases put in pixel order with a transpose.
    /// The cells left over one by one. The corners of `M` for every pixel, of `M0` for
    /// each cell's first ([`combine_of`]).
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn narrow<const S: usize, const M: u8, const M0: u8>(
        (t, k): RoundInputs<'_>,
        out: &mut [f32],
    ) {
        let z = _mm256_setzero_ps();
        let l = S as f32;
        let mut wv = [[z; 4]; S];
        let mut xv = [[z; 2]; S];
        for (u, ((wv, xv), x)) in wv.iter_mut().zip(&mut xv).zip(0i32..).enumerate() {
            for (w, t) in wv.iter_mut().zip(t) {
                *w = _mm256_set1_ps(t[u]);
            }
            let x = x as f32;
            *xv = [_mm256_set1_ps(x), _mm256_set1_ps(x - l)];
        }
        let n = out.len() / S;
        let blocks = n / 8;
        // Each coefficient row as blocks of 8 from its cell and from the next one: no
        // index to check in the loop.
        fn from(k: &[f32], at: usize) -> &[[f32; 8]] {
            k.get(at..).unwrap_or_default().as_chunks::<8>().0
        }
        let (at, at1, bt, bt1) = (from(k[0], 0), from(k[0], 1), from(k[1], 0), from(k[1], 1));
        let (ab, ab1, bb, bb1) = (from(k[2], 0), from(k[2], 1), from(k[3], 0), from(k[3], 1));
        let top = at.iter().zip(bt).zip(at1.iter().zip(bt1));
        let bottom = ab.iter().zip(bb).zip(ab1.iter().zip(bb1));
        let cells = out.chunks_exact_mut(8 * S).take(blocks);
        for (e, (((a0, b0), (a1, b1)), ((a2, b2), (a3, b3)))) in cells.zip(top.zip(bottom)) {
            let c = [
                load8(a0),
                load8(b0),
                load8(a1),
                load8(b1),
                load8(a2),
                load8(b2),
                load8(a3),
                load8(b3),
            ];
            let mut p = [z; S];
            for (u, ((p, wv), xv)) in p.iter_mut().zip(&wv).zip(&xv).enumerate() {
                *p = if u == 0 {
                    combine_of::<M0>(wv, xv, &c)
                } else {
                    combine_of::<M>(wv, xv, &c)
                };
            }
            for (e, v) in e.as_chunks_mut::<8>().0.iter_mut().zip(to_pixel_order(&p)) {
                put8(e, v);
            }
        }
        let j0 = blocks * 8;
        for (j, cell) in out[j0 * S..].chunks_exact_mut(S).enumerate() {
            let c = corners_of(k, j0 + j);
            for ((u, e), x) in cell.iter_mut().enumerate().zip(0i32..) {
                let x = x as f32;
                *e += round_pixel(&[t[0][u], t[1][u], t[2][u], t[3][u]], [x, x - l], c);
            }
        }
    }
}
