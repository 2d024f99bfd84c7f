//! The one place where commands are executed.

use super::LatticeApp;
use super::command::Command;
use super::compare::Compare;
use super::dialogs::ConfirmAnswer;
use super::file_jobs;
use super::pick_request::{PickPurpose, PickRequest};
use super::preset_browser;
use super::preview_format::preview_format;
use super::state::{PendingAction, Shown};
use crate::engine::Preset;
use std::path::{Path, PathBuf};

/// The folder of `path`, if it names one (not the empty parent of a bare name).
pub(super) fn parent_dir(path: &Path) -> Option<PathBuf> {
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
                    s.step_to(p);
                }
            }
            Command::Redo => {
                if let Some(p) = s.history.redo(&s.preset) {
                    s.step_to(p);
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
            Command::Save => self.save(ctx),
            Command::SaveAs => self.save_as(ctx),
            Command::SaveToUserFolder => self.save_to_user_folder(ctx),
            Command::SavePresetTo(path) => self.save_preset_to(path, ctx),
            Command::Export(format) => self.pick_export(format, ctx),
            Command::ExportAsShown => {
                let format = preview_format(&s.preset.output, s.persisted.transparent);
                self.pick_export(format, ctx);
            }
            Command::ExportTo(format, path) => self.export(format, path, ctx),
            Command::PresetLoaded(path, result) => self.preset_loaded(path, result),
            Command::PresetSaved(path, preset, result) => {
                self.preset_saved(path, *preset, result, ctx);
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
            Command::TakeSnapshot => match &self.shown_image {
                Some(image) => {
                    self.compare = Some(Compare::of(ctx, std::sync::Arc::clone(image)));
                    s.info("snapshot taken: A is the texture as it is now");
                }
                None => {
                    s.error("nothing to take a snapshot of yet: the texture is still rendering")
                }
            },
            Command::DropSnapshot => self.compare = None,
            Command::Error(e) => s.error(e),
        }
    }

    /// Asks the user for a file: the system dialog, or the in-window one where the
    /// system has none.
    pub(super) fn pick(&mut self, request: PickRequest, ctx: &egui::Context) {
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

    /// Runs `action` now (the user agreed, or nothing would be lost).
    pub(super) fn perform(&mut self, action: PendingAction, ctx: &egui::Context) {
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
        let options = crate::display_image::PREVIEW_TEXTURE;
        let image = std::sync::Arc::new(result.image);
        self.shown_image = Some(std::sync::Arc::clone(&image));
        let image = egui::ImageData::Color(image);
        match &mut self.texture {
            Some(tex) => tex.set(image, options),
            None => self.texture = Some(ctx.load_texture("preview", image, options)),
        }
    }
}
