//! [`InWindowPicker`]: the file dialog drawn inside the window, for desktops where the
//! system one cannot be shown (no desktop portal and no zenity, e.g. a bare X server).
//!
//! Built on `egui_file` (MIT, tracks egui's releases: 0.29 is the one for egui 0.37; the
//! better-known `egui-file-dialog` has no release for egui 0.37 yet). Listing a folder
//! reads it on the UI thread, as every egui file dialog does; that is one `read_dir` when
//! the user changes folder, not per frame.

use super::command::Command;
use super::pick_request::{PickPurpose, PickRequest};
use egui_file::{FileDialog, State};
use std::path::{Path, PathBuf};

/// The in-window dialog, when one is open, and whether to use it for every pick.
#[derive(Default)]
pub(crate) struct InWindowPicker {
    open: Option<(FileDialog, PickPurpose)>,
    /// The system dialog was found missing once: go straight to this one from now on.
    pub preferred: bool,
}

impl std::fmt::Debug for InWindowPicker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InWindowPicker")
            .field("open", &self.open.as_ref().map(|(_, p)| *p))
            .field("preferred", &self.preferred)
            .finish()
    }
}

/// The dialog's title for `purpose`.
pub(crate) fn title(purpose: PickPurpose) -> String {
    match purpose {
        PickPurpose::OpenPreset => "Open preset".to_owned(),
        PickPurpose::SavePreset => "Save preset".to_owned(),
        PickPurpose::Export(format) => format!("Export {}", format.label()),
    }
}

/// The file extensions `purpose` works with, the first one added to a bare name.
fn extensions(purpose: PickPurpose) -> Vec<&'static str> {
    match purpose {
        PickPurpose::OpenPreset => vec!["ron", "png"],
        PickPurpose::SavePreset => vec!["ron"],
        PickPurpose::Export(format) => vec![format.extension()],
    }
}

/// `path` with the purpose's extension added when the user typed a name without one.
pub(crate) fn with_extension(path: PathBuf, purpose: PickPurpose) -> PathBuf {
    if matches!(purpose, PickPurpose::OpenPreset) || path.extension().is_some() {
        return path;
    }
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(extensions(purpose)[0]);
    path.with_file_name(name)
}

fn has_extension(path: &Path, wanted: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| wanted.iter().any(|w| e.eq_ignore_ascii_case(w)))
}

impl InWindowPicker {
    /// Opens the dialog for `request` (replacing one already open).
    pub(crate) fn open(&mut self, request: PickRequest) {
        let purpose = request.purpose;
        let mut dialog = match purpose {
            PickPurpose::OpenPreset => FileDialog::open_file(),
            PickPurpose::SavePreset | PickPurpose::Export(_) => {
                FileDialog::save_file().default_filename(request.file_name)
            }
        };
        let start = request
            .directory
            .filter(|d| d.is_dir())
            .or_else(|| std::env::current_dir().ok());
        if let Some(dir) = start {
            dialog = dialog.initial_path(dir);
        }
        let wanted = extensions(purpose);
        dialog = dialog
            .title(&title(purpose))
            .id(egui::Id::unique("in-window-file-dialog"))
            .show_rename(false)
            .show_files_filter(Box::new(move |p: &Path| has_extension(p, &wanted)))
            .default_size([560.0, 420.0]);
        dialog.open();
        self.open = Some((dialog, purpose));
    }

    /// Draws the open dialog; returns the command once the user chose a file
    /// ([`PickPurpose::command`]) or closed the dialog ([`Command::DialogCancelled`]).
    pub(crate) fn ui(&mut self, ctx: &egui::Context) -> Option<Command> {
        let (dialog, purpose) = self.open.as_mut()?;
        let purpose = *purpose;
        let answer = match dialog.show(ctx).state() {
            State::Open => return None,
            State::Selected => match dialog.path() {
                Some(path) => purpose.command(with_extension(path.to_path_buf(), purpose)),
                None => Command::DialogCancelled,
            },
            State::Cancelled | State::Closed => Command::DialogCancelled,
        };
        self.open = None;
        Some(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::ExportFormat;

    #[test]
    fn bare_names_get_the_purposes_extension() {
        let export = PickPurpose::Export(ExportFormat::R16);
        assert_eq!(
            with_extension("/tmp/height".into(), export),
            PathBuf::from("/tmp/height.r16")
        );
        assert_eq!(
            with_extension("/tmp/a.b".into(), export),
            PathBuf::from("/tmp/a.b")
        );
        assert_eq!(
            with_extension("rock".into(), PickPurpose::SavePreset),
            PathBuf::from("rock.ron")
        );
        assert_eq!(
            with_extension("notes".into(), PickPurpose::OpenPreset),
            PathBuf::from("notes")
        );
        assert!(has_extension(Path::new("x.PNG"), &["ron", "png"]));
        assert!(!has_extension(Path::new("x.txt"), &["ron", "png"]));
    }
}
