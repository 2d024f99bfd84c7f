//! [`Avx2`]: proof that the CPU has AVX2 and FMA (and, where it has it, AVX-512F). The
//! row loops written for these instructions are in `simd_rows`.

use super::avx512::Avx512;
use crate::instruction_set::InstructionSet;

/// A CPU with AVX2 and FMA. Only [`Avx2::detect`] makes one, so holding a value is the
/// proof that calling this module's `#[target_feature]` functions is sound.
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2 {
    /// The CPU has AVX-512F too: the general functions use blocks of 16 cells.
    avx512: Option<Avx512>,
}

/// What register values carry of an [`Avx2`] proof: the CPU has AVX2 and FMA, and
/// nothing more. Zero-sized, so an `F32x8` is its register alone: carrying the whole
/// `Avx2` (with its AVX-512 flag) made each one 64 bytes, and the warped sampler stored
/// a flag byte beside every register it kept on the stack.
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2Token(());

impl Avx2 {
    /// The zero-sized part of this proof that `F32x8` values carry.
    #[inline(always)]
    pub(super) fn token(self) -> Avx2Token {
        Avx2Token(())
    }

    /// `Some` when this CPU has AVX2 and FMA; with AVX-512 too where
    /// [`InstructionSet::widest`] says so (it detects the CPU's features).
    pub(super) fn detect() -> Option<Self> {
        match InstructionSet::widest() {
            InstructionSet::Portable => None,
            InstructionSet::Avx2 => Some(Avx2 { avx512: None }),
            InstructionSet::Avx512 => Some(Avx2 {
                avx512: Avx512::detect(),
            }),
        }
    }

    /// The AVX-512 proof, when this CPU has it too.
    pub(super) fn avx512(self) -> Option<Avx512> {
        self.avx512
    }

    /// The same CPU used as if it had no AVX-512 (to test the AVX2 loops).
    pub(super) fn without_avx512(self) -> Self {
        Avx2 { avx512: None }
    }

    /// [`Self::detect`] held to the builds up to `limit`: `None` for the portable one.
    pub(super) fn within(limit: InstructionSet) -> Option<Self> {
        match limit {
            InstructionSet::Portable => None,
            InstructionSet::Avx2 => Self::detect().map(Self::without_avx512),
            InstructionSet::Avx512 => Self::detect(),
        }
    }
}
