//! Fixed-bin histograms of heights or grey values.

/// Counts of values in equal-width bins over `lo..=hi` (the top edge belongs to the
/// last bin). Values outside the range and non-finite values are counted apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    /// Lower edge of the first bin.
    pub lo: f32,
    /// Upper edge of the last bin.
    pub hi: f32,
    /// One count per bin.
    pub counts: Vec<u64>,
    /// Values below `lo` or above `hi`.
    pub outside: u64,
    /// NaN or infinite values.
    pub non_finite: u64,
}

impl Histogram {
    /// Counts `values` into `bins` bins over `lo..=hi` (a degenerate range puts every
    /// finite value equal to `lo` in the first bin).
    pub fn new(values: impl IntoIterator<Item = f32>, lo: f32, hi: f32, bins: usize) -> Self {
        let bins = bins.max(1);
        let mut h = Histogram {
            lo,
            hi,
            counts: vec![0; bins],
            outside: 0,
            non_finite: 0,
        };
        let width = f64::from(hi) - f64::from(lo);
        for v in values {
            if !v.is_finite() {
                h.non_finite += 1;
            } else if v < lo || v > hi {
                h.outside += 1;
            } else if width > 0.0 {
                let i = ((f64::from(v) - f64::from(lo)) / width * bins as f64) as usize;
                h.counts[i.min(bins - 1)] += 1;
            } else {
                h.counts[0] += 1;
            }
        }
        h
    }

    /// The bin a value falls into (`None` outside the range or when not finite).
    pub fn bin_of(&self, v: f32) -> Option<usize> {
        if !v.is_finite() || v < self.lo || v > self.hi {
            return None;
        }
        let width = f64::from(self.hi) - f64::from(self.lo);
        if width <= 0.0 {
            return Some(0);
        }
        let n = self.counts.len();
        Some((((f64::from(v) - f64::from(self.lo)) / width * n as f64) as usize).min(n - 1))
    }

    /// The largest bin count (for scaling a plot).
    pub fn peak(&self) -> u64 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// Sum of the bin counts (values inside the range).
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The range `(lo, hi)` of bin `i`.
    pub fn bin_range(&self, i: usize) -> (f32, f32) {
        let n = self.counts.len() as f64;
        let w = (f64::from(self.hi) - f64::from(self.lo)) / n;
        let lo = f64::from(self.lo) + w * i as f64;
        (lo as f32, (lo + w) as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_known_values() {
        let v = [0.0, 0.1, 0.25, 0.5, 0.74, 0.75, 1.0, 2.0, -1.0, f32::NAN];
        let h = Histogram::new(v, 0.0, 1.0, 4);
        assert_eq!(h.counts, vec![2, 1, 2, 2]);
        assert_eq!((h.outside, h.non_finite), (2, 1));
        assert_eq!(h.total(), 7);
        assert_eq!(h.peak(), 2);
        assert_eq!(h.bin_of(0.74), Some(2));
        assert_eq!(h.bin_of(1.0), Some(3));
        assert_eq!(h.bin_of(1.5), None);
        assert_eq!(h.bin_range(1), (0.25, 0.5));
    }

    #[test]
    fn flat_range_uses_the_first_bin() {
        let h = Histogram::new([0.5; 3], 0.5, 0.5, 8);
        assert_eq!(h.counts[0], 3);
        assert_eq!(h.total(), 3);
    }
}
