//! The central panel: messages, the 2D / 3D bar, and the preview (the flat image with
//! the classic viewer's overlays, or the 3D terrain).

use super::LatticeApp;
use super::dialogs;
use super::terrain::terrain_view::{TerrainInputs, terrain_view_ui};
use super::terrain::view_bar::view_bar_ui;
use crate::services::PreviewKind;
use egui::Rect;

impl LatticeApp {
    /// Draws the central panel; `gl_available` when the window renders with OpenGL.
    pub(super) fn central_panel(&mut self, ui: &mut egui::Ui, gl_available: bool) {
        dialogs::messages_ui(ui, &mut self.state);
        let has_ramp = self.state.preset.output.ramp.is_some();
        view_bar_ui(ui, &mut self.state.view, has_ramp, &self.commands);
        if self.state.view.kind == PreviewKind::Terrain {
            self.hover = None;
            self.terrain.request_mesh(&self.state);
            let inputs = TerrainInputs {
                settings: &self.state.view.terrain,
                light: self.state.view.light,
                repeat: self.state.view.repeat,
                ramp: self.state.preset.output.ramp.as_ref(),
                gl_available,
            };
            terrain_view_ui(ui, &mut self.terrain, &inputs);
            return;
        }
        let hm = self.state.shown.as_ref().map(|s| s.heightmap.as_ref());
        let see_through = self.submitted.as_ref().is_some_and(|w| w.2.has_alpha());
        let clip = Rect::from_min_size(ui.cursor().min, ui.available_size());
        self.hover = self.view.ui(
            ui,
            self.texture.as_ref(),
            self.state.preset.noise.size,
            see_through,
            hm,
            self.state.view.repeat,
        );
        let image = self.view.image_rect(clip, self.state.preset.noise.size);
        let shown = self.state.shown.as_ref();
        self.classic
            .overlay_ui(ui, clip, image, &self.state.preset.noise, shown);
    }
}
