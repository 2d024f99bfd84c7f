//! [`DropletGrid`]: what a droplet erosion carved into its grid, and how that is added
//! to a layer's heights at any size, over any region.
//!
//! The droplets run on the layer's heights rendered whole at the grid's size; the
//! difference they made is interpolated (Catmull-Rom, wrapped when the texture tiles)
//! at each pixel's position in the texture, from that position alone. So every size
//! gets the same channels, and a region, farm tile or streamed band gets exactly its
//! part of the whole render, at the memory of one grid.

use super::cache_core::CacheCore;
use super::droplet_sim::simulate;
use super::noise_sampler::NoiseSampler;
use super::raw_spec::DropletSpec;
use crate::engine_error::EngineError;
use crate::job_control::JobControl;
use crate::region::Region;
use std::sync::{Arc, Mutex, PoisonError};

/// The carving of one simulation: heights after the droplets less heights before, on
/// the grid.
#[derive(Debug)]
pub(super) struct DropletGrid {
    n: usize,
    wrap: bool,
    carved: Vec<f32>,
}

/// Simulations kept for the renders that follow (the bands of an export, the next
/// preview): at most this many grids, 16 MiB each at the largest.
const KEPT: usize = 2;

/// The kept simulations, newest last. A simulation is a function of its spec alone,
/// so keeping it across renders (and caches) changes no height.
static KEPT_GRIDS: Mutex<Vec<(DropletSpec, Arc<DropletGrid>)>> = Mutex::new(Vec::new());

impl DropletGrid {
    /// The carving of `spec`: kept from an earlier render, or simulated now (its
    /// heights rendered through `cache`, so a render at the grid's own size finds them
    /// there for the heights the carving is added to). No lock is held
    /// while it simulates: a render on rayon's pool may pick up another band's render
    /// of the same layer while it waits, and would wait on itself. Two renders that
    /// start together may both simulate; they get the same grid.
    pub(super) fn of<S: NoiseSampler>(
        spec: &DropletSpec,
        cache: &mut CacheCore<S>,
        control: &JobControl,
    ) -> Result<Arc<DropletGrid>, EngineError> {
        if let Some(kept) = Self::kept(spec) {
            return Ok(kept);
        }
        let made = Arc::new(Self::simulated(spec, cache, control)?);
        let mut kept = KEPT_GRIDS.lock().unwrap_or_else(PoisonError::into_inner);
        if !kept.iter().any(|(k, _)| k == spec) {
            kept.push((spec.clone(), Arc::clone(&made)));
            if kept.len() > KEPT {
                kept.remove(0);
            }
        }
        Ok(made)
    }

    /// The kept carving of `spec`, made the newest; `None` if none is kept.
    fn kept(spec: &DropletSpec) -> Option<Arc<DropletGrid>> {
        let mut kept = KEPT_GRIDS.lock().unwrap_or_else(PoisonError::into_inner);
        let i = kept.iter().position(|(k, _)| k == spec)?;
        let entry = kept.remove(i);
        let grid = Arc::clone(&entry.1);
        kept.push(entry);
        Some(grid)
    }

    /// Runs the simulation of `spec`.
    fn simulated<S: NoiseSampler>(
        spec: &DropletSpec,
        cache: &mut CacheCore<S>,
        control: &JobControl,
    ) -> Result<DropletGrid, EngineError> {
        let n = spec.droplets.grid;
        let base = cache.heights(&spec.base, Region::full(n), control)?;
        let mut carved = base.data().to_vec();
        let (n, wrap) = (n as usize, spec.base.noise.tileable);
        simulate(&mut carved, n, wrap, &spec.droplets, control)?;
        for (c, b) in carved.iter_mut().zip(base.data()) {
            *c -= b;
        }
        Ok(DropletGrid { n, wrap, carved })
    }

    /// Adds the carving to `out`, the heights of `region` of a `size` texture.
    pub(super) fn add_to(&self, size: u32, region: Region, out: &mut [f32]) {
        let width = region.width as usize;
        if width == 0 || self.carved.len() != self.n * self.n {
            return;
        }
        // Each column's four grid columns and weights, from its texture position.
        let columns: Vec<([usize; 4], [f32; 4])> = (0..region.width)
            .map(|i| self.taps(region.x + i, size))
            .collect();
        crate::parallel::for_each_chunk_mut(
            out,
            width,
            || vec![0.0f32; self.n],
            |across, r, row| {
                // The grid's rows blended at this texture row, then each pixel from
                // its columns: the same operations whatever the region.
                let (rows, wy) = self.taps(region.y + r as u32, size);
                for (c, a) in across.iter_mut().enumerate() {
                    let at = |k: usize| self.carved[rows[k] * self.n + c];
                    *a = wy[0] * at(0) + wy[1] * at(1) + wy[2] * at(2) + wy[3] * at(3);
                }
                for (h, (cols, wx)) in row.iter_mut().zip(&columns) {
                    let at = |k: usize| across[cols[k]];
                    *h += wx[0] * at(0) + wx[1] * at(1) + wx[2] * at(2) + wx[3] * at(3);
                }
            },
        );
    }

    /// The four grid lines around texture line `p` of a `size` texture (wrapped, or
    /// the edge's past it) and their Catmull-Rom weights.
    fn taps(&self, p: u32, size: u32) -> ([usize; 4], [f32; 4]) {
        let at = (f64::from(p) + 0.5) * self.n as f64 / f64::from(size.max(1)) - 0.5;
        let base = at.floor();
        let t = (at - base) as f32;
        let n = self.n as i64;
        let line = |k: i64| {
            let i = base as i64 - 1 + k;
            (if self.wrap {
                i.rem_euclid(n)
            } else {
                i.clamp(0, n - 1)
            }) as usize
        };
        let w = [
            ((-0.5 * t + 1.0) * t - 0.5) * t,
            (1.5 * t - 2.5) * t * t + 1.0,
            ((-1.5 * t + 2.0) * t + 0.5) * t,
            (0.5 * t - 0.5) * t * t,
        ];
        ([line(0), line(1), line(2), line(3)], w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(n: usize, wrap: bool) -> DropletGrid {
        // Periodic over the grid, as a tileable texture's carving is.
        let turn = std::f32::consts::TAU / n as f32;
        let carved = (0..n * n)
            .map(|i| ((i % n) as f32 * 3.0 * turn).sin() * ((i / n) as f32 * 2.0 * turn).cos())
            .collect();
        DropletGrid { n, wrap, carved }
    }

    fn added(g: &DropletGrid, size: u32, region: Region) -> Vec<f32> {
        let mut out = vec![0.0; (region.width * region.height) as usize];
        g.add_to(size, region, &mut out);
        out
    }

    #[test]
    fn at_the_grid_size_the_carving_is_added_as_it_is() {
        let g = grid(32, false);
        assert_eq!(added(&g, 32, Region::full(32)), g.carved);
    }

    #[test]
    fn regions_get_their_part_of_the_whole_bit_for_bit() {
        for wrap in [false, true] {
            let g = grid(24, wrap);
            let whole = added(&g, 100, Region::full(100));
            let part = Region {
                x: 37,
                y: 61,
                width: 45,
                height: 30,
            };
            let window = added(&g, 100, part);
            for r in 0..30 {
                let at = (61 + r) * 100 + 37;
                assert_eq!(window[r * 45..(r + 1) * 45], whole[at..at + 45]);
            }
        }
    }

    #[test]
    fn a_tiling_carving_joins_across_the_edges() {
        let g = grid(16, true);
        let out = added(&g, 64, Region::full(64));
        // The step across the seam is like the steps inside.
        let step = |a: usize, b: usize| (out[a] - out[b]).abs();
        let seam = (0..64)
            .map(|y| step(y * 64 + 63, y * 64))
            .fold(0.0, f32::max);
        let inside = (0..64)
            .map(|y| step(y * 64 + 31, y * 64 + 32))
            .fold(0.0, f32::max);
        assert!(seam < 2.0 * inside + 1e-6, "{seam} {inside}");
    }
}
