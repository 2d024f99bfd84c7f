//! [`F32x8`]: eight `f32` lanes in an AVX register, the [`Lane`] type of the AVX2 blocks.
//!
//! Each operation is one AVX instruction that does to every lane exactly what the scalar
//! operator does: `vminps`/`vmaxps` return the second operand unless the first is
//! less/greater, which is the kernel's `if a < b { a } else { b }`; negation and `abs`
//! flip or clear the sign bit as the scalar ones do; nothing is fused. So a lane holds
//! the bits the scalar code computes. (A plain `[f32; 8]` with lane-by-lane operations
//! was tried first: LLVM vectorised it only in part and spilled, 2-3x the instructions
//! of the scalar loops.)

use super::avx2::Avx2;
use super::lane::Lane;
use core::arch::x86_64::{
    __m256, _mm256_add_ps, _mm256_andnot_ps, _mm256_div_ps, _mm256_max_ps, _mm256_min_ps,
    _mm256_mul_ps, _mm256_sub_ps, _mm256_xor_ps,
};
use std::ops::{Add, Div, Mul, Neg, Sub};

/// Eight lanes, with the [`Avx2`] proof that operating on them is sound: every value is
/// made from another one or from an `Avx2`, so an `F32x8` never exists on a CPU
/// without AVX2.
#[derive(Clone, Copy, Debug)]
pub(super) struct F32x8 {
    v: __m256,
    isa: Avx2,
}

impl F32x8 {
    /// `x` in every lane.
    #[inline(always)]
    pub(super) fn splat(isa: Avx2, x: f32) -> Self {
        Self::load(isa, [x; 8])
    }
    /// The lanes `x[0..8]`.
    #[inline(always)]
    pub(super) fn load(isa: Avx2, x: [f32; 8]) -> Self {
        F32x8 {
            v: bytemuck::cast(x),
            isa,
        }
    }
    /// The register, for the transposes in `avx2`.
    #[inline(always)]
    pub(super) fn m256(self) -> __m256 {
        self.v
    }
    /// The lanes as an array.
    #[cfg(test)]
    fn lanes(self) -> [f32; 8] {
        bytemuck::cast(self.v)
    }
}

/// One operation as its AVX instruction `$e` on the registers `$a` (and `$b`).
macro_rules! avx_fn {
    ($f:ident ($a:ident $(, $b:ident)?) $e:expr) => {
        #[inline(always)]
        fn $f(self $(, $b: F32x8)?) -> F32x8 {
            let $a = self.v;
            $(let $b = $b.v;)?
            #[allow(unsafe_code)]
            // SAFETY: `self.isa` proves the CPU has AVX2 (see the type's doc).
            let v = unsafe { $e };
            F32x8 { v, isa: self.isa }
        }
    };
}

/// The std operator traits, each by its AVX instruction.
macro_rules! ops {
    ($($tr:ident $f:ident $args:tt $e:expr;)*) => {$(
        impl $tr for F32x8 {
            type Output = F32x8;
            avx_fn!($f $args $e);
        }
    )*};
}

ops! {
    Add add (a, b) _mm256_add_ps(a, b);
    Sub sub (a, b) _mm256_sub_ps(a, b);
    Mul mul (a, b) _mm256_mul_ps(a, b);
    Div div (a, b) _mm256_div_ps(a, b);
    Neg neg (a) _mm256_xor_ps(bytemuck::cast([-0.0f32; 8]), a);
}

impl Lane for F32x8 {
    #[inline(always)]
    fn splat(self, x: f32) -> Self {
        F32x8::splat(self.isa, x)
    }
    avx_fn!(mn (a, b) _mm256_min_ps(a, b));
    avx_fn!(mx (a, b) _mm256_max_ps(a, b));
    avx_fn!(abs (a) _mm256_andnot_ps(bytemuck::cast([-0.0f32; 8]), a));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lane gets exactly the scalar result: ties, signed zeros, NaN, subnormals.
    #[test]
    fn lanes_match_scalar_bits() {
        let Some(isa) = Avx2::detect() else {
            return; // nothing to compare on a CPU without AVX2
        };
        let a = [1.5, -0.0, 0.0, f32::NAN, 3.0, -2.0, 1e-40, 7.0];
        let b = [1.5, 0.0, -0.0, 1.0, f32::NAN, 2.0, -1e-40, -7.5];
        let (va, vb) = (F32x8::load(isa, a), F32x8::load(isa, b));
        type Op = fn(f32, f32) -> f32;
        type VOp = fn(F32x8, F32x8) -> F32x8;
        let ops: [(Op, VOp); 8] = [
            (|x, y| x + y, |x, y| x + y),
            (|x, y| x - y, |x, y| x - y),
            (|x, y| x * y, |x, y| x * y),
            (|x, y| x / y, |x, y| x / y),
            (Lane::mn, Lane::mn),
            (Lane::mx, Lane::mx),
            (|x, _| Lane::abs(x), |x, _| Lane::abs(x)),
            (|x, _| -x, |x, _| -x),
        ];
        for (i, (s, v)) in ops.into_iter().enumerate() {
            let got = v(va, vb).lanes();
            for k in 0..8 {
                assert_eq!(got[k].to_bits(), s(a[k], b[k]).to_bits(), "op {i} lane {k}");
            }
        }
        assert_eq!(va.splat(2.5).lanes(), [2.5; 8]);
    }
}
