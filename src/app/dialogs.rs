//! In-window dialogs: the unsaved-changes question and the message banner.

use super::command::{Command, CommandQueue};
use super::state::{AppState, PendingAction};

/// The user's answer to the unsaved-changes question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfirmAnswer {
    /// Save first, then go on.
    Save,
    /// Drop the changes and go on.
    Discard,
    /// Stay.
    Cancel,
}

/// Shows the unsaved-changes modal when an action waits for an answer.
pub fn confirm_ui(ctx: &egui::Context, state: &AppState) -> Option<ConfirmAnswer> {
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
            let save_label = if state.path.is_some() {
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

/// The messages above the preview, each with a close button.
pub fn messages_ui(ui: &mut egui::Ui, state: &mut AppState) {
    let mut remove = None;
    for (i, m) in state.messages.iter().enumerate() {
        let colour = if m.is_error {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().text_color()
        };
        ui.horizontal(|ui| {
            if ui.small_button("x").on_hover_text("Dismiss").clicked() {
                remove = Some(i);
            }
            ui.colored_label(colour, &m.text);
        });
    }
    if let Some(i) = remove {
        state.messages.remove(i);
    }
}

/// Top menu bar and toolbar.
pub fn menu_ui(ui: &mut egui::Ui, state: &AppState, commands: &CommandQueue) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            let items = [
                ("New", "", Command::New),
                ("Open preset...", "Ctrl+O", Command::Open),
                ("Save preset", "Ctrl+S", Command::Save),
                ("Save preset as...", "Ctrl+Shift+S", Command::SaveAs),
            ];
            for (label, key, cmd) in items {
                if ui
                    .add(egui::Button::new(label).shortcut_text(key))
                    .clicked()
                {
                    commands.push(cmd);
                }
            }
            ui.separator();
            export_items(ui, commands);
            ui.separator();
            if ui.button("Quit").clicked() {
                commands.push(Command::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            if ui
                .add_enabled(
                    state.history.can_undo(),
                    egui::Button::new("Undo").shortcut_text("Ctrl+Z"),
                )
                .clicked()
            {
                commands.push(Command::Undo);
            }
            if ui
                .add_enabled(
                    state.history.can_redo(),
                    egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z"),
                )
                .clicked()
            {
                commands.push(Command::Redo);
            }
            if ui.button("Reset to preset").clicked() {
                commands.push(Command::ResetToPreset);
            }
        });
        ui.menu_button("Export", |ui| export_items(ui, commands));
    });
}

fn export_items(ui: &mut egui::Ui, commands: &CommandQueue) {
    use crate::ExportFormat as F;
    for (format, label, key) in [
        (F::Png, "Export PNG...", "Ctrl+E"),
        (F::PngTransparent, "Export semi-transparent PNG...", ""),
        (F::Png16, "Export 16-bit PNG heightmap...", ""),
        (F::R16, "Export R16 heightmap...", ""),
        (F::R32, "Export R32 float heightmap...", ""),
    ] {
        if ui
            .add(egui::Button::new(label).shortcut_text(key))
            .on_hover_text(format.label())
            .clicked()
        {
            commands.push(Command::Export(format));
        }
    }
}
