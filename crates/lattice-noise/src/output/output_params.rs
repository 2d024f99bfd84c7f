//! [`OutputParams`]: how a heightmap becomes pixels (tone mapping, tint, colour ramp,
//! normal-map relief).

use super::color_ramp::ColorRamp;
use super::normal_convention::{DEFAULT_STRENGTH, NormalConvention};
use super::normal_slopes::NormalSlopes;
use super::output_error::OutputError;
use crate::layers::Curve;
use serde::{Deserialize, Serialize};

/// How a heightmap becomes pixels.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutputParams {
    /// `grey = 0.5 + (h - 0.5) * contrast + luminance`, clamped to 0..1.
    pub contrast: f32,
    /// Added after contrast.
    pub luminance: f32,
    /// A curve through the grey after contrast and luminance (before clamping), for the
    /// whole texture: every grey export, the ramp and the meshes follow it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub curve: Option<Curve>,
    /// Stretch the heightmap's min..max to 0..1 before contrast and luminance.
    pub auto_levels: bool,
    /// Divide the heightmap by its maximum first, so the largest height is exactly 1 (the
    /// layered value noise article's normalisation); ignored when the maximum is not
    /// positive. Applied before auto-levels, contrast and luminance.
    pub normalize: bool,
    /// Colour of the semi-transparent export (alpha is the grey value).
    pub tint: [u8; 3],
    /// Gradient applied to the mapped grey for colour output (`None`: grey).
    pub ramp: Option<ColorRamp>,
    /// Relief of the normal map and the lit preview.
    pub normal_strength: f32,
    /// Which way the normal map's green channel points.
    pub normal_convention: NormalConvention,
    /// Where normal maps and the lit view take slopes from (written only when not the
    /// default, so presets keep their text).
    #[serde(skip_serializing_if = "NormalSlopes::is_default")]
    pub normal_slopes: NormalSlopes,
    /// Float exports (R32, EXR) hold the levelled grey (normalise, levels, contrast,
    /// luminance and the texture curve: the 16-bit PNG's values at full precision, in
    /// 0..=1) instead of the raw heights.
    #[serde(skip_serializing_if = "is_false")]
    pub float_levels: bool,
}

/// Whether `v` is false (`float_levels` is written only when on, so presets saved
/// before it existed and after keep the same text).
fn is_false(v: &bool) -> bool {
    !*v
}

impl Default for OutputParams {
    fn default() -> Self {
        Self {
            contrast: 1.0,
            luminance: 0.0,
            curve: None,
            auto_levels: false,
            normalize: false,
            tint: [255, 255, 255],
            ramp: None,
            normal_strength: DEFAULT_STRENGTH,
            normal_convention: NormalConvention::OpenGl,
            normal_slopes: NormalSlopes::Exact,
            float_levels: false,
        }
    }
}

impl OutputParams {
    /// Checks the mapping values (NaN or infinite values are refused).
    pub fn validate(&self) -> Result<(), OutputError> {
        if !self.contrast.is_finite() {
            return Err(OutputError::NotFinite { name: "contrast" });
        }
        if !self.luminance.is_finite() {
            return Err(OutputError::NotFinite { name: "luminance" });
        }
        if !self.normal_strength.is_finite() {
            return Err(OutputError::NotFinite {
                name: "normal strength",
            });
        }
        if let Some(ramp) = &self.ramp {
            ramp.validate()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid() {
        OutputParams::default().validate().unwrap();
    }

    #[test]
    fn values_that_are_not_numbers_are_refused() {
        for out in [
            OutputParams {
                contrast: f32::NAN,
                ..OutputParams::default()
            },
            OutputParams {
                luminance: f32::INFINITY,
                ..OutputParams::default()
            },
            OutputParams {
                normal_strength: f32::NAN,
                ..OutputParams::default()
            },
        ] {
            assert!(out.validate().is_err(), "{out:?}");
        }
    }
}
