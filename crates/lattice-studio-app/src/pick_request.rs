//! [`PickRequest`]: what a file dialog is asked for.

use crate::files::ExportFormat;
use std::path::PathBuf;

/// Why a file is asked for; decides the dialog and the command sent with the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickPurpose {
    /// Choose a preset to open.
    OpenPreset,
    /// Choose where to save the preset.
    SavePreset,
    /// Choose where to export the texture.
    Export(ExportFormat),
}

/// A request for a file.
#[derive(Clone, Debug)]
pub struct PickRequest {
    /// What the file is for.
    pub purpose: PickPurpose,
    /// Folder to start in.
    pub directory: Option<PathBuf>,
    /// Suggested file name (save dialogs).
    pub file_name: String,
}
