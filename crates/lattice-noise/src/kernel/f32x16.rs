//! [`F32x16`]: sixteen `f32` lanes in an AVX-512 register, the [`Lane`] type of the
//! AVX-512 blocks of 16 cells.
//!
//! As with `F32x8`, each operation is one instruction that does to every lane exactly
//! what the scalar operator does (`vminps`/`vmaxps` keep the kernel's tie and NaN rule,
//! nothing is fused), so a lane holds the bits the scalar code computes. On the Ice Lake
//! machines this was measured on, 16-lane multiplies run 1.6x the lanes per second of
//! 8-lane ones, which is what the general functions, bound by arithmetic, gain.
//!
//! [`Lane`]: crate::lane::Lane

use super::avx512::Avx512;
use super::block::{Block, block_lanes};
use super::sample_lane::{MAX_INDEX, SampleLane};
use super::simd_lane::simd_lane;
use crate::lane::Lane;
use core::arch::x86_64::{
    __m512, __m512i, _CMP_GE_OQ, _CMP_LE_OQ, _CMP_LT_OQ, _mm512_add_epi32, _mm512_add_ps,
    _mm512_andnot_si512, _mm512_castps_si512, _mm512_castsi512_ps, _mm512_cmp_ps_mask,
    _mm512_cvtss_f32, _mm512_cvttps_epi32, _mm512_div_ps, _mm512_i32gather_ps, _mm512_loadu_ps,
    _mm512_mask_blend_ps, _mm512_max_ps, _mm512_min_ps, _mm512_mul_ps, _mm512_permutex2var_ps,
    _mm512_roundscale_ps, _mm512_set1_epi32, _mm512_set1_ps, _mm512_sqrt_ps, _mm512_sub_ps,
    _mm512_xor_si512,
};

/// Sixteen lanes, with the [`Avx512`] proof that operating on them is sound: every value
/// is made from another one or from an `Avx512`, so an `F32x16` never exists on a CPU
/// without AVX-512.
#[derive(Clone, Copy, Debug)]
pub(super) struct F32x16 {
    v: __m512,
    isa: Avx512,
}

impl F32x16 {
    /// The lanes as an array.
    #[cfg(test)]
    fn lanes(self) -> [f32; 16] {
        bytemuck::cast(self.v)
    }
}

/// The sign bit of every lane (an instruction, not a cast of an array: the tests'
/// build does not inline a cast's alignment check).
#[inline]
#[target_feature(enable = "avx512f")]
fn sign() -> __m512i {
    _mm512_set1_epi32(i32::MIN)
}

/// Flips the sign bits.
#[inline]
#[target_feature(enable = "avx512f")]
fn neg(a: __m512) -> __m512 {
    _mm512_castsi512_ps(_mm512_xor_si512(sign(), _mm512_castps_si512(a)))
}

/// Clears the sign bits.
#[inline]
#[target_feature(enable = "avx512f")]
fn abs(a: __m512) -> __m512 {
    _mm512_castsi512_ps(_mm512_andnot_si512(sign(), _mm512_castps_si512(a)))
}

/// Interleaves `a` and `b`: lanes `a0 b0 a1 b1 .. a7 b7` and `a8 b8 .. a15 b15`.
#[inline]
#[target_feature(enable = "avx512f")]
fn zip(a: __m512, b: __m512) -> (__m512, __m512) {
    // Index bit 4 picks `b`.
    const LO: [i32; 16] = [0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23];
    const HI: [i32; 16] = [8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31];
    let (lo, hi): (__m512i, __m512i) = (bytemuck::cast(LO), bytemuck::cast(HI));
    (
        _mm512_permutex2var_ps(a, lo, b),
        _mm512_permutex2var_ps(a, hi, b),
    )
}

simd_lane!(F32x16: add _mm512_add_ps, sub _mm512_sub_ps, mul _mm512_mul_ps,
    div _mm512_div_ps, neg neg, min _mm512_min_ps, max _mm512_max_ps, abs abs);

impl Block for F32x16 {
    const W: usize = 16;
    type Isa = Avx512;
    block_lanes!(F32x16, Avx512, 16, _mm512_set1_ps, _mm512_loadu_ps);
    #[inline(always)]
    fn to_pixel_order(p: &mut [Self]) {
        let m = p.len();
        let Some(&first) = p.first() else {
            return;
        };
        let mut v = [first.v; 16];
        for (v, p) in v.iter_mut().zip(p.iter()) {
            *v = p.v;
        }
        let mut half = m / 2;
        while half > 0 {
            let mut next = v;
            for i in 0..m / 2 {
                #[allow(unsafe_code)]
                // SAFETY: `first.isa` proves the CPU has AVX-512 (see the type's doc).
                let (lo, hi) = unsafe { zip(v[i], v[i + m / 2]) };
                next[2 * i] = lo;
                next[2 * i + 1] = hi;
            }
            v = next;
            half /= 2;
        }
        for (p, v) in p.iter_mut().zip(v) {
            p.v = v;
        }
    }
}

/// Sixteen table indices, each at most `bound` (only [`F32x16::index`] makes them).
#[derive(Clone, Copy, Debug)]
pub(super) struct Idx16 {
    v: __m512i,
    bound: u32,
}

/// `roundscale`'s immediate for `floor`: round towards minus infinity (1), no
/// precision exception (8), no scaling.
const FLOOR: i32 = 0x09;

impl SampleLane for F32x16 {
    const W: usize = 16;
    type Isa = Avx512;
    type Idx = Idx16;
    #[inline(always)]
    fn all(isa: Avx512, x: f32) -> Self {
        Self::broadcast(isa, x)
    }
    #[inline(always)]
    fn read(isa: Avx512, x: &[f32]) -> Self {
        Self::load(isa, x)
    }
    #[inline(always)]
    fn write(self, out: &mut [f32]) {
        if let Some(o) = out.first_chunk_mut::<16>() {
            // A reference cast: a value cast reads through `ptr::read`, whose
            // alignment check the test profile does not inline.
            *o = *bytemuck::cast_ref::<__m512, [f32; 16]>(&self.v);
        }
    }
    #[inline(always)]
    fn floor(self) -> Self {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX-512F (see the type's doc).
        let v = unsafe { _mm512_roundscale_ps::<FLOOR>(self.v) };
        F32x16 { v, isa: self.isa }
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX-512F (see the type's doc).
        let v = unsafe { _mm512_sqrt_ps(self.v) };
        F32x16 { v, isa: self.isa }
    }
    #[inline(always)]
    fn select_lt(self, b: Self, x: Self, y: Self) -> Self {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX-512F (see the type's doc).
        let v = unsafe {
            let lt = _mm512_cmp_ps_mask::<_CMP_LT_OQ>(self.v, b.v);
            _mm512_mask_blend_ps(lt, y.v, x.v)
        };
        F32x16 { v, isa: self.isa }
    }
    #[inline(always)]
    fn index(self, bound: u32) -> Idx16 {
        let bound = bound.min(MAX_INDEX);
        let c = self.mx(self.splat(0.0)).mn(self.splat(bound as f32));
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX-512F (see the type's doc).
        let v = unsafe { _mm512_cvttps_epi32(c.v) };
        Idx16 { v, bound }
    }
    #[inline(always)]
    fn gather(isa: Avx512, table: &[f32], i: Idx16) -> Self {
        if i.bound as usize >= table.len() {
            return Self::broadcast(isa, 0.0);
        }
        #[allow(unsafe_code)]
        // SAFETY: `isa` proves AVX-512F; every lane of `i` is in `0..=bound` (clamped
        // by `index`, exact below `MAX_INDEX`), and `bound < table.len()`, so each of
        // the sixteen reads is inside `table`.
        let v = unsafe { _mm512_i32gather_ps::<4>(i.v, table.as_ptr()) };
        F32x16 { v, isa }
    }
    const WINDOW: usize = 32;
    #[inline(always)]
    fn first(self) -> f32 {
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX-512F (see the type's doc).
        unsafe {
            _mm512_cvtss_f32(self.v)
        }
    }
    #[inline(always)]
    fn all_within(self, lo: f32, hi: f32) -> bool {
        let (lo, hi) = (self.splat(lo), self.splat(hi));
        #[allow(unsafe_code)]
        // SAFETY: `self.isa` proves the CPU has AVX-512F (see the type's doc).
        let inside = unsafe {
            _mm512_cmp_ps_mask::<_CMP_GE_OQ>(self.v, lo.v)
                & _mm512_cmp_ps_mask::<_CMP_LE_OQ>(self.v, hi.v)
        };
        inside == 0xFFFF
    }
    #[inline(always)]
    fn window_pair(isa: Avx512, t: &[f32], r: Self) -> (Self, Self) {
        let Some(w) = t.first_chunk::<32>() else {
            let zero = Self::broadcast(isa, 0.0);
            return (zero, zero);
        };
        #[allow(unsafe_code)]
        // SAFETY: `isa` proves AVX-512F; the two loads read `w[..16]` and `w[16..]`,
        // inside the 32 floats of `w`; the permutes read registers only (any index).
        let (a, b) = unsafe {
            let (lo, hi) = (
                _mm512_loadu_ps(w.as_ptr()),
                _mm512_loadu_ps(w[16..].as_ptr()),
            );
            let i = _mm512_cvttps_epi32(r.v);
            let i1 = _mm512_add_epi32(i, _mm512_set1_epi32(1));
            (
                _mm512_permutex2var_ps(lo, i, hi),
                _mm512_permutex2var_ps(lo, i1, hi),
            )
        };
        (F32x16 { v: a, isa }, F32x16 { v: b, isa })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_match_scalar_bits() {
        let Some(isa) = Avx512::detect() else {
            return; // nothing to compare on a CPU without AVX-512
        };
        crate::lane::assert_lanes_match_scalar(|x| F32x16::load(isa, x), |v| v.lanes().to_vec());
    }

    #[test]
    fn sampling_operations_match_scalar() {
        let Some(isa) = Avx512::detect() else {
            return;
        };
        let x: Vec<f32> = (0..16)
            .map(|i| (i as f32 - 5.3) * 1.7)
            .chain([f32::NAN])
            .collect();
        let x = [&x[..15], &[f32::NAN]].concat();
        let v = F32x16::load(isa, &x);
        let floors = v.floor().lanes();
        for (f, x) in floors.iter().zip(&x) {
            assert_eq!(f.to_bits(), x.floor().to_bits());
        }
        let table: Vec<f32> = (0..12).map(|i| i as f32 * 10.0).collect();
        let got = F32x16::gather(isa, &table, v.floor().index(11)).lanes();
        let want: Vec<f32> = floors
            .iter()
            .map(|f| f32::gather((), &table, f.index(11)))
            .collect();
        assert_eq!(got.to_vec(), want);
        assert_eq!(F32x16::gather(isa, &table, v.index(12)).lanes(), [0.0; 16]);
    }

    /// Pixel `q` of the transposed vectors is phase `q % m` of cell `q / m`.
    #[test]
    fn to_pixel_order_interleaves_phases() {
        let Some(isa) = Avx512::detect() else {
            return;
        };
        for m in [2, 4, 8, 16] {
            // Phase u of cell j holds 100 u + j.
            let mut p: Vec<F32x16> = (0..m)
                .map(|u| {
                    let x: Vec<f32> = (0..16).map(|j| (100 * u + j) as f32).collect();
                    F32x16::load(isa, &x)
                })
                .collect();
            F32x16::to_pixel_order(&mut p);
            let got: Vec<f32> = p.iter().flat_map(|v| v.lanes()).collect();
            let want: Vec<f32> = (0..16 * m)
                .map(|q| (100 * (q % m) + q / m) as f32)
                .collect();
            assert_eq!(got, want, "{m} phases");
        }
    }
}
