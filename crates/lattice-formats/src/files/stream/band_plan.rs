//! [`BandPlan`]: a window of a texture cut into bands of whole rows, the unit a streamed
//! export generates, maps and encodes at a time.

use crate::engine::Region;

/// Pixels a band holds at most (16 MiB of heights) unless its rows are longer.
const BAND_PIXELS: usize = 1 << 22;
/// Bytes of heights a window's render may hold at once (its output, every layer's map
/// and their warp fields'): a band of a many-layer stack is smaller, and one whose
/// shortest band is still over it is rendered in narrower strips
/// ([`super::band_renderer::BandRenderer`]).
pub(super) const HEIGHTS_BUDGET: usize = 96 << 20;

/// Pixels of a window whose render, holding `maps` heightmaps, fits in
/// `HEIGHTS_BUDGET` (96 MiB).
pub(super) fn pixels_within_budget(maps: usize) -> usize {
    (HEIGHTS_BUDGET / (4 * maps.max(1))).max(1)
}
/// Rows per band are a multiple of this: the engine's parallel work unit and the
/// EXR block height, so every band but the last holds whole blocks.
pub(super) const BAND_ALIGN: u32 = 16;
/// Most rows per band, however narrow the texture.
const MAX_BAND_ROWS: u32 = 4096;

/// Bands of `rows` rows (the last may be shorter) covering `region` top to bottom.
/// The cut depends only on the region's width, never on the machine, so an export's
/// bytes are the same on every machine and thread count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BandPlan {
    region: Region,
    rows: u32,
}

impl BandPlan {
    /// The plan for `region` of a texture whose render holds `maps` heightmaps (see
    /// [`crate::engine::LayerStack::maps_held`]): about 4 Mi pixels per band, fewer when
    /// the maps would pass `HEIGHTS_BUDGET` (96 MiB), at least 16 rows, a multiple of 16. The
    /// cut depends on the width and the stack, never on the machine.
    pub fn new(region: Region, maps: usize) -> Self {
        let pixels = BAND_PIXELS.min(pixels_within_budget(maps));
        let fit = (pixels / region.width.max(1) as usize).min(MAX_BAND_ROWS as usize) as u32;
        let rows = (fit / BAND_ALIGN * BAND_ALIGN).max(BAND_ALIGN);
        Self { region, rows }
    }

    /// Bands of `rows` rows (rounded up to a multiple of 16) whatever the
    /// width: a smaller memory budget, or many bands of a small texture.
    pub fn with_rows(region: Region, rows: u32) -> Self {
        let rows = rows.div_ceil(BAND_ALIGN).max(1) * BAND_ALIGN;
        Self { region, rows }
    }

    /// Rows of every band but the last.
    pub fn rows_per_band(&self) -> u32 {
        self.rows
    }

    /// How many bands.
    pub fn len(&self) -> usize {
        self.region.height.div_ceil(self.rows) as usize
    }

    /// Whether there is no band (an empty region).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bands, top to bottom.
    pub fn bands(self) -> impl Iterator<Item = Region> {
        let Self { region, rows } = self;
        (0..self.len() as u32).map(move |i| {
            let y = i * rows;
            Region {
                x: region.x,
                y: region.y + y,
                width: region.width,
                height: rows.min(region.height - y),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_cover_the_region_in_aligned_steps() {
        let region = Region {
            x: 3,
            y: 5,
            width: 65_536,
            height: 200,
        };
        let plan = BandPlan::new(region, 1);
        assert_eq!(plan.rows_per_band(), 64);
        let bands: Vec<Region> = plan.bands().collect();
        assert_eq!(bands.len(), 4);
        assert_eq!(
            bands[0],
            Region {
                height: 64,
                ..region
            }
        );
        assert_eq!((bands[3].y, bands[3].height), (5 + 192, 8));
        assert_eq!(bands.iter().map(|b| b.height).sum::<u32>(), 200);
        // Very wide rows: one aligned unit per band; narrow ones: capped.
        assert_eq!(BandPlan::new(Region::full(262_144), 1).rows_per_band(), 16);
        assert_eq!(BandPlan::new(Region::full(64), 1).rows_per_band(), 4096);
        assert_eq!(BandPlan::new(Region::full(100), 1).len(), 1);
        // A stack of many maps gets shorter bands, within the budget.
        let plan = BandPlan::new(Region::full(4096), 50);
        assert_eq!(plan.rows_per_band(), 112);
        let rows = plan.rows_per_band() as usize;
        assert!(4096 * rows * 4 * 50 <= HEIGHTS_BUDGET);
        assert_eq!(
            BandPlan::with_rows(Region::full(100), 20).rows_per_band(),
            32
        );
        assert_eq!(BandPlan::with_rows(Region::full(100), 0).len(), 7);
    }
}
