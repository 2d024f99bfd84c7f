//! The numbers of the statistics panel: range, moments, histograms, clipping.

use super::histogram::Histogram;
use super::tone_map::{ToneMap, to_u8};
use crate::engine::output::OutputParams;
use crate::engine::{HeightStats, Heightmap, JobControl};
use rayon::prelude::*;

/// Bins of both histograms (one per 8-bit grey level).
pub(super) const BINS: usize = 256;

/// Statistics of a heightmap and of its mapped output.
#[derive(Clone, Debug, PartialEq)]
pub struct TextureStats {
    /// Min, max, mean and standard deviation of the raw heights.
    pub heights: HeightStats,
    /// Histogram of the raw heights over their own min..max.
    pub height_histogram: Histogram,
    /// Histogram of the 8-bit output grey (bin `g` counts pixels of grey level `g`).
    pub output_histogram: Histogram,
    /// Pixels pushed below black by contrast/luminance (clamped to 0).
    pub clipped_low: u64,
    /// Pixels pushed above white (clamped to 1).
    pub clipped_high: u64,
    /// Number of pixels.
    pub pixels: u64,
}

impl TextureStats {
    /// Computes every number in two passes over the heightmap.
    pub fn new(hm: &Heightmap, out: &OutputParams) -> Self {
        Self::build(hm, hm.stats(), out, &JobControl::new())
    }

    /// The statistics of `hm`, whose height statistics `heights` are known already;
    /// `None` when `control` is cancelled meanwhile (the work stops early then).
    pub fn with_heights(
        hm: &Heightmap,
        heights: HeightStats,
        out: &OutputParams,
        control: &JobControl,
    ) -> Option<Self> {
        let stats = Self::build(hm, heights, out, control);
        (!control.is_cancelled()).then_some(stats)
    }

    /// The histograms and clip counts, over fixed-size chunks in parallel (counts add
    /// up the same in any order); chunks are skipped once `control` is cancelled.
    fn build(
        hm: &Heightmap,
        heights: HeightStats,
        out: &OutputParams,
        control: &JobControl,
    ) -> Self {
        const CHUNK: usize = 1 << 16;
        let tm = ToneMap::new(out, Some((heights.min, heights.max)));
        let empty = || {
            (
                Histogram::new([], heights.min, heights.max, BINS),
                vec![0u64; BINS],
                0u64,
                0u64,
            )
        };
        let part = |values: &[f32]| {
            if control.is_cancelled() {
                return empty();
            }
            let hist = Histogram::new(values.iter().copied(), heights.min, heights.max, BINS);
            let mut counts = vec![0u64; BINS];
            let (mut low, mut high) = (0u64, 0u64);
            for &h in values {
                counts[usize::from(to_u8(tm.grey(h)))] += 1;
                if tm.clips(h) {
                    // NaN heights map to black; they are counted as below range.
                    if tm.grey(h) >= 1.0 {
                        high += 1;
                    } else {
                        low += 1;
                    }
                }
            }
            (hist, counts, low, high)
        };
        let (height_histogram, counts, clipped_low, clipped_high) = hm
            .data()
            .par_chunks(CHUNK)
            .map(part)
            .reduce(empty, |mut a, b| {
                for (x, y) in a.0.counts.iter_mut().zip(&b.0.counts) {
                    *x += y;
                }
                a.0.outside += b.0.outside;
                a.0.non_finite += b.0.non_finite;
                for (x, y) in a.1.iter_mut().zip(&b.1) {
                    *x += y;
                }
                (a.0, a.1, a.2 + b.2, a.3 + b.3)
            });
        let output_histogram = Histogram {
            lo: 0.0,
            hi: 1.0,
            counts,
            outside: 0,
            non_finite: 0,
        };
        TextureStats {
            heights,
            height_histogram,
            output_histogram,
            clipped_low,
            clipped_high,
            pixels: hm.data().len() as u64,
        }
    }

    /// Share (0..1) of the pixels clipped by contrast/luminance, at either end.
    pub fn clipped_share(&self) -> f64 {
        if self.pixels == 0 {
            0.0
        } else {
            (self.clipped_low + self.clipped_high) as f64 / self.pixels as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hm() -> Heightmap {
        Heightmap::from_data(2, vec![0.0, 0.25, 0.75, 1.0]).unwrap()
    }

    #[test]
    fn identity_mapping_clips_nothing() {
        let s = TextureStats::new(&hm(), &OutputParams::default());
        assert_eq!((s.heights.min, s.heights.max), (0.0, 1.0));
        assert!((s.heights.mean - 0.5).abs() < 1e-12);
        assert_eq!(s.clipped_share(), 0.0);
        assert_eq!(s.output_histogram.counts[0], 1);
        assert_eq!(s.output_histogram.counts[64], 1);
        assert_eq!(s.output_histogram.counts[191], 1);
        assert_eq!(s.output_histogram.counts[255], 1);
        assert_eq!(s.height_histogram.counts[0], 1);
        assert_eq!(s.height_histogram.counts[64], 1);
        assert_eq!(s.height_histogram.counts[255], 1);
        assert_eq!(s.height_histogram.total(), 4);
    }

    #[test]
    fn contrast_clips_both_ends() {
        // 0.5 + (h - 0.5) * 3: 0 -> -1 (low), 0.25 -> -0.25 (low), 0.75 -> 1.25 (high), 1 -> 2.
        let out = OutputParams {
            contrast: 3.0,
            ..OutputParams::default()
        };
        let s = TextureStats::new(&hm(), &out);
        assert_eq!((s.clipped_low, s.clipped_high), (2, 2));
        assert_eq!(s.clipped_share(), 1.0);
        assert_eq!(s.output_histogram.counts[0], 2);
        assert_eq!(s.output_histogram.counts[255], 2);
        let out = OutputParams {
            luminance: 0.3,
            ..OutputParams::default()
        };
        let s = TextureStats::new(&hm(), &out);
        assert_eq!((s.clipped_low, s.clipped_high), (0, 2));
        assert_eq!(s.clipped_share(), 0.5);
    }

    /// The parallel chunks count exactly what one pass over every value counts.
    #[test]
    fn chunked_counts_match_a_single_pass() {
        let size = 300u32;
        let data = (0..size * size)
            .map(|i| ((i * 7919) % 1000) as f32 / 999.0 * 1.4 - 0.2)
            .collect();
        let hm = Heightmap::from_data(size, data).unwrap();
        let out = OutputParams::default();
        let s = TextureStats::new(&hm, &out);
        let h = hm.stats();
        let one = Histogram::new(hm.data().iter().copied(), h.min, h.max, BINS);
        assert_eq!(s.height_histogram, one);
        assert_eq!(s.output_histogram.total(), u64::from(size * size));
        let tm = ToneMap::new(&out, Some((h.min, h.max)));
        let low = hm
            .data()
            .iter()
            .filter(|&&v| tm.clips(v) && tm.grey(v) < 1.0)
            .count();
        assert_eq!(s.clipped_low, low as u64);
        let cancelled = JobControl::new();
        cancelled.cancel();
        assert!(TextureStats::with_heights(&hm, h, &out, &cancelled).is_none());
    }
}
