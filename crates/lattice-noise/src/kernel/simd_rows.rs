//! The hand-vectorised row loops, entered through an [`Avx2`] proof: the linear loops
//! (gradient, hill) in AVX2, and the general functions in blocks of 8 cells (AVX2,
//! `F32x8`) or 16 (AVX-512, `F32x16`).
//!
//! Left to itself, LLVM vectorises the linear row loop across cells: for cells of 2 to
//! 32 pixels it then spends most instructions transposing lanes (about 4 instructions
//! per pixel at step 8). Here every 8-lane vector holds 8 consecutive pixels (part of
//! one cell of 8 or more pixels, 2 cells of 4, or 4 cells of 2) and the cells'
//! coefficients are broadcast or spread: 16 instructions per 8 pixels.
//!
//! Each pixel goes through the same f32 operations in the same order as the portable
//! loop in `row_kernel` (multiply, then add, never fused), so the bits are identical;
//! `kernel`'s tests compare the two builds on every function.

use super::avx2::Avx2;
use super::plan::Octave;
use super::row_parts::{CornerRows, RowConsts};
use crate::proximity::ProximityFn;

impl Avx2 {
    /// The linear row loop for steps of `S` pixels (`S = 0`: the octave's step, a
    /// multiple of 8); `a` and `b` are the corner coefficients of `row_kernel::linear_row`.
    /// Returns `false`, doing nothing, for steps it has no loop for.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn linear<const S: usize>(
        self,
        o: &Octave,
        a: &[f32],
        b: &[f32],
        out: &mut [f32],
    ) -> bool {
        let s = if S == 0 { o.step as usize } else { S };
        let n = o.cells;
        if !(s == 2 || s == 4 || s % 8 == 0) || a.len() <= n || b.len() <= n {
            return false;
        }
        let Some(out) = out.get_mut(..n * s) else {
            return false;
        };
        #[allow(unsafe_code)]
        // SAFETY: an `Avx2` exists only once `detect` found both features on this CPU.
        unsafe {
            match s {
                2 => simd::narrow::<2>(o, &a[..=n], &b[..=n], out),
                4 => simd::narrow::<4>(o, &a[..=n], &b[..=n], out),
                _ => simd::wide::<S>(o, &a[..=n], &b[..=n], out),
            }
        }
        true
    }

    /// A row of a general (non-linear) proximity function for steps of `S` = 2, 4, 8, 16
    /// or 32 pixels, 8 cells at a time (`simd::general`), or 16 with AVX-512. Returns
    /// `false`, doing nothing, for other steps or short rows.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn general<P: ProximityFn, const S: usize>(
        self,
        o: &Octave,
        rc: &RowConsts<'_>,
        top: &CornerRows<'_>,
        bottom: &CornerRows<'_>,
        out: &mut [f32],
    ) -> bool {
        let n = o.cells;
        let short = |rows: &CornerRows<'_>| rows[..P::NEEDS].iter().any(|r| r.len() <= n);
        if !matches!(S, 2 | 4 | 8 | 16 | 32)
            || o.step as usize != S
            || short(top)
            || short(bottom)
            || rc.w.iter().any(|w| w.len() < S)
            || o.x_l.len() < S
            || o.x_r.len() < S
        {
            return false;
        }
        let Some(out) = out.get_mut(..n * S) else {
            return false;
        };
        #[allow(unsafe_code)]
        // SAFETY: an `Avx2` exists only once `detect` found both features on this CPU,
        // an `Avx512` only once `Avx512::detect` found AVX-512F, AVX2 and FMA.
        unsafe {
            match self.avx512() {
                Some(wide) => avx512::general::<P, S>(wide, o, rc, top, bottom, out),
                None => simd::general::<P, S>(self.token(), o, rc, top, bottom, out),
            }
        };
        true
    }

    /// Never called: no `Avx2` exists off x86-64.
    #[cfg(not(target_arch = "x86_64"))]
    pub(super) fn general<P: ProximityFn, const S: usize>(
        self,
        _: &Octave,
        _: &RowConsts<'_>,
        _: &CornerRows<'_>,
        _: &CornerRows<'_>,
        _: &mut [f32],
    ) -> bool {
        false
    }

    /// Never called: no `Avx2` exists off x86-64.
    #[cfg(not(target_arch = "x86_64"))]
    pub(super) fn linear<const S: usize>(
        self,
        _: &Octave,
        _: &[f32],
        _: &[f32],
        _: &mut [f32],
    ) -> bool {
        false
    }
}

#[cfg(target_arch = "x86_64")]
mod simd {
    use super::super::array_of::array_of;
    use super::super::avx2::Avx2Token;
    use super::super::avx2_memory::{load8, put8};
    use super::super::avx2_transpose::to_pixel_order;
    use super::super::block;
    use super::super::f32x8::F32x8;
    use super::super::plan::Octave;
    use super::super::row_parts::{CornerRows, RowConsts, linear_pixel, store};
    use crate::proximity::ProximityFn;
    use core::arch::x86_64::{
        __m256, _mm256_add_ps, _mm256_mul_ps, _mm256_set1_ps, _mm256_setzero_ps,
    };

    /// `c[0] t[0] + c[1] t[1] + c[2] t[2] + c[3] t[3]`, summed left to right like
    /// `row_kernel::linear_pixel`.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn combine(t: &[__m256; 4], c: [__m256; 4]) -> __m256 {
        let v = _mm256_add_ps(_mm256_mul_ps(c[0], t[0]), _mm256_mul_ps(c[1], t[1]));
        let v = _mm256_add_ps(v, _mm256_mul_ps(c[2], t[2]));
        _mm256_add_ps(v, _mm256_mul_ps(c[3], t[3]))
    }

    /// Steps that are a multiple of 8: whole vectors within a cell, coefficients broadcast.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn wide<const S: usize>(o: &Octave, a: &[f32], b: &[f32], out: &mut [f32]) {
        let s = if S == 0 { o.step as usize } else { S };
        fn chunks(t: &[f32], s: usize) -> &[[f32; 8]] {
            t[..s].as_chunks::<8>().0
        }
        let tables = [
            chunks(&o.fade_l_x, s),
            chunks(&o.fade_l, s),
            chunks(&o.fade_r_x, s),
            chunks(&o.fade_r, s),
        ];
        let left = a.iter().zip(b);
        let right = a[1..].iter().zip(&b[1..]);
        for (cell, ((&a1, &b1), (&a2, &b2))) in out.chunks_exact_mut(s).zip(left.zip(right)) {
            let c = [
                _mm256_set1_ps(a1),
                _mm256_set1_ps(b1),
                _mm256_set1_ps(a2),
                _mm256_set1_ps(b2),
            ];
            let t = tables[0]
                .iter()
                .zip(tables[1])
                .zip(tables[2].iter().zip(tables[3]));
            for (e, ((t0, t1), (t2, t3))) in cell.as_chunks_mut::<8>().0.iter_mut().zip(t) {
                let cast = bytemuck::cast::<[f32; 8], __m256>;
                let t = [cast(*t0), cast(*t1), cast(*t2), cast(*t3)];
                put8(e, combine(&t, c));
            }
        }
    }

    /// Steps of `S` = 2 or 4, in blocks of 8 cells: pixel `u` of the 8 cells is computed
    /// as one vector (`S` phases, coefficients loaded straight from `a` and `b`), then the
    /// phases are interleaved into pixel order with a transpose. The cells left over are
    /// done one by one.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn narrow<const S: usize>(o: &Octave, a: &[f32], b: &[f32], out: &mut [f32]) {
        let z = _mm256_setzero_ps();
        let t: [[f32; 4]; S] = array_of([0.0; 4], |u| o.linear_tables(u));
        let tv: [[__m256; 4]; S] = array_of([z; 4], |u| array_of(z, |q| _mm256_set1_ps(t[u][q])));
        let n = out.len() / S;
        let blocks = if n >= 8 { n / 8 } else { 0 };
        for (k, e) in out.chunks_exact_mut(8 * S).take(blocks).enumerate() {
            let j = 8 * k;
            let (aw, bw) = (&a[j..j + 9], &b[j..j + 9]);
            let c = [load8(aw), load8(bw), load8(&aw[1..]), load8(&bw[1..])];
            let p: [__m256; S] = array_of(z, |u| combine(&tv[u], c));
            for (e, v) in e.as_chunks_mut::<8>().0.iter_mut().zip(to_pixel_order(&p)) {
                put8(e, v);
            }
        }
        let j0 = blocks * 8;
        for (j, cell) in out[j0 * S..].chunks_exact_mut(S).enumerate() {
            let j = j0 + j;
            for (e, &t) in cell.iter_mut().zip(&t) {
                store(e, linear_pixel(t, a[j], b[j], a[j + 1], b[j + 1]));
            }
        }
    }

    // General functions, steps of `S` = 2 to 32, in blocks of 8 cells.
    block::general_with!(general, "avx2,fma", F32x8, Avx2Token);
}

/// The AVX-512 entry of the general loop.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::super::avx512::Avx512;
    use super::super::block;
    use super::super::f32x16::F32x16;
    use super::super::plan::Octave;
    use super::super::row_parts::{CornerRows, RowConsts};
    use crate::proximity::ProximityFn;

    // General functions, steps of `S` = 2 to 32, in blocks of 16 cells; the caller
    // (`Avx2::general`) checked the step and the row lengths.
    block::general_with!(general, "avx2,fma,avx512f", F32x16, Avx512);
}
