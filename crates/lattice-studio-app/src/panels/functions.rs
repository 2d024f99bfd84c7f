//! The "Functions" group: what shapes the noise (a proximity function and fade, or a
//! cellular noise) and the random source.

use super::choice_combo::{choice_combo, enum_combo};
use super::kept_slider::kept_slider;
use super::labelled::labelled;
use crate::{
    engine::Preset,
    engine::{CellDistance, CellOutput, Cellular, Fade, NoiseParams, Proximity, RandomSource},
};

/// Edits the functions group of layer `layer` of `preset`.
pub(crate) fn functions_ui(ui: &mut egui::Ui, preset: &mut Preset, layer: usize) {
    let Some(layer) = preset.layers.get_mut(layer) else {
        return;
    };
    let n = &mut layer.noise;
    kind_ui(ui, n);
    match &mut n.cellular {
        Some(c) => cellular_ui(ui, c),
        None => lattice_ui(ui, n),
    }
    random_ui(ui, n);
}

/// Lattice functions or cellular noise.
fn kind_ui(ui: &mut egui::Ui, n: &mut NoiseParams) {
    let mut cellular = n.cellular.is_some();
    labelled(
        ui,
        "Kind",
        "Lattice: a proximity function times a fade around each grid point. Cellular \
         (Worley): distances to one random point per grid cell.",
        |ui| {
            let shown = if cellular { "Cellular" } else { "Lattice" };
            let options = [(false, "Lattice", ""), (true, "Cellular", "")];
            choice_combo(ui, "noise-kind", shown, &mut cellular, options)
        },
    );
    // Only a changed choice writes, so opening the menu edits nothing.
    if cellular != n.cellular.is_some() {
        n.cellular = cellular.then(Cellular::default);
    }
}

/// The cellular noise's output, distance and jitter.
fn cellular_ui(ui: &mut egui::Ui, c: &mut Cellular) {
    labelled(
        ui,
        "Cell output",
        "What a pixel's value is made of: distances to the nearest (F1) and second-nearest (F2) points, or the nearest point's own value.",
        |ui| {
            enum_combo(
                ui,
                "cell-output",
                &mut c.output,
                CellOutput::ALL,
                CellOutput::label,
                CellOutput::formula,
            )
        },
    );
    labelled(
        ui,
        "Cell distance",
        "How distances to the points are measured.",
        |ui| {
            enum_combo(
                ui,
                "cell-distance",
                &mut c.distance,
                CellDistance::ALL,
                CellDistance::label,
                CellDistance::formula,
            )
        },
    );
    kept_slider(ui, &mut c.jitter, 0.0..=1.0, |v| {
        egui::Slider::new(v, 0.0..=1.0).text("Jitter")
    })
    .on_hover_text("How far each point strays from its cell's centre: 0 a regular grid, 1 anywhere in the cell");
    ui.weak(format!("value = {}", c.output.formula()));
}

/// The proximity function and fade of a lattice noise.
fn lattice_ui(ui: &mut egui::Ui, n: &mut NoiseParams) {
    labelled(
        ui,
        "Proximity",
        "Shape of the noise around each grid point (the heart of the algorithm). Hover an entry for its formula.",
        |ui| {
            enum_combo(
                ui,
                "proximity",
                &mut n.proximity,
                Proximity::ALL,
                Proximity::label,
                |p| format!("{} = {}", p.id(), p.formula()),
            )
        },
    );
    ui.weak(format!("f = {}", n.proximity.formula()));

    labelled(
        ui,
        "Fade",
        "How a grid point's influence falls to zero at the neighbouring grid points.",
        |ui| {
            enum_combo(
                ui,
                "fade",
                &mut n.fade,
                Fade::ALL,
                Fade::label,
                Fade::description,
            )
        },
    );
}

/// Where the random numbers at the grid points come from.
fn random_ui(ui: &mut egui::Ui, n: &mut NoiseParams) {
    labelled(
        ui,
        "Random source",
        "Where the random numbers at the grid points come from.",
        |ui| {
            enum_combo(
                ui,
                "random",
                &mut n.random,
                RandomSource::ALL,
                RandomSource::label,
                RandomSource::description,
            )
        },
    );
}
