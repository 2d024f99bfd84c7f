//! The one place where commands are executed.

use super::LatticeApp;
use super::command::Command;
use super::dialogs::ConfirmAnswer;
use super::file_jobs;
use super::pick_request::{PickPurpose, PickRequest};
use super::preset_browser;
use super::preview_format::preview_format;
use super::save_target::user_save_target;
use super::state::{PendingAction, Shown};
use crate::engine::Preset;
use crate::files::ExportFormat;
use crate::mesh::MeshOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn parent_dir(path: &Path) -> Option<PathBuf> {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf)
}

impl LatticeApp {
    /// Drains the queue and executes every command.
    pub(super) fn process_commands(&mut self, ctx: &egui::Context) {
        for command in self.commands.drain() {
            self.execute(command, ctx);
        }
    }

    fn execute(&mut self, command: Command, ctx: &egui::Context) {
        let s = &mut self.state;
        match command {
            Command::SetParams(p) => s.preset = *p,
            Command::Undo => {
                if let Some(p) = s.history.undo(&s.preset) {
                    s.preset = p;
                }
            }
            Command::Redo => {
                if let Some(p) = s.history.redo(&s.preset) {
                    s.preset = p;
                }
            }
            Command::ResetToPreset => s.preset = s.baseline.clone(),
            Command::New => self.ask_or(PendingAction::New, ctx),
            Command::Open => self.ask_or(PendingAction::Open, ctx),
            Command::LoadPreset(path) => self.ask_or(PendingAction::Load(path), ctx),
            Command::Quit => self.ask_or(PendingAction::Quit, ctx),
            Command::LoadPresetConfirmed(path) => {
                file_jobs::load_preset(path, self.commands.sender(), ctx);
            }
            Command::Save => match s.path.clone() {
                Some(path) if !s.read_only => self.execute(Command::SavePresetTo(path), ctx),
                Some(_) => {
                    s.info("shipped presets are read-only: save your version under a new name");
                    self.execute(Command::SaveAs, ctx);
                }
                None => self.execute(Command::SaveAs, ctx),
            },
            Command::SaveAs => {
                // Never start in the shipped folder: its presets are read-only.
                let directory = s
                    .persisted
                    .preset_dir
                    .clone()
                    .filter(|d| !s.is_shipped(&d.join("x")))
                    .or_else(|| s.user_dir.clone());
                let request = PickRequest {
                    purpose: PickPurpose::SavePreset,
                    directory,
                    file_name: s.default_preset_name(),
                };
                self.pick(request, ctx);
            }
            Command::SaveToUserFolder => self.save_to_user_folder(ctx),
            Command::SavePresetTo(path) if s.is_shipped(&path) => {
                self.after_save = None;
                s.error(format!(
                    "{}: the shipped presets are read-only; save into another folder \
                     (\"Save to my presets\" or Save as)",
                    path.display()
                ));
            }
            Command::SavePresetTo(path) => {
                file_jobs::save_preset(s.preset.clone(), path, self.commands.sender(), ctx);
            }
            Command::Export(format) => {
                let request = PickRequest {
                    purpose: PickPurpose::Export(format),
                    directory: s.persisted.export_dir.clone(),
                    file_name: s.default_export_name(format.extension()),
                };
                self.pick(request, ctx);
            }
            Command::ExportAsShown => {
                let format = preview_format(&s.preset.output, s.persisted.transparent);
                self.execute(Command::Export(format), ctx);
            }
            Command::ExportTo(format, path) => self.export(format, path, ctx),
            Command::PresetLoaded(path, Ok(preset)) => {
                s.persisted.preset_dir = parent_dir(&path);
                s.persisted.last_preset = Some(path.clone());
                s.info(format!("loaded {}", path.display()));
                // A PNG gives its embedded preset, but Save must not write RON over the
                // image: the document starts untitled.
                let file = (!crate::files::file_is_png(&path)).then_some(path);
                s.replace(*preset, file);
            }
            Command::PresetLoaded(_, Err(e)) => s.error(format!("cannot open preset: {e}")),
            Command::PresetSaved(path, preset, Ok(())) => {
                s.persisted.preset_dir = parent_dir(&path);
                s.baseline = *preset;
                s.read_only = false;
                s.path = Some(path.clone());
                s.info(format!("saved {}", path.display()));
                self.commands.push(Command::RefreshPresets);
                if let Some(action) = self.after_save.take() {
                    self.perform(action, ctx);
                }
            }
            Command::PresetSaved(_, _, Err(e)) => {
                self.after_save = None;
                s.error(format!("cannot save preset: {e}"));
            }
            Command::Exported(path, Ok(())) => {
                s.persisted.export_dir = parent_dir(&path);
                s.info(format!("exported {}", path.display()));
            }
            Command::Exported(_, Err(e)) => s.error(format!("export failed: {e}")),
            Command::Rendered(result) => self.show_render(*result, ctx),
            Command::StatsReady(job_id, stats) => {
                if job_id == self.shown_job
                    && let Some(shown) = s.shown.as_mut()
                {
                    shown.texture_stats = Some(*stats);
                }
            }
            Command::RenderFailed(e) => {
                s.rendering = None;
                s.error(format!("cannot render: {e}"));
            }
            Command::PresetList(entries) => {
                s.presets = entries;
                // Files may have changed on disk; thumbnails stay cached by parameters.
                self.gallery.forget_files();
            }
            Command::RefreshPresets => preset_browser::scan(
                s.shipped_dir.clone(),
                s.user_dir.clone(),
                self.commands.sender(),
                ctx,
            ),
            Command::DialogCancelled => self.after_save = None,
            Command::DialogUnavailable(request) => {
                // No system dialog on this desktop: the in-window one, now and from now on.
                self.in_window.preferred = true;
                s.info("no system file dialog on this desktop: using the built-in one");
                self.in_window.open(request);
            }
            Command::SetPreviewKind(kind) => s.view.kind = kind,
            Command::MeshBuilt(mesh) => self.terrain.mesh_built(mesh),
            Command::ResetCamera => self.terrain.reset_camera(),
            Command::Error(e) => s.error(e),
        }
    }

    /// "Save to my presets": under the preset's name, or "name 2" when another preset
    /// has that name already (never over another preset's file).
    fn save_to_user_folder(&mut self, ctx: &egui::Context) {
        let s = &mut self.state;
        let Some(dir) = s.user_dir.clone() else {
            s.error("no user preset folder on this system (no home directory)");
            return;
        };
        let listed: Vec<String> = s
            .presets
            .iter()
            .filter(|e| Some(e.path.as_path()) != s.path.as_deref())
            .map(|e| e.name.clone())
            .collect();
        let own = s.path.clone().filter(|_| !s.read_only);
        let (name, path) = user_save_target(&s.preset.name, &dir, &listed, own.as_deref());
        if name != s.preset.name.trim() {
            s.info(format!(
                "a preset named \"{}\" exists already: saving as \"{name}\"",
                s.preset.name.trim()
            ));
            s.preset.name = name;
        }
        self.execute(Command::SavePresetTo(path), ctx);
    }

    /// Asks the user for a file: the system dialog, or the in-window one where the
    /// system has none.
    fn pick(&mut self, request: PickRequest, ctx: &egui::Context) {
        if self.in_window.preferred {
            self.in_window.open(request);
        } else {
            self.picker.pick(request, self.commands.sender(), ctx);
        }
    }

    /// Runs `action`, or asks first when it would drop unsaved changes.
    fn ask_or(&mut self, action: PendingAction, ctx: &egui::Context) {
        if self.state.is_dirty() && !self.state.allow_close {
            self.state.confirm = Some(action);
        } else {
            self.perform(action, ctx);
        }
    }

    fn perform(&mut self, action: PendingAction, ctx: &egui::Context) {
        match action {
            PendingAction::New => self.state.replace(Preset::default(), None),
            PendingAction::Open => {
                let request = PickRequest {
                    purpose: PickPurpose::OpenPreset,
                    directory: self.state.persisted.preset_dir.clone(),
                    file_name: String::new(),
                };
                self.pick(request, ctx);
            }
            PendingAction::Load(path) => {
                file_jobs::load_preset(path, self.commands.sender(), ctx);
            }
            PendingAction::Quit => {
                self.state.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// Acts on the unsaved-changes dialog.
    pub(super) fn answer_confirm(&mut self, answer: ConfirmAnswer) {
        let Some(action) = self.state.confirm.take() else {
            return;
        };
        let ctx = self.ctx.clone();
        match answer {
            ConfirmAnswer::Cancel => {}
            ConfirmAnswer::Discard => self.perform(action, &ctx),
            ConfirmAnswer::Save => {
                self.after_save = Some(action);
                self.execute(Command::Save, &ctx);
            }
        }
    }

    fn export(&mut self, format: ExportFormat, path: PathBuf, ctx: &egui::Context) {
        let s = &self.state;
        // Reuse the heightmap on screen when it is the full-resolution current one.
        let heightmap = s
            .shown
            .as_ref()
            .filter(|sh| !sh.is_preview && sh.layers == s.preset.layers && s.solo.is_none())
            .map(|sh| Arc::clone(&sh.heightmap));
        // Meshes from the app get the 3D view's height scale.
        let mut mesh = MeshOptions::for_size(s.preset.size());
        mesh.height_scale = s.view.terrain.height_scale;
        let job = file_jobs::ExportJob {
            preset: s.preset.clone(),
            heightmap,
            format,
            mesh,
            path,
        };
        file_jobs::export(job, self.commands.sender(), ctx);
    }

    fn show_render(&mut self, result: super::render_result::RenderResult, ctx: &egui::Context) {
        // Results of older jobs may still arrive; never replace a newer image with them.
        if result.job_id < self.shown_job {
            return;
        }
        if self.state.rendering == Some(result.job_id) && !result.is_preview {
            self.state.rendering = None;
        }
        self.shown_job = result.job_id;
        self.state.renders_received += 1;
        self.state.shown = Some(Shown::from(&result));
        self.latency.image_arrived(&result);
        // The next frame (after this one is drawn and its texture uploaded) takes the
        // time the image reached the screen.
        ctx.request_repaint();
        // Smooth when shrunk, pixel-exact when magnified.
        let options = egui::TextureOptions {
            magnification: egui::TextureFilter::Nearest,
            minification: egui::TextureFilter::Linear,
            wrap_mode: egui::TextureWrapMode::ClampToEdge,
            mipmap_mode: Some(egui::TextureFilter::Linear),
        };
        match &mut self.texture {
            Some(tex) => tex.set(result.image, options),
            None => self.texture = Some(ctx.load_texture("preview", result.image, options)),
        }
    }
}
