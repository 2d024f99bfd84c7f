//! The "Blur, curve and terrace" group of the selected layer: what smooths its
//! heights before its levels and what reshapes them after.

use super::curve_editor::curve_editor_ui;
use super::kept_slider::kept_slider;
use crate::engine::Layer;
use crate::engine::layers::{MAX_BLUR_RADIUS, MAX_TERRACE_STEPS, Terrace};

/// Edits the blur, the curve and the terrace of layer `l`.
pub(crate) fn layer_tone_ui(ui: &mut egui::Ui, l: &mut Layer) {
    kept_slider(ui, &mut l.blur, 0.0..=MAX_BLUR_RADIUS, |v| {
        egui::Slider::new(v, 0.0..=MAX_BLUR_RADIUS)
            .text("Blur")
            .suffix(" px")
            .fixed_decimals(1)
    })
    .on_hover_text("Gaussian blur of this layer's heights, radius in pixels at the texture's size (0 = none): softens it and what it masks; regions and tiles match the whole");
    curve_editor_ui(
        ui,
        &mut l.curve,
        "Curve",
        "A curve through this layer's heights after its levels (and through them when it masks another layer)",
    );
    let mut on = l.terrace.is_some();
    if ui
        .checkbox(&mut on, "Terrace")
        .on_hover_text(
            "Cut this layer's heights (after the curve) into flat steps joined by smooth risers",
        )
        .changed()
    {
        l.terrace = on.then(Terrace::default);
    }
    if let Some(t) = &mut l.terrace {
        kept_slider(ui, &mut t.steps, 1..=MAX_TERRACE_STEPS, |v| {
            egui::Slider::new(v, 1..=32).text("Steps")
        })
        .on_hover_text("Steps per unit of height (type a value for more than 32)");
        kept_slider(ui, &mut t.softness, 0.0..=1.0, |v| {
            egui::Slider::new(v, 0.0..=1.0)
                .text("Softness")
                .fixed_decimals(2)
        })
        .on_hover_text(
            "Share of each step taken by its riser: 0 = sharp cliffs, 1 = gentle slopes",
        );
    }
}
