//! Every user action as a value: panels, menus, shortcuts and background threads push
//! [`Command`]s; [`super::LatticeApp`] drains and executes them in one place.

use super::pick_request::PickRequest;
use super::preset_entry::PresetEntry;
use super::render_result::RenderResult;
use super::terrain::view_mesh::ViewMesh;
use crate::engine::Preset;
use crate::files::ExportFormat;
use crate::pixels::TextureStats;
use crate::preview_kind::PreviewKind;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

/// One user action or the completion of a background task.
#[derive(Debug)]
pub enum Command {
    /// Replace the edited parameters (a panel changed a control).
    SetParams(Box<Preset>),
    /// Go back one parameter change.
    Undo,
    /// Re-apply the change undone last.
    Redo,
    /// Back to the parameters of the loaded (or default) preset.
    ResetToPreset,
    /// Start over from the default preset (asks first when there are unsaved changes).
    New,
    /// Show the open dialog (asks first when there are unsaved changes).
    Open,
    /// Save to the current file, or ask for one.
    Save,
    /// Ask for a file and save the preset there.
    SaveAs,
    /// Save the preset into the user's preset folder under its name.
    SaveToUserFolder,
    /// Ask for a file and export the texture in this format.
    Export(ExportFormat),
    /// Ask for a file and export the texture as the preview shows it (grey, coloured by
    /// the ramp, or semi-transparent).
    ExportAsShown,
    /// Load a preset file (asks first when there are unsaved changes).
    LoadPreset(PathBuf),
    /// Load a preset file without asking (the user already confirmed).
    LoadPresetConfirmed(PathBuf),
    /// Write the preset to this file (from the save dialog).
    SavePresetTo(PathBuf),
    /// Write the texture to this file (from the export dialog).
    ExportTo(ExportFormat, PathBuf),
    /// A preset file was read and parsed (or failed to).
    PresetLoaded(PathBuf, Result<Box<Preset>, String>),
    /// A preset was written (or failed to).
    PresetSaved(PathBuf, Box<Preset>, Result<(), String>),
    /// An export finished (or failed).
    Exported(PathBuf, Result<(), String>),
    /// The worker finished a render.
    Rendered(Box<RenderResult>),
    /// The statistics of a full render (job id), computed after its image was sent.
    StatsReady(u64, Box<TextureStats>),
    /// The worker failed (bad parameters, not cancellation).
    RenderFailed(String),
    /// The preset browser's folders were scanned.
    PresetList(Vec<PresetEntry>),
    /// Rescan the preset folders.
    RefreshPresets,
    /// A file dialog was dismissed.
    DialogCancelled,
    /// The system file dialog could not be shown (no desktop portal and no zenity): the
    /// request goes to the in-window dialog.
    DialogUnavailable(PickRequest),
    /// Show the texture flat (2D) or as a 3D terrain.
    SetPreviewKind(PreviewKind),
    /// The meshing thread finished a mesh for the 3D view.
    MeshBuilt(Box<ViewMesh>),
    /// Put the 3D camera back to its starting view.
    ResetCamera,
    /// Keep the image on screen as the A side of an A/B comparison.
    TakeSnapshot,
    /// Forget the A/B snapshot.
    DropSnapshot,
    /// Show an error message in the window.
    Error(String),
    /// Close the window (asks first when there are unsaved changes).
    Quit,
}

/// The command queue: a sender for panels and threads, drained once per frame.
pub(crate) struct CommandQueue {
    tx: Sender<Command>,
    rx: Receiver<Command>,
}

impl Default for CommandQueue {
    fn default() -> Self {
        let (tx, rx) = channel();
        Self { tx, rx }
    }
}

impl CommandQueue {
    /// Queues a command for the next drain.
    pub(crate) fn push(&self, command: Command) {
        // The receiver lives as long as the queue, so sending cannot fail here.
        let _ = self.tx.send(command);
    }

    /// A sender for background threads.
    pub(crate) fn sender(&self) -> Sender<Command> {
        self.tx.clone()
    }

    /// Takes every queued command.
    pub(crate) fn drain(&self) -> Vec<Command> {
        self.rx.try_iter().collect()
    }
}
