//! Where a lattice corner's pseudo-random numbers `R(corner, index)` come from.

mod distribution;
mod dotnet_random;
mod frame;
mod gradient_pool;
mod lattice_hash;
mod lattice_source;
mod libnoise_source;
mod modern_hash;
mod original_hash;
mod original_table;
mod permutation_table;
mod prepared_source;
mod random_source;
mod split_mix;
mod table_source;

pub use distribution::{Distribution, EXPONENTIAL_RATE, NORMAL_SIGMA};
pub use dotnet_random::DotNetRandom;
pub(crate) use frame::Frame;
pub use gradient_pool::{POOL_SIZE, gradient_pool};
pub use lattice_hash::{LatticeHash, fnv1a64};
pub use lattice_source::LatticeSource;
pub use libnoise_source::{
    LibnoiseMode, LibnoiseSource, combine as libnoise_combine, integer_noise, integer_noise_2d,
    vector_index as libnoise_vector_index,
};
pub use modern_hash::{ModernHash, mix32};
pub use original_hash::OriginalHash;
pub use original_table::{OriginalTable, ROW_STRIDE, TABLE_DEPTH, TABLE_SIDE};
pub use permutation_table::{MAX_TABLE_SIZE, MIN_TABLE_SIZE, PermutationTable};
pub(crate) use prepared_source::PreparedSource;
pub use random_source::RandomSource;
pub use split_mix::SplitMix64;
pub use table_source::TableSource;
