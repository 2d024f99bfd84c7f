//! The left side panel: the preset's name, the layers and every parameter group of the
//! selected layer, edited on a draft that becomes one command when it changed.

use super::command::Command;
use super::{LatticeApp, features_ui, panels};

impl LatticeApp {
    /// Draws the side panel; a changed draft is sent as [`Command::SetParams`].
    pub(super) fn side_panel(&mut self, ui: &mut egui::Ui) {
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
            egui::CollapsingHeader::new("Layers")
                .default_open(true)
                .show(ui, |ui| {
                    panels::layers_ui(
                        ui,
                        &mut draft,
                        &mut self.state.layer,
                        &mut self.state.solo,
                        &mut self.layers_panel,
                    );
                });
            let layer = self.state.layer.min(draft.layers.len() - 1);
            let multi = draft.layers.len() > 1;
            // Per-layer groups first, under a heading that names the layer they act on,
            // then the whole texture's, so no control's reach is a guess.
            section_heading(ui, &format!("Layer '{}'", draft.layers[layer].name));
            if draft.layers[layer].heights_below {
                // Its noise is not read: its controls would change nothing on screen.
                ui.weak(
                    "Its heights are the stack below (Blend, mask and warp): no noise of its own.",
                );
            } else {
                egui::CollapsingHeader::new("Noise")
                    .default_open(true)
                    .show(ui, |ui| panels::layer_noise_ui(ui, &mut draft, layer));
                egui::CollapsingHeader::new("Functions")
                    .default_open(true)
                    .show(ui, |ui| panels::functions_ui(ui, &mut draft, layer));
            }
            egui::CollapsingHeader::new("Blend, mask and warp")
                .default_open(multi)
                .show(ui, |ui| panels::layer_settings_ui(ui, &mut draft, layer));
            egui::CollapsingHeader::new("Blur, curve and terrace")
                .default_open(false)
                .show(ui, |ui| panels::layer_tone_ui(ui, &mut draft.layers[layer]));
            egui::CollapsingHeader::new("Erosion")
                .default_open(draft.layers[layer].active_erosion().is_some())
                .show(ui, |ui| {
                    panels::layer_erosion_ui(ui, &mut draft.layers[layer])
                });
            egui::CollapsingHeader::new("Droplets")
                .default_open(draft.layers[layer].active_droplets().is_some())
                .show(ui, |ui| {
                    panels::layer_droplets_ui(ui, &mut draft.layers[layer])
                });
            section_heading(ui, "Whole texture");
            egui::CollapsingHeader::new("Size and tiling")
                .default_open(true)
                .show(ui, |ui| panels::texture_ui(ui, &mut draft));
            egui::CollapsingHeader::new("Packed channels")
                .default_open(false)
                .show(ui, |ui| panels::packed_channels_ui(ui, &mut draft));
            // The range of the texture on screen, when it shows these parameters.
            let range = self
                .state
                .shown
                .as_ref()
                .filter(|s| s.layers.resized(draft.size()) == draft.layers)
                .map(|s| (s.stats.min, s.stats.max));
            egui::CollapsingHeader::new("Output")
                .default_open(true)
                .show(ui, |ui| {
                    panels::output_ui(ui, &mut draft, &mut transparent);
                    panels::flat_hint_ui(ui, &mut draft.output, range);
                });
            let shown = self.state.shown.as_ref();
            features_ui::feature_groups(ui, &mut draft, &mut self.state.view, shown);
            egui::CollapsingHeader::new("Classic viewer")
                .default_open(false)
                .show(ui, |ui| self.classic.panel_ui(ui, &mut draft, layer));
        });
        panels::sanitize(&mut draft, &self.state.preset);
        if draft != self.state.preset {
            self.commands.push(Command::SetParams(Box::new(draft)));
        }
        self.state.persisted.transparent = transparent;
    }
}

/// A separator and a strong title between the side panel's sections.
fn section_heading(ui: &mut egui::Ui, title: &str) {
    ui.separator();
    ui.label(egui::RichText::new(title).strong());
}
