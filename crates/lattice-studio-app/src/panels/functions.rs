//! The "Functions" group: proximity, fade and random source.

use super::labelled::labelled;
use crate::{
    engine::Preset,
    engine::{Fade, Proximity, RandomSource},
};

/// Edits the functions group of layer `layer` of `preset`.
pub(crate) fn functions_ui(ui: &mut egui::Ui, preset: &mut Preset, layer: usize) {
    let Some(layer) = preset.layers.get_mut(layer) else {
        return;
    };
    let n = &mut layer.noise;
    labelled(
        ui,
        "Proximity",
        "Shape of the noise around each grid point (the heart of the algorithm). Hover an entry for its formula.",
        |ui| {
            egui::ComboBox::from_id_salt("proximity")
                .selected_text(n.proximity.label())
                .height(480.0)
                .show_ui(ui, |ui| {
                    for p in Proximity::ALL {
                        ui.selectable_value(&mut n.proximity, p, p.label())
                            .on_hover_text(format!("{} = {}", p.id(), p.formula()));
                    }
                })
                .response
        },
    );
    ui.weak(format!("f = {}", n.proximity.formula()));

    labelled(
        ui,
        "Fade",
        "How a grid point's influence falls to zero at the neighbouring grid points.",
        |ui| {
            egui::ComboBox::from_id_salt("fade")
                .selected_text(n.fade.label())
                .show_ui(ui, |ui| {
                    for f in Fade::ALL {
                        ui.selectable_value(&mut n.fade, f, f.label())
                            .on_hover_text(f.description());
                    }
                })
                .response
        },
    );

    labelled(
        ui,
        "Random source",
        "Where the random numbers at the grid points come from.",
        |ui| {
            egui::ComboBox::from_id_salt("random")
                .selected_text(n.random.label())
                .show_ui(ui, |ui| {
                    for r in RandomSource::ALL {
                        ui.selectable_value(&mut n.random, r, r.label())
                            .on_hover_text(r.description());
                    }
                })
                .response
        },
    );
}
