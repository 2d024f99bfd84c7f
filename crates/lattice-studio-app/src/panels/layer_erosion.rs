//! The "Erosion" group of the selected layer: gullies and ridges carved into its
//! heights, with the strength that turns it on and the shape of the gullies.

use super::kept_slider::kept_slider;
use crate::engine::Layer;
use crate::engine::layers::{
    Erosion, MAX_EROSION_BRANCHING, MAX_EROSION_CELLS, MAX_EROSION_OCTAVES, MAX_EROSION_STRENGTH,
};

/// Edits the erosion of `l`: a strength of 0 is none (the other settings are kept, so a
/// strength dragged back up finds them).
pub(crate) fn layer_erosion_ui(ui: &mut egui::Ui, l: &mut Layer) {
    let mut strength = l.erosion.map_or(0.0, |e| e.strength);
    kept_slider(ui, &mut strength, 0.0..=MAX_EROSION_STRENGTH, |v| {
        egui::Slider::new(v, 0.0..=1.5).text("Gully depth")
    })
    .on_hover_text("Erosion strength: depth of the gullies, in heights (0 = no erosion): stripes running down every slope, branching downhill, computed per pixel so regions and tiles match the whole");
    l.set_erosion_strength(strength);
    let Some(e) = &mut l.erosion else {
        return;
    };
    if !e.is_active() {
        ui.weak("Drag the gully depth above 0 to carve gullies.");
        return;
    }
    erosion_shape_ui(ui, e);
}

/// The shape of the gullies: scale, octaves, detail, branching, sharpness, what is kept.
fn erosion_shape_ui(ui: &mut egui::Ui, e: &mut Erosion) {
    kept_slider(ui, &mut e.cells, 1..=MAX_EROSION_CELLS, |v| {
        egui::Slider::new(v, 1..=64)
            .text("Gully cells")
            .logarithmic(true)
    })
    .on_hover_text("Gully scale: cells across the texture at the coarsest octave, about one gully each (fewer = larger gullies)");
    ui.horizontal(|ui| {
        ui.add_enabled_ui(!e.auto_octaves, |ui| {
            kept_slider(ui, &mut e.octaves, 1..=MAX_EROSION_OCTAVES, |v| {
                egui::Slider::new(v, 1..=MAX_EROSION_OCTAVES).text("Gully octaves")
            })
            .on_hover_text("Octaves of gullies, each with cells half the size of the one before");
        });
        ui.checkbox(&mut e.auto_octaves, "Auto").on_hover_text(
            "Octaves down to gully cells of 8 pixels: a larger texture gets finer gullies",
        );
    });
    ui.add(
        egui::Slider::new(&mut e.detail, 0.0..=1.0)
            .text("Detail")
            .fixed_decimals(2),
    )
    .on_hover_text("Depth of each octave's gullies relative to the one before");
    kept_slider(ui, &mut e.branching, 0.0..=MAX_EROSION_BRANCHING, |v| {
        egui::Slider::new(v, 0.0..=1.0)
            .text("Branching")
            .fixed_decimals(2)
    })
    .on_hover_text("How much finer gullies follow the slopes the coarser ones made: 0 runs them parallel down the ground, more makes them branch and wind");
    ui.add(
        egui::Slider::new(&mut e.sharpness, 0.0..=1.0)
            .text("Ridge sharpness")
            .fixed_decimals(2),
    )
    .on_hover_text("0: rounded stripes; 1: sharp crests between round-bottomed gullies");
    ui.add(
        egui::Slider::new(&mut e.keep, 0.0..=1.0)
            .text("Keep peaks and valleys")
            .fixed_decimals(2),
    )
    .on_hover_text("How much summits and valley floors keep their shape: the gullies fade where the ground is strongly curved");
    ui.add(egui::DragValue::new(&mut e.seed).prefix("gully seed "));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of the group on `l`.
    fn frame(l: &mut Layer) {
        let ctx = egui::Context::default();
        ctx.run_ui(egui::RawInput::default(), |ui| layer_erosion_ui(ui, l))
            .textures_delta
            .clear();
    }

    #[test]
    fn a_layer_without_erosion_is_left_without_one() {
        let mut l = Layer::default();
        frame(&mut l);
        assert_eq!(l.erosion, None);
    }

    #[test]
    fn settings_past_the_tracks_are_kept() {
        let mut l = Layer {
            erosion: Some(Erosion {
                strength: 3.0,
                cells: 300,
                branching: 1.8,
                ..Erosion::default()
            }),
            ..Layer::default()
        };
        let before = l.erosion;
        frame(&mut l);
        assert_eq!(l.erosion, before);
    }
}
