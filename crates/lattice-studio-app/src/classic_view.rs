//! The classic viewers' tools: Parberry's table settings, "Randomize", grid and
//! coordinate overlays and properties dialog, and libnoise's lit (bump-map) view.

use super::octave_controls::octave_controls_ui;
use super::panels::{choice_combo, enum_combo, labelled};
use super::state::Shown;
use crate::engine::LatticeInfo;
use crate::engine::random::{Distribution, MAX_TABLE_SIZE, MIN_TABLE_SIZE, mix32};
use crate::pixels::{Light, shade_heights};
use crate::properties::{properties, uses_table};
use crate::{engine::NoiseParams, engine::Preset};
use egui::{Color32, Rect, Stroke, pos2, vec2};

/// View settings of the classic tools (not part of the preset).
#[derive(Default)]
pub(crate) struct ClassicView {
    /// Draw the lattice lines of one octave over the preview.
    pub show_grid: bool,
    /// Which octave's lattice the grid shows (0 = the coarsest).
    pub grid_octave: usize,
    /// Show the noise coordinates of the top-left and bottom-right pixels.
    pub show_coords: bool,
    /// Show the properties window.
    pub show_properties: bool,
    /// Show the lit (bump-mapped) view instead of the grey texture.
    pub lit: bool,
    /// The light of the lit view.
    pub light: Light,
    /// The lit texture and what it was made from (heightmap address, light).
    lit_cache: Option<(usize, Light, egui::TextureHandle)>,
}

impl std::fmt::Debug for ClassicView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassicView")
            .field("show_grid", &self.show_grid)
            .field("lit", &self.lit)
            .finish_non_exhaustive()
    }
}

/// A new seed from the clock and the previous one (Parberry's "Randomize").
fn new_seed(previous: i32) -> i32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() ^ (d.as_secs() as u32));
    (mix32(nanos ^ previous as u32 ^ 0x7261_6e64) & 0x7fff_ffff) as i32
}

impl ClassicView {
    /// The "Classic" side-panel group: edits `draft` (table, normalise, seed) and the view.
    pub(crate) fn panel_ui(&mut self, ui: &mut egui::Ui, draft: &mut Preset, layer: usize) {
        let layer = layer.min(draft.layers.len() - 1);
        let n = &mut draft.layers[layer].noise;
        let table = uses_table(n.random);
        ui.add_enabled_ui(table, |ui| {
            let hover = "Entries of the permutation and gradient/value table (Parberry's viewer): noise from the permutation hash repeats every table-size cells.";
            labelled(ui, "Table size", hover, |ui| {
                let sizes = std::iter::successors(Some(MIN_TABLE_SIZE), |s| s.checked_mul(2))
                    .take_while(|&s| s <= MAX_TABLE_SIZE);
                let options = sizes.map(|s| (s, s.to_string(), ""));
                choice_combo(ui, "table-size", n.table_size.to_string(), &mut n.table_size, options)
            });
            labelled(
                ui,
                "Distribution",
                "How the gradient/value table is filled.",
                |ui| {
                    enum_combo(ui, "distribution", &mut n.distribution, Distribution::ALL, Distribution::label, Distribution::description)
                },
            );
        })
        .response
        .on_disabled_hover_text("Only the permutation, lcg and hash64 sources use a table.");
        if ui
            .button("Randomize")
            .on_hover_text("New seed: re-fills the permutation and the gradient/value table (Parberry's Randomize)")
            .clicked()
        {
            n.seed = new_seed(n.seed);
        }
        ui.checkbox(&mut draft.output.normalize, "Normalize by maximum")
            .on_hover_text("Divide the texture by its maximum so the brightest value is exactly 1 (the layered value noise article).");
        ui.separator();
        octave_controls_ui(ui, &mut draft.layers[layer].noise);
        ui.separator();
        let noise = draft.layers.texture_noise(&draft.layers[layer].noise);
        let octaves = LatticeInfo::new(&noise).octave_count();
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.show_grid, "Grid")
                .on_hover_text("Draw the lattice lines of one octave");
            ui.add_enabled(
                self.show_grid && octaves > 0,
                egui::DragValue::new(&mut self.grid_octave)
                    .update_while_editing(false)
                    .range(0..=octaves.saturating_sub(1))
                    .prefix("octave "),
            )
            .on_hover_text("Which octave's lattice (0 = coarsest)");
        });
        ui.checkbox(&mut self.show_coords, "Coordinates")
            .on_hover_text(
                "Noise coordinates (in first-octave cells, origin included) of the top-left and bottom-right pixels",
            );
        ui.checkbox(&mut self.show_properties, "Properties")
            .on_hover_text("All parameters with the texture's min, max and mean");
        ui.checkbox(&mut self.lit, "Lit view (bump map)")
            .on_hover_text("Light the heights as a bump map: shows the creases of linear and cubic interpolation");
        ui.add_enabled_ui(self.lit, |ui| {
            ui.add(
                egui::Slider::new(&mut self.light.azimuth_deg, 0.0..=360.0)
                    .update_while_editing(false)
                    .text("Light direction"),
            )
            .on_hover_text("Where the light comes from, degrees counter-clockwise from the right");
            ui.add(
                egui::Slider::new(&mut self.light.elevation_deg, 5.0..=90.0)
                    .update_while_editing(false)
                    .text("Light height"),
            )
            .on_hover_text("Angle of the light above the surface");
            ui.add(
                egui::Slider::new(&mut self.light.strength, 0.5..=32.0)
                    .update_while_editing(false)
                    .logarithmic(true)
                    .text("Relief"),
            )
            .on_hover_text("Slope exaggeration");
        });
    }

    /// Draws the lit view and the overlays over the preview's image rectangle.
    pub(crate) fn overlay_ui(
        &mut self,
        ui: &egui::Ui,
        clip: Rect,
        image_rect: Rect,
        noise: &NoiseParams,
        shown: Option<&Shown>,
    ) {
        let painter = ui.painter_at(clip);
        if self.lit
            && let Some(tex) = self.lit_texture(ui.ctx(), shown)
        {
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            painter.image(tex.id(), image_rect, uv, Color32::WHITE);
        }
        let info = LatticeInfo::new(noise);
        let px = image_rect.width() / noise.size.max(1) as f32;
        if self.show_grid {
            let [cols, rows] = info.grid_lines(self.grid_octave);
            // Lines closer than 3 screen points would only grey the image out.
            let spacing = cols
                .windows(2)
                .next()
                .map_or(f32::MAX, |w| (w[1] - w[0]) as f32 * px);
            if spacing >= 3.0 {
                let stroke = Stroke::new(1.0, Color32::from_rgba_unmultiplied(255, 60, 60, 160));
                for &c in &cols {
                    let x = image_rect.min.x + c as f32 * px;
                    painter.line_segment(
                        [pos2(x, image_rect.min.y), pos2(x, image_rect.max.y)],
                        stroke,
                    );
                }
                for &r in &rows {
                    let y = image_rect.min.y + r as f32 * px;
                    painter.line_segment(
                        [pos2(image_rect.min.x, y), pos2(image_rect.max.x, y)],
                        stroke,
                    );
                }
            }
        }
        if self.show_coords {
            let (tl, br) = info.corner_coords();
            let font = egui::FontId::monospace(13.0);
            for (text, pos, align) in [
                (
                    format!("({:.3}, {:.3})", tl[0], tl[1]),
                    image_rect.min + vec2(4.0, 4.0),
                    egui::Align2::LEFT_TOP,
                ),
                (
                    format!("({:.3}, {:.3})", br[0], br[1]),
                    image_rect.max - vec2(4.0, 4.0),
                    egui::Align2::RIGHT_BOTTOM,
                ),
            ] {
                let galley_rect = painter.text(pos, align, &text, font.clone(), Color32::YELLOW);
                painter.rect_filled(galley_rect.expand(2.0), 2.0, Color32::from_black_alpha(160));
                painter.text(pos, align, text, font.clone(), Color32::YELLOW);
            }
        }
    }

    fn lit_texture(
        &mut self,
        ctx: &egui::Context,
        shown: Option<&Shown>,
    ) -> Option<&egui::TextureHandle> {
        let shown = shown?;
        let key = std::sync::Arc::as_ptr(&shown.heightmap) as usize;
        let fresh = matches!(&self.lit_cache, Some((k, l, _)) if *k == key && *l == self.light);
        if !fresh {
            let hm = shown.heightmap.as_ref();
            let s = hm.size() as usize;
            let lit = shade_heights(hm, &self.light, false);
            let image = egui::ColorImage::from_gray([s, s], lit.as_raw());
            let tex = ctx.load_texture("lit-view", image, egui::TextureOptions::LINEAR);
            self.lit_cache = Some((key, self.light, tex));
        }
        self.lit_cache.as_ref().map(|(_, _, t)| t)
    }

    /// The properties window (Parberry's File > Properties).
    pub(crate) fn properties_window(
        &mut self,
        ctx: &egui::Context,
        preset: &Preset,
        shown: Option<&Shown>,
    ) {
        let mut open = self.show_properties;
        // Start over the preset browser, where it hides the least of the preview.
        let right = ctx.content_rect().right();
        egui::Window::new("Properties")
            .open(&mut open)
            .default_pos(pos2(right - 330.0, 60.0))
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("properties").striped(true).show(ui, |ui| {
                    for (name, value) in properties(preset, shown.map(|s| &s.stats)) {
                        ui.label(name);
                        ui.monospace(value);
                        ui.end_row();
                    }
                });
            });
        self.show_properties = open;
    }
}
