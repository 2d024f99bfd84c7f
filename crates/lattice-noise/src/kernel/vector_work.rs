//! [`on_vector_isa`]: loops over plain arrays outside the kernel (the erosion filter,
//! the blur) compiled for AVX2 where the CPU has it, and for AVX-512 where it has that
//! and the work asks for it (the erosion filter: measured faster; the blur: measured
//! no faster, so one build fewer), so that the compiler vectorises them, with the
//! portable build's bits.

use super::avx2::Avx2;
use super::block_pick::{BlockPick, PortablePick};
use super::isa_dispatch::{BandWork, on_widest_isa};

/// Work written as loops over arrays of lanes, with every call inside it inlined, so
/// the build it runs in decides how wide its instructions are.
pub(crate) trait VectorWork {
    /// Whether an AVX-512 build is worth its compile time: the work's arrays are 16
    /// lanes wide and it is a large share of a render (measured per implementation).
    const WIDE: bool = false;
    /// Does the work (`#[inline(always)]` in implementations, so it is compiled into
    /// each build), with the build's table picks.
    fn run<P: BlockPick>(self, pick: P);
}

/// The instruction sets the CPU proved, found once for many calls of
/// [`on_vector_isa`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct VectorIsa(Option<Avx2>);

impl VectorIsa {
    /// What this CPU has.
    pub(crate) fn detect() -> Self {
        VectorIsa(Avx2::detect())
    }

    /// The portable build only (to hold the wider one to its bits).
    #[cfg(test)]
    pub(crate) fn portable() -> Self {
        VectorIsa(None)
    }
}

/// Runs `work` in the AVX-512 build when `isa` has it and the work wants it, else in
/// the AVX2 build when `isa` has that, else portably. Rust never fuses `a * b + c` on
/// its own, so every build gives the same bits.
pub(crate) fn on_vector_isa<W: VectorWork>(work: W, isa: VectorIsa) {
    on_widest_isa(AsBand(work), isa.0);
}

/// [`VectorWork`] as band work.
struct AsBand<W>(W);

impl<W: VectorWork> BandWork for AsBand<W> {
    const WIDE: bool = W::WIDE;
    #[inline(always)]
    fn portable(self) {
        self.0.run(PortablePick);
    }
    #[inline(always)]
    fn avx2(self, isa: Avx2) {
        #[cfg(target_arch = "x86_64")]
        self.0
            .run(super::block_pick::LanePick::<super::f32x8::F32x8>(
                isa.token(),
            ));
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (self, isa);
    }
    #[inline(always)]
    fn avx512(self, _: Avx2, wide: super::avx512::Avx512) {
        #[cfg(target_arch = "x86_64")]
        self.0
            .run(super::block_pick::LanePick::<super::f32x16::F32x16>(wide));
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (self, wide);
    }
}
