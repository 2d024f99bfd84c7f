//! The "Layers" group: the stack, top layer first, with add, duplicate, delete,
//! rename, reorder, enable and solo. Every operation edits the draft preset, so each is
//! one undo step.

use crate::engine::Preset;
use crate::engine::{Layer, MAX_LAYERS, NoiseParams};
use crate::layer_thumbs::{LAYER_THUMB, LayerThumbs};

/// What the Layers group keeps between frames.
#[derive(Debug, Default)]
pub(crate) struct LayersPanel {
    /// Per-layer thumbnails.
    pub thumbs: LayerThumbs,
    /// The name being typed for the selected layer (applied on Enter or focus loss).
    rename: Option<(usize, String)>,
    /// Whether the name field had the keyboard last frame (while it has, the text is
    /// the user's; otherwise it follows the layer, which a load or undo may rename).
    typing: bool,
    /// Why the last operation was refused.
    error: Option<String>,
}

/// A new layer above `below`: its noise with the next seed, normal blend.
fn new_layer(below: &NoiseParams) -> Layer {
    let noise = NoiseParams {
        seed: below.seed.wrapping_add(1),
        ..below.clone()
    };
    Layer::new("Layer", noise)
}

/// Edits the stack of `draft`; `layer` is the selected layer, `solo` the soloed one.
pub(crate) fn layers_ui(
    ui: &mut egui::Ui,
    draft: &mut Preset,
    layer: &mut usize,
    solo: &mut Option<usize>,
    panel: &mut LayersPanel,
) {
    *layer = (*layer).min(draft.layers.len() - 1);
    stack_buttons_ui(ui, draft, layer, solo);
    layer_rows_ui(ui, draft, layer, solo, panel);
    rename_ui(ui, draft, *layer, panel);
}

/// Add, duplicate, delete and move the selected layer.
fn stack_buttons_ui(
    ui: &mut egui::Ui,
    draft: &mut Preset,
    layer: &mut usize,
    solo: &mut Option<usize>,
) {
    let sel = *layer;
    ui.horizontal_wrapped(|ui| {
        let full = draft.layers.len() >= MAX_LAYERS;
        if ui
            .add_enabled(!full, egui::Button::new("Add layer"))
            .on_hover_text("A new layer above the selected one (next seed)")
            .clicked()
        {
            let l = new_layer(&draft.layers[sel].noise);
            if let Ok(at) = draft.layers.insert(sel + 1, l) {
                *layer = at;
            }
        }
        if ui
            .add_enabled(!full, egui::Button::new("Duplicate layer"))
            .on_hover_text("A copy of the selected layer above it")
            .clicked()
        {
            let mut l = draft.layers[sel].clone();
            l.name = format!("{} copy", l.name);
            if let Ok(at) = draft.layers.insert(sel + 1, l) {
                *layer = at;
            }
        }
        if ui
            .add_enabled(draft.layers.len() > 1, egui::Button::new("Delete layer"))
            .on_hover_text("Remove the selected layer (masks and warps reading it are dropped)")
            .clicked()
            && draft.remove_layer(sel).is_ok()
        {
            *layer = sel.saturating_sub(1);
            *solo = None;
        }
        if ui
            .add_enabled(
                sel + 1 < draft.layers.len(),
                egui::Button::new("Move layer up"),
            )
            .clicked()
        {
            draft.layers.move_layer(sel, sel + 1);
            *layer = sel + 1;
            *solo = None;
        }
        if ui
            .add_enabled(sel > 0, egui::Button::new("Move layer down"))
            .clicked()
        {
            draft.layers.move_layer(sel, sel - 1);
            *layer = sel - 1;
            *solo = None;
        }
    });
}

/// One row per layer, top layer first: thumbnail, visibility, solo, and the name that
/// selects it.
fn layer_rows_ui(
    ui: &mut egui::Ui,
    draft: &mut Preset,
    layer: &mut usize,
    solo: &mut Option<usize>,
    panel: &mut LayersPanel,
) {
    let ctx = ui.ctx().clone();
    // Top layer first, as in image editors.
    for i in (0..draft.layers.len()).rev() {
        ui.horizontal(|ui| {
            let side = egui::vec2(LAYER_THUMB as f32, LAYER_THUMB as f32);
            match panel.thumbs.get(&ctx, &draft.layers, i) {
                Some(tex) => ui.add(egui::Image::new((tex, side))),
                None => ui.add_sized(side, egui::Label::new("...")),
            };
            let l = &mut draft.layers[i];
            ui.checkbox(&mut l.enabled, "")
                .on_hover_text(format!("Show '{}' in the composite", l.name));
            let soloed = *solo == Some(i);
            // Solo is a lit toggle, not a highlighted row, so it never reads as the
            // selection.
            let solo_button = egui::Button::new(egui::RichText::new("S").strong()).selected(soloed);
            let solo_button = if soloed {
                solo_button.fill(egui::Color32::from_rgb(200, 150, 20))
            } else {
                solo_button
            };
            if ui
                .add(solo_button)
                .on_hover_text(format!("Preview '{}' alone", l.name))
                .clicked()
            {
                *solo = if soloed { None } else { Some(i) };
            }
            if ui
                .selectable_label(*layer == i, layer_row_text(l))
                .on_hover_text("Select this layer: the groups below edit it")
                .clicked()
            {
                *layer = i;
                panel.rename = None;
            }
            badges_ui(ui, l);
        });
    }
    if panel.thumbs.is_busy() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
    }
}

/// What a layer's row says: its name, blend mode and opacity (the same two decimals as
/// the Opacity slider).
pub fn layer_row_text(l: &Layer) -> String {
    format!("{}  {} {:.2}", l.name, l.blend.label(), l.opacity)
}

/// Small tags after a layer's row for what shapes it besides its noise: a mask, a warp,
/// erosion, a blur.
fn badges_ui(ui: &mut egui::Ui, l: &Layer) {
    let badge = |ui: &mut egui::Ui, text: &str, hover: String| {
        ui.label(egui::RichText::new(text).small().weak())
            .on_hover_text(hover);
    };
    if l.heights_below {
        let hover = "Its heights are the composite of the enabled layers under it".to_owned();
        badge(ui, "below", hover);
    }
    if let Some(mask) = &l.mask {
        badge(ui, "mask", format!("Opacity scaled by layer '{mask}'"));
    } else if l.mask_below {
        let by = l.mask_slope.map_or("height", |m| m.measure.name());
        let hover = format!("Opacity scaled by the {by} of the stack below");
        badge(ui, "mask", hover);
    }
    if l.active_warp().is_some() {
        badge(ui, "warp", "Sampled through a domain warp".to_owned());
    }
    if let Some(e) = l.active_erosion() {
        badge(
            ui,
            "eroded",
            format!("Gullies {} deep carved into it", e.strength),
        );
    }
    if let Some(d) = l.active_droplets() {
        let hover = format!("Eroded by {} droplets per pixel", d.density);
        badge(ui, "droplets", hover);
    }
    let blur = l.active_blur();
    if blur > 0.0 {
        badge(ui, "blur", format!("Blurred, radius {blur} px"));
    }
}

/// The selected layer's name, applied when the field loses focus (a refused name is
/// said and the old one comes back).
fn rename_ui(ui: &mut egui::Ui, draft: &mut Preset, sel: usize, panel: &mut LayersPanel) {
    let typing = panel.typing;
    let (at, name) = panel
        .rename
        .get_or_insert_with(|| (sel, draft.layers[sel].name.clone()));
    if *at != sel || !typing {
        *at = sel;
        name.clone_from(&draft.layers[sel].name);
    }
    let r = ui
        .horizontal(|ui| {
            let l = ui.label("Name");
            ui.text_edit_singleline(name).labelled_by(l.id)
        })
        .inner
        .on_hover_text("The layer's name (masks and warps refer to it; Enter applies)");
    panel.typing = r.has_focus();
    if r.lost_focus() && *name != draft.layers[sel].name {
        match draft.rename_layer(sel, name) {
            Ok(()) => panel.error = None,
            Err(e) => {
                panel.error = Some(e.to_string());
                *name = draft.layers[sel].name.clone();
            }
        }
    }
    if let Some(e) = &panel.error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}
