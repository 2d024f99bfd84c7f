//! The file commands the executor hands on: saving presets (where, and whether the
//! shipped folder allows it), picking an export file, starting an export, and taking
//! in a loaded or saved preset.

use super::LatticeApp;
use super::command::Command;
use super::execute::parent_dir;
use super::file_jobs;
use super::pick_request::{PickPurpose, PickRequest};
use super::save_target::user_save_target;
use crate::engine::Preset;
use crate::files::ExportFormat;
use crate::mesh::MeshOptions;
use std::path::PathBuf;
use std::sync::Arc;

impl LatticeApp {
    /// Save: over the document's own file, or Save as when it has none or it is a
    /// shipped (read-only) preset.
    pub(super) fn save(&mut self, ctx: &egui::Context) {
        let s = &mut self.state;
        match s.path.clone() {
            Some(path) if !s.read_only => self.save_preset_to(path, ctx),
            Some(_) => {
                s.info("shipped presets are read-only: save your version under a new name");
                self.save_as(ctx);
            }
            None => self.save_as(ctx),
        }
    }

    /// Save as: asks for a file, starting in the last preset folder unless that is
    /// the shipped one.
    pub(super) fn save_as(&mut self, ctx: &egui::Context) {
        let s = &self.state;
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

    /// Writes the preset to `path` off the UI thread; refuses the shipped folder.
    pub(super) fn save_preset_to(&mut self, path: PathBuf, ctx: &egui::Context) {
        let s = &mut self.state;
        if s.is_shipped(&path) {
            self.after_save = None;
            s.error(format!(
                "{}: the shipped presets are read-only; save into another folder \
                 (\"Save to my presets\" or Save as)",
                path.display()
            ));
            return;
        }
        file_jobs::save_preset(s.preset.clone(), path, self.commands.sender(), ctx);
    }

    /// "Save to my presets": under the preset's name, or "name 2" when another preset
    /// has that name already (never over another preset's file).
    pub(super) fn save_to_user_folder(&mut self, ctx: &egui::Context) {
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
        self.save_preset_to(path, ctx);
    }

    /// Asks where to export the texture in `format`.
    pub(super) fn pick_export(&mut self, format: ExportFormat, ctx: &egui::Context) {
        let s = &self.state;
        let request = PickRequest {
            purpose: PickPurpose::Export(format),
            directory: s.persisted.export_dir.clone(),
            file_name: s.default_export_name(format.extension()),
        };
        self.pick(request, ctx);
    }

    /// Starts the export of the texture to `path`, off the UI thread.
    pub(super) fn export(&mut self, format: ExportFormat, path: PathBuf, ctx: &egui::Context) {
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

    /// A preset read from `path`, or why it could not be.
    pub(super) fn preset_loaded(&mut self, path: PathBuf, result: Result<Box<Preset>, String>) {
        let s = &mut self.state;
        match result {
            Ok(preset) => {
                s.persisted.preset_dir = parent_dir(&path);
                s.persisted.last_preset = Some(path.clone());
                s.info(format!("loaded {}", path.display()));
                // A PNG gives its embedded preset, but Save must not write RON over the
                // image: the document starts untitled.
                let file = (!crate::files::file_is_png(&path)).then_some(path);
                s.replace(*preset, file);
            }
            Err(e) => s.error(format!("cannot open preset: {e}")),
        }
    }

    /// `preset` written to `path` (it becomes the document's file and baseline), or
    /// why not; then what waited for the save (quit, open...).
    pub(super) fn preset_saved(
        &mut self,
        path: PathBuf,
        preset: Preset,
        result: Result<(), String>,
        ctx: &egui::Context,
    ) {
        let s = &mut self.state;
        if let Err(e) = result {
            self.after_save = None;
            s.error(format!("cannot save preset: {e}"));
            return;
        }
        s.persisted.preset_dir = parent_dir(&path);
        s.baseline = preset;
        s.read_only = false;
        s.path = Some(path.clone());
        s.info(format!("saved {}", path.display()));
        self.commands.push(Command::RefreshPresets);
        if let Some(action) = self.after_save.take() {
            self.perform(action, ctx);
        }
    }
}
