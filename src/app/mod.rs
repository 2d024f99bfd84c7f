//! The desktop designer (eframe/egui). The only part of the crate that uses a UI toolkit.
//!
//! Data flow: panels edit a draft of the preset and push [`Command`]s; the app drains
//! them in one place (`execute.rs`); parameter changes go to the worker
//! thread, whose results come back as commands and are uploaded as one texture.

mod central_panel;
mod classic_view;
mod command;
mod dialogs;
mod display_image;
mod execute;
mod features_ui;
mod file_jobs;
mod file_picker;
mod gallery;
mod history;
mod light_pad;
mod menu;
mod octave_controls;
mod panels;
mod preset_browser;
mod preset_entry;
mod preview;
mod recycler;
mod render_result;
mod shortcuts;
mod state;
mod status_bar;
mod terrain;
mod view_settings;
mod worker;

pub use command::Command;
pub use file_picker::{FilePicker, NativePicker, PickPurpose, PickRequest, ScriptedPicker};
pub use preset_browser::{APP_ID, shipped_preset_dir, user_preset_dir};
pub use preset_entry::PresetEntry;
pub use state::{AppState, Message, PendingAction, Persisted};
pub use terrain::{MeshInfo, TerrainSettings};
pub use view_settings::{DisplayMode, ViewSettings};

use crate::services::PreviewKind;
use crate::{engine::NoiseParams, files::ExportFormat, pixels::OutputParams};
use command::CommandQueue;
use preview::{Hover, PreviewView};
use std::path::PathBuf;
use std::time::Duration;
use worker::{RenderJob, Worker};

/// Largest preview texture side; bigger textures are shown subsampled.
const MAX_PREVIEW_SIDE: usize = 4096;

/// Opens the designer window; `preset` is loaded at start (else the last one used), in
/// the `view` given (else the one used last).
pub fn run(preset: Option<PathBuf>, view: Option<PreviewKind>) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_app_id(APP_ID)
            .with_title("Lattice Studio")
            .with_inner_size([1280.0, 820.0])
            .with_min_inner_size([720.0, 480.0])
            .with_drag_and_drop(true),
        // The 3D view draws with depth testing into egui's framebuffer.
        depth_buffer: 24,
        ..Default::default()
    };
    eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| {
            let mut app = LatticeApp::new(cc, preset, Box::new(NativePicker));
            if let Some(kind) = view {
                app.state.view.kind = kind;
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}

/// The designer application.
pub struct LatticeApp {
    state: AppState,
    commands: CommandQueue,
    worker: Worker,
    picker: Box<dyn FilePicker>,
    view: PreviewView,
    texture: Option<egui::TextureHandle>,
    /// What the worker was last asked to render.
    submitted: Option<(NoiseParams, OutputParams, DisplayMode)>,
    /// Preset thumbnails for the gallery.
    gallery: gallery::Gallery,
    /// Job id of the texture on screen.
    shown_job: u64,
    hover: Option<Hover>,
    /// Action to run once the pending save succeeds (from the unsaved-changes dialog).
    after_save: Option<PendingAction>,
    ctx: egui::Context,
    title: String,
    classic: classic_view::ClassicView,
    terrain: terrain::terrain_view::TerrainView,
}

impl LatticeApp {
    /// Creates the app; restores remembered settings from eframe storage.
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        preset: Option<PathBuf>,
        picker: Box<dyn FilePicker>,
    ) -> Self {
        let persisted: Persisted = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        let commands = CommandQueue::default();
        let ctx = cc.egui_ctx.clone();
        let worker = Worker::spawn(ctx.clone(), commands.sender());
        let terrain = terrain::terrain_view::TerrainView::new(ctx.clone(), commands.sender());
        let start = preset.or_else(|| persisted.last_preset.clone().filter(|p| p.is_file()));
        if let Some(path) = start {
            commands.push(Command::LoadPresetConfirmed(path));
        }
        commands.push(Command::RefreshPresets);
        let mut state = AppState::new(crate::files::Preset::default());
        state.view = persisted.view.clone().sanitized();
        state.persisted = persisted;
        Self {
            state,
            commands,
            worker,
            picker,
            view: PreviewView::default(),
            texture: None,
            submitted: None,
            gallery: gallery::Gallery::default(),
            shown_job: 0,
            hover: None,
            after_save: None,
            ctx,
            title: String::new(),
            classic: classic_view::ClassicView::default(),
            terrain,
        }
    }

    /// The mesh the 3D view shows (or is about to upload), once one was built.
    pub fn terrain_mesh(&self) -> Option<MeshInfo> {
        self.terrain.mesh_info()
    }

    /// The document and view state (for tests and embedding).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Replaces the file picker (tests use a [`ScriptedPicker`]).
    pub fn set_file_picker(&mut self, picker: Box<dyn FilePicker>) {
        self.picker = picker;
    }

    /// Queues a command, as a menu item would.
    pub fn push(&self, command: Command) {
        self.commands.push(command);
    }

    /// Whether the preview shows the newest parameters at full resolution.
    pub fn is_up_to_date(&self) -> bool {
        self.state.rendering.is_none()
            && self
                .state
                .shown
                .as_ref()
                .is_some_and(|s| !s.is_preview && s.noise == self.state.preset.noise)
            && self.submitted.as_ref().is_some_and(|(n, o, _)| {
                *n == self.state.preset.noise && *o == self.state.preset.output
            })
    }

    /// Sends the current parameters to the worker when they changed.
    fn submit_if_changed(&mut self, ctx: &egui::Context) {
        let p = &self.state.preset;
        let wanted = (
            p.noise.clone(),
            p.output.clone(),
            self.state
                .view
                .mode(&p.output, self.state.persisted.transparent),
        );
        if self.submitted.as_ref() == Some(&wanted) {
            return;
        }
        if let Err(e) = p
            .noise
            .validate()
            .map_err(|e| e.to_string())
            .and_then(|()| p.output.validate().map_err(|e| e.to_string()))
        {
            self.state.error(format!("cannot render: {e}"));
            self.submitted = Some(wanted);
            return;
        }
        let max_side = ctx
            .input(|i| i.max_texture_side)
            .clamp(256, MAX_PREVIEW_SIDE);
        let id = self.worker.submit(RenderJob {
            id: 0,
            noise: wanted.0.clone(),
            output: wanted.1.clone(),
            mode: wanted.2,
            max_texture_side: max_side,
        });
        self.state.rendering = Some(id);
        self.submitted = Some(wanted);
    }

    fn side_panel(&mut self, ui: &mut egui::Ui) {
        let mut draft = self.state.preset.clone();
        let mut transparent = self.state.persisted.transparent;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label("Name")
                    .on_hover_text("The preset's name (saved in the file)");
                ui.text_edit_singleline(&mut draft.name)
                    .on_hover_text("The preset's name (saved in the file)");
            });
            ui.horizontal(|ui| {
                if ui
                    .button("Reset to preset")
                    .on_hover_text("Set every control back to the loaded preset (undoable)")
                    .clicked()
                {
                    self.commands.push(Command::ResetToPreset);
                }
            });
            egui::CollapsingHeader::new("Texture")
                .default_open(true)
                .show(ui, |ui| panels::texture_ui(ui, &mut draft));
            egui::CollapsingHeader::new("Functions")
                .default_open(true)
                .show(ui, |ui| panels::functions_ui(ui, &mut draft));
            egui::CollapsingHeader::new("Output")
                .default_open(true)
                .show(ui, |ui| panels::output_ui(ui, &mut draft, &mut transparent));
            let shown = self.state.shown.as_ref();
            features_ui::feature_groups(ui, &mut draft, &mut self.state.view, shown);
            egui::CollapsingHeader::new("Classic viewer")
                .default_open(false)
                .show(ui, |ui| self.classic.panel_ui(ui, &mut draft));
        });
        panels::sanitize(&mut draft, &self.state.preset);
        if draft != self.state.preset {
            self.commands.push(Command::SetParams(Box::new(draft)));
        }
        self.state.persisted.transparent = transparent;
    }

    fn toolbar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let buttons = [
                ("New", "Start from the default preset", Command::New),
                ("Open...", "Open a preset file (Ctrl+O)", Command::Open),
                ("Save", "Save the preset (Ctrl+S)", Command::Save),
                (
                    "Save as...",
                    "Save the preset to a new file (Ctrl+Shift+S)",
                    Command::SaveAs,
                ),
                (
                    "Export PNG...",
                    "Export the texture as an 8-bit grey PNG (Ctrl+E)",
                    Command::Export(ExportFormat::Png),
                ),
            ];
            for (label, hover, command) in buttons {
                if ui.button(label).on_hover_text(hover).clicked() {
                    self.commands.push(command);
                }
            }
            ui.separator();
            if ui
                .button("Fit")
                .on_hover_text("Fit the texture to the preview (double-click the preview)")
                .clicked()
            {
                self.view.set_fit();
            }
            if ui
                .button("1:1")
                .on_hover_text("One texture pixel per screen pixel")
                .clicked()
            {
                self.view.set_one_to_one(ui.ctx().pixels_per_point());
            }
            ui.weak(format!(
                "zoom {:.0}%",
                self.view.scale * ui.ctx().pixels_per_point() * 100.0
            ));
            ui.separator();
            features_ui::copy_command_line_ui(ui, &mut self.state);
        });
    }
}

impl eframe::App for LatticeApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        shortcuts::shortcuts(&ctx, &mut self.state, &self.commands);
        self.process_commands(&ctx);

        egui::Panel::top("menu").show(ui, |ui| {
            menu::menu_ui(ui, &self.state, &self.commands);
            self.toolbar(ui);
        });
        let progress = self.state.rendering.map(|_| self.worker.progress());
        egui::Panel::bottom("status").show(ui, |ui| {
            status_bar::status_bar_ui(ui, &self.state, self.hover, progress);
        });
        egui::Panel::left("params")
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| self.side_panel(ui));
        egui::Panel::right("presets")
            .resizable(true)
            .default_size(190.0)
            .show(ui, |ui| {
                features_ui::presets_panel_ui(
                    ui,
                    &mut self.state,
                    &mut self.gallery,
                    &self.commands,
                )
            });
        let gl_available = frame.gl().is_some();
        egui::CentralPanel::default().show(ui, |ui| self.central_panel(ui, gl_available));
        self.classic
            .properties_window(&ctx, &self.state.preset, self.state.shown.as_ref());
        if let Some(answer) = dialogs::confirm_ui(&ctx, &self.state) {
            self.answer_confirm(answer);
        }

        self.process_commands(&ctx);
        // A drag is one undo step: record only when nothing is being dragged.
        if ctx.dragged_id().is_none() {
            self.state.history.commit(&self.state.preset);
        }
        self.submit_if_changed(&ctx);
        if self.state.rendering.is_some() {
            ctx.request_repaint_after(Duration::from_millis(50));
        }
        let title = self.state.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn on_exit(&mut self, gl: Option<&glow::Context>) {
        if let Some(gl) = gl {
            self.terrain.destroy(gl);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.state.persisted.last_preset = self.state.path.clone();
        self.state.persisted.view = self.state.view.clone();
        eframe::set_value(storage, eframe::APP_KEY, &self.state.persisted);
    }
}
