//! The "Output" group: contrast, luminance, auto-levels, transparency, tint and the
//! texture's curve.

use super::curve_editor::curve_editor_ui;
use super::kept_slider::kept_slider;
use super::labelled::labelled;
use crate::engine::Preset;

/// Edits the output group of `preset`; `transparent` is the preview's
/// semi-transparent mode (a view setting, not part of the preset).
pub(crate) fn output_ui(ui: &mut egui::Ui, preset: &mut Preset, transparent: &mut bool) {
    let o = &mut preset.output;
    kept_slider(ui, &mut o.contrast, f32::MIN..=f32::MAX, |v| {
        egui::Slider::new(v, 0.0..=8.0)
            .update_while_editing(false)
            .text("Contrast")
    })
    .on_hover_text(
        "Scales heights around mid grey: grey = 0.5 + (h - 0.5) x contrast + luminance.",
    );
    kept_slider(ui, &mut o.luminance, f32::MIN..=f32::MAX, |v| {
        egui::Slider::new(v, -1.0..=1.0)
            .update_while_editing(false)
            .text("Luminance")
    })
    .on_hover_text("Added to every grey value after contrast.");
    ui.checkbox(&mut o.auto_levels, "Auto levels")
        .on_hover_text("Stretch the texture's darkest..brightest values to black..white before contrast and luminance.");
    ui.checkbox(transparent, "Transparent preview")
        .on_hover_text("Show the semi-transparent variant (tint colour, grey as alpha) over a checkerboard, as the semi-transparent PNG export writes it.");
    labelled(
        ui,
        "Tint",
        "Colour of the semi-transparent variant.",
        |ui| ui.color_edit_button_srgb(&mut o.tint),
    );
    curve_editor_ui(
        ui,
        &mut o.curve,
        "Texture curve",
        "A curve through the whole texture's grey after contrast and luminance: every grey export, the colour ramp and the meshes follow it (R32 and EXR keep raw heights unless Export > Levels in float exports is on).",
    );
}
