//! The statistics of a texture of any size, band by band, without keeping it: the
//! first pass of an auto-levelled streamed export, and `lattice-studio stats`.

use super::band_plan::BandPlan;
use super::band_renderer::BandRenderer;
use crate::engine::Preset;
use crate::engine::{EngineError, HeightAccumulator, HeightStats, JobControl, Region};
use rayon::prelude::*;

/// Min, max, mean and standard deviation of `region` of `preset`'s texture. The same
/// numbers as [`Heightmap::stats`](crate::engine::Heightmap::stats) of that window, at
/// any band height and thread count (rows are merged in order). `control` reports rows
/// done and cancels between bands.
pub fn scan_stats(
    preset: &Preset,
    region: Region,
    control: &JobControl,
) -> Result<HeightStats, EngineError> {
    let renderer = BandRenderer::new(preset);
    let plan = BandPlan::new(region, preset.layers.maps_held());
    control.begin(region.height as usize);
    let mut acc = HeightAccumulator::new();
    for band in plan.bands() {
        if control.is_cancelled() {
            return Err(EngineError::Cancelled);
        }
        let hm = renderer.render(band)?;
        let rows: Vec<HeightAccumulator> = hm
            .data()
            .par_chunks(band.width as usize)
            .map(HeightAccumulator::of_row)
            .collect();
        for r in &rows {
            acc.merge(r);
        }
        control.step_by(band.height as usize);
    }
    Ok(acc.stats())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_statistics_are_those_of_the_whole_map() {
        let mut preset = Preset::default();
        preset.layers = preset.layers.resized(300);
        let whole = preset.generate(&JobControl::new()).unwrap();
        let control = JobControl::new();
        let streamed = scan_stats(&preset, Region::full(300), &control).unwrap();
        assert_eq!(streamed, whole.stats());
        assert_eq!(control.progress(), 1.0);
    }
}
