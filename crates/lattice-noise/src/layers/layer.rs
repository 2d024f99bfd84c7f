//! [`Layer`]: one noise of a texture's stack and how it is blended onto the layers below.

use super::blend_mode::BlendMode;
use super::blur::blur_radius_is_valid;
use super::curve::Curve;
use super::droplets::Droplets;
use super::erosion::Erosion;
use super::layer_error::LayerError;
use super::levels::Levels;
use super::mask_slope::MaskSlope;
use super::terrace::Terrace;
use super::tone::Tone;
use super::warp::Warp;
use crate::limits::MAX_LAYER_NAME;
use crate::noise_params::NoiseParams;
use serde::{Deserialize, Serialize};

/// One layer: a complete noise (size and tiling are the texture's), its levels, an
/// optional mask and domain warp, and how it blends onto what is below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Layer {
    /// Unique name; masks and warps refer to layers by it.
    pub name: String,
    /// Composited or not (a disabled layer can still be another's mask or warp source).
    pub enabled: bool,
    /// How it combines with the composite below it.
    pub blend: BlendMode,
    /// 0..=1: how much of the blended value replaces what is below.
    pub opacity: f32,
    /// Gain, offset and inversion of its heights, before blending.
    pub levels: Levels,
    /// A curve through its levelled heights (also when it serves as a mask).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub curve: Option<Curve>,
    /// Terraces cut into its heights after the curve.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terrace: Option<Terrace>,
    /// A layer whose levelled heights, clamped to 0..1, scale the opacity per pixel.
    pub mask: Option<String>,
    /// The mask is the composite of the enabled layers below this one (their blended
    /// heights, clamped to 0..1, or with [`Self::mask_slope`] their slope or curvature),
    /// not another layer: rock where the terrain built so far is steep. Not with
    /// [`Self::mask`].
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub mask_below: bool,
    /// The mask is the mask layer's (or the stack below's) slope or curvature through
    /// this ramp, not its height.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mask_slope: Option<MaskSlope>,
    /// Its heights are the composite of the enabled layers below it, not its noise: its
    /// erosion, blur, levels, curve and terrace then work on the terrain built so far,
    /// and its blend (normal at full opacity: replaces) puts the result back over it.
    /// Not with a warp (the noise it would move is not read).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub heights_below: bool,
    /// Domain warp of its noise.
    pub warp: Option<Warp>,
    /// Gullies and ridges carved into its heights (after the warp, before the levels).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub erosion: Option<Erosion>,
    /// A simulated erosion by water droplets after the filter (before the blur): run
    /// on the whole texture at its own grid size, added at every size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub droplets: Option<Droplets>,
    /// Radius in pixels of a Gaussian blur of its heights after the erosion, before the
    /// levels (0: none; at most
    /// [`MAX_BLUR_RADIUS`](super::MAX_BLUR_RADIUS)). It scales with the texture in
    /// [`super::LayerStack::resized`], as warp amplitudes do.
    #[serde(skip_serializing_if = "is_zero")]
    pub blur: f32,
    /// Its noise (written without size and tiling, which belong to the texture).
    #[serde(with = "super::layer_noise")]
    pub noise: NoiseParams,
}

impl Default for Layer {
    fn default() -> Self {
        Self::new("Layer 1", NoiseParams::default())
    }
}

impl Layer {
    /// A plain layer: enabled, normal blend at full opacity, no levels, mask or warp.
    pub fn new(name: impl Into<String>, noise: NoiseParams) -> Self {
        Self {
            name: name.into(),
            enabled: true,
            blend: BlendMode::Normal,
            opacity: 1.0,
            levels: Levels::default(),
            curve: None,
            terrace: None,
            mask: None,
            mask_below: false,
            mask_slope: None,
            heights_below: false,
            warp: None,
            erosion: None,
            droplets: None,
            blur: 0.0,
            noise,
        }
    }

    /// Sets the warp amplitude in pixels: an existing warp keeps its fields, a layer
    /// without one gets [`Warp::with_default_noise`] of `texture` (the layer's noise at
    /// the texture's size), and 0 on a layer without a warp adds none.
    pub fn set_warp_amplitude(&mut self, texture: &NoiseParams, amplitude: f32) {
        match &mut self.warp {
            Some(w) => w.amplitude = amplitude,
            None if amplitude != 0.0 => {
                self.warp = Some(Warp::with_default_noise(texture, amplitude));
            }
            None => {}
        }
    }

    /// Sets the erosion's strength: an existing erosion keeps its other settings, a
    /// layer without one gets [`Erosion::default`]'s, and 0 on a layer without one adds
    /// none.
    pub fn set_erosion_strength(&mut self, strength: f32) {
        match &mut self.erosion {
            Some(e) => e.strength = strength,
            None if strength != 0.0 => {
                self.erosion = Some(Erosion {
                    strength,
                    ..Erosion::default()
                });
            }
            None => {}
        }
    }

    /// Sets the droplet density: an existing simulation keeps its other settings, a
    /// layer without one gets [`Droplets::default`]'s, and 0 on a layer without one
    /// adds none.
    pub fn set_droplet_density(&mut self, density: f32) {
        match &mut self.droplets {
            Some(d) => d.density = density,
            None if density != 0.0 => {
                self.droplets = Some(Droplets {
                    density,
                    ..Droplets::default()
                });
            }
            None => {}
        }
    }

    /// The droplet erosion when it runs any droplet (a density of 0 is none).
    pub fn active_droplets(&self) -> Option<&Droplets> {
        self.droplets.as_ref().filter(|d| d.is_active())
    }

    /// The warp when it moves anything (an amplitude of 0 is no warp).
    pub fn active_warp(&self) -> Option<&Warp> {
        self.warp.as_ref().filter(|w| w.is_active())
    }

    /// The erosion when it changes anything (a strength of 0 is no erosion).
    pub fn active_erosion(&self) -> Option<&Erosion> {
        self.erosion.as_ref().filter(|e| e.is_active())
    }

    /// The blur radius when it blurs anything (0 otherwise, also for a radius the
    /// checks refuse).
    pub fn active_blur(&self) -> f32 {
        if self.blur > 0.0 && blur_radius_is_valid(self.blur) {
            self.blur
        } else {
            0.0
        }
    }

    /// Its levels, curve and terrace: what it does to each of its heights.
    pub fn tone(&self) -> Tone {
        Tone {
            levels: self.levels,
            curve: self.curve,
            terrace: self.terrace,
        }
    }

    /// Whether compositing this layer is copying its heights: normal blend, full
    /// opacity, no mask, levels, curve or terrace (a one-layer texture is exactly its
    /// noise).
    pub fn is_plain(&self) -> bool {
        self.blend == BlendMode::Normal
            && self.opacity == 1.0
            && !self.has_mask()
            && self.tone().is_identity()
    }

    /// Whether it has a mask: another layer or the stack below.
    pub fn has_mask(&self) -> bool {
        self.mask.is_some() || self.mask_below
    }

    /// Checks the layer's own values (references are checked by the stack).
    pub fn validate(&self) -> Result<(), LayerError> {
        let name = &self.name;
        let chars = name.chars().count();
        if chars == 0
            || chars > MAX_LAYER_NAME
            || name.trim().is_empty()
            || name.chars().any(char::is_control)
        {
            return Err(LayerError::BadName { name: name.clone() });
        }
        if !(0.0..=1.0).contains(&self.opacity) {
            return Err(LayerError::Opacity {
                layer: name.clone(),
                value: self.opacity,
            });
        }
        self.levels.validate(name)?;
        if let Some(t) = &self.terrace {
            t.validate().map_err(|error| LayerError::Terrace {
                layer: name.clone(),
                error,
            })?;
        }
        self.noise
            .validate_streamed()
            .map_err(|error| LayerError::Noise {
                layer: name.clone(),
                warp: false,
                error,
            })?;
        if self.mask_below && self.mask.is_some() {
            return Err(LayerError::MaskTwice {
                layer: name.clone(),
            });
        }
        if let Some(m) = &self.mask_slope {
            if !self.has_mask() {
                return Err(LayerError::SlopeWithoutMask {
                    layer: name.clone(),
                    measure: m.measure,
                });
            }
            m.validate().map_err(|error| LayerError::MaskSlope {
                layer: name.clone(),
                error,
            })?;
        }
        if let Some(w) = &self.warp {
            w.validate(name)?;
        }
        if self.heights_below && self.active_warp().is_some() {
            return Err(LayerError::WarpOfBelow {
                layer: name.clone(),
            });
        }
        if !blur_radius_is_valid(self.blur) {
            return Err(LayerError::Blur {
                layer: name.clone(),
                value: self.blur,
            });
        }
        if let Some(e) = &self.erosion {
            e.validate().map_err(|error| LayerError::Erosion {
                layer: name.clone(),
                error,
            })?;
        }
        if let Some(d) = &self.droplets {
            d.validate().map_err(|error| LayerError::Droplets {
                layer: name.clone(),
                error,
            })?;
        }
        Ok(())
    }
}

/// Whether a setting is 0 (so a preset without it is written as before).
fn is_zero(v: &f32) -> bool {
    *v == 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::MAX_BLUR_RADIUS;

    #[test]
    fn plain_layers_and_their_checks() {
        let mut l = Layer::default();
        assert!(l.is_plain());
        l.validate().unwrap();
        l.opacity = 0.5;
        assert!(!l.is_plain());
        l.opacity = f32::NAN;
        assert!(l.validate().unwrap_err().to_string().contains("opacity"));
        l.opacity = 1.0;
        for bad in ["", "   ", "a\nb", &"x".repeat(MAX_LAYER_NAME + 1)] {
            l.name = bad.to_owned();
            assert!(l.validate().is_err(), "{bad:?}");
        }
        l.name = "ok".into();
        for bad in [-0.5, f32::NAN, MAX_BLUR_RADIUS * 2.0] {
            l.blur = bad;
            let e = l.validate().unwrap_err().to_string();
            assert!(e.contains("blur radius") && e.contains("0..=16"), "{e}");
            assert_eq!(l.active_blur(), 0.0);
        }
        l.blur = 2.5;
        l.validate().unwrap();
        assert_eq!(l.active_blur(), 2.5);
        l.blur = 0.0;
        l.noise.initial_step = 0;
        let e = l.validate().unwrap_err().to_string();
        assert!(e.starts_with("layer 'ok': initial step"), "{e}");
    }

    #[test]
    fn a_zero_warp_is_no_warp() {
        let mut l = Layer::default();
        l.warp = Some(Warp::with_default_noise(&l.noise, 0.0));
        assert!(l.active_warp().is_none());
        l.warp = Some(Warp::with_default_noise(&l.noise, 3.0));
        assert!(l.active_warp().is_some());
    }
}
