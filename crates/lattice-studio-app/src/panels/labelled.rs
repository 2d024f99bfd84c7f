//! [`labelled`]: a label and its widget, tied together for screen readers and tests.

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
