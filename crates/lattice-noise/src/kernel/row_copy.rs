//! [`copy_row`]: a row copied out of the kernels' row buffers in short pieces.
//!
//! glibc's `memcpy` copies more than a few KiB with `rep movsb`, which on AMD Zen 3
//! (glibc 2.36, under KVM) ran at a fraction of the speed of its vector loop: the copy
//! of each summed 16384-pixel row into the output took 47 % of a 16384 render. Pieces
//! below that threshold take the vector loop on every CPU, at a call per KiB.

/// Floats per piece: 1 KiB, below glibc's `rep movsb` threshold (4 KiB with AVX2 and
/// more with wider vectors, by default).
const PIECE: usize = 256;

/// Copies `src` into `dst` (the same length).
#[inline]
pub(crate) fn copy_row(dst: &mut [f32], src: &[f32]) {
    debug_assert_eq!(dst.len(), src.len());
    // The piece sizes vary at the end, so the loop is not merged back into one call.
    for (d, s) in dst.chunks_mut(PIECE).zip(src.chunks(PIECE)) {
        d.copy_from_slice(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_is_copied_exactly() {
        for n in [0, 1, 255, 256, 257, 1000, 16384 + 3] {
            let src: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
            let mut dst = vec![-1.0; n];
            copy_row(&mut dst, &src);
            assert_eq!(dst, src, "{n}");
        }
    }
}
