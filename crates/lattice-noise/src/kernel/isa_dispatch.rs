//! [`on_widest_isa`]: a band's work run in the widest build the CPU proves it can run,
//! the one place the kernels call `#[target_feature]` code.
//!
//! The release build must not ask users for RUSTFLAGS, and each of these builds is
//! measurably faster (figures in the README's Performance section). The wider features
//! only widen the instruction set: Rust never fuses `a * b + c` on its own, so the
//! results are bit-identical to the portable build.

use super::avx2::Avx2;
use super::avx512::Avx512;

/// Work on one band, written once and compiled for each instruction set. Each method
/// is inlined into a function built with that set's features, so the whole band is.
pub(super) trait BandWork: Sized {
    /// Whether the whole band is worth a build with AVX-512. A constant, so work that
    /// says no is never compiled for it: each build of a band is an instance per
    /// proximity function, and these instances were most of the engine's build time.
    const WIDE: bool;
    /// The portable build.
    fn portable(self);
    /// The AVX2 + FMA build.
    fn avx2(self, isa: Avx2);
    /// The AVX2 + FMA + AVX-512F build.
    fn avx512(self, isa: Avx2, wide: Avx512);
}

/// Runs `work` with AVX-512 where `isa` proves it and the work wants it, else with AVX2
/// where `isa` proves that, else portably.
#[inline(always)]
pub(super) fn on_widest_isa<W: BandWork>(work: W, isa: Option<Avx2>) {
    #[cfg(target_arch = "x86_64")]
    if let Some(isa) = isa {
        #[target_feature(enable = "avx2,fma")]
        fn avx2<W: BandWork>(work: W, isa: Avx2) {
            work.avx2(isa);
        }
        #[target_feature(enable = "avx2,fma,avx512f")]
        fn avx512<W: BandWork>(work: W, isa: Avx2, wide: Avx512) {
            work.avx512(isa, wide);
        }
        if W::WIDE
            && let Some(wide) = isa.avx512()
        {
            #[allow(unsafe_code)]
            // SAFETY: `isa.avx512()` is `Some` only once AVX-512F, AVX2 and FMA were
            // detected on this CPU.
            unsafe {
                avx512(work, isa, wide)
            };
            return;
        }
        #[allow(unsafe_code)]
        // SAFETY: an `Avx2` value exists only once AVX2 and FMA were detected on this CPU.
        unsafe {
            avx2(work, isa)
        };
        return;
    }
    let _ = isa;
    work.portable();
}
