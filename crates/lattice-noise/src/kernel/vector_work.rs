//! [`on_vector_isa`]: loops over plain arrays outside the kernel (the erosion filter)
//! compiled for AVX2 where the CPU has it, so that the compiler vectorises them, with
//! the portable build's bits.

use super::avx2::Avx2;
use super::isa_dispatch::{BandWork, on_widest_isa};

/// Work written as loops over arrays of lanes, with every call inside it inlined, so
/// the build it runs in decides how wide its instructions are.
pub(crate) trait VectorWork {
    /// Does the work (`#[inline(always)]` in implementations, so it is compiled into
    /// each build).
    fn run(self);
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

/// Runs `work` in the AVX2 build when `isa` has it, else portably. Rust never fuses
/// `a * b + c` on its own, so both give the same bits.
pub(crate) fn on_vector_isa<W: VectorWork>(work: W, isa: VectorIsa) {
    on_widest_isa(Narrow(work), isa.0);
}

/// [`VectorWork`] as band work that AVX-512 does not widen (one build fewer to compile).
struct Narrow<W>(W);

impl<W: VectorWork> BandWork for Narrow<W> {
    const WIDE: bool = false;
    #[inline(always)]
    fn portable(self) {
        self.0.run();
    }
    #[inline(always)]
    fn avx2(self, _: Avx2) {
        self.0.run();
    }
    #[inline(always)]
    fn avx512(self, _: Avx2, _: super::avx512::Avx512) {
        self.0.run();
    }
}
