//! [`Avx512`]: proof that the CPU has AVX-512F (besides AVX2 and FMA). The general row
//! loop in blocks of 16 cells that uses it is in `simd_rows`.

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
