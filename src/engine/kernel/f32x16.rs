//! [`F32x16`]: sixteen `f32` lanes in an AVX-512 register, the [`Lane`] type of the
//! AVX-512 blocks of 16 cells.
//!
//! As with `F32x8`, each operation is one instruction that does to every lane exactly
//! what the scalar operator does (`vminps`/`vmaxps` keep the kernel's tie and NaN rule,
//! nothing is fused), so a lane holds the bits the scalar code computes. On the Ice Lake
//! machines this was measured on, 16-lane multiplies run 1.6x the lanes per second of
//! 8-lane ones, which is what the general functions, bound by arithmetic, gain.
//!
//! [`Lane`]: crate::engine::lane::Lane

use super::avx512::Avx512;
use super::block::{Block, block_lanes};
use super::simd_lane::simd_lane;
use core::arch::x86_64::{
    __m512, __m512i, _mm512_add_ps, _mm512_andnot_si512, _mm512_castps_si512, _mm512_castsi512_ps,
    _mm512_div_ps, _mm512_max_ps, _mm512_min_ps, _mm512_mul_ps, _mm512_permutex2var_ps,
    _mm512_sub_ps, _mm512_xor_si512,
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

/// The sign bit of every lane.
const SIGN: [u32; 16] = [0x8000_0000; 16];

/// Flips the sign bits.
#[inline]
#[target_feature(enable = "avx512f")]
fn neg(a: __m512) -> __m512 {
    _mm512_castsi512_ps(_mm512_xor_si512(
        bytemuck::cast(SIGN),
        _mm512_castps_si512(a),
    ))
}

/// Clears the sign bits.
#[inline]
#[target_feature(enable = "avx512f")]
fn abs(a: __m512) -> __m512 {
    _mm512_castsi512_ps(_mm512_andnot_si512(
        bytemuck::cast(SIGN),
        _mm512_castps_si512(a),
    ))
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
    block_lanes!(F32x16, Avx512, 16);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_match_scalar_bits() {
        let Some(isa) = Avx512::detect() else {
            return; // nothing to compare on a CPU without AVX-512
        };
        crate::engine::lane::assert_lanes_match_scalar(
            |x| F32x16::load(isa, x),
            |v| v.lanes().to_vec(),
        );
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
