//! [`Avx512`]: proof that the CPU has AVX-512F (besides AVX2 and FMA), and the general
//! row loop in blocks of 16 cells ([`F32x16`] lanes) that uses it.
//!
//! [`F32x16`]: super::f32x16::F32x16

#[cfg(target_arch = "x86_64")]
use super::{
    block,
    f32x16::F32x16,
    plan::Octave,
    proximity::ProximityFn,
    row_kernel::{CornerRows, RowConsts},
};

/// A CPU with AVX-512F, AVX2 and FMA. Only [`Avx512::detect`] makes one, so holding a
/// value is the proof that calling this module's `#[target_feature]` functions is sound.
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx512(());

impl Avx512 {
    /// `Some` when this CPU has AVX-512F, AVX2 and FMA.
    pub(super) fn detect() -> Option<Self> {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
        {
            return Some(Avx512(()));
        }
        None
    }
}

// General functions, steps of `S` = 2 to 32, in blocks of 16 cells; the caller
// (`Avx2::general`) checked the step and the row lengths.
#[cfg(target_arch = "x86_64")]
block::general_with!(general, "avx2,fma,avx512f", F32x16, Avx512);
