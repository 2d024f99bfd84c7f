//! Keyboard shortcuts, dropped files and the window's close button, turned into
//! [`Command`]s (or a question before closing with unsaved changes).

use super::command::{Command, CommandQueue};
use super::state::{AppState, PendingAction};
use crate::preview_kind::PreviewKind;
use egui::{Key, KeyboardShortcut, Modifiers};
use std::path::PathBuf;

/// Reads this frame's shortcuts, dropped files and close request.
pub(crate) fn shortcuts(ctx: &egui::Context, state: &mut AppState, commands: &CommandQueue) {
    let cmd = Modifiers::COMMAND;
    let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
    // Shifted variants first: a plain Ctrl+S would also match Ctrl+Shift+S.
    let table = [
        (cmd_shift, Key::S, Command::SaveAs),
        (cmd_shift, Key::Z, Command::Redo),
        (cmd, Key::S, Command::Save),
        (cmd, Key::O, Command::Open),
        (cmd, Key::E, Command::ExportAsShown),
        (cmd, Key::Z, Command::Undo),
        (cmd, Key::Y, Command::Redo),
    ];
    for (mods, key, command) in table {
        if ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(mods, key))) {
            commands.push(command);
        }
    }
    // 2 and 3 switch the preview, unless a text field or a value being typed takes them.
    if !ctx.egui_wants_keyboard_input() {
        for (key, kind) in [
            (Key::Num2, PreviewKind::Flat),
            (Key::Num3, PreviewKind::Terrain),
        ] {
            if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key)) {
                commands.push(Command::SetPreviewKind(kind));
            }
        }
    }
    let dropped: Vec<PathBuf> = ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .filter(|p| !p.as_os_str().is_empty())
            .collect()
    });
    for path in dropped {
        // PNGs exported by Lattice Studio carry their preset.
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron") || e.eq_ignore_ascii_case("png"))
        {
            commands.push(Command::LoadPreset(path));
        } else {
            state.error(format!(
                "{}: not a preset (drop a .ron file or a PNG exported by Lattice Studio)",
                path.display()
            ));
        }
    }
    if ctx.input(|i| i.viewport().close_requested()) && state.is_dirty() && !state.allow_close {
        ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        state.confirm = Some(PendingAction::Quit);
    }
}
