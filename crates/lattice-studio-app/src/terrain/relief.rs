//! [`Relief`]: how rugged a terrain mesh is, and the height scale that makes it read as
//! a terrain in the 3D view.

/// Slope the broad shapes (hills, valleys) get at their 90th percentile: about 35
/// degrees, so the hills read as hills.
const BROAD_SLOPE: f32 = 0.7;
/// Slope the finest detail may reach at its 90th percentile: about 63 degrees; a
/// steeper surface reads as spikes (a fixed scale of 0.25 made fine-grained terrains
/// so).
const FINE_SLOPE: f32 = 2.0;
/// Broad shapes are measured over this share of the width (16 pixels at 512).
const BROAD_SPAN: f32 = 1.0 / 32.0;
/// Height scales chosen between: never a flat sheet, never more than half the width.
const FITTED_RANGE: std::ops::RangeInclusive<f32> = 0.02..=0.5;

/// The 90th percentiles of a mesh's slope (grey per width of the texture): between
/// neighbour vertices, and over [`BROAD_SPAN`] of the width.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Relief {
    /// Between neighbouring vertices: the finest detail.
    pub fine: f32,
    /// Over [`BROAD_SPAN`]: the hills and valleys.
    pub broad: f32,
}

impl Relief {
    /// The relief of the `n` x `n` grid of greys `height(i, j)`, whose slopes between
    /// neighbours are `slope(i, j)` (magnitudes), over a square one unit wide.
    pub fn of_grid(
        n: usize,
        height: impl Fn(usize, usize) -> f32,
        slope: impl Fn(usize, usize) -> f32,
    ) -> Self {
        if n < 2 {
            return Self::default();
        }
        let fine = percentile_90((0..n * n).map(|k| slope(k % n, k / n)).collect());
        let step = (((n - 1) as f32 * BROAD_SPAN).round() as usize).max(1);
        let span = step as f32 / (n - 1) as f32;
        let mut broad = Vec::new();
        for j in (0..n - step).step_by(step) {
            for i in (0..n - step).step_by(step) {
                let h = height(i, j);
                let dx = (height(i + step, j) - h) / span;
                let dz = (height(i, j + step) - h) / span;
                broad.push(dx.hypot(dz));
            }
        }
        Self {
            fine,
            broad: percentile_90(broad),
        }
    }

    /// The height scale that gives the broad shapes [`BROAD_SLOPE`] unless the fine
    /// detail would then pass [`FINE_SLOPE`]; `None` for a flat surface.
    pub fn fitted_height_scale(self) -> Option<f32> {
        let by =
            |slope: f32, relief: f32| (relief.is_finite() && relief > 1e-6).then(|| slope / relief);
        let scale = match (by(BROAD_SLOPE, self.broad), by(FINE_SLOPE, self.fine)) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        Some(scale.clamp(*FITTED_RANGE.start(), *FITTED_RANGE.end()))
    }
}

/// The 90th percentile of `values` (0 for none).
fn percentile_90(mut values: Vec<f32>) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    let k = values.len() * 9 / 10;
    *values.select_nth_unstable_by(k, f32::total_cmp).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ramp_is_its_slope_at_both_scales_and_fits_the_broad_slope() {
        let n = 101;
        let r = Relief::of_grid(n, |i, _| 2.0 * i as f32 / (n - 1) as f32, |_, _| 2.0);
        assert!((r.broad - 2.0).abs() < 1e-4 && r.fine == 2.0, "{r:?}");
        assert_eq!(r.fitted_height_scale(), Some(BROAD_SLOPE / r.broad));
    }

    #[test]
    fn fine_detail_caps_the_scale_and_flat_fits_nothing() {
        // Gentle hills under a steep grain: the grain decides.
        let r = Relief {
            fine: 40.0,
            broad: 0.5,
        };
        assert_eq!(r.fitted_height_scale(), Some(FINE_SLOPE / 40.0));
        assert_eq!(Relief::default().fitted_height_scale(), None);
        let flat = Relief::of_grid(50, |_, _| 0.3, |_, _| 0.0);
        assert_eq!(flat.fitted_height_scale(), None);
        assert_eq!(
            Relief {
                fine: 1e5,
                broad: 1e5
            }
            .fitted_height_scale(),
            Some(0.02)
        );
        assert_eq!(
            Relief {
                fine: 1e-3,
                broad: 1e-3
            }
            .fitted_height_scale(),
            Some(0.5)
        );
    }
}
