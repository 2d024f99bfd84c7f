//! Where a lattice corner's pseudo-random numbers `R(corner, index)` come from.

mod dotnet_random;
mod modern_hash;
mod original_hash;
mod original_table;

pub use dotnet_random::DotNetRandom;
pub use modern_hash::{ModernHash, mix32};
pub use original_hash::OriginalHash;
pub use original_table::{OriginalTable, ROW_STRIDE, TABLE_DEPTH, TABLE_SIDE};

use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

/// Which generator supplies each grid corner's random numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RandomSource {
    /// The original's 251x251x5 table from .NET's seeded `System.Random`; values in
    /// [-0.5, 0.5), repeats every 251 reference pixels. The original default.
    #[default]
    OriginalTable,
    /// The original's integer hash; values in [-1, 1).
    OriginalHash,
    /// Lattice Studio's 32-bit hash: no period, no 1024-frame truncation, 24-bit values
    /// in [-1, 1). Best for new work.
    Modern,
}

impl RandomSource {
    /// Every source, in menu order.
    pub const ALL: [RandomSource; 3] = [
        RandomSource::OriginalTable,
        RandomSource::OriginalHash,
        RandomSource::Modern,
    ];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            RandomSource::OriginalTable => "original-table",
            RandomSource::OriginalHash => "original-hash",
            RandomSource::Modern => "modern",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            RandomSource::OriginalTable => "Original table (.NET Random)",
            RandomSource::OriginalHash => "Original integer hash",
            RandomSource::Modern => "Modern hash",
        }
    }

    /// One line on the source's character.
    pub fn description(self) -> &'static str {
        match self {
            RandomSource::OriginalTable => {
                "251x251x5 table from .NET's seeded Random, values in [-0.5, 0.5); repeats every 251 reference px"
            }
            RandomSource::OriginalHash => "The original's integer hash, values in [-1, 1)",
            RandomSource::Modern => {
                "32-bit avalanche hash, values in [-1, 1) with full f32 precision; no period, no truncation"
            }
        }
    }

    /// Looks a source up by id.
    pub fn from_id(id: &str) -> Option<RandomSource> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// How corner pixel coordinates map to the random source's input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    size: i32,
    /// `1024 / size` in f32, as the original's `SetScale(1024f / size)`.
    scale: f32,
    /// `65536 / size`: the modern hash's 16.16 "fraction of the texture" frame.
    fixed: f64,
    wrap: bool,
}

impl Frame {
    pub(crate) fn new(size: u32, wrap: bool) -> Self {
        Self {
            size: size as i32,
            scale: 1024.0 / size as f32,
            fixed: 65536.0 / f64::from(size),
            wrap,
        }
    }

    #[inline(always)]
    fn wrapped(&self, c: i32) -> i32 {
        if self.wrap {
            c.rem_euclid(self.size)
        } else {
            c
        }
    }

    /// The original's reference-frame integer: `(int)(c * 1024/size + 25100)`.
    #[inline(always)]
    fn original(&self, c: i32) -> i32 {
        (self.wrapped(c) as f32 * self.scale + 25_100.0) as i32
    }

    /// The modern hash's fixed-point coordinate, rounded to nearest.
    #[inline(always)]
    fn fixed(&self, c: i32) -> i32 {
        // Shifted by one size so the truncating cast rounds correctly for negative corners.
        ((self.wrapped(c) + self.size) as f64 * self.fixed + 0.5) as i32 - 65_536
    }
}

/// A source that draws a corner's numbers from its integer lattice indices (cell
/// coordinates of the octave, not pixel coordinates): the classic noise systems
/// (permutation tables, libnoise's integer noise) work this way.
pub trait LatticeSource: Send + Sync + std::fmt::Debug {
    /// Fills `out[k][i] = R((ix0 + i, iy), k)` for every `i < out[k].len()` and `k < needs`.
    /// `period` is `Some(p)` when the texture tiles: indices are then taken modulo `p`.
    fn fill_row(
        &self,
        iy: i64,
        ix0: i64,
        period: Option<i64>,
        needs: usize,
        out: &mut [Vec<f32>; 4],
    );
}

/// A random source made ready for one generation (tables filled, constants derived).
#[derive(Clone, Debug)]
pub(crate) enum PreparedSource {
    Table(Arc<OriginalTable>),
    Hash(OriginalHash),
    Modern(ModernHash),
    /// Sources indexed by lattice coordinates.
    #[allow(dead_code)]
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
    pub(crate) fn new(params: &crate::params::NoiseParams) -> Self {
        let seed = params.seed;
        match params.random {
            RandomSource::OriginalTable => PreparedSource::Table(cached_table(seed)),
            RandomSource::OriginalHash => PreparedSource::Hash(OriginalHash::new(seed)),
            RandomSource::Modern => PreparedSource::Modern(ModernHash::new(seed)),
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

    /// `R(corner, index)` for one corner given in pixel coordinates.
    pub(crate) fn at(&self, frame: &Frame, cx: i32, cy: i32, index: usize) -> f32 {
        match self {
            PreparedSource::Table(t) => t.get(frame.original(cx), frame.original(cy), index),
            PreparedSource::Hash(h) => h.get(frame.original(cx), frame.original(cy), index as u32),
            PreparedSource::Modern(h) => h.get(frame.fixed(cx), frame.fixed(cy), index as u32),
            PreparedSource::Lattice(_) => 0.0,
        }
    }

    /// The per-column part of the corner mapping for `n` corners at `x0 + i * step`.
    ///
    /// Every corner row of an octave shares its columns, so this runs once per octave and
    /// [`Self::fill_row`] only does the per-row part: a table gather or the last hash rounds.
    pub(crate) fn columns(&self, frame: &Frame, x0: i32, step: i32, n: usize) -> Vec<u32> {
        let xs = (0..n as i32).map(|i| x0 + i * step);
        match self {
            PreparedSource::Table(_) => xs
                .map(|c| frame.original(c).rem_euclid(TABLE_SIDE as i32) as u32)
                .collect(),
            PreparedSource::Hash(_) => xs.map(|c| frame.original(c) as u32).collect(),
            PreparedSource::Modern(h) => xs.map(|c| h.column(frame.fixed(c))).collect(),
            PreparedSource::Lattice(_) => Vec::new(),
        }
    }

    /// Fills `out[k][i] = R((column i, cy), k)` for every `i < out[k].len()` and `k < needs`,
    /// with the columns from [`Self::columns`].
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

    fn params(random: RandomSource, seed: i32) -> crate::params::NoiseParams {
        crate::params::NoiseParams {
            random,
            seed,
            ..Default::default()
        }
    }

    #[test]
    fn ids_round_trip() {
        for s in RandomSource::ALL {
            assert_eq!(RandomSource::from_id(s.id()), Some(s));
        }
    }

    #[test]
    fn fill_row_matches_at() {
        for source in RandomSource::ALL {
            for wrap in [false, true] {
                let p = PreparedSource::new(&params(source, 77));
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

    #[test]
    fn wrapping_repeats_corners() {
        let frame = Frame::new(256, true);
        for source in RandomSource::ALL {
            let p = PreparedSource::new(&params(source, 3));
            assert_eq!(p.at(&frame, 0, 8, 1), p.at(&frame, 256, 8 + 256, 1));
            assert_eq!(p.at(&frame, -16, 8, 0), p.at(&frame, 240, 8, 0));
        }
    }
}
