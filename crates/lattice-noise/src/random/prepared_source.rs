//! [`PreparedSource`]: a random source made ready for one generation.

use super::distribution::Distribution;
use super::frame::Frame;
use super::lattice_hash::LatticeHash;
use super::lattice_source::LatticeSource;
use super::libnoise_source::{LibnoiseMode, LibnoiseSource};
use super::modern_hash::ModernHash;
use super::original_hash::OriginalHash;
use super::original_table::{OriginalTable, TABLE_SIDE};
use super::random_source::RandomSource;
use super::table_source::TableSource;
use std::sync::{Arc, Mutex};

/// Fills `o[m..]` with copies of `o[..m]` (`o[i] = o[i % m]`), doubling the copied span
/// each time. Does nothing when `m` is 0 or covers `o`.
fn repeat_period(o: &mut [f32], m: usize) {
    let mut done = m;
    while done > 0 && done < o.len() {
        // `o[..done]` repeats with period `m` and `done` is a multiple of `m`.
        let n = done.min(o.len() - done);
        o.copy_within(..n, done);
        done += n;
    }
}

/// A random source made ready for one generation (tables filled, constants derived).
#[derive(Clone, Debug)]
pub(crate) enum PreparedSource {
    Table(Arc<OriginalTable>),
    Hash(OriginalHash),
    Modern(ModernHash),
    /// Sources indexed by lattice coordinates.
    Lattice(Arc<dyn LatticeSource>),
}

/// The last table built; the app regenerates on every slider move with the same seed,
/// and refilling 315 000 values each time would be wasted work.
static TABLE_CACHE: Mutex<Option<Arc<OriginalTable>>> = Mutex::new(None);

fn cached_table(seed: i32) -> Arc<OriginalTable> {
    let mut guard = match TABLE_CACHE.lock() {
        Ok(g) => g,
        // A panic elsewhere while holding the lock cannot leave a half-built table
        // (the value is replaced whole), so the poisoned content is still valid.
        Err(poisoned) => poisoned.into_inner(),
    };
    match guard.as_ref() {
        Some(t) if t.seed() == seed => Arc::clone(t),
        _ => {
            let t = Arc::new(OriginalTable::new(seed));
            *guard = Some(Arc::clone(&t));
            t
        }
    }
}

impl PreparedSource {
    /// Prepares `random` for `seed`; the Parberry sources (`permutation`, `lcg`,
    /// `hash64`) build a table of `table_size` entries filled by `distribution`.
    pub(crate) fn new(
        random: RandomSource,
        seed: i32,
        table_size: u32,
        distribution: Distribution,
    ) -> Self {
        match random {
            RandomSource::OriginalTable => PreparedSource::Table(cached_table(seed)),
            RandomSource::OriginalHash => PreparedSource::Hash(OriginalHash::new(seed)),
            RandomSource::Modern => PreparedSource::Modern(ModernHash::new(seed)),
            RandomSource::Permutation | RandomSource::Lcg | RandomSource::Hash64 => {
                let hash = match random {
                    RandomSource::Lcg => LatticeHash::Lcg,
                    RandomSource::Hash64 => LatticeHash::Hash64,
                    _ => LatticeHash::Permutation,
                };
                PreparedSource::Lattice(Arc::new(TableSource::new(
                    hash,
                    table_size,
                    distribution,
                    seed,
                )))
            }
            RandomSource::Libnoise => {
                PreparedSource::Lattice(Arc::new(LibnoiseSource::new(seed, LibnoiseMode::Gradient)))
            }
            RandomSource::LibnoiseValue => {
                PreparedSource::Lattice(Arc::new(LibnoiseSource::new(seed, LibnoiseMode::Value)))
            }
        }
    }

    /// `R(corner, index)` for one corner: pixel coordinates `cx, cy` for the pixel-frame
    /// sources, lattice indices `ix, iy` (with the tiling period) for lattice sources.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn corner_value(
        &self,
        frame: &Frame,
        (cx, cy): (i32, i32),
        (ix, iy): (i64, i64),
        period: Option<i64>,
        index: usize,
    ) -> f32 {
        if let PreparedSource::Lattice(src) = self {
            let mut out: [Vec<f32>; 4] = std::array::from_fn(|_| vec![0.0]);
            src.fill_row(iy, ix, period, index + 1, &mut out);
            return out[index][0];
        }
        self.at(frame, cx, cy, index)
    }

    /// `R(corner, index)` for a corner at any world position (the free-octave path).
    pub(crate) fn value_at(
        &self,
        frame: &Frame,
        (wx, wy): (f64, f64),
        (ix, iy): (i64, i64),
        period: Option<i64>,
        index: usize,
    ) -> f32 {
        match self {
            PreparedSource::Table(t) => t.get(frame.original_f(wx), frame.original_f(wy), index),
            PreparedSource::Hash(h) => {
                h.get(frame.original_f(wx), frame.original_f(wy), index as u32)
            }
            PreparedSource::Modern(h) => h.get(frame.fixed_f(wx), frame.fixed_f(wy), index as u32),
            PreparedSource::Lattice(_) => self.corner_value(frame, (0, 0), (ix, iy), period, index),
        }
    }

    /// `R(corner, index)` for one corner given in pixel coordinates.
    pub(crate) fn at(&self, frame: &Frame, cx: i32, cy: i32, index: usize) -> f32 {
        match self {
            PreparedSource::Table(t) => t.get(frame.original(cx), frame.original(cy), index),
            PreparedSource::Hash(h) => h.get(frame.original(cx), frame.original(cy), index as u32),
            PreparedSource::Modern(h) => h.get(frame.fixed(cx), frame.fixed(cy), index as u32),
            PreparedSource::Lattice(_) => 0.0,
        }
    }

    /// Whether corners are addressed by lattice index instead of pixel position.
    #[cfg(test)]
    pub(crate) fn is_lattice(&self) -> bool {
        matches!(self, PreparedSource::Lattice(_))
    }

    /// The per-column part of the corner mapping for `n` corners at `x0 + i * step`, or
    /// its first period when it repeats (corner `i` then has column `i % len`).
    ///
    /// Every corner row of an octave shares its columns, so this runs once per octave and
    /// [`Self::fill_row`] only does the per-row part: a table gather or the last hash rounds.
    /// Table columns are reduced modulo 251; without tiling they usually repeat every 251
    /// corners (the reference frame's coordinate advances by a whole step per corner), and
    /// `fill_row` then gathers one period per row and copies it: a 2048-pixel row's step-2
    /// octave has 1025 corners.
    pub(crate) fn columns(&self, frame: &Frame, x0: i32, step: i32, n: usize) -> Vec<u32> {
        let xs = (0..n as i32).map(|i| x0 + i * step);
        match self {
            PreparedSource::Table(_) => {
                let mut columns: Vec<u32> = xs
                    .map(|c| frame.original(c).rem_euclid(TABLE_SIDE as i32) as u32)
                    .collect();
                let period = TABLE_SIDE;
                if columns.len() > period
                    && columns[period..].iter().zip(&columns).all(|(a, b)| a == b)
                {
                    columns.truncate(period);
                }
                columns
            }
            PreparedSource::Hash(_) => xs.map(|c| frame.original(c) as u32).collect(),
            PreparedSource::Modern(h) => xs.map(|c| h.column(frame.fixed(c))).collect(),
            PreparedSource::Lattice(_) => Vec::new(),
        }
    }

    /// Fills `out[k][i] = R((column i, cy), k)` for every `i < out[k].len()` and `k < needs`,
    /// with the columns from [`Self::columns`] (repeated when they are one period).
    ///
    /// One call per corner row, so each source gets its own tight (vectorisable) loop.
    #[inline(always)]
    pub(crate) fn fill_row(
        &self,
        frame: &Frame,
        cy: i32,
        columns: &[u32],
        needs: usize,
        out: &mut [Vec<f32>; 4],
    ) {
        match self {
            PreparedSource::Table(t) => {
                let j = frame.original(cy);
                for (k, o) in out.iter_mut().enumerate().take(needs) {
                    let row = t.row(j, k);
                    for (v, &ii) in o.iter_mut().zip(columns) {
                        // Columns are < 251: a u8 index into a 256-entry row needs no check.
                        *v = row[ii as u8 as usize];
                    }
                    repeat_period(o, columns.len());
                }
            }
            PreparedSource::Hash(h) => {
                let j = frame.original(cy);
                for (k, o) in out.iter_mut().enumerate().take(needs) {
                    for (v, &i) in o.iter_mut().zip(columns) {
                        *v = h.get(i as i32, j, k as u32);
                    }
                }
            }
            PreparedSource::Modern(_) => {
                let yi = frame.fixed(cy);
                let mut corners = [0u32; 64];
                // Hash corners in blocks so the per-index loops below stay vectorisable.
                for (block, cols) in columns.chunks(corners.len()).enumerate() {
                    let start = block * corners.len();
                    let corners = &mut corners[..cols.len()];
                    for (hash, &col) in corners.iter_mut().zip(cols) {
                        *hash = ModernHash::corner_from_column(col, yi);
                    }
                    for (k, o) in out.iter_mut().enumerate().take(needs) {
                        for (v, &c) in o[start..].iter_mut().zip(corners.iter()) {
                            *v = ModernHash::value(c, k as u32);
                        }
                    }
                }
            }
            // Lattice sources are filled through `LatticeSource::fill_row` by the kernel,
            // which knows the lattice indices.
            PreparedSource::Lattice(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prepared(random: RandomSource, seed: i32) -> PreparedSource {
        PreparedSource::new(random, seed, 256, Distribution::Uniform)
    }

    /// The sources addressed by pixel position (the lattice ones are tested in their files).
    fn pixel_sources() -> impl Iterator<Item = RandomSource> {
        RandomSource::ALL
            .into_iter()
            .filter(|&s| !prepared(s, 0).is_lattice())
    }

    #[test]
    fn lattice_sources_are_prepared_as_lattice() {
        use RandomSource::*;
        for s in [Permutation, Lcg, Hash64, Libnoise, LibnoiseValue] {
            assert!(prepared(s, 1).is_lattice(), "{s:?}");
        }
        assert_eq!(pixel_sources().count(), 3);
    }

    #[test]
    fn corner_value_reads_the_lattice_source() {
        let p = prepared(RandomSource::Permutation, 4);
        let frame = Frame::new(256, false);
        let direct = TableSource::new(LatticeHash::Permutation, 256, Distribution::Uniform, 4);
        for k in 0..4 {
            let v = p.corner_value(&frame, (0, 0), (3, 9), None, k);
            assert_eq!(v, direct.corner(3, 9)[k]);
            // Tiling with period 4 maps (3, 9) to (3, 1).
            let w = p.corner_value(&frame, (0, 0), (3, 9), Some(4), k);
            assert_eq!(w, direct.corner(3, 1)[k]);
        }
    }

    #[test]
    fn fill_row_matches_at() {
        for source in pixel_sources() {
            for wrap in [false, true] {
                let p = prepared(source, 77);
                let frame = Frame::new(2048, wrap);
                let mut out: [Vec<f32>; 4] = std::array::from_fn(|_| vec![0.0; 150]);
                let columns = p.columns(&frame, -4, 8, 150);
                p.fill_row(&frame, 36, &columns, 4, &mut out);
                for (k, row) in out.iter().enumerate() {
                    for (i, &v) in row.iter().enumerate() {
                        assert_eq!(v, p.at(&frame, -4 + i as i32 * 8, 36, k), "{source:?}");
                    }
                }
            }
        }
    }

    /// Long untiled rows keep one period of table columns; every corner still gets the
    /// value `at` computes, in the copied periods too.
    #[test]
    fn repeated_table_columns_fill_every_corner() {
        let p = prepared(RandomSource::OriginalTable, 5);
        for (size, x0, step, n) in [(2048, 0, 2, 1025), (2048, -1, 2, 1026), (1024, 0, 1, 1025)] {
            let frame = Frame::new(size, false);
            let columns = p.columns(&frame, x0, step, n);
            assert_eq!(columns.len(), TABLE_SIDE, "{size} {step}");
            let mut out: [Vec<f32>; 4] = std::array::from_fn(|_| vec![f32::NAN; n]);
            p.fill_row(&frame, 12, &columns, 4, &mut out);
            for (k, row) in out.iter().enumerate() {
                for (i, &v) in row.iter().enumerate() {
                    assert_eq!(v, p.at(&frame, x0 + i as i32 * step, 12, k), "{size} {i}");
                }
            }
        }
        // Tiled, the columns wrap at the texture size, not every 251 corners.
        let frame = Frame::new(2048, true);
        assert_eq!(p.columns(&frame, 0, 2, 1025).len(), 1025);
    }

    #[test]
    fn repeat_period_copies_the_prefix() {
        let mut o: Vec<f32> = (0..10)
            .map(|i| if i < 3 { i as f32 } else { -1.0 })
            .collect();
        repeat_period(&mut o, 3);
        assert_eq!(o, [0.0, 1.0, 2.0, 0.0, 1.0, 2.0, 0.0, 1.0, 2.0, 0.0]);
        let mut short = vec![7.0, 8.0];
        repeat_period(&mut short, 0);
        repeat_period(&mut short, 2);
        assert_eq!(short, [7.0, 8.0]);
    }

    #[test]
    fn wrapping_repeats_corners() {
        let frame = Frame::new(256, true);
        for source in pixel_sources() {
            let p = prepared(source, 3);
            assert_eq!(p.at(&frame, 0, 8, 1), p.at(&frame, 256, 8 + 256, 1));
            assert_eq!(p.at(&frame, -16, 8, 0), p.at(&frame, 240, 8, 0));
        }
    }
}
