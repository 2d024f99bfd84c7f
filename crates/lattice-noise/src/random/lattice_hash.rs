//! Parberry's three ways of hashing a lattice corner to a table index (his "Hash" menu).

use super::permutation_table::PermutationTable;

/// Which function turns a corner `(x, y)` into an index of the gradient/value table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LatticeHash {
    /// Perlin's: `perm[perm[x] + y]` (`CPerlinNoise2D::hash(pair(x, y))`). Repeats with
    /// the table size in both directions.
    Permutation,
    /// `((p0 x + p1 y) mod p2) >> 8`, masked (`CPerlinNoise2D::hash2`): no short repeat.
    Lcg,
    /// 64-bit FNV-1a, which is what `std::hash<size_t>` is in Microsoft's C++ library
    /// that Parberry's viewer is built with: `h(2 h(x) ^ h(y))`, masked (`hashstd(pairstd)`).
    Hash64,
}

/// The primes of Parberry's linear congruential hash.
const LCG_P0: u64 = 43_214_161;
const LCG_P1: u64 = 43_216_891;
const LCG_P2: u64 = 73_202_201;

/// 64-bit FNV-1a over the eight little-endian bytes of `x`.
#[inline(always)]
pub fn fnv1a64(x: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in x.to_le_bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl LatticeHash {
    /// The table index of corner `(x, y)`. Negative lattice indices arrive as their
    /// two's-complement `u64`, as C++ `size_t` casts them.
    #[inline(always)]
    pub fn index(self, t: &PermutationTable, x: u64, y: u64) -> u64 {
        match self {
            LatticeHash::Permutation => t.hash(t.hash(x).wrapping_add(y)),
            LatticeHash::Lcg => {
                let h = LCG_P0.wrapping_mul(x).wrapping_add(LCG_P1.wrapping_mul(y)) % LCG_P2;
                (h >> 8) & t.mask()
            }
            LatticeHash::Hash64 => fnv1a64((fnv1a64(x) << 1) ^ fnv1a64(y)) & t.mask(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::distribution::Distribution;

    #[test]
    fn fnv1a64_reference_values() {
        // Computed independently (Python) from the FNV-1a definition over the 8 LE bytes.
        assert_eq!(fnv1a64(0), 0xa8c7_f832_281a_39c5);
        assert_eq!(fnv1a64(1), 0x89cd_3129_1d2a_efa4);
        assert_eq!(fnv1a64(256), 0xe375_7ca7_d646_66ea);
    }

    #[test]
    fn lcg_matches_parberrys_formula() {
        let t = PermutationTable::new(256, Distribution::Uniform, 0);
        // Parberry's formula evaluated without overflow.
        let want = ((43_214_161u128 * 3 + 43_216_891 * 5) % 73_202_201) as u64 >> 8 & 255;
        assert_eq!(LatticeHash::Lcg.index(&t, 3, 5), want);
    }

    #[test]
    fn permutation_repeats_with_table_size_others_do_not() {
        let t = PermutationTable::new(64, Distribution::Uniform, 9);
        let n = t.size() as u64;
        let mut repeats = [0usize; 3];
        for (k, hash) in [
            LatticeHash::Permutation,
            LatticeHash::Lcg,
            LatticeHash::Hash64,
        ]
        .into_iter()
        .enumerate()
        {
            for y in 0..32u64 {
                for x in 0..32u64 {
                    let h = hash.index(&t, x, y);
                    assert!(h < n);
                    if h == hash.index(&t, x + n, y) && h == hash.index(&t, x, y + n) {
                        repeats[k] += 1;
                    }
                }
            }
        }
        assert_eq!(repeats[0], 32 * 32);
        // Chance agreement of two indices in 0..64 on both axes is 1/4096 per corner.
        assert!(repeats[1] < 20 && repeats[2] < 20, "{repeats:?}");
    }
}
