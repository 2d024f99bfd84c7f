//! The side panel: one function per group, each editing a draft preset.

mod choice_combo;
mod curve_editor;
mod flat_hint;
mod functions;
mod kept_slider;
mod labelled;
mod layer_droplets;
mod layer_erosion;
mod layer_noise;
mod layer_settings;
mod layer_tone;
mod layers;
mod output;
mod packed_channels;
mod ramp_bar;
mod ramp_editor;
mod stats_panel;
mod texture;

pub(crate) use choice_combo::{choice_combo, enum_combo};
pub(crate) use flat_hint::flat_hint_ui;
pub(crate) use functions::functions_ui;
pub(crate) use kept_slider::kept_slider;
pub(crate) use labelled::labelled;
pub(crate) use layer_droplets::layer_droplets_ui;
pub(crate) use layer_erosion::layer_erosion_ui;
pub(crate) use layer_noise::layer_noise_ui;
pub(crate) use layer_settings::layer_settings_ui;
pub(crate) use layer_tone::layer_tone_ui;
pub use layers::layer_row_text;
pub(crate) use layers::{LayersPanel, layers_ui};
pub(crate) use output::output_ui;
pub(crate) use packed_channels::packed_channels_ui;
pub(crate) use ramp_editor::ramp_editor_ui;
pub(crate) use stats_panel::stats_ui;
pub(crate) use texture::texture_ui;

/// Keeps the previous value of every float that became NaN or infinite.
pub(crate) fn sanitize(new: &mut crate::engine::Preset, old: &crate::engine::Preset) {
    for (i, layer) in new.layers.layers_mut().iter_mut().enumerate() {
        let n = &mut layer.noise;
        if !n.persistence.is_finite() {
            n.persistence = old.layers.get(i).map_or(0.5, |l| l.noise.persistence);
        }
        n.persistence = n.persistence.clamp(0.0, 1.0);
        if !layer.opacity.is_finite() {
            layer.opacity = old.layers.get(i).map_or(1.0, |l| l.opacity);
        }
        layer.opacity = layer.opacity.clamp(0.0, 1.0);
    }
    if !new.output.contrast.is_finite() {
        new.output.contrast = old.output.contrast;
    }
    if !new.output.luminance.is_finite() {
        new.output.luminance = old.output.luminance;
    }
    if !new.output.normal_strength.is_finite() {
        new.output.normal_strength = old.output.normal_strength;
    }
    if let Some(ramp) = new.output.ramp.as_mut() {
        for s in &mut ramp.stops {
            if !s.position.is_finite() {
                s.position = 0.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Preset;

    #[test]
    fn sanitize_reverts_non_finite_values() {
        let old = Preset::default();
        let mut new = old.clone();
        new.noise_mut().persistence = f64::NAN;
        new.output.contrast = f32::INFINITY;
        new.output.luminance = 0.25;
        sanitize(&mut new, &old);
        assert_eq!(new.noise().persistence, old.noise().persistence);
        assert_eq!(new.output.contrast, old.output.contrast);
        assert_eq!(new.output.luminance, 0.25);
    }
}
