//! The desktop designer (eframe/egui): the only crate of Lattice Studio that uses a UI
//! toolkit.
//!
//! Data flow: panels edit a draft of the preset and push [`Command`]s; the app drains
//! them in one place (`execute.rs`); parameter changes go to the worker
//! thread, whose results come back as commands and are uploaded as one texture.

#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(unreachable_pub)]

// The layers below, under the names the designer's modules use.
use lattice_formats::{command_text, files, mesh, pixels};
use lattice_noise as engine;

mod central_panel;
mod classic_view;
mod command;
mod compare;
mod dialogs;
mod display_image;
mod execute;
mod features_ui;
mod file_commands;
mod file_jobs;
mod file_picker;
mod gallery;
mod history;
mod in_window_picker;
mod latency_clock;
mod layer_thumbs;
mod light_pad;
mod memory_estimate;
mod menu;
mod notices;
mod octave_controls;
mod panels;
mod pick_request;
mod preset_browser;
mod preset_entry;
mod preview;
mod preview_format;
mod preview_kind;
mod properties;
mod recycler;
mod release_splitter;
mod render_result;
mod save_target;
mod shortcuts;
mod side_panel;
mod state;
mod status_bar;
mod submit;
mod terrain;
mod thumbnail_cache;
mod undo_selection;
mod view_settings;
mod worker;

pub use command::Command;
pub use file_picker::{FilePicker, NativePicker, ScriptedPicker};
pub use panels::layer_row_text;
pub use pick_request::{PickPurpose, PickRequest};
pub use preset_browser::{APP_ID, shipped_preset_dir, user_preset_dir};
pub use preset_entry::PresetEntry;
pub use preview_kind::PreviewKind;
pub use state::{AppState, Message, PendingAction, Persisted};
pub use terrain::{MeshInfo, TerrainSettings};
pub use thumbnail_cache::{ThumbnailCache, ThumbnailState, render_thumbnail};
pub use view_settings::{DisplayMode, ViewSettings};

use command::CommandQueue;
use egui::Rect;
use preview::{Hover, PreviewView};
use std::path::PathBuf;
use std::time::Duration;
use worker::Worker;

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
    /// The image of [`Self::texture`], kept for a snapshot.
    shown_image: Option<std::sync::Arc<egui::ColorImage>>,
    /// The A/B comparison, once a snapshot was taken.
    compare: Option<compare::Compare>,
    /// What the worker was last asked to render.
    submitted: Option<worker::RenderJob>,
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
    layers_panel: panels::LayersPanel,
    /// The file dialog drawn in the window (where no system dialog can be shown).
    in_window: in_window_picker::InWindowPicker,
    /// Lets a pointer release land where it happened (see [`release_splitter`]).
    release_splitter: release_splitter::ReleaseSplitter,
    /// Times each change until its image is on screen.
    latency: latency_clock::LatencyClock,
    /// Where the preview was drawn last frame.
    preview_rect: Option<Rect>,
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
        let mut state = AppState::new(crate::engine::Preset::default());
        state.shipped_dir = shipped_preset_dir().and_then(|d| d.canonicalize().ok());
        state.user_dir = user_preset_dir();
        state.view = persisted.view.clone().sanitized();
        state.persisted = persisted;
        Self {
            state,
            commands,
            worker,
            picker,
            view: PreviewView::default(),
            texture: None,
            shown_image: None,
            compare: None,
            submitted: None,
            gallery: gallery::Gallery::default(),
            shown_job: 0,
            hover: None,
            after_save: None,
            ctx,
            title: String::new(),
            classic: classic_view::ClassicView::default(),
            layers_panel: panels::LayersPanel::default(),
            in_window: in_window_picker::InWindowPicker::default(),
            release_splitter: release_splitter::ReleaseSplitter::default(),
            latency: latency_clock::LatencyClock::default(),
            preview_rect: None,
            terrain,
        }
    }

    /// The mesh the 3D view shows (or is about to upload), once one was built.
    pub fn terrain_mesh(&self) -> Option<MeshInfo> {
        self.terrain.mesh_info()
    }

    /// Where the A/B split stands while a snapshot is compared (for tests).
    pub fn comparing(&self) -> Option<f32> {
        self.compare.as_ref().filter(|c| c.on).map(|c| c.split)
    }

    /// The document and view state (for tests and embedding).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Side in pixels of the image on screen: the texture as mapped for the preview
    /// (reduced to what the screen shows of a large texture).
    pub fn screen_image_side(&self) -> Option<usize> {
        self.texture.as_ref().map(|t| t.size()[0])
    }

    /// Replaces the file picker (tests use a [`ScriptedPicker`]).
    pub fn set_file_picker(&mut self, picker: Box<dyn FilePicker>) {
        self.picker = picker;
    }

    /// Uses `dir` as the user's preset folder ("Save to my presets", the browser's "My
    /// presets") instead of the one in the system's data folder; rescans the browser.
    pub fn set_user_preset_dir(&mut self, dir: PathBuf) {
        self.state.user_dir = Some(dir);
        self.commands.push(Command::RefreshPresets);
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
                .is_some_and(|s| !s.is_preview && s.layers == self.state.preset.layers)
            && self.submitted.as_ref().is_some_and(|job| {
                job.layers == self.state.preset.layers
                    && job.solo == self.state.solo
                    && job.output == self.state.preset.output
            })
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
                    "Export the texture as the preview shows it: grey, coloured by the ramp, or semi-transparent (Ctrl+E)",
                    Command::ExportAsShown,
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
        self.state.clock = ctx.input(|i| i.time);
        if let Some(latency) = self.latency.frame_started()
            && let Some(shown) = self.state.shown.as_mut()
        {
            shown.latency = Some(latency);
        }
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
        if let Some(command) = self.in_window.ui(&ctx) {
            self.commands.push(command);
        }
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

    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        if self.release_splitter.split(&mut raw_input.events) {
            ctx.request_repaint();
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
