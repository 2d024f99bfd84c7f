//! [`mean_kernel`]: what a turned lattice point contributes on average, as a cubic in
//! the distance, so the isotropic mode can take it out.
//!
//! A function whose average over its random numbers is not zero (`-|L|` is a cone
//! below every point on average) adds that average, the same at every point, to the
//! texture: a pattern with the lattice's period, which shows as peaks along the
//! lattice's axes in the spectrum however the points turn. With turned points the
//! average depends only on the distance `r` (in cells); subtracting it at every point
//! leaves each point's own variation, whose sum has no such peaks. The average is
//! measured on the octave's own numbers, over evenly spaced turns.

use super::turned_octave::TurnedOctave;
use crate::proximity::{ProximityFn, il_power};
use crate::random::PreparedSource;

/// Lattice points sampled, turns per point and distances per turn.
const POINTS: i64 = 256;
const TURNS: usize = 16;
const DISTANCES: usize = 24;
/// Distances up to the farthest corner of a cell, `sqrt 2`, with a margin.
const REACH: f64 = 1.45;

/// `[c0, c1, c2, c3]`: the mean of `P` (per pixel offset, in the octave's units) at
/// distance `r` cells is `c0 + c1 r + c2 r^2 + c3 r^3` (least squares).
pub(super) fn mean_kernel<P: ProximityFn>(o: &TurnedOctave, source: &PreparedSource) -> [f32; 4] {
    let points = sample_points::<P>(o, source);
    let l = o.l;
    let scale = f64::from(il_power(1.0 / l, P::SCALE));
    let mut means = [0.0f64; DISTANCES];
    let radius = |j: usize| REACH * j as f64 / (DISTANCES - 1) as f64;
    for (j, m) in means.iter_mut().enumerate() {
        let r = radius(j);
        let mut sum = 0.0;
        for t in 0..TURNS {
            let a = std::f64::consts::TAU * t as f64 / TURNS as f64;
            let (x, y) = ((r * a.cos()) as f32 * l, (r * a.sin()) as f32 * l);
            for p in &points {
                sum += f64::from(P::shape(x, y, l, *p));
            }
        }
        *m = sum / (TURNS * points.len()) as f64 * scale;
    }
    fit_cubic((0..DISTANCES).map(|j| (radius(j), means[j])))
}

/// The random numbers of the lattice points the means are measured on.
fn sample_points<P: ProximityFn>(o: &TurnedOctave, source: &PreparedSource) -> Vec<[f32; 4]> {
    let mut one: [Vec<f32>; 4] = Default::default();
    (0..POINTS)
        .map(|i| {
            // Points spread over the lattice, far from any axis.
            let z = (i * 7 + 1013, i * 13 - 2029);
            std::array::from_fn(|k| {
                if k < P::NEEDS {
                    o.number(source, z, k, &mut one)
                } else {
                    0.0
                }
            })
        })
        .collect()
}

/// [`mean_kernel`] of a linear function (`alpha x + beta y + gamma`), exactly: turns
/// spread evenly take `alpha x + beta y` to 0 on average at every distance, so the mean
/// is `gamma`'s over the same points, a constant (`[c0, 0, 0, 0]`); the cubic fitted to
/// it would differ from that constant only by rounding.
pub(super) fn linear_mean<P: ProximityFn>(o: &TurnedOctave, source: &PreparedSource) -> [f32; 4] {
    let points = sample_points::<P>(o, source);
    let il = 1.0 / o.l;
    let sum: f64 = points
        .iter()
        .map(|p| f64::from(P::linear(o.l, il, *p)[2]))
        .sum();
    [(sum / points.len() as f64) as f32, 0.0, 0.0, 0.0]
}

/// The least-squares cubic through `(r, m)` samples, by the normal equations (4 x 4,
/// solved by Gaussian elimination with partial pivoting in f64).
fn fit_cubic(samples: impl Iterator<Item = (f64, f64)>) -> [f32; 4] {
    let mut a = [[0.0f64; 5]; 4];
    for (r, m) in samples {
        let basis = [1.0, r, r * r, r * r * r];
        for i in 0..4 {
            for j in 0..4 {
                a[i][j] += basis[i] * basis[j];
            }
            a[i][4] += basis[i] * m;
        }
    }
    for col in 0..4 {
        let pivot = (col..4)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        if a[col][col] == 0.0 {
            return [0.0; 4];
        }
        let pivot_row = a[col];
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (v, p) in row.iter_mut().zip(pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    std::array::from_fn(|i| (a[i][4] / a[i][i]) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cubic_is_fitted_exactly() {
        let c = [0.5, -2.0, 0.25, 1.5];
        let f = |r: f64| c[0] + c[1] * r + c[2] * r * r + c[3] * r * r * r;
        let fit = fit_cubic((0..20).map(|i| (i as f64 * 0.07, f(i as f64 * 0.07))));
        for (got, want) in fit.iter().zip(c) {
            assert!((f64::from(*got) - want).abs() < 1e-5, "{fit:?}");
        }
    }
}
