//! File dialogs behind a trait, so tests never open a native dialog.

use super::command::Command;
use super::pick_request::{PickPurpose, PickRequest};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::Sender;

// The answer to a request is a command; the request types know nothing of commands
// (commands carry requests), so this lives with the pickers.
impl PickPurpose {
    /// The command that carries the chosen path.
    pub fn command(self, path: PathBuf) -> Command {
        match self {
            PickPurpose::OpenPreset => Command::LoadPresetConfirmed(path),
            PickPurpose::SavePreset => Command::SavePresetTo(path),
            PickPurpose::Export(format) => Command::ExportTo(format, path),
        }
    }
}

/// Something that answers [`PickRequest`]s with a [`Command`] sent later (never blocking
/// the UI thread).
pub trait FilePicker {
    /// Starts picking; the answer (or [`Command::DialogCancelled`]) goes to `reply`.
    fn pick(&mut self, request: PickRequest, reply: Sender<Command>, ctx: &egui::Context);
}

/// A "cancelled" answer sooner than this means no dialog was shown at all.
const NO_DIALOG_BELOW: std::time::Duration = std::time::Duration::from_millis(250);

/// Native dialogs (rfd), each on its own thread.
#[derive(Debug, Default)]
pub struct NativePicker;

impl FilePicker for NativePicker {
    fn pick(&mut self, request: PickRequest, reply: Sender<Command>, ctx: &egui::Context) {
        let ctx = ctx.clone();
        let errors = reply.clone();
        let spawned = std::thread::Builder::new()
            .name("file-dialog".into())
            .spawn(move || {
                let start = std::time::Instant::now();
                let fallback = request.clone();
                let mut dialog = rfd::FileDialog::new();
                if let Some(dir) = &request.directory {
                    dialog = dialog.set_directory(dir);
                }
                let chosen = match request.purpose {
                    PickPurpose::OpenPreset => dialog
                        .set_title("Open preset")
                        .add_filter("Lattice Studio preset or exported PNG", &["ron", "png"])
                        .pick_file(),
                    PickPurpose::SavePreset => dialog
                        .set_title("Save preset")
                        .add_filter("Lattice Studio preset", &["ron"])
                        .set_file_name(request.file_name)
                        .save_file(),
                    PickPurpose::Export(format) => dialog
                        .set_title(format!("Export {}", format.label()))
                        .add_filter(format.label(), &[format.extension()])
                        .set_file_name(request.file_name)
                        .save_file(),
                };
                let cmd = match chosen {
                    Some(path) => request.purpose.command(path),
                    // rfd answers "cancelled" at once when it has no dialog to show; a
                    // person cannot open and dismiss one this fast.
                    None if start.elapsed() < NO_DIALOG_BELOW => {
                        Command::DialogUnavailable(fallback)
                    }
                    None => Command::DialogCancelled,
                };
                let _ = reply.send(cmd);
                ctx.request_repaint();
            });
        if let Err(e) = spawned {
            let _ = errors.send(Command::Error(format!("cannot open a file dialog: {e}")));
        }
    }
}

/// Answers with prepared paths, in order (for tests and scripted runs); cancels when
/// it runs out. Records the requests it saw.
#[derive(Debug, Default)]
pub struct ScriptedPicker {
    /// Paths to answer with, first first.
    pub answers: VecDeque<PathBuf>,
    /// Every request received.
    pub requests: Vec<PickRequest>,
}

impl ScriptedPicker {
    /// A picker answering with `paths`.
    pub fn new(paths: impl IntoIterator<Item = PathBuf>) -> Self {
        Self {
            answers: paths.into_iter().collect(),
            requests: Vec::new(),
        }
    }
}

impl FilePicker for ScriptedPicker {
    fn pick(&mut self, request: PickRequest, reply: Sender<Command>, ctx: &egui::Context) {
        let cmd = match self.answers.pop_front() {
            Some(path) => request.purpose.command(path),
            None => Command::DialogCancelled,
        };
        self.requests.push(request);
        let _ = reply.send(cmd);
        ctx.request_repaint();
    }
}
