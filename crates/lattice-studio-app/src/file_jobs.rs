//! File reads and writes on background threads; each reports back with a [`Command`].

use super::command::Command;
use crate::engine::Preset;
use crate::files::PresetFiles;
use crate::{
    engine::{Heightmap, JobControl},
    files::{ExportFormat, StreamJob},
    mesh::MeshOptions,
};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::Sender;

/// Runs `task` on a new thread and sends its command, waking the UI.
fn spawn(
    name: &str,
    reply: Sender<Command>,
    ctx: &egui::Context,
    task: impl FnOnce() -> Command + Send + 'static,
) {
    let ctx = ctx.clone();
    let errors = reply.clone();
    let spawned = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            let _ = reply.send(task());
            ctx.request_repaint();
        });
    if let Err(e) = spawned {
        let _ = errors.send(Command::Error(format!("cannot start a {name} thread: {e}")));
    }
}

/// Reads and parses a preset.
pub(crate) fn load_preset(path: PathBuf, reply: Sender<Command>, ctx: &egui::Context) {
    spawn("load", reply, ctx, move || {
        let result = Preset::load(&path).map(Box::new).map_err(|e| e.to_string());
        Command::PresetLoaded(path, result)
    });
}

/// Writes a preset atomically.
pub(crate) fn save_preset(
    preset: Preset,
    path: PathBuf,
    reply: Sender<Command>,
    ctx: &egui::Context,
) {
    spawn("save", reply, ctx, move || {
        // The user preset folder does not exist before the first save there.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            let msg = format!("{}: {e}", dir.display());
            return Command::PresetSaved(path, Box::new(preset), Err(msg));
        }
        let result = preset.save(&path).map_err(|e| e.to_string());
        Command::PresetSaved(path, Box::new(preset), result)
    });
}

/// An export to run in the background.
#[derive(Debug)]
pub(crate) struct ExportJob {
    /// The texture's preset (PNGs carry it, meshes record it).
    pub preset: Preset,
    /// The full-size heightmap when it is at hand (else it is generated first: the
    /// preview on screen may be a reduced-resolution one).
    pub heightmap: Option<Arc<Heightmap>>,
    /// The file format.
    pub format: ExportFormat,
    /// Resolution and height scale of mesh formats.
    pub mesh: MeshOptions,
    /// Where to write.
    pub path: PathBuf,
}

/// Exports a texture or its mesh, atomically, off the UI thread.
pub(crate) fn export(job: ExportJob, reply: Sender<Command>, ctx: &egui::Context) {
    spawn("export", reply, ctx, move || {
        let ExportJob {
            preset,
            heightmap,
            format,
            mesh,
            path,
        } = job;
        let result = (|| {
            if format.is_packed() {
                // Each channel is its layer alone: the composite is not needed.
                return StreamJob::new(preset, format).export(&path, &JobControl::new());
            }
            let hm = match heightmap {
                Some(hm) => hm,
                None => Arc::new(preset.generate(&JobControl::new())?),
            };
            if format.is_mesh() {
                crate::files::export_mesh(&hm, &preset, format, &mesh, &path)
            } else {
                crate::files::export_with_preset(&hm, &preset, format, &path)
            }
        })()
        .map_err(|e| e.to_string());
        Command::Exported(path, result)
    });
}
