//! The central panel: the 2D / 3D bar, notices over the preview, and the preview (the flat image with
//! the classic viewer's overlays, or the 3D terrain).

use super::LatticeApp;
use super::notices;
use super::terrain::shoreline::shoreline;
use super::terrain::terrain_view::{TerrainInputs, terrain_view_ui};
use super::terrain::view_bar::view_bar_ui;
use crate::preview_kind::PreviewKind;
use egui::Rect;

impl LatticeApp {
    /// Draws the central panel; `gl_available` when the window renders with OpenGL.
    pub(super) fn central_panel(&mut self, ui: &mut egui::Ui, gl_available: bool) {
        let ramp = self.state.preset.output.ramp.as_ref();
        let ramp_facts = (ramp.is_some(), ramp.and_then(shoreline));
        if let Some(relief) = self.terrain.take_height_fit() {
            self.state.view.terrain.fit_to(relief);
        }
        let relief = self.terrain.mesh_info().map(|m| m.relief);
        view_bar_ui(
            ui,
            &mut self.state.view,
            (ramp_facts, relief),
            &mut self.compare,
            &self.commands,
        );
        let clip = Rect::from_min_size(ui.cursor().min, ui.available_size());
        self.preview_rect = Some(clip);
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
        } else {
            let hm = self.state.shown.as_ref().map(|s| s.heightmap.as_ref());
            let see_through = self.submitted.as_ref().is_some_and(|w| w.mode.has_alpha());
            self.hover = self.view.ui(
                ui,
                (self.texture.as_ref(), self.compare.as_ref()),
                self.state.preset.size(),
                see_through,
                hm,
                self.state.view.repeat,
            );
            let image = self.view.image_rect(clip, self.state.preset.size());
            let shown = self.state.shown.as_ref();
            // The classic overlays (lattice, probe) follow the selected layer.
            let stack = &self.state.preset.layers;
            let layer = self.state.layer.min(stack.len() - 1);
            let noise = stack.texture_noise(&stack[layer].noise);
            self.classic.overlay_ui(ui, clip, image, &noise, shown);
        }
        notices::notices_ui(ui, &mut self.state, clip);
    }
}
