//! [`HeightAccumulator`]: min, max, mean and standard deviation of heights that arrive
//! row by row (a streamed texture), with the same result however the rows were grouped.

use super::height_stats::HeightStats;

/// Running statistics of rows of heights (finite values only).
///
/// Each row is summarised on its own (its mean, then the sum of squared deviations
/// from it, both in f64, left to right) and the row summaries are merged in row order
/// (Chan et al.'s pairwise update). So the numbers depend only on the texture, not on
/// how its rows were cut into bands or how many threads summarised them, and the
/// two-pass form per row keeps the variance accurate where `E[h²] - E[h]²` would lose
/// digits over billions of pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeightAccumulator {
    count: u64,
    mean: f64,
    /// Sum of squared deviations from the mean.
    m2: f64,
    min: f32,
    max: f32,
    non_finite: u64,
}

impl Default for HeightAccumulator {
    fn default() -> Self {
        Self {
            count: 0,
            mean: 0.0,
            m2: 0.0,
            min: f32::INFINITY,
            max: f32::NEG_INFINITY,
            non_finite: 0,
        }
    }
}

impl HeightAccumulator {
    /// Nothing seen yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The summary of one row (or any run of values), left to right.
    pub fn of_row(row: &[f32]) -> Self {
        let mut acc = Self::default();
        let mut sum = 0.0f64;
        for &v in row {
            if v.is_finite() {
                acc.min = acc.min.min(v);
                acc.max = acc.max.max(v);
                sum += f64::from(v);
                acc.count += 1;
            }
        }
        acc.non_finite = row.len() as u64 - acc.count;
        if acc.count > 0 {
            acc.mean = sum / acc.count as f64;
            acc.m2 = row
                .iter()
                .filter(|v| v.is_finite())
                .map(|&v| (f64::from(v) - acc.mean).powi(2))
                .sum();
        }
        acc
    }

    /// Appends the values summarised by `next` (the rows after those seen so far).
    pub fn merge(&mut self, next: &HeightAccumulator) {
        self.min = self.min.min(next.min);
        self.max = self.max.max(next.max);
        self.non_finite += next.non_finite;
        if next.count == 0 {
            return;
        }
        let (na, nb) = (self.count as f64, next.count as f64);
        let n = na + nb;
        let delta = next.mean - self.mean;
        self.mean += delta * (nb / n);
        self.m2 += next.m2 + delta * delta * (na * nb / n);
        self.count += next.count;
    }

    /// Finite values seen.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The statistics so far (zeros when no finite value was seen).
    pub fn stats(&self) -> HeightStats {
        let non_finite = self.non_finite as usize;
        if self.count == 0 {
            return HeightStats {
                min: 0.0,
                max: 0.0,
                mean: 0.0,
                std_dev: 0.0,
                non_finite,
            };
        }
        HeightStats {
            min: self.min,
            max: self.max,
            mean: self.mean,
            std_dev: (self.m2 / self.count as f64).max(0.0).sqrt(),
            non_finite,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_merge_to_the_statistics_of_all_values() {
        let rows = [
            vec![0.0f32, 1.0, 0.5],
            vec![f32::NAN, 0.25],
            vec![],
            vec![2.0],
        ];
        let mut acc = HeightAccumulator::new();
        for r in &rows {
            acc.merge(&HeightAccumulator::of_row(r));
        }
        let s = acc.stats();
        let all = [0.0f64, 1.0, 0.5, 0.25, 2.0];
        let mean = all.iter().sum::<f64>() / 5.0;
        let var = all.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 5.0;
        assert_eq!((s.min, s.max, s.non_finite), (0.0, 2.0, 1));
        assert!((s.mean - mean).abs() < 1e-15, "{}", s.mean);
        assert!((s.std_dev - var.sqrt()).abs() < 1e-15, "{}", s.std_dev);
        assert_eq!(acc.count(), 5);
    }

    #[test]
    fn nothing_finite_gives_zeros() {
        let acc = HeightAccumulator::of_row(&[f32::NAN, f32::INFINITY]);
        let s = acc.stats();
        assert_eq!((s.min, s.max, s.mean, s.non_finite), (0.0, 0.0, 0.0, 2));
    }
}
