//! [`InstructionSet`]: the builds of the kernels, and which ones this CPU runs.

use serde::{Deserialize, Serialize};

/// A build of the engine's kernels. Every build gives the same bits: Rust never fuses
/// `a * b + c` on its own, and the vector loops keep the portable build's order of
/// operations. A job runs in the widest build its CPU has, unless its
/// [`JobControl`](crate::JobControl) holds it to a narrower one: to check on a CPU that
/// its builds agree, or to measure what each is worth.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum InstructionSet {
    /// Plain Rust, for any CPU.
    Portable,
    /// AVX2 and FMA (x86-64 processors since 2013).
    Avx2,
    /// AVX-512F besides AVX2 and FMA, for the work measured faster with it; the rest
    /// runs in the AVX2 build.
    #[default]
    Avx512,
}

impl InstructionSet {
    /// Every build, narrowest first.
    pub const ALL: [InstructionSet; 3] = [Self::Portable, Self::Avx2, Self::Avx512];

    /// The widest build this CPU runs: AVX-512 needs AVX-512F, AVX2 and FMA, and is
    /// left out when the environment variable `LATTICE_STUDIO_NO_AVX512` is set (for
    /// CPUs that slow their clock down for it, and to compare the two); AVX2 needs AVX2
    /// and FMA. The kernels run in this one unless a job is held to a narrower one.
    pub fn widest() -> InstructionSet {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
            let off = std::env::var_os("LATTICE_STUDIO_NO_AVX512").is_some();
            if std::is_x86_feature_detected!("avx512f") && !off {
                return Self::Avx512;
            }
            return Self::Avx2;
        }
        Self::Portable
    }

    /// The builds this CPU runs, narrowest first (up to [`Self::widest`]).
    pub fn available() -> Vec<InstructionSet> {
        let widest = Self::widest();
        Self::ALL.into_iter().filter(|&s| s <= widest).collect()
    }

    /// Its name on the command line and in benchmarks.
    pub fn name(self) -> &'static str {
        match self {
            Self::Portable => "portable",
            Self::Avx2 => "avx2",
            Self::Avx512 => "avx512",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_portable_build_is_always_there_and_the_list_is_ordered() {
        let sets = InstructionSet::available();
        assert_eq!(sets.first(), Some(&InstructionSet::Portable));
        assert!(sets.windows(2).all(|w| w[0] < w[1]));
    }
}
