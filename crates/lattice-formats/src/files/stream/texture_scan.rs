//! The statistics of a texture of any size, band by band, without keeping it: the
//! first pass of an auto-levelled streamed export ([`scan_range`]), and
//! `lattice-studio stats` ([`scan_stats`]).

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
    let mut acc = HeightAccumulator::new();
    scan_rows(preset, region, control, HeightAccumulator::of_row, |r| {
        acc.merge(&r)
    })?;
    Ok(acc.stats())
}

/// The range (min, max) of the finite heights of `region` of `preset`'s texture, or
/// (0, 0) when it has none: the min and max of [`scan_stats`], at a fraction of its
/// cost. An auto-levelled export needs only these two numbers, and summing every
/// height in f64 (for the mean and deviation) cost that pass more than rendering.
pub fn scan_range(
    preset: &Preset,
    region: Region,
    control: &JobControl,
) -> Result<(f32, f32), EngineError> {
    let mut range = EMPTY_RANGE;
    // Merged in row order, so a tie between 0.0 and -0.0 resolves the same way at
    // every thread count and band height.
    scan_rows(preset, region, control, finite_range, |r| {
        range = widen(range, r)
    })?;
    Ok(if range.0 <= range.1 {
        range
    } else {
        (0.0, 0.0)
    })
}

/// Renders `region` band by band and hands each row's `summary` (made on the pool) to
/// `merge`, top row first. `control` reports rows done and cancels between bands.
fn scan_rows<S: Send>(
    preset: &Preset,
    region: Region,
    control: &JobControl,
    summary: impl Fn(&[f32]) -> S + Sync + Send,
    mut merge: impl FnMut(S),
) -> Result<(), EngineError> {
    let renderer = BandRenderer::new(preset);
    let plan = BandPlan::new(region, preset.layers.maps_held());
    control.begin(region.height as usize);
    for band in plan.bands() {
        if control.is_cancelled() {
            return Err(EngineError::Cancelled);
        }
        let hm = renderer.render(band)?;
        let rows: Vec<S> = hm
            .data()
            .par_chunks(band.width as usize)
            .map(&summary)
            .collect();
        rows.into_iter().for_each(&mut merge);
        control.step_by(band.height as usize);
    }
    Ok(())
}

/// No value yet: every finite value widens it.
const EMPTY_RANGE: (f32, f32) = (f32::INFINITY, f32::NEG_INFINITY);

/// `a` widened to take in `b`; on ties `a`'s value stays.
fn widen(a: (f32, f32), b: (f32, f32)) -> (f32, f32) {
    (
        if b.0 < a.0 { b.0 } else { a.0 },
        if b.1 > a.1 { b.1 } else { a.1 },
    )
}

/// The min and max of the finite values of `row` ([`EMPTY_RANGE`] when none is).
/// Sixteen independent lanes of compare-and-select, which the compiler turns into
/// vector instructions (`f32::min` folds would be one serial chain).
fn finite_range(row: &[f32]) -> (f32, f32) {
    const LANES: usize = 16;
    let mut lo = [f32::INFINITY; LANES];
    let mut hi = [f32::NEG_INFINITY; LANES];
    let mut chunks = row.chunks_exact(LANES);
    for chunk in &mut chunks {
        for i in 0..LANES {
            let v = chunk[i];
            // False for NaN and both infinities, which then widen nothing. Selects
            // without `&&`, which would compile to branches.
            let finite = v.abs() < f32::INFINITY;
            let for_lo = if finite { v } else { f32::INFINITY };
            let for_hi = if finite { v } else { f32::NEG_INFINITY };
            lo[i] = if for_lo < lo[i] { for_lo } else { lo[i] };
            hi[i] = if for_hi > hi[i] { for_hi } else { hi[i] };
        }
    }
    let mut range = EMPTY_RANGE;
    for i in 0..LANES {
        range = widen(range, (lo[i], hi[i]));
    }
    for &v in chunks.remainder() {
        if v.is_finite() {
            range = widen(range, (v, v));
        }
    }
    range
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

    #[test]
    fn the_streamed_range_is_that_of_the_statistics() {
        let mut preset = Preset::default();
        preset.layers = preset.layers.resized(300);
        let whole = preset.generate(&JobControl::new()).unwrap().stats();
        let control = JobControl::new();
        let range = scan_range(&preset, Region::full(300), &control).unwrap();
        assert_eq!(range, (whole.min, whole.max));
        assert_eq!(control.progress(), 1.0);
    }

    #[test]
    fn a_row_range_skips_what_is_not_finite_in_every_lane_and_the_tail() {
        for len in [0usize, 1, 15, 16, 17, 40] {
            for at in 0..len {
                let mut row: Vec<f32> = (0..len).map(|i| (i as f32 * 0.37).sin()).collect();
                let expected = row
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != at)
                    .fold(EMPTY_RANGE, |r, (_, &v)| widen(r, (v, v)));
                for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
                    row[at] = bad;
                    assert_eq!(finite_range(&row), expected, "len {len}, {bad} at {at}");
                }
            }
        }
        assert_eq!(finite_range(&[f32::NAN; 20]), EMPTY_RANGE);
        let mut row = vec![0.5f32; 33];
        row[20] = -3.0;
        row[32] = 7.0;
        assert_eq!(finite_range(&row), (-3.0, 7.0));
    }
}
