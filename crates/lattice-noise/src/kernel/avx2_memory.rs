//! Moving 8 `f32` lanes between memory and an AVX register, for the AVX2 row loops
//! (`simd_rows`, `round_simd`).
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{__m256, _mm256_add_ps, _mm256_setzero_ps};

/// Adds `v` to 8 pixels.
#[inline]
#[target_feature(enable = "avx2,fma")]
pub(super) fn put8(e: &mut [f32; 8], v: __m256) {
    *e = *bytemuck::cast_ref(&_mm256_add_ps(bytemuck::cast(*e), v));
}

/// The first 8 values of `x` (which the callers make at least 8 long), or zeros.
#[inline]
#[target_feature(enable = "avx2,fma")]
pub(super) fn load8(x: &[f32]) -> __m256 {
    match x.first_chunk::<8>() {
        Some(c) => bytemuck::cast(*c),
        None => _mm256_setzero_ps(),
    }
}
