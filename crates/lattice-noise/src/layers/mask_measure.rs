//! [`MaskMeasure`]: what a measured mask's ramp (a `MaskSlope`) reads of the mask
//! layer's toned heights, and [`MAX_MASK_SLOPE`], the bound of its ramps.

use serde::{Deserialize, Serialize};

/// Largest ramp bound accepted, either way for curvature (a slope of 1000 texture
/// heights per texture width is past any terrain's).
pub const MAX_MASK_SLOPE: f32 = 1000.0;

/// The shape of the ground that a measured mask follows, read from the mask layer's
/// toned heights and those a step around each pixel (a pixel, or the mask's scale).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MaskMeasure {
    /// Steepness: the length of the gradient, in heights per texture width (always 0 or
    /// more). Rock on steep ground, grass on flat ground.
    #[default]
    Slope,
    /// Convexity: minus the Laplacian, in hundreds of heights per texture width
    /// squared. Positive on ridges, peaks and edges, negative in valleys, hollows and
    /// cracks: snow or wear on crests, dirt in creases.
    Curvature,
}

impl MaskMeasure {
    /// Every measure, in the order the app lists them.
    pub const ALL: [MaskMeasure; 2] = [MaskMeasure::Slope, MaskMeasure::Curvature];

    /// The lower end of the bounds a ramp of this measure accepts (the upper one is
    /// [`MAX_MASK_SLOPE`]).
    pub fn min_bound(self) -> f32 {
        match self {
            MaskMeasure::Slope => 0.0,
            MaskMeasure::Curvature => -MAX_MASK_SLOPE,
        }
    }

    /// The name in messages, `info` and the app.
    pub fn name(self) -> &'static str {
        match self {
            MaskMeasure::Slope => "slope",
            MaskMeasure::Curvature => "curvature",
        }
    }

    /// Whether this is the default, [`MaskMeasure::Slope`] (which presets leave unsaid,
    /// so slope masks saved before curvature existed keep their text).
    pub fn is_slope(&self) -> bool {
        *self == MaskMeasure::Slope
    }

    /// The measure at a pixel from its heights `h` and those one step from it (left,
    /// right, up, down), `size` being the texture's width in steps (its size in pixels
    /// over the step).
    #[inline(always)]
    pub(super) fn at(self, h: f32, [l, r, u, d]: [f32; 4], size: f32) -> f32 {
        match self {
            MaskMeasure::Slope => {
                // Central differences are half the neighbours' difference; times the
                // size, heights per texture width.
                let gx = (r - l) * (0.5 * size);
                let gy = (d - u) * (0.5 * size);
                (gx * gx + gy * gy).sqrt()
            }
            MaskMeasure::Curvature => {
                // Per pixel squared times size squared: per texture width squared; in hundreds,
                // a terrain's landforms measure a few units.
                let laplacian = (l + r) + (u + d) - 4.0 * h;
                -laplacian * (size * size * 1e-2)
            }
        }
    }
}

impl std::fmt::Display for MaskMeasure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curvature_is_positive_on_crests_and_negative_in_hollows() {
        // h = -x² - y² (a dome) in texture units, sampled at pixel spacing 1/size:
        // Laplacian -4 per texture width squared, so a convexity of 4e-2.
        let size = 100.0f32;
        let h = |x: f32, y: f32| -((x / size).powi(2) + (y / size).powi(2));
        let n = [h(-1.0, 0.0), h(1.0, 0.0), h(0.0, -1.0), h(0.0, 1.0)];
        let dome = MaskMeasure::Curvature.at(h(0.0, 0.0), n, size);
        assert!((dome - 4e-2).abs() < 1e-5, "{dome}");
        let bowl = MaskMeasure::Curvature.at(-h(0.0, 0.0), n.map(|v| -v), size);
        assert!((bowl + 4e-2).abs() < 1e-5, "{bowl}");
        // A plane has none, however steep.
        let plane = MaskMeasure::Curvature.at(0.5, [0.4, 0.6, 0.3, 0.7], size);
        assert_eq!(plane, 0.0);
    }

    #[test]
    fn slope_is_the_gradient_length() {
        let s = MaskMeasure::Slope.at(0.0, [-0.03, 0.03, -0.04, 0.04], 100.0);
        assert!((s - 5.0).abs() < 1e-5, "{s}");
    }
}
