//! The preset browser: the shipped `presets/` folder and the user's own presets.

use super::command::{Command, CommandQueue};
use super::preset_entry::PresetEntry;
use super::save_target::display_name;
use crate::engine::Preset;
use crate::files::PresetFiles;
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
    // This crate sits in `crates/` of the workspace whose root holds `presets/`.
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2);
    candidates.extend(workspace.map(|root| root.join("presets")));
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
            name: display_name(&path),
            // A preset that does not load still gets listed (clicking it says why).
            description: Preset::load(&path)
                .map(|p| p.description)
                .unwrap_or_default(),
            path,
            user,
        })
        .collect();
    entries.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.path.cmp(&b.path)));
    entries
}

/// Makes every shown name unique: a later entry with a name seen before is told apart
/// by "(mine)" (the user's own next to a shipped one) or by its file name.
pub(crate) fn unique_names(entries: &mut [PresetEntry]) {
    let mut seen: Vec<(String, bool)> = Vec::new();
    for e in entries.iter_mut() {
        let key = e.name.to_lowercase();
        if let Some(&(_, first_user)) = seen.iter().find(|(n, _)| *n == key) {
            let file = e.path.file_name().unwrap_or_default().to_string_lossy();
            e.name = if first_user != e.user && e.user {
                format!("{} (mine)", e.name)
            } else {
                format!("{} ({file})", e.name)
            };
        }
        seen.push((e.name.to_lowercase(), e.user));
    }
}

/// Lists both folders on a background thread; the answer is [`Command::PresetList`].
pub(crate) fn scan(
    shipped: Option<PathBuf>,
    user: Option<PathBuf>,
    reply: Sender<Command>,
    ctx: &egui::Context,
) {
    let ctx = ctx.clone();
    let _ = std::thread::Builder::new()
        .name("preset-scan".into())
        .spawn(move || {
            let mut entries = Vec::new();
            if let Some(dir) = shipped {
                entries.extend(list(&dir, false));
            }
            if let Some(dir) = user {
                entries.extend(list(&dir, true));
            }
            unique_names(&mut entries);
            let _ = reply.send(Command::PresetList(entries));
            ctx.request_repaint();
        });
}

/// The browser's list; one click loads a preset.
pub(crate) fn preset_browser_ui(
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
    // Neither shrunk to the names nor widened by a long one: the panel keeps the width
    // the user gave it (the gallery does the same).
    egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (title, user) in [("Shipped", false), ("My presets", true)] {
                ui.label(egui::RichText::new(title).strong());
                let mut any = false;
                for e in entries.iter().filter(|e| e.user == user) {
                    any = true;
                    let selected = current == Some(e.path.as_path());
                    if ui
                        .add(egui::Button::selectable(selected, e.name.as_str()).truncate())
                        .on_hover_text(entry_hover(e))
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

/// The hover text of a list entry: the description, then the file.
pub(crate) fn entry_hover(e: &PresetEntry) -> String {
    if e.description.is_empty() {
        e.path.display().to_string()
    } else {
        format!("{}\n\n{}", e.description, e.path.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, file: &str, user: bool) -> PresetEntry {
        PresetEntry {
            name: name.into(),
            path: PathBuf::from(file),
            user,
            description: String::new(),
        }
    }

    #[test]
    fn listed_names_are_unique() {
        let mut e = vec![
            entry("default", "s/default.ron", false),
            entry("my rock", "u/my-rock.ron", true),
            entry("my rock", "u/my_rock.ron", true),
            entry("default", "u/default.ron", true),
        ];
        unique_names(&mut e);
        let names: Vec<&str> = e.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "default",
                "my rock",
                "my rock (my_rock.ron)",
                "default (mine)"
            ]
        );
    }

    #[test]
    fn the_scan_reads_descriptions() {
        let dir = tempfile::tempdir().unwrap();
        let p = Preset {
            description: "Craters on a moon".into(),
            ..Preset::default()
        };
        p.save(&dir.path().join("moon.ron")).unwrap();
        std::fs::write(dir.path().join("broken.ron"), "(").unwrap();
        let e = list(dir.path(), true);
        assert_eq!(e.len(), 2);
        assert_eq!(e[1].name, "moon");
        assert_eq!(e[1].description, "Craters on a moon");
        assert!(entry_hover(&e[1]).starts_with("Craters on a moon\n"));
        assert_eq!(e[0].description, "");
    }
}
