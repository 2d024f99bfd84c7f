//! [`MaskSlope`]: a mask made from the steepness or the curvature of the mask layer, not
//! its height, as texture artists put rock on steep ground, grass on flat ground, wear on
//! crests and dirt in creases.

use super::mask_measure::{MAX_MASK_SLOPE, MaskMeasure};
use super::smoothstep::smoothstep;
use serde::{Deserialize, Serialize};

/// The mask layer's slope (or another [`MaskMeasure`]), through a soft ramp: 0 at `from`,
/// 1 at `to`, smoothstepped between (`from > to` makes flat ground the mask, or with
/// curvature the hollows).
///
/// The slope is the length of the gradient of the mask layer's toned heights (levels,
/// curve, terrace), by central differences, in heights per texture width (per pixel
/// times the size), so a preset masks the same ground at any size; the curvature is
/// minus their Laplacian, in hundreds of heights per texture width squared. Both read
/// the heights [`Self::step`] pixels around each pixel (one unless a [`Self::scale`] is
/// set): windows of the texture read that halo from the texture (wrapped when it tiles;
/// when not, clamped at its edges for the slope, and for the curvature continued along
/// the line through the edge pixel), so every region is exactly that window of the
/// whole.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MaskSlope {
    /// The slope (or curvature) where the mask starts (0 below it when `from < to`).
    pub from: f32,
    /// The slope (or curvature) where the mask is full.
    pub to: f32,
    /// What the ramp reads: the slope unless said otherwise.
    #[serde(skip_serializing_if = "MaskMeasure::is_slope")]
    pub measure: MaskMeasure,
    /// The distance, in pixels at the texture's size, over which the ground is measured
    /// (1 to [`MAX_MASK_SCALE`]; resized with the texture, as warp amplitudes are).
    /// `None` measures between neighbouring pixels at every size, so the finest octaves
    /// decide: at 4096 their grit speckles a mask that looked smooth at 512. A scale
    /// measures the landforms of that size and up, and keeps a preset's mask when it
    /// is rendered larger.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<f32>,
}

/// Largest [`MaskSlope::scale`], in pixels (the halo every window of the mask reads).
pub const MAX_MASK_SCALE: f32 = 256.0;

impl Default for MaskSlope {
    /// Steep ground: from 5 to 10 heights per texture width, about the steepest third
    /// of the `terrain` preset.
    fn default() -> Self {
        Self {
            from: 5.0,
            to: 10.0,
            measure: MaskMeasure::Slope,
            scale: None,
        }
    }
}

/// Why a slope mask is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MaskSlopeError {
    /// A bound NaN, past [`MAX_MASK_SLOPE`] either way (or negative for a slope), or
    /// both bounds equal.
    #[error("{measure} mask bounds {from},{to} must be two different numbers in {}..={MAX_MASK_SLOPE}", measure.min_bound())]
    Bounds {
        /// What the bounds are of.
        measure: MaskMeasure,
        /// The refused start.
        from: f32,
        /// The refused end.
        to: f32,
    },
    /// A scale that is not a number of pixels from 1 to [`MAX_MASK_SCALE`].
    #[error("{measure} mask scale {scale} must be a number of pixels in 1..={MAX_MASK_SCALE}")]
    Scale {
        /// What the scale is of.
        measure: MaskMeasure,
        /// The refused scale.
        scale: f32,
    },
    /// Text that is not two numbers (and an optional scale).
    #[error(
        "bad slope mask '{text}': expected FROM,TO such as 1,3 (or 3,1 for flat ground), optionally ,SCALE in pixels such as 1,3,8"
    )]
    Syntax {
        /// The refused text.
        text: String,
    },
}

impl MaskSlope {
    /// The ramp that curvature masks start with: from flat (0) to the crests of a
    /// terrain's landforms (3, about the convexest tenth of the `splat-map` preset's
    /// four-octave `landform` layer, at any size). `from` 0 and `to` -3 picks the creases
    /// instead. Finer layers reach higher: their grit dominates a per-pixel curvature.
    pub fn curvature() -> Self {
        Self {
            from: 0.0,
            to: 3.0,
            measure: MaskMeasure::Curvature,
            scale: None,
        }
    }

    /// Checks the bounds and the scale.
    pub fn validate(&self) -> Result<(), MaskSlopeError> {
        let ok = |v: f32| (self.measure.min_bound()..=MAX_MASK_SLOPE).contains(&v);
        if !(ok(self.from) && ok(self.to) && self.from != self.to) {
            return Err(MaskSlopeError::Bounds {
                measure: self.measure,
                from: self.from,
                to: self.to,
            });
        }
        match self.scale {
            Some(scale) if !(1.0..=MAX_MASK_SCALE).contains(&scale) => Err(MaskSlopeError::Scale {
                measure: self.measure,
                scale,
            }),
            _ => Ok(()),
        }
    }

    /// The distance in whole pixels between the heights the measure compares: the
    /// scale rounded, 1 without one (or for a scale that is not valid).
    pub fn step(&self) -> usize {
        match self.scale {
            Some(s) if (1.0..=MAX_MASK_SCALE).contains(&s) => s.round() as usize,
            _ => 1,
        }
    }

    /// This mask for the texture resized by `ratio` (new size over old): the scale
    /// keeps its share of the texture, at least a pixel. A refused scale stays as it
    /// was, for the checks to name.
    pub fn resized(self, ratio: f32) -> MaskSlope {
        let scale = match self.scale {
            Some(s) if (1.0..=MAX_MASK_SCALE).contains(&s) => {
                Some((s * ratio).clamp(1.0, MAX_MASK_SCALE))
            }
            other => other,
        };
        MaskSlope { scale, ..self }
    }

    /// The mask at slope `s`: 0..=1 (NaN counts as 0).
    #[inline]
    pub fn ramp(&self, s: f32) -> f32 {
        smoothstep((s - self.from) / (self.to - self.from))
    }

    /// Reads a slope ramp, `FROM,TO` (the form [`Self::spec`] writes).
    pub fn parse(text: &str) -> Result<MaskSlope, MaskSlopeError> {
        Self::parse_as(text, MaskMeasure::Slope)
    }

    /// Reads a ramp of `measure`, `FROM,TO` or `FROM,TO,SCALE` (the scale in pixels).
    pub fn parse_as(text: &str, measure: MaskMeasure) -> Result<MaskSlope, MaskSlopeError> {
        let syntax = || MaskSlopeError::Syntax {
            text: text.to_owned(),
        };
        let numbers = text
            .split(',')
            .map(|v| v.trim().parse::<f32>().map_err(|_| syntax()))
            .collect::<Result<Vec<_>, _>>()?;
        let (from, to, scale) = match numbers[..] {
            [from, to] => (from, to, None),
            [from, to, scale] => (from, to, Some(scale)),
            _ => return Err(syntax()),
        };
        let m = MaskSlope {
            from,
            to,
            measure,
            scale,
        };
        m.validate()?;
        Ok(m)
    }

    /// The bounds as `FROM,TO`, and `,SCALE` when there is one.
    pub fn spec(&self) -> String {
        match self.scale {
            Some(scale) => format!("{},{},{scale}", self.from, self.to),
            None => format!("{},{}", self.from, self.to),
        }
    }
}

/// The slopes (or `mask`'s other measure) of the heights `window` (the region with
/// [`MaskSlope::step`] pixels of halo on every side: `width + 2 * step` wide, `2 * step`
/// rows taller than `out`), through `mask`, into `out` (`width` wide), for a texture of
/// `size` pixels.
pub(super) fn slope_mask_into(
    window: &[f32],
    width: usize,
    size: u32,
    mask: &MaskSlope,
    out: &mut [f32],
) {
    let m = mask.step();
    let stride = width + 2 * m;
    // Texture widths per step: the size itself (the same bits as before scales) at 1.
    let per_step = size as f32 / m as f32;
    let measure = mask.measure;
    crate::parallel::for_each_chunk_mut(
        out,
        width.max(1),
        || (),
        |_, y, row| {
            let up = &window[y * stride..][..stride];
            let mid = &window[(y + m) * stride..][..stride];
            let down = &window[(y + 2 * m) * stride..][..stride];
            for (x, o) in row.iter_mut().enumerate() {
                let around = [mid[x], mid[x + 2 * m], up[x + m], down[x + m]];
                *o = mask.ramp(measure.at(mid[x + m], around, per_step));
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ramp_is_soft_and_turns_round() {
        let steep = MaskSlope {
            from: 1.0,
            to: 3.0,
            ..MaskSlope::default()
        };
        assert_eq!(steep.ramp(0.5), 0.0);
        assert_eq!(steep.ramp(2.0), 0.5);
        assert_eq!(steep.ramp(9.0), 1.0);
        assert_eq!(steep.ramp(f32::NAN), 0.0);
        let flat = MaskSlope {
            from: 3.0,
            to: 1.0,
            ..MaskSlope::default()
        };
        assert_eq!(flat.ramp(0.5), 1.0);
        assert_eq!(flat.ramp(9.0), 0.0);
    }

    #[test]
    fn a_plane_has_its_gradient_at_every_scale() {
        // h = 0.01 x + 0.02 y on a 4 x 3 region of a 100 px texture: gradient (1, 2) per
        // texture width, length sqrt(5), read between neighbours and 3 pixels apart.
        for (scale, m) in [(None, 1usize), (Some(3.0), 3)] {
            let (w, h) = (4usize, 3usize);
            let window: Vec<f32> = (0..(h + 2 * m))
                .flat_map(|y| (0..(w + 2 * m)).map(move |x| 0.01 * x as f32 + 0.02 * y as f32))
                .collect();
            let mask = MaskSlope {
                from: 0.0,
                to: 5.0,
                scale,
                ..MaskSlope::default()
            };
            let mut out = vec![0.0; w * h];
            slope_mask_into(&window, w, 100, &mask, &mut out);
            let want = mask.ramp(5f32.sqrt());
            for v in out {
                assert!((v - want).abs() < 1e-4, "{scale:?}: {v} {want}");
            }
        }
    }

    #[test]
    fn text_reads_back_and_bad_bounds_are_refused() {
        let m = MaskSlope::parse("0.5, 2").unwrap();
        assert_eq!(MaskSlope::parse(&m.spec()), Ok(m));
        for bad in ["1,1", "-1,2", "1", "a,b", "nan,1"] {
            assert!(MaskSlope::parse(bad).is_err(), "{bad}");
        }
        let scaled = MaskSlope::parse("0.5, 2, 8").unwrap();
        assert_eq!((scaled.scale, scaled.step()), (Some(8.0), 8));
        assert_eq!(scaled.spec(), "0.5,2,8");
        assert_eq!(MaskSlope::parse(&scaled.spec()), Ok(scaled));
        for bad in ["1,2,0", "1,2,257", "1,2,x", "1,2,3,4"] {
            assert!(MaskSlope::parse(bad).is_err(), "{bad}");
        }
        let e = MaskSlope::parse("1,2,0.2").unwrap_err().to_string();
        assert!(e.contains("scale 0.2") && e.contains("1..=256"), "{e}");
        let e = MaskSlope::parse("2,2").unwrap_err().to_string();
        assert!(e.contains("slope mask") && e.contains("0..=1000"), "{e}");
        let c = MaskSlope::parse_as("0.5,-3", MaskMeasure::Curvature).unwrap();
        assert_eq!(c.measure, MaskMeasure::Curvature);
        assert_eq!(MaskSlope::parse_as(&c.spec(), c.measure), Ok(c));
        let e = MaskSlope::parse_as("-2000,1", MaskMeasure::Curvature).unwrap_err();
        assert!(
            e.to_string().contains("curvature mask") && e.to_string().contains("-1000..=1000"),
            "{e}"
        );
    }

    #[test]
    fn slope_masks_keep_their_preset_text_and_curvature_says_so() {
        let ron = |m: &MaskSlope| ron::to_string(m).unwrap();
        assert_eq!(ron(&MaskSlope::default()), "(from:5.0,to:10.0)");
        assert!(ron(&MaskSlope::curvature()).contains("measure:Curvature"));
        let back: MaskSlope = ron::from_str("(from: 0, to: 3, measure: Curvature)").unwrap();
        assert_eq!(back, MaskSlope::curvature());
        let old: MaskSlope = ron::from_str("(from: 1, to: 3)").unwrap();
        assert_eq!(old.measure, MaskMeasure::Slope);
    }
}
