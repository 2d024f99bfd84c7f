//! [`F32x8`]: eight `f32` lanes in an AVX register, the [`Lane`] type of the AVX2 blocks.
//!
//! Each operation is one AVX instruction that does to every lane exactly what the scalar
//! operator does: `vminps`/`vmaxps` return the second operand unless the first is
//! less/greater, which is the kernel's `if a < b { a } else { b }`; negation and `abs`
//! flip or clear the sign bit as the scalar ones do; nothing is fused. So a lane holds
//! the bits the scalar code computes. (A plain `[f32; 8]` with lane-by-lane operations
//! was tried first: LLVM vectorised it only in part and spilled, 2-3x the instructions
//! of the scalar loops.)

#[cfg(test)]
use super::avx2::Avx2;
use super::avx2::Avx2Token;
use super::avx2_transpose::to_pixel_order;
use super::block::{Block, block_lanes};
use super::cell_locate::CellLocate;
use super::sample_lane::{MAX_INDEX, SampleLane};
use super::simd_lane::simd_lane;
use crate::lane::Lane;
use core::arch::x86_64::{
    __m128, __m256, __m256d, __m256i, _CMP_GE_OQ, _CMP_GT_OQ, _CMP_LE_OQ, _CMP_LT_OQ,
    _mm_blendv_ps, _mm_cmp_ps, _mm_set1_ps, _mm_setzero_ps, _mm_storeu_ps, _mm256_add_epi32,
    _mm256_add_pd, _mm256_add_ps, _mm256_and_ps, _mm256_andnot_ps, _mm256_blendv_ps,
    _mm256_castsi256_ps, _mm256_cmp_ps, _mm256_cmpgt_epi32, _mm256_cvtpd_ps, _mm256_cvtss_f32,
    _mm256_cvttps_epi32, _mm256_div_pd, _mm256_div_ps, _mm256_floor_pd, _mm256_floor_ps,
    _mm256_i32gather_ps, _mm256_loadu_pd, _mm256_loadu_ps, _mm256_max_ps, _mm256_min_ps,
    _mm256_movemask_ps, _mm256_mul_pd, _mm256_mul_ps, _mm256_permutevar8x32_ps, _mm256_set1_epi32,
    _mm256_set1_pd, _mm256_set1_ps, _mm256_sqrt_ps, _mm256_storeu_pd, _mm256_sub_pd, _mm256_sub_ps,
    _mm256_xor_ps,
};

/// Eight lanes, with the proof ([`Avx2Token`], only an `Avx2` gives one) that operating
/// on them is sound: every value is made from another one or from a token, so an
/// `F32x8` never exists on a CPU without AVX2.
#[derive(Clone, Copy, Debug)]
pub(super) struct F32x8 {
    v: __m256,
    isa: Avx2Token,
}

impl F32x8 {
    /// The lanes as an array.
    #[cfg(test)]
    fn lanes(self) -> [f32; 8] {
        bytemuck::cast(self.v)
    }
}

/// Flips the sign bits.
#[inline]
#[target_feature(enable = "avx2")]
fn neg(a: __m256) -> __m256 {
    _mm256_xor_ps(_mm256_set1_ps(-0.0), a)
}

/// Clears the sign bits.
#[inline]
#[target_feature(enable = "avx2")]
fn abs(a: __m256) -> __m256 {
    _mm256_andnot_ps(_mm256_set1_ps(-0.0), a)
}

simd_lane!(F32x8: add _mm256_add_ps, sub _mm256_sub_ps, mul _mm256_mul_ps,
    div _mm256_div_ps, neg neg, min _mm256_min_ps, max _mm256_max_ps, abs abs);

impl Block for F32x8 {
    const W: usize = 8;
    type Isa = Avx2Token;
    block_lanes!(F32x8, Avx2Token, 8, _mm256_set1_ps, _mm256_loadu_ps);
    #[inline(always)]
    fn to_pixel_order(p: &mut [Self]) {
        let mut m = [bytemuck::cast([0.0f32; 8]); 8];
        for (m, p) in m.iter_mut().zip(p.iter()) {
            *m = p.v;
        }
        #[allow(unsafe_code)]
        // SAFETY: every `F32x8` holds an `Avx2Token` (see the type's doc), and `p` is not
        // empty, as `Block` asks.
        let t = unsafe { to_pixel_order(&m[..p.len()]) };
        for (p, t) in p.iter_mut().zip(t) {
            p.v = t;
        }
    }
}

/// Eight table indices, each at most `bound` (only [`F32x8::index`] makes them).
#[derive(Clone, Copy, Debug)]
pub(super) struct Idx8 {
    v: __m256i,
    bound: u32,
}

impl SampleLane for F32x8 {
    const W: usize = 8;
    type Isa = Avx2Token;
    type Idx = Idx8;
    #[inline(always)]
    fn all(isa: Avx2Token, x: f32) -> Self {
        Self::broadcast(isa, x)
    }
    #[inline(always)]
    fn read(isa: Avx2Token, x: &[f32]) -> Self {
        Self::load(isa, x)
    }
    #[inline(always)]
    fn write(self, out: &mut [f32]) {
        if let Some(o) = out.first_chunk_mut::<8>() {
            *o = *bytemuck::cast_ref::<__m256, [f32; 8]>(&self.v);
        }
    }
    #[inline(always)]
    fn floor(self) -> Self {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX (see the type's doc).
        let v = unsafe { _mm256_floor_ps(self.v) };
        F32x8 { v, isa: self.isa }
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX (see the type's doc).
        let v = unsafe { _mm256_sqrt_ps(self.v) };
        F32x8 { v, isa: self.isa }
    }
    #[inline(always)]
    fn select_lt(self, b: Self, x: Self, y: Self) -> Self {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX (see the type's doc).
        let v = unsafe {
            let lt = _mm256_cmp_ps::<_CMP_LT_OQ>(self.v, b.v);
            _mm256_blendv_ps(y.v, x.v, lt)
        };
        F32x8 { v, isa: self.isa }
    }
    #[inline(always)]
    fn index(self, bound: u32) -> Idx8 {
        let bound = bound.min(MAX_INDEX);
        let c = self.mx(self.splat(0.0)).mn(self.splat(bound as f32));
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX (see the type's doc).
        let v = unsafe { _mm256_cvttps_epi32(c.v) };
        Idx8 { v, bound }
    }
    #[inline(always)]
    fn gather(isa: Avx2Token, table: &[f32], i: Idx8) -> Self {
        if i.bound as usize >= table.len() {
            return Self::broadcast(isa, 0.0);
        }
        #[allow(unsafe_code)]
        // SAFETY: `isa` proves AVX2; every lane of `i` is in `0..=bound` (clamped by
        // `index`, exact below `MAX_INDEX`), and `bound < table.len()`, so each of the
        // eight reads is inside `table`.
        let v = unsafe { _mm256_i32gather_ps::<4>(table.as_ptr(), i.v) };
        F32x8 { v, isa }
    }
    const WINDOW: usize = 16;
    #[inline(always)]
    fn first(self) -> f32 {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX (see the type's doc).
        unsafe {
            _mm256_cvtss_f32(self.v)
        }
    }
    #[inline(always)]
    fn all_within(self, lo: f32, hi: f32) -> bool {
        let (lo, hi) = (self.splat(lo), self.splat(hi));
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX (see the type's doc).
        let inside = unsafe {
            _mm256_movemask_ps(_mm256_and_ps(
                _mm256_cmp_ps::<_CMP_GE_OQ>(self.v, lo.v),
                _mm256_cmp_ps::<_CMP_LE_OQ>(self.v, hi.v),
            ))
        };
        inside == 0xFF
    }
    #[inline(always)]
    fn window_pair(isa: Avx2Token, t: &[f32], r: Self) -> (Self, Self) {
        let Some(w) = t.first_chunk::<16>() else {
            let zero = Self::broadcast(isa, 0.0);
            return (zero, zero);
        };
        #[allow(unsafe_code)]
        // SAFETY: `isa` proves AVX2; the two loads read `w[..8]` and `w[8..]`, inside
        // the 16 floats of `w`; the permutes and blends read registers only.
        let (a, b) = unsafe {
            let (lo, hi) = (
                _mm256_loadu_ps(w.as_ptr()),
                _mm256_loadu_ps(w[8..].as_ptr()),
            );
            let seven = _mm256_set1_epi32(7);
            // Each index picks from `lo` (below 8) or `hi` by its low three bits.
            let pick = |i: __m256i| {
                _mm256_blendv_ps(
                    _mm256_permutevar8x32_ps(lo, i),
                    _mm256_permutevar8x32_ps(hi, i),
                    _mm256_castsi256_ps(_mm256_cmpgt_epi32(i, seven)),
                )
            };
            let i = _mm256_cvttps_epi32(r.v);
            (pick(i), pick(_mm256_add_epi32(i, _mm256_set1_epi32(1))))
        };
        (F32x8 { v: a, isa }, F32x8 { v: b, isa })
    }
    #[inline(always)]
    fn locate(
        _: Avx2Token,
        c: &CellLocate,
        (offset, w): (f64, &[f64; 16]),
        cells: &mut [f64; 16],
        offsets: &mut [f32; 16],
    ) {
        for q in 0..2 {
            let at = 4 * q;
            #[allow(unsafe_code)]
            // SAFETY: the token proves AVX; the loads read `w[at..at + 4]` and the
            // stores write `cells[at..at + 4]` and `offsets[at..at + 4]`, all inside
            // their 16-element arrays (`at` is 0 or 4).
            unsafe {
                let (i, u) = locate4(c, offset, _mm256_loadu_pd(w[at..].as_ptr()));
                _mm256_storeu_pd(cells[at..].as_mut_ptr(), i);
                _mm_storeu_ps(offsets[at..].as_mut_ptr(), u);
            }
        }
    }
}

/// [`CellLocate::cell`] of `offset + w` in four `f64` lanes: the same operations (the
/// product or quotient, `floor`, the offset rounded to `f32`, the ordered compares of
/// the clamp), each one instruction that rounds as the scalar one does.
#[inline]
#[target_feature(enable = "avx2")]
fn locate4(c: &CellLocate, offset: f64, w: __m256d) -> (__m256d, __m128) {
    let w = _mm256_add_pd(_mm256_set1_pd(offset), w);
    let init = _mm256_set1_pd(c.init);
    let t = _mm256_sub_pd(w, init);
    let q = match c.inverse {
        Some(inverse) => _mm256_mul_pd(t, _mm256_set1_pd(inverse)),
        None => _mm256_div_pd(t, _mm256_set1_pd(c.step)),
    };
    let i = _mm256_floor_pd(q);
    let u = _mm256_cvtpd_ps(_mm256_sub_pd(
        w,
        _mm256_add_pd(init, _mm256_mul_pd(i, _mm256_set1_pd(c.step))),
    ));
    let (zero, l) = (_mm_setzero_ps(), _mm_set1_ps(c.l));
    let u = _mm_blendv_ps(u, zero, _mm_cmp_ps::<_CMP_LT_OQ>(u, zero));
    let u = _mm_blendv_ps(u, l, _mm_cmp_ps::<_CMP_GT_OQ>(u, l));
    (i, u)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_match_scalar_bits() {
        let Some(isa) = Avx2::detect().map(Avx2::token) else {
            return; // nothing to compare on a CPU without AVX2
        };
        crate::lane::assert_lanes_match_scalar(|x| F32x8::load(isa, x), |v| v.lanes().to_vec());
    }

    /// Cells and offsets of positions in four-lane `f64` registers are the scalar
    /// ones, bit for bit: power-of-two steps (the product) and others (the quotient),
    /// positions on, beside and between lattice lines, and NaN.
    #[test]
    fn located_lanes_are_the_scalar_cells() {
        let Some(isa) = Avx2::detect().map(Avx2::token) else {
            return;
        };
        let mut w = [0.0f64; 16];
        for c in [
            CellLocate::new(0.0, 4.0),
            CellLocate::new(2.0, 8.0),
            CellLocate::new(0.625, 2.5),
            CellLocate::new(0.0, 1.0 / 3.0),
        ] {
            for k in -400..400 {
                for (j, w) in w.iter_mut().enumerate() {
                    let x = f64::from(k) * 0.5 + j as f64 * 0.125;
                    *w = match j % 4 {
                        1 => x.next_up(),
                        2 => x.next_down(),
                        _ => x,
                    };
                }
                w[7] = if k == 0 { f64::NAN } else { w[7] };
                let (mut cells, mut offsets) = ([0.0; 16], [0.0f32; 16]);
                F32x8::locate(isa, &c, (-3.25, &w), &mut cells, &mut offsets);
                for j in 0..8 {
                    let (i, u) = c.cell(-3.25 + w[j]);
                    assert_eq!(cells[j].to_bits(), i.to_bits(), "{c:?} {}", w[j]);
                    assert_eq!(offsets[j].to_bits(), u.to_bits(), "{c:?} {}", w[j]);
                }
            }
        }
    }

    #[test]
    fn sampling_operations_match_scalar() {
        let Some(isa) = Avx2::detect().map(Avx2::token) else {
            return;
        };
        let x = [-1.5f32, 2.7, 3.0, f32::NAN, 1e9, -0.0, 0.49, 7.99];
        let v = F32x8::load(isa, &x);
        let floors = v.floor().lanes();
        for (f, x) in floors.iter().zip(x) {
            assert_eq!(f.to_bits(), x.floor().to_bits());
        }
        let table: Vec<f32> = (0..8).map(|i| i as f32 * 10.0).collect();
        let got = F32x8::gather(isa, &table, v.floor().index(7)).lanes();
        let want: Vec<f32> = floors
            .iter()
            .map(|f| f32::gather((), &table, f.index(7)))
            .collect();
        assert_eq!(got.to_vec(), want);
        // A bound the table does not cover reads nothing.
        assert_eq!(
            F32x8::gather(isa, &table[..7], v.index(7)).lanes(),
            [0.0; 8]
        );
    }
}
