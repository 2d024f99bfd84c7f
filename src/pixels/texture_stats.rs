//! The numbers of the statistics panel: range, moments, histograms, clipping.

use super::histogram::Histogram;
use super::output_params::OutputParams;
use super::tone_map::{ToneMap, to_u8};
use crate::engine::{HeightStats, Heightmap};

/// Bins of both histograms (one per 8-bit grey level).
pub const BINS: usize = 256;

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
        let heights = hm.stats();
        let height_histogram =
            Histogram::new(hm.data().iter().copied(), heights.min, heights.max, BINS);
        let tm = ToneMap::new(out, Some((heights.min, heights.max)));
        let mut counts = vec![0u64; BINS];
        let (mut clipped_low, mut clipped_high) = (0u64, 0u64);
        for &h in hm.data() {
            counts[usize::from(to_u8(tm.grey(h)))] += 1;
            if tm.clips(h) {
                // NaN heights map to black; they are counted as below range.
                if tm.grey(h) >= 1.0 {
                    clipped_high += 1;
                } else {
                    clipped_low += 1;
                }
            }
        }
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
}
