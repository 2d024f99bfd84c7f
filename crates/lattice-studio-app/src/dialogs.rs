//! In-window dialogs: the unsaved-changes question.

use super::state::{AppState, PendingAction};

/// The user's answer to the unsaved-changes question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ConfirmAnswer {
    /// Save first, then go on.
    Save,
    /// Drop the changes and go on.
    Discard,
    /// Stay.
    Cancel,
}

/// Shows the unsaved-changes modal when an action waits for an answer.
pub(crate) fn confirm_ui(ctx: &egui::Context, state: &AppState) -> Option<ConfirmAnswer> {
    let action = state.confirm.as_ref()?;
    let what = match action {
        PendingAction::New => "starting a new preset",
        PendingAction::Open | PendingAction::Load(_) => "opening another preset",
        PendingAction::Quit => "closing",
    };
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("unsaved-changes")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(format!(
            "\"{}\" has changes that are not saved. Save them before {what}?",
            state.preset.name
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let save_label = if state.path.is_some() && !state.read_only {
                "Save"
            } else {
                "Save as..."
            };
            if ui.button(save_label).clicked() {
                answer = Some(ConfirmAnswer::Save);
            }
            if ui.button("Discard changes").clicked() {
                answer = Some(ConfirmAnswer::Discard);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(ConfirmAnswer::Cancel);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(ConfirmAnswer::Cancel);
    }
    answer
}
