//! The preset browser: the shipped `presets/` folder and the user's own presets.

use super::command::{Command, CommandQueue};
use super::preset_entry::PresetEntry;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;

/// The app id: names the storage folder (`$XDG_DATA_HOME/lattice-studio` on Linux).
pub const APP_ID: &str = "lattice-studio";

/// The user's preset folder (created on first save).
pub fn user_preset_dir() -> Option<PathBuf> {
    eframe::storage_dir(APP_ID).map(|d| d.join("presets"))
}

/// The shipped `presets/` folder: beside the executable, in the source tree it was built
/// from, or in the working directory.
pub fn shipped_preset_dir() -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Ok(exe) = std::env::current_exe() {
        // target/<profile>/lattice-studio -> the crate root is three levels up.
        candidates.extend(exe.ancestors().skip(1).take(3).map(|d| d.join("presets")));
    }
    candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("presets"));
    if let Ok(cwd) = std::env::current_dir() {
        candidates.push(cwd.join("presets"));
    }
    candidates.into_iter().find(|d| d.is_dir())
}

fn list(dir: &Path, user: bool) -> Vec<PresetEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<PresetEntry> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("ron")))
        .map(|path| PresetEntry {
            name: path
                .file_stem()
                .map(|s| s.to_string_lossy().replace(['-', '_'], " "))
                .unwrap_or_default(),
            path,
            user,
        })
        .collect();
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    entries
}

/// Lists both folders on a background thread; the answer is [`Command::PresetList`].
pub fn scan(reply: Sender<Command>, ctx: &egui::Context) {
    let ctx = ctx.clone();
    let _ = std::thread::Builder::new()
        .name("preset-scan".into())
        .spawn(move || {
            let mut entries = Vec::new();
            if let Some(dir) = shipped_preset_dir() {
                entries.extend(list(&dir, false));
            }
            if let Some(dir) = user_preset_dir() {
                entries.extend(list(&dir, true));
            }
            let _ = reply.send(Command::PresetList(entries));
            ctx.request_repaint();
        });
}

/// The browser's list; one click loads a preset.
pub fn preset_browser_ui(
    ui: &mut egui::Ui,
    entries: &[PresetEntry],
    current: Option<&Path>,
    commands: &CommandQueue,
) {
    ui.horizontal(|ui| {
        ui.heading("Presets");
        if ui
            .small_button("Rescan")
            .on_hover_text("Rescan the preset folders")
            .clicked()
        {
            commands.push(Command::RefreshPresets);
        }
    });
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (title, user) in [("Shipped", false), ("My presets", true)] {
            ui.label(egui::RichText::new(title).strong());
            let mut any = false;
            for e in entries.iter().filter(|e| e.user == user) {
                any = true;
                let selected = current == Some(e.path.as_path());
                if ui
                    .selectable_label(selected, &e.name)
                    .on_hover_text(e.path.display().to_string())
                    .clicked()
                {
                    commands.push(Command::LoadPreset(e.path.clone()));
                }
            }
            if !any {
                ui.weak(if user {
                    "none yet: use \"Save to my presets\""
                } else {
                    "no presets/ folder found"
                });
            }
            ui.add_space(6.0);
        }
        if ui
            .button("Save to my presets")
            .on_hover_text(
                "Save the current parameters into your preset folder, under the preset name",
            )
            .clicked()
        {
            commands.push(Command::SaveToUserFolder);
        }
    });
}
