//! The messages, drawn over the top of the preview so they never move it: information
//! fades after a few seconds, errors stay until dismissed.

use super::state::AppState;
use egui::{Color32, Rect, UiBuilder, vec2};

/// Draws the visible messages over the top of `preview` (the preview's rectangle).
pub(crate) fn notices_ui(ui: &mut egui::Ui, state: &mut AppState, preview: Rect) {
    let now = state.clock;
    let mut dismiss = None;
    let mut fading = false;
    let area = Rect::from_min_size(
        preview.min + vec2(8.0, 8.0),
        vec2((preview.width() - 16.0).max(0.0), preview.height()),
    );
    let mut child = ui.new_child(UiBuilder::new().max_rect(area));
    for (i, m) in state.visible_messages() {
        let opacity = m.opacity(now);
        fading |= !m.is_error;
        let (text_colour, fill) = if m.is_error {
            (
                Color32::from_rgb(255, 205, 205),
                Color32::from_rgb(110, 24, 24),
            )
        } else {
            (Color32::from_gray(235), Color32::from_gray(45))
        };
        child.scope(|ui| {
            ui.set_opacity(opacity);
            egui::Frame::new()
                .fill(fill.gamma_multiply(0.92))
                .corner_radius(4.0)
                .inner_margin(egui::Margin::symmetric(8, 4))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let hover = if m.is_error {
                            "Dismiss this error"
                        } else {
                            "Dismiss"
                        };
                        if ui.small_button("x").on_hover_text(hover).clicked() {
                            dismiss = Some(i);
                        }
                        ui.add(
                            egui::Label::new(egui::RichText::new(&m.text).color(text_colour))
                                .wrap(),
                        );
                    });
                });
        });
        child.add_space(4.0);
    }
    if let Some(i) = dismiss
        && let Some(m) = state.messages.get_mut(i)
    {
        m.dismissed = true;
    }
    if fading {
        // Information fades with time, not with input: keep frames coming until it is gone.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(50));
    }
}

#[cfg(test)]
mod tests {
    use crate::state::{AppState, INFO_SECONDS};

    #[test]
    fn information_fades_and_errors_stay_until_dismissed() {
        let mut s = AppState {
            clock: 10.0,
            ..AppState::default()
        };
        s.info("saved");
        s.error("cannot save");
        assert_eq!(s.visible_messages().count(), 2);
        s.clock = 10.0 + INFO_SECONDS - 0.5;
        let info = &s.messages[0];
        assert!(info.opacity(s.clock) > 0.4 && info.opacity(s.clock) < 0.6);
        s.clock = 10.0 + INFO_SECONDS + 0.1;
        let texts: Vec<&str> = s.visible_messages().map(|(_, m)| m.text.as_str()).collect();
        assert_eq!(texts, ["cannot save"]);
        s.clock = 1e6;
        assert_eq!(s.visible_messages().count(), 1, "errors do not time out");
        s.messages[1].dismissed = true;
        assert_eq!(s.visible_messages().count(), 0);
    }

    #[test]
    fn parameter_errors_are_withdrawn_and_not_repeated() {
        let mut s = AppState::default();
        s.params_error("cannot render: not tileable");
        s.params_error("cannot render: not tileable");
        s.error("export failed");
        assert_eq!(s.visible_messages().count(), 2);
        s.clear_params_errors();
        let texts: Vec<&str> = s.visible_messages().map(|(_, m)| m.text.as_str()).collect();
        assert_eq!(texts, ["export failed"]);
    }
}
