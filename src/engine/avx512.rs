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

    /// A row of a general proximity function for steps of `S` = 2 to 32 pixels, 16 cells
    /// at a time; the caller (`Avx2::general`) checked the step and the row lengths.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn general<P: ProximityFn, const S: usize, const ACC: bool>(
        self,
        o: &Octave,
        rc: &RowConsts<'_>,
        top: &CornerRows<'_>,
        bottom: &CornerRows<'_>,
        out: &mut [f32],
    ) {
        #[target_feature(enable = "avx2,fma,avx512f")]
        fn blocks<P: ProximityFn, const S: usize, const ACC: bool>(
            isa: Avx512,
            o: &Octave,
            rc: &RowConsts<'_>,
            top: &CornerRows<'_>,
            bottom: &CornerRows<'_>,
            out: &mut [f32],
        ) {
            block::general::<F32x16, P, S, ACC>(isa, o, rc, top, bottom, out);
        }
        #[allow(unsafe_code)]
        // SAFETY: an `Avx512` exists only once `detect` found the features on this CPU.
        unsafe {
            blocks::<P, S, ACC>(self, o, rc, top, bottom, out)
        };
    }
}
