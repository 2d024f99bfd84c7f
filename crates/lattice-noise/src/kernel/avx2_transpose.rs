//! The AVX2 transpose that turns phase vectors (pixel `u` of 8 neighbouring cells)
//! into pixels in memory order, shared by the linear loops (`simd_rows`) and the
//! general blocks of 8 cells (`F32x8`).
#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::{
    __m256, _mm256_permute2f128_ps, _mm256_setzero_ps, _mm256_shuffle_ps, _mm256_unpackhi_ps,
    _mm256_unpacklo_ps,
};

/// Turns `S` (2, 4 or 8) phase vectors, `p[u]` = pixel `u` of 8 consecutive cells, into
/// the `S` vectors of those cells' pixels in memory order (an 8 x S transpose).
#[inline]
#[target_feature(enable = "avx2,fma")]
pub(super) fn to_pixel_order(p: &[__m256]) -> [__m256; 8] {
    let z = _mm256_setzero_ps();
    let g = |i: usize| p.get(i).copied().unwrap_or(z);
    if p.len() == 2 {
        let (lo, hi) = (
            _mm256_unpacklo_ps(g(0), g(1)),
            _mm256_unpackhi_ps(g(0), g(1)),
        );
        let (a, b) = (
            _mm256_permute2f128_ps::<0x20>(lo, hi),
            _mm256_permute2f128_ps::<0x31>(lo, hi),
        );
        return [a, b, z, z, z, z, z, z];
    }
    // Pairs, then quads of phases: q[c] holds phases 0-3 (q[4 + c]: 4-7) of cells c | c + 4.
    let t: [__m256; 8] = std::array::from_fn(|i| {
        let (a, b) = (g(i / 2 * 2), g(i / 2 * 2 + 1));
        if i % 2 == 0 {
            _mm256_unpacklo_ps(a, b)
        } else {
            _mm256_unpackhi_ps(a, b)
        }
    });
    let q: [__m256; 8] = std::array::from_fn(|i| {
        let (h, c) = (i / 4 * 4, i % 4);
        let (a, b) = (t[h + c / 2], t[h + 2 + c / 2]);
        if c % 2 == 0 {
            _mm256_shuffle_ps::<0x44>(a, b)
        } else {
            _mm256_shuffle_ps::<0xEE>(a, b)
        }
    });
    if p.len() == 4 {
        return [
            _mm256_permute2f128_ps::<0x20>(q[0], q[1]),
            _mm256_permute2f128_ps::<0x20>(q[2], q[3]),
            _mm256_permute2f128_ps::<0x31>(q[0], q[1]),
            _mm256_permute2f128_ps::<0x31>(q[2], q[3]),
            z,
            z,
            z,
            z,
        ];
    }
    std::array::from_fn(|c| {
        if c < 4 {
            _mm256_permute2f128_ps::<0x20>(q[c], q[4 + c])
        } else {
            _mm256_permute2f128_ps::<0x31>(q[c - 4], q[c])
        }
    })
}
