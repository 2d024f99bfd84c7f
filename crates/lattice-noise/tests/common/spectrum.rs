//! Power spectra of square windows of rendered textures: mean removed, Hann-tapered
//! (so the window's edges do not add power along the axes), by rustfft.
#![allow(dead_code)] // each test crate uses its own subset

use rustfft::FftPlanner;
use rustfft::num_complex::Complex;

/// The power `|F(kx, ky)|^2` of the `n x n` window `values` (row-major), in FFT order:
/// entry `ky * n + kx`.
pub fn power(values: &[f32], n: usize) -> Vec<f64> {
    let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / (n * n) as f64;
    let hann = |i: usize| 0.5 - 0.5 * (2.0 * std::f64::consts::PI * i as f64 / n as f64).cos();
    let mut cells: Vec<Complex<f64>> = (0..n * n)
        .map(|i| {
            let v = (f64::from(values[i]) - mean) * hann(i % n) * hann(i / n);
            Complex::new(v, 0.0)
        })
        .collect();
    let fft = FftPlanner::new().plan_fft_forward(n);
    for row in cells.chunks_mut(n) {
        fft.process(row);
    }
    let mut column = vec![Complex::default(); n];
    for x in 0..n {
        column
            .iter_mut()
            .enumerate()
            .for_each(|(y, c)| *c = cells[y * n + x]);
        fft.process(&mut column);
        column
            .iter()
            .enumerate()
            .for_each(|(y, c)| cells[y * n + x] = *c);
    }
    cells.iter().map(|c| c.norm_sqr()).collect()
}

/// The signed frequency of FFT index `i` of an `n`-point transform.
pub fn frequency(i: usize, n: usize) -> f64 {
    if i < n / 2 {
        i as f64
    } else {
        i as f64 - n as f64
    }
}

/// Wedges of direction the isotropy score averages over: 3 degrees each, 0 to 180 (a
/// real field's spectrum is symmetric).
pub const WEDGES: usize = 60;

/// The isotropy profile of an `n x n` window: in the band of wavelengths `4..=128` px,
/// each frequency's power over the mean power at its radius (rounded), averaged over
/// each 3-degree wedge of direction. An isotropic field scores close to the profile's
/// mean in every wedge; the square lattice lifts the axes and diagonals.
pub fn wedge_scores(values: &[f32], n: usize) -> [f64; WEDGES] {
    let power = power(values, n);
    let (lo, hi) = (n as f64 / 128.0, n as f64 / 4.0);
    let bins = n / 2 + 1;
    let (mut sum, mut count) = (vec![0.0; bins], vec![0usize; bins]);
    let at = |i: usize| {
        let (fx, fy) = (frequency(i % n, n), frequency(i / n, n));
        (fx, fy, fx.hypot(fy))
    };
    for (i, p) in power.iter().enumerate() {
        let (_, _, r) = at(i);
        if r >= lo && r <= hi {
            sum[r.round() as usize] += p;
            count[r.round() as usize] += 1;
        }
    }
    let (mut wedge, mut wcount) = ([0.0f64; WEDGES], [0usize; WEDGES]);
    for (i, p) in power.iter().enumerate() {
        let (fx, fy, r) = at(i);
        if r < lo || r > hi {
            continue;
        }
        let b = r.round() as usize;
        let mean = sum[b] / count[b] as f64;
        let angle = fy.atan2(fx).to_degrees().rem_euclid(180.0);
        let w = ((angle / 3.0) as usize).min(WEDGES - 1);
        wedge[w] += p / mean;
        wcount[w] += 1;
    }
    let mut scores = [0.0; WEDGES];
    for ((s, w), c) in scores.iter_mut().zip(wedge).zip(wcount) {
        *s = w / c as f64;
    }
    scores
}

/// The smallest and largest wedge of a profile over its mean, and the angle (degrees)
/// of the largest.
pub fn extremes(scores: &[f64; WEDGES]) -> (f64, f64, f64) {
    let mean = scores.iter().sum::<f64>() / WEDGES as f64;
    let lo = scores.iter().copied().fold(f64::MAX, f64::min) / mean;
    let hi = scores.iter().copied().fold(f64::MIN, f64::max) / mean;
    let top = scores.iter().position(|&s| s / mean == hi).unwrap_or(0);
    (lo, hi, top as f64 * 3.0)
}

/// The isotropy score of an `n x n` window ([`wedge_scores`]): the smallest and largest
/// wedge over the mean of the wedges, and the angle (degrees) of the largest.
pub fn wedge_extremes(values: &[f32], n: usize) -> (f64, f64, f64) {
    extremes(&wedge_scores(values, n))
}
