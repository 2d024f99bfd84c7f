//! How the classic systems' gradient/value table is filled (Parberry's "Distribution" menu).

use super::split_mix::SplitMix64;
use serde::{Deserialize, Serialize};

/// The distribution of the entries of a gradient/value table, all in `[-1, 1]`.
///
/// Each one follows Parberry's Smooth 2D Noise Viewer (`CPerlinNoise2D::RandomizeTable*`),
/// with a seeded generator instead of the clock so that a seed reproduces the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Distribution {
    /// Uniform in `[-1, 1]` (mean 0, variance 1/3): what most Perlin implementations use.
    #[default]
    Uniform,
    /// `cos(pi u)` with `u` uniform in `[0, 1]` (mean 0, variance 1/2): more weight near ±1.
    Cosine,
    /// Normal with mean 0 and sigma 0.4, clamped to `[-1, 1]` (Parberry: N(500, 200) / 1000
    /// clamped to `[0, 1]`, mapped to `[-1, 1]`).
    Normal,
    /// Exponential with rate 8 clamped to `[0, 1]`; the first half of the table positive, the
    /// second half negative (Parberry's terrain-like "exponentially distributed noise").
    Exponential,
    /// Midpoint displacement along the table: first entry 0, each midpoint the mean of its
    /// chunk's ends plus a uniform offset whose size halves per level (starting at 0.5).
    Midpoint,
    /// Only -1 and +1, equally likely (Parberry's code has it though the menu does not).
    Maximal,
}

/// Sigma of [`Distribution::Normal`] in table units (Parberry's 200 / 1000 * 2).
pub const NORMAL_SIGMA: f64 = 0.4;
/// Rate of [`Distribution::Exponential`] (Parberry's `exponential_distribution(8)`).
pub const EXPONENTIAL_RATE: f64 = 8.0;

impl Distribution {
    /// Every distribution, in menu order.
    pub const ALL: [Distribution; 6] = [
        Distribution::Uniform,
        Distribution::Cosine,
        Distribution::Normal,
        Distribution::Exponential,
        Distribution::Midpoint,
        Distribution::Maximal,
    ];

    /// The stable id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Distribution::Uniform => "uniform",
            Distribution::Cosine => "cosine",
            Distribution::Normal => "normal",
            Distribution::Exponential => "exponential",
            Distribution::Midpoint => "midpoint",
            Distribution::Maximal => "maximal",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            Distribution::Uniform => "Uniform",
            Distribution::Cosine => "Cosine",
            Distribution::Normal => "Normal",
            Distribution::Exponential => "Exponential",
            Distribution::Midpoint => "Midpoint displacement",
            Distribution::Maximal => "Maximal (±1)",
        }
    }

    /// One line on the distribution's character.
    pub fn description(self) -> &'static str {
        match self {
            Distribution::Uniform => "Uniform in [-1, 1]: the classic Perlin table",
            Distribution::Cosine => "cos(pi u), u uniform: values pile up near -1 and 1",
            Distribution::Normal => "Normal, sigma 0.4, clamped to [-1, 1]: gentler noise",
            Distribution::Exponential => {
                "Exponential (rate 8), half positive, half negative: flat plains, rare peaks"
            }
            Distribution::Midpoint => {
                "Midpoint displacement along the table: neighbouring entries are correlated"
            }
            Distribution::Maximal => "Only -1 and +1: the strongest gradients",
        }
    }

    /// Looks a distribution up by id.
    pub fn from_id(id: &str) -> Option<Distribution> {
        Self::ALL.into_iter().find(|d| d.id() == id)
    }

    /// Fills `table` with values drawn from the distribution.
    pub fn fill(self, table: &mut [f32], rng: &mut SplitMix64) {
        let n = table.len();
        match self {
            Distribution::Uniform => {
                for v in table.iter_mut() {
                    *v = rng.uniform(-1.0, 1.0) as f32;
                }
            }
            Distribution::Cosine => {
                for v in table.iter_mut() {
                    *v = (std::f64::consts::PI * rng.next_f64()).cos() as f32;
                }
            }
            Distribution::Normal => {
                for v in table.iter_mut() {
                    *v = (rng.normal() * NORMAL_SIGMA).clamp(-1.0, 1.0) as f32;
                }
            }
            Distribution::Exponential => {
                for (i, v) in table.iter_mut().enumerate() {
                    let e = rng.exponential(EXPONENTIAL_RATE).clamp(0.0, 1.0) as f32;
                    *v = if i < n / 2 { e } else { -e };
                }
            }
            Distribution::Midpoint => {
                table.fill(0.0);
                midpoint(table, 0, n, 0.5, rng);
            }
            Distribution::Maximal => {
                for v in table.iter_mut() {
                    *v = if rng.next_u64() >> 63 == 0 { 1.0 } else { -1.0 };
                }
            }
        }
    }
}

/// Midpoint displacement on the chunk `table[i..=j]` (`table[n]` reads as `table[0]`, 0:
/// the table is a loop pinned at 0). Parberry's code averages `table[i]` and
/// `table[j - 1]`, but `table[j - 1]` is not filled yet at that point (it still holds the
/// previous table's value), so his result depends on what was shown before; we average
/// the chunk's true ends, which is the midpoint displacement his text describes.
fn midpoint(table: &mut [f32], i: usize, j: usize, alpha: f64, rng: &mut SplitMix64) {
    if j > i + 1 {
        let mid = (i + j) / 2;
        let end = table.get(j).copied().unwrap_or(0.0);
        let mean = (f64::from(table[i]) + f64::from(end)) / 2.0;
        table[mid] = (mean + alpha * rng.uniform(-1.0, 1.0)).clamp(-1.0, 1.0) as f32;
        midpoint(table, i, mid, alpha * 0.5, rng);
        midpoint(table, mid, j, alpha * 0.5, rng);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(d: Distribution, n: usize, seed: u64) -> Vec<f32> {
        let mut t = vec![9.0; n];
        d.fill(&mut t, &mut SplitMix64::new(seed));
        t
    }

    fn moments(t: &[f32]) -> (f64, f64) {
        let n = t.len() as f64;
        let mean = t.iter().map(|&v| f64::from(v)).sum::<f64>() / n;
        let var = t
            .iter()
            .map(|&v| (f64::from(v) - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, var)
    }

    #[test]
    fn all_values_in_range() {
        for d in Distribution::ALL {
            for n in [2, 256, 4096] {
                let t = table(d, n, 3);
                assert!(t.iter().all(|v| (-1.0..=1.0).contains(v)), "{d:?} {n}");
            }
        }
    }

    #[test]
    fn means_and_variances_over_the_table() {
        let n = 65_536;
        // (distribution, mean, variance, tolerance on each)
        let sigma2 = NORMAL_SIGMA * NORMAL_SIGMA;
        let exp2 = 2.0 / (EXPONENTIAL_RATE * EXPONENTIAL_RATE);
        let cases = [
            (Distribution::Uniform, 0.0, 1.0 / 3.0, 0.01),
            (Distribution::Cosine, 0.0, 0.5, 0.01),
            // Clamping at 2.5 sigma removes ~1% of the mass far out: variance drops slightly.
            (Distribution::Normal, 0.0, sigma2, 0.006),
            // E[x^2] of Exp(8) is 2/64; the clamp at 1 changes nothing measurable.
            (Distribution::Exponential, 0.0, exp2, 0.003),
            (Distribution::Maximal, 0.0, 1.0, 0.01),
        ];
        for (d, m, v, tol) in cases {
            let (mean, var) = moments(&table(d, n, 11));
            assert!((mean - m).abs() < tol, "{d:?} mean {mean}");
            assert!((var - v).abs() < tol, "{d:?} variance {var}, want {v}");
        }
    }

    #[test]
    fn exponential_halves_have_opposite_signs() {
        let t = table(Distribution::Exponential, 256, 5);
        assert!(t[..128].iter().all(|&v| v >= 0.0));
        assert!(t[128..].iter().all(|&v| v <= 0.0));
        let mean_abs = t.iter().map(|v| f64::from(v.abs())).sum::<f64>() / 256.0;
        assert!(
            (mean_abs - 1.0 / EXPONENTIAL_RATE).abs() < 0.03,
            "{mean_abs}"
        );
    }

    #[test]
    fn midpoint_is_correlated_and_pinned_at_the_ends() {
        let t = table(Distribution::Midpoint, 1024, 2);
        assert_eq!(t[0], 0.0);
        // Neighbours differ far less than independent uniform values (mean |diff| 2/3).
        let diff = t.windows(2).map(|w| (w[1] - w[0]).abs()).sum::<f32>() / 1023.0;
        assert!(diff < 0.1, "{diff}");
        // Displacements 0.5 + 0.25 + ... never reach 1, so nothing is clamped.
        assert!(t.iter().all(|v| v.abs() < 1.0));
        let (_, var) = moments(&t);
        // The first level alone (offset up to 0.5) gives variance around 1/12 * 1/2.
        assert!(var > 5e-3, "not flat: {var}");
    }

    #[test]
    fn seed_drives_the_table() {
        for d in Distribution::ALL {
            assert_eq!(table(d, 64, 1), table(d, 64, 1));
            assert_ne!(table(d, 64, 1), table(d, 64, 2), "{d:?}");
        }
    }

    #[test]
    fn ids_round_trip() {
        for d in Distribution::ALL {
            assert_eq!(Distribution::from_id(d.id()), Some(d));
        }
    }
}
