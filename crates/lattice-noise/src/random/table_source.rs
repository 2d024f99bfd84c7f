//! Parberry's viewer as a lattice source: a hash picks a table entry per corner.

use super::distribution::Distribution;
use super::lattice_hash::LatticeHash;
use super::lattice_source::LatticeSource;
use super::permutation_table::PermutationTable;

/// Corner numbers from a [`PermutationTable`] through a [`LatticeHash`].
///
/// With `h` the corner's hashed index: `a = T[h]`, `b = T[perm[h]]`, and for the
/// proximity functions that read more, `c = T[perm[perm[h]]]`, `d = T[perm^3[h]]`.
/// `(a, b)` is exactly Parberry's gradient (`x * m_fTable[h] + y * m_fTable[hash(h)]`)
/// and `a` is his Value-noise height (`m_fTable[h]`): the engine's `hill` proximity
/// reads `0.5 a`, so Value noise comes out as Parberry's times 0.5. Like Parberry, the
/// gradient components are independent table draws, not a unit vector.
#[derive(Clone, Debug)]
pub struct TableSource {
    table: PermutationTable,
    hash: LatticeHash,
}

impl TableSource {
    /// Builds the tables from the seed.
    pub fn new(hash: LatticeHash, table_size: u32, distribution: Distribution, seed: i32) -> Self {
        Self {
            table: PermutationTable::new(table_size, distribution, seed),
            hash,
        }
    }

    /// The tables behind the source.
    pub fn table(&self) -> &PermutationTable {
        &self.table
    }

    /// `R((x, y), k)` for `k < 4`, lattice indices already reduced by any tiling period.
    #[inline(always)]
    pub fn corner(&self, x: i64, y: i64) -> [f32; 4] {
        let t = &self.table;
        let h0 = self.hash.index(t, x as u64, y as u64);
        let h1 = t.hash(h0);
        let h2 = t.hash(h1);
        let h3 = t.hash(h2);
        [t.value(h0), t.value(h1), t.value(h2), t.value(h3)]
    }
}

/// `i mod period` when tiling.
#[inline(always)]
pub(crate) fn wrap(i: i64, period: Option<i64>) -> i64 {
    match period {
        Some(p) if p > 0 => i.rem_euclid(p),
        _ => i,
    }
}

impl LatticeSource for TableSource {
    fn fill_row(
        &self,
        iy: i64,
        ix0: i64,
        period: Option<i64>,
        needs: usize,
        out: &mut [Vec<f32>; 4],
    ) {
        let y = wrap(iy, period);
        let n = out[0].len();
        for i in 0..n {
            let r = self.corner(wrap(ix0 + i as i64, period), y);
            for (k, o) in out.iter_mut().enumerate().take(needs) {
                if let Some(v) = o.get_mut(i) {
                    *v = r[k];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(s: &TableSource, iy: i64, ix0: i64, n: usize, period: Option<i64>) -> [Vec<f32>; 4] {
        let mut out: [Vec<f32>; 4] = std::array::from_fn(|_| vec![f32::NAN; n]);
        s.fill_row(iy, ix0, period, 4, &mut out);
        out
    }

    #[test]
    fn permutation_source_repeats_with_table_size() {
        for size in [16u32, 256] {
            let s = TableSource::new(LatticeHash::Permutation, size, Distribution::Uniform, 3);
            let n = i64::from(size);
            // R(ix + table_size, iy) == R(ix, iy), and the same in y, for all four numbers.
            assert_eq!(row(&s, 5, -7, 40, None), row(&s, 5, -7 + n, 40, None));
            assert_eq!(row(&s, 5, -7, 40, None), row(&s, 5 + n, -7, 40, None));
            assert_ne!(row(&s, 5, 0, 40, None), row(&s, 6, 0, 40, None));
        }
    }

    #[test]
    fn lcg_and_hash64_do_not_repeat_with_table_size() {
        for hash in [LatticeHash::Lcg, LatticeHash::Hash64] {
            let s = TableSource::new(hash, 256, Distribution::Uniform, 3);
            let a = row(&s, 5, 0, 64, None);
            let b = row(&s, 5, 256, 64, None);
            let same = a[0].iter().zip(&b[0]).filter(|(x, y)| x == y).count();
            assert!(same < 4, "{hash:?}: {same} of 64 corners repeat");
        }
    }

    #[test]
    fn numbers_follow_parberrys_gradient_lookup() {
        let s = TableSource::new(LatticeHash::Permutation, 64, Distribution::Normal, 8);
        let t = s.table();
        let (x, y) = (11u64, 40u64);
        let h = u64::from(
            t.permutation()[((u64::from(t.permutation()[x as usize]) + y) & 63) as usize],
        );
        let r = s.corner(x as i64, y as i64);
        assert_eq!(r[0], t.values()[h as usize]);
        assert_eq!(r[1], t.values()[t.permutation()[h as usize] as usize]);
    }

    #[test]
    fn period_wraps_indices() {
        let s = TableSource::new(LatticeHash::Hash64, 256, Distribution::Uniform, 1);
        let a = row(&s, 2, 0, 8, Some(8));
        let b = row(&s, 10, 8, 8, Some(8));
        assert_eq!(a, b);
        let c = row(&s, -6, -8, 8, Some(8));
        assert_eq!(a, c);
    }

    #[test]
    fn fills_only_what_is_needed() {
        let s = TableSource::new(LatticeHash::Lcg, 256, Distribution::Uniform, 1);
        let mut out: [Vec<f32>; 4] = std::array::from_fn(|_| vec![f32::NAN; 4]);
        s.fill_row(0, 0, None, 2, &mut out);
        assert!(out[1].iter().all(|v| v.is_finite()));
        assert!(out[2].iter().all(|v| v.is_nan()));
    }
}
