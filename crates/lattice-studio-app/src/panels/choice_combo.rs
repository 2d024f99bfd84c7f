//! [`choice_combo`]: a combo box that sets a value to one of a list of options, the one
//! shape of every choice in the side panel (functions, blend modes, masks, sizes...), and
//! [`enum_combo`], the same over an enum's values.

/// A combo box `id` showing `shown` that lists `options` (a value, its text, and what
/// hovering it says, empty for nothing) and sets `value` to the one clicked. The options
/// are only read while the list is open. Returns the box's response, for
/// [`labelled`](super::labelled::labelled).
pub(crate) fn choice_combo<T, S, H>(
    ui: &mut egui::Ui,
    id: impl egui::AsIdSalt,
    shown: impl Into<egui::WidgetText>,
    value: &mut T,
    options: impl IntoIterator<Item = (T, S, H)>,
) -> egui::Response
where
    T: PartialEq,
    S: Into<egui::WidgetText>,
    H: Into<egui::WidgetText>,
{
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        // Room for the longest list (the 28 functions) before it scrolls; shorter lists
        // take their own height.
        .height(480.0)
        .show_ui(ui, |ui| {
            for (v, text, hover) in options {
                let hover: egui::WidgetText = hover.into();
                let r = ui.selectable_value(value, v, text);
                if !hover.is_empty() {
                    r.on_hover_text(hover);
                }
            }
        })
        .response
}

/// A [`choice_combo`] over the values `all` of an enum, each shown by `label` (the
/// chosen one too) with `hover` on hover (empty for nothing).
pub(crate) fn enum_combo<T, H>(
    ui: &mut egui::Ui,
    id: impl egui::AsIdSalt,
    value: &mut T,
    all: impl IntoIterator<Item = T>,
    label: impl Fn(T) -> &'static str,
    hover: impl Fn(T) -> H,
) -> egui::Response
where
    T: Copy + PartialEq,
    H: Into<egui::WidgetText>,
{
    let options = all.into_iter().map(|v| (v, label(v), hover(v)));
    choice_combo(ui, id, label(*value), value, options)
}

#[cfg(test)]
mod tests {
    use super::choice_combo;

    #[test]
    fn a_closed_box_reads_no_option_and_changes_nothing() {
        let ctx = egui::Context::default();
        let mut value = 2;
        let mut read = 0;
        // No painter: the frame's textures are dropped.
        ctx.run_ui(egui::RawInput::default(), |ui| {
            let options = (0..5).map(|v| {
                read += 1;
                (v, v.to_string(), "")
            });
            choice_combo(ui, "test", "2", &mut value, options);
        })
        .textures_delta
        .clear();
        assert_eq!((value, read), (2, 0));
    }
}
