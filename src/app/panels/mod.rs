//! The side panel: one function per group, each editing a draft preset.

mod functions;
mod output;
mod texture;

pub use functions::functions_ui;
pub use output::output_ui;
pub use texture::texture_ui;

/// A label followed by a widget, with the widget labelled by it (for screen readers and
/// tests) and the same hover text on both.
pub(crate) fn labelled(
    ui: &mut egui::Ui,
    label: &str,
    hover: &str,
    add: impl FnOnce(&mut egui::Ui) -> egui::Response,
) -> egui::Response {
    ui.horizontal(|ui| {
        let l = ui.label(label).on_hover_text(hover);
        add(ui).labelled_by(l.id).on_hover_text(hover)
    })
    .inner
}

/// Keeps the previous value of every float that became NaN or infinite.
pub fn sanitize(new: &mut crate::Preset, old: &crate::Preset) {
    if !new.noise.persistence.is_finite() {
        new.noise.persistence = old.noise.persistence;
    }
    new.noise.persistence = new.noise.persistence.clamp(0.0, 1.0);
    if !new.output.contrast.is_finite() {
        new.output.contrast = old.output.contrast;
    }
    if !new.output.luminance.is_finite() {
        new.output.luminance = old.output.luminance;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    #[test]
    fn sanitize_reverts_non_finite_values() {
        let old = Preset::default();
        let mut new = old.clone();
        new.noise.persistence = f64::NAN;
        new.output.contrast = f32::INFINITY;
        new.output.luminance = 0.25;
        sanitize(&mut new, &old);
        assert_eq!(new.noise.persistence, old.noise.persistence);
        assert_eq!(new.output.contrast, old.output.contrast);
        assert_eq!(new.output.luminance, 0.25);
    }
}
