//! The permutation and gradient/value table of Parberry's viewer (`m_nPerm`, `m_fTable`).

use super::distribution::Distribution;
use super::split_mix::SplitMix64;

/// Smallest accepted table size.
pub const MIN_TABLE_SIZE: u32 = 2;
/// Largest accepted table size.
pub const MAX_TABLE_SIZE: u32 = 65_536;

/// A pseudo-random permutation of `0..size` and a table of `size` values in `[-1, 1]`,
/// both drawn from the seed. `size` is a power of two, so `& mask` reduces any index.
#[derive(Clone, Debug, PartialEq)]
pub struct PermutationTable {
    mask: u64,
    perm: Vec<u32>,
    values: Vec<f32>,
}

impl PermutationTable {
    /// Builds the tables. `size` must be a power of two in
    /// [`MIN_TABLE_SIZE`]`..=`[`MAX_TABLE_SIZE`] (callers validate; other sizes are
    /// rounded up to a power of two and clamped rather than panicking).
    pub fn new(size: u32, distribution: Distribution, seed: i32) -> Self {
        let size = size
            .clamp(MIN_TABLE_SIZE, MAX_TABLE_SIZE)
            .next_power_of_two();
        // Separate streams: changing the distribution must not reshuffle the permutation.
        let key = u64::from(seed as u32) << 8;
        let mut rng = SplitMix64::new(key ^ 0x5045_524d);
        let mut perm: Vec<u32> = (0..size).collect();
        // Parberry's shuffle: swap entry i with a uniformly chosen entry in i..size.
        for i in 0..perm.len() {
            let j = i + rng.below((perm.len() - i) as u64) as usize;
            perm.swap(i, j);
        }
        let mut values = vec![0.0; size as usize];
        distribution.fill(&mut values, &mut SplitMix64::new(key ^ 0x5441_424c));
        Self {
            mask: u64::from(size - 1),
            perm,
            values,
        }
    }

    /// Number of entries.
    pub fn size(&self) -> usize {
        self.values.len()
    }

    /// `size - 1`, the index mask.
    #[inline(always)]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Perlin's 1D hash: the permutation entry at `x mod size`.
    #[inline(always)]
    pub fn hash(&self, x: u64) -> u64 {
        u64::from(self.perm[(x & self.mask) as usize])
    }

    /// The table value at `h mod size`.
    #[inline(always)]
    pub fn value(&self, h: u64) -> f32 {
        self.values[(h & self.mask) as usize]
    }

    /// The permutation, in order.
    pub fn permutation(&self) -> &[u32] {
        &self.perm
    }

    /// The gradient/value table, in order.
    pub fn values(&self) -> &[f32] {
        &self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_is_a_permutation() {
        for size in [2, 16, 256, 65_536] {
            let t = PermutationTable::new(size, Distribution::Uniform, 4);
            let mut seen = vec![false; size as usize];
            for &p in t.permutation() {
                assert!(!seen[p as usize]);
                seen[p as usize] = true;
            }
            assert_eq!(t.size(), size as usize);
        }
    }

    #[test]
    fn seed_reshuffles_distribution_does_not() {
        let a = PermutationTable::new(256, Distribution::Uniform, 1);
        let b = PermutationTable::new(256, Distribution::Normal, 1);
        let c = PermutationTable::new(256, Distribution::Uniform, 2);
        assert_eq!(a.permutation(), b.permutation());
        assert_ne!(a.values(), b.values());
        assert_ne!(a.permutation(), c.permutation());
        assert_ne!(a.values(), c.values());
        // The identity would mean the shuffle did nothing.
        assert!(
            a.permutation()
                .iter()
                .enumerate()
                .any(|(i, &p)| p as usize != i)
        );
    }

    #[test]
    fn odd_sizes_do_not_panic() {
        assert_eq!(PermutationTable::new(0, Distribution::Uniform, 0).size(), 2);
        assert_eq!(
            PermutationTable::new(100, Distribution::Uniform, 0).size(),
            128
        );
        assert_eq!(
            PermutationTable::new(u32::MAX, Distribution::Uniform, 0).size(),
            65_536
        );
    }
}
