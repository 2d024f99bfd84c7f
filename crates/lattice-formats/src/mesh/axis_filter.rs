//! [`AxisFilter`]: the weights that resample one axis of a grid (n source samples to
//! m outputs), used separably for rows and columns.
//!
//! Shrinking averages the area each output stands for (a box filter of the output
//! spacing, every source sample weighted by how much of it the box covers), so no
//! detail aliases into the mesh; enlarging (or keeping the size) interpolates linearly
//! between the two nearest samples, which leaves the samples themselves untouched when
//! the sizes match.

/// Where the outputs sit along the source axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// Mesh vertices: the first on the first sample, the last on the last one.
    Corners,
    /// Mesh vertices of a tileable texture: the last vertex lands one period after the
    /// first (on sample 0 again), so copies of the mesh meet without a seam; the
    /// filter wraps around the edges.
    CornersWrapped,
    /// Texels: output pixel centres spread evenly over the source pixels.
    Centres,
}

/// Per output, the source indices it reads and their weights (summing to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct AxisFilter {
    starts: Vec<usize>,
    taps: Vec<(u32, f32)>,
}

impl AxisFilter {
    /// The filter from `src` samples to `dst` outputs (both at least 1).
    pub fn new(src: usize, dst: usize, sampling: Sampling) -> Self {
        let (n, m) = (src.max(1) as f64, dst.max(1) as f64);
        let wrap = sampling == Sampling::CornersWrapped;
        // Output k's position in source-sample coordinates (sample p spans p-0.5..p+0.5)
        // and the spacing between outputs.
        let (spacing, first) = match sampling {
            Sampling::Corners if dst > 1 => ((n - 1.0) / (m - 1.0), 0.0),
            Sampling::CornersWrapped if dst > 1 => (n / (m - 1.0), 0.0),
            Sampling::Corners | Sampling::CornersWrapped => (0.0, (n - 1.0) * 0.5),
            Sampling::Centres => (n / m, n / m * 0.5 - 0.5),
        };
        let index = |p: i64| -> u32 {
            if wrap {
                p.rem_euclid(src as i64) as u32
            } else {
                p.clamp(0, src as i64 - 1) as u32
            }
        };
        let mut starts = Vec::with_capacity(dst + 1);
        let mut taps = Vec::new();
        for k in 0..dst {
            starts.push(taps.len());
            // Products before quotients, so the last vertex lands exactly on the last
            // sample (or, wrapped, exactly on sample 0 again).
            let c = match sampling {
                Sampling::Corners if dst > 1 => k as f64 * (n - 1.0) / (m - 1.0),
                Sampling::CornersWrapped if dst > 1 => (k as f64 * n / (m - 1.0)).rem_euclid(n),
                _ => first + k as f64 * spacing,
            };
            let before = taps.len();
            if spacing > 1.0 {
                let (lo, hi) = (c - spacing * 0.5, c + spacing * 0.5);
                // Without wrapping, the box stops at the edges of the texture.
                let (lo, hi) = if wrap {
                    (lo, hi)
                } else {
                    (lo.max(-0.5), hi.min(n - 0.5))
                };
                let mut total = 0.0;
                let mut weights = Vec::new();
                let mut p = (lo + 0.5).floor() as i64;
                while (p as f64) - 0.5 < hi {
                    let cover = (hi.min(p as f64 + 0.5) - lo.max(p as f64 - 0.5)).max(0.0);
                    if cover > 0.0 {
                        weights.push((index(p), cover));
                        total += cover;
                    }
                    p += 1;
                }
                taps.extend(weights.into_iter().map(|(i, w)| (i, (w / total) as f32)));
            } else {
                let p0 = c.floor();
                let t = c - p0;
                taps.push((index(p0 as i64), (1.0 - t) as f32));
                if t > 0.0 {
                    taps.push((index(p0 as i64 + 1), t as f32));
                }
            }
            debug_assert!(taps.len() > before);
        }
        starts.push(taps.len());
        Self { starts, taps }
    }

    /// Number of outputs.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there are no outputs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The (source index, weight) pairs of output `k`.
    pub fn taps(&self, k: usize) -> &[(u32, f32)] {
        &self.taps[self.starts[k]..self.starts[k + 1]]
    }

    /// Filters one line of source samples into `out` (`out.len()` outputs).
    pub fn apply(&self, src: &[f32], out: &mut [f32]) {
        for (k, o) in out.iter_mut().enumerate() {
            *o = self.taps(k).iter().map(|&(i, w)| src[i as usize] * w).sum();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: &AxisFilter, src: &[f32]) -> Vec<f32> {
        let mut out = vec![0.0; f.len()];
        f.apply(src, &mut out);
        out
    }

    #[test]
    fn same_size_corners_is_the_identity() {
        let src: Vec<f32> = (0..7).map(|v| (v * v) as f32).collect();
        assert_eq!(run(&AxisFilter::new(7, 7, Sampling::Corners), &src), src);
        assert_eq!(run(&AxisFilter::new(7, 7, Sampling::Centres), &src), src);
    }

    #[test]
    fn halving_averages_areas() {
        // 8 texels to 4: each output is the mean of two.
        let src = [0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0];
        let out = run(&AxisFilter::new(8, 4, Sampling::Centres), &src);
        assert_eq!(out, vec![1.0, 5.0, 9.0, 13.0]);
        // Weights always sum to 1, and a constant stays constant.
        let f = AxisFilter::new(8192, 4096, Sampling::Corners);
        for k in 0..f.len() {
            let s: f32 = f.taps(k).iter().map(|t| t.1).sum();
            assert!((s - 1.0).abs() < 1e-5, "{k}: {s}");
        }
        let flat = run(&f, &vec![0.3; 8192]);
        assert!(flat.iter().all(|v| (v - 0.3).abs() < 1e-6));
    }

    #[test]
    fn corners_keep_the_ends_and_a_linear_ramp() {
        let src: Vec<f32> = (0..101).map(|v| v as f32).collect();
        let out = run(&AxisFilter::new(101, 11, Sampling::Corners), &src);
        // Box averages of a linear ramp are the ramp at the box centre, except where the
        // box is cut by the edge.
        for (k, v) in out.iter().enumerate().skip(1).take(9) {
            assert!((v - 10.0 * k as f32).abs() < 1e-4, "{k}: {v}");
        }
        // At the edges the box is cut in half: the first vertex averages pixels 0..=5
        // (pixel 5 half covered), the last one the mirror image.
        assert!((out[0] - 12.5 / 5.5).abs() < 1e-5, "{}", out[0]);
        assert!((out[10] - (100.0 - 12.5 / 5.5)).abs() < 1e-4, "{}", out[10]);
        // Enlarging interpolates linearly.
        let up = run(&AxisFilter::new(3, 5, Sampling::Corners), &[0.0, 1.0, 4.0]);
        assert_eq!(up, vec![0.0, 0.5, 1.0, 2.5, 4.0]);
    }

    #[test]
    fn wrapped_corners_meet_the_next_copy() {
        let src: Vec<f32> = (0..16).map(|v| ((v as f32) * 0.7).sin()).collect();
        for m in [5, 9, 16, 17, 33] {
            let out = run(&AxisFilter::new(16, m, Sampling::CornersWrapped), &src);
            assert_eq!(out[0], out[m - 1], "{m}");
        }
    }
}
