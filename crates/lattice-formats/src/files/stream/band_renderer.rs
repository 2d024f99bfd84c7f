//! [`BandRenderer`]: the heights of one band (or any window) of a preset's texture,
//! spread over the thread pool even when the band is too short to split by rows.

use super::band_plan::{BandPlan, pixels_within_budget};
use crate::engine::Preset;
use crate::engine::{EngineError, Heightmap, JobControl, Region};
use rayon::prelude::*;

/// Narrowest column strip a short band is split into.
const MIN_STRIP: u32 = 2048;
/// Rows of the engine's parallel work unit.
const ENGINE_ROWS: u32 = 16;

/// Renders windows of a preset's texture through [`Preset::generate_region`].
#[derive(Clone, Copy, Debug)]
pub struct BandRenderer<'a> {
    preset: &'a Preset,
}

impl<'a> BandRenderer<'a> {
    /// A renderer of `preset`'s texture.
    pub fn new(preset: &'a Preset) -> Self {
        Self { preset }
    }

    /// The preset rendered.
    pub fn preset(&self) -> &'a Preset {
        self.preset
    }

    /// The heights of `region`, bit for bit that window of the whole texture.
    ///
    /// The engine splits a window into units of 16 rows; a band of very long rows has
    /// too few of them to keep every thread busy, so it is cut into column strips
    /// rendered side by side (each strip is exact too, so the join is seamless).
    ///
    /// A band whose layers would hold more than 96 MiB (`HEIGHTS_BUDGET`) of heights (a wide
    /// band of a many-layer stack: bands are at least 16 rows) is cut into strips narrow
    /// enough that the strips rendered at once, one per thread, stay within it.
    pub fn render(&self, region: Region) -> Result<Heightmap, EngineError> {
        match self.strips(region) {
            // A fresh map the engine takes zeroed from the system (no clearing pass).
            1 => self.preset.generate_region(region, &JobControl::new()),
            strips => self.render_strips(region, strips),
        }
    }

    /// [`Self::render`] into `out`, reusing its memory when the band is rendered whole
    /// (the engine writes every value, so a map of the band before is not cleared).
    pub fn render_into(&self, region: Region, out: &mut Heightmap) -> Result<(), EngineError> {
        match self.strips(region) {
            1 => {
                let layers = &self.preset.layers;
                layers.generate_region_into(region, &JobControl::new(), out)
            }
            strips => {
                *out = self.render_strips(region, strips)?;
                Ok(())
            }
        }
    }

    /// Whether `region`'s layers would hold more heights than the budget
    /// (`HEIGHTS_BUDGET`): it is then cut into strips rendered a few at a time.
    fn over_budget(&self, region: Region) -> bool {
        region.pixels() as u64 > self.budget_pixels()
    }

    /// Pixels of a window whose layers' heights fit the budget.
    fn budget_pixels(&self) -> u64 {
        pixels_within_budget(self.preset.layers.maps_held()) as u64
    }

    /// How many column strips `region` is rendered in (1: whole).
    fn strips(&self, region: Region) -> u32 {
        let threads = rayon::current_num_threads() as u32;
        let units = region.height.div_ceil(ENGINE_ROWS);
        let for_speed = (2 * threads)
            .div_ceil(units.max(1))
            .min(region.width / MIN_STRIP);
        let for_memory = if self.over_budget(region) {
            (region.pixels() as u64 * u64::from(threads)).div_ceil(self.budget_pixels()) as u32
        } else {
            1
        };
        for_speed.max(for_memory).clamp(1, region.width)
    }

    /// `region` rendered as `strips` column strips, joined.
    fn render_strips(&self, region: Region, strips: u32) -> Result<Heightmap, EngineError> {
        let threads = rayon::current_num_threads() as u32;
        let step = region.width.div_ceil(strips);
        let strips = region.width.div_ceil(step);
        let strip = |i: u32| {
            let x = i * step;
            Region {
                x: region.x + x,
                width: step.min(region.width - x),
                ..region
            }
        };
        // Cut for memory, at most one strip per thread in progress: groups of `threads`
        // strips, one group after the other, so nested work stealing cannot start more.
        let group = if self.over_budget(region) {
            threads.max(1)
        } else {
            strips
        };
        let mut parts: Vec<Heightmap> = Vec::with_capacity(strips as usize);
        let mut first = 0;
        while first < strips {
            let last = (first + group).min(strips);
            let group: Vec<Heightmap> = (first..last)
                .into_par_iter()
                .map(|i| self.preset.generate_region(strip(i), &JobControl::new()))
                .collect::<Result<_, _>>()?;
            parts.extend(group);
            first = last;
        }
        let mut band = Heightmap::filled_rect(region.width, region.height, 0.0);
        let width = region.width as usize;
        band.data_mut()
            .par_chunks_mut(width)
            .enumerate()
            .for_each(|(y, row)| {
                let mut x = 0;
                for part in &parts {
                    let src = part.row(y as u32);
                    row[x..x + src.len()].copy_from_slice(src);
                    x += src.len();
                }
            });
        Ok(band)
    }
}

impl BandRenderer<'_> {
    /// The whole texture, band by band ([`BandPlan`]): the composite is held whole, but
    /// never every layer of it at once (a mesh of a 16-layer 16384 stack needs its 1 GiB
    /// of heights, not 16 GiB). Bit for bit [`Preset::generate`]'s.
    pub fn render_whole(&self, control: &JobControl) -> Result<Heightmap, EngineError> {
        let size = self.preset.size();
        let plan = BandPlan::new(Region::full(size), self.preset.layers.maps_held());
        let mut out = Heightmap::filled_rect(size, size, 0.0);
        control.begin(size as usize);
        let width = size as usize;
        for band in plan.bands() {
            if control.is_cancelled() {
                return Err(EngineError::Cancelled);
            }
            let heights = self.render(band)?;
            let start = band.y as usize * width;
            out.data_mut()[start..start + heights.data().len()].copy_from_slice(heights.data());
            control.step_by(band.height as usize);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_join_to_the_whole_band() {
        let mut preset = Preset::default();
        preset.layers = preset.layers.resized(8192);
        let band = Region::band(8192, 100, 3);
        let strips = BandRenderer::new(&preset).render(band).unwrap();
        let whole = preset.generate_region(band, &JobControl::new()).unwrap();
        assert_eq!(strips, whole);
    }
}
