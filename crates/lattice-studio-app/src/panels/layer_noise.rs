//! The "Noise" group of the selected layer: its seed, octaves, initial step,
//! persistence, grid displacement and isotropic mode. The header names the layer it acts on.

use super::choice_combo::choice_combo;
use super::kept_slider::kept_slider;
use super::labelled::labelled;
use crate::engine::random::mix32;
use crate::engine::{Displacement, Isotropy, MAX_OCTAVES, NoiseParams, Preset};

/// A seed from the clock (no need for cryptographic randomness here).
pub(super) fn random_seed(previous: i32) -> i32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() ^ (d.as_secs() as u32));
    (mix32(nanos ^ previous as u32) & 0x7fff_ffff) as i32
}

/// Edits the noise of layer `layer` (its octave steps up to the texture's size).
pub(crate) fn layer_noise_ui(ui: &mut egui::Ui, preset: &mut Preset, layer: usize) {
    let stack = &mut preset.layers;
    let layer = layer.min(stack.len() - 1);
    let size = stack.size();
    let n = &mut stack[layer].noise;
    seed_ui(ui, n);
    octaves_ui(ui, n, size);
    displacement_ui(ui, n);
    isotropy_ui(ui, n);
}

/// The isotropic mode: one checkbox for all of it, and beside it a menu of its parts
/// for those who want one alone.
fn isotropy_ui(ui: &mut egui::Ui, n: &mut NoiseParams) {
    let mut all = n.isotropy.is_full();
    let partly = !all && !n.isotropy.is_off();
    let label = if partly {
        "Isotropic (partly)"
    } else {
        "Isotropic"
    };
    ui.horizontal(|ui| {
        if ui
            .checkbox(&mut all, label)
            .on_hover_text(
                "Hide the square grid: no creases along the axes and diagonals, no blocky \
                 cells. A round window per grid point, each point turned by a random angle, \
                 each octave's grid shifted. Slower than the square grid.",
            )
            .changed()
        {
            n.isotropy = if all { Isotropy::FULL } else { Isotropy::OFF };
        }
        ui.menu_button("Parts", |ui| {
            let i = &mut n.isotropy;
            let parts = [
                (&mut i.round_window, "Round window"),
                (&mut i.turned_points, "Turned points"),
                (&mut i.rotated_octaves, "Rotated octaves"),
                (&mut i.shifted_octaves, "Shifted octaves"),
            ];
            for ((value, label), (_, what)) in parts.into_iter().zip(Isotropy::PARTS) {
                ui.checkbox(value, label).on_hover_text(what);
            }
        })
        .response
        .on_hover_text("Switch the isotropic mode's parts one by one");
    });
}

/// The layer's seed and the button that draws a new one.
fn seed_ui(ui: &mut egui::Ui, n: &mut NoiseParams) {
    labelled(
        ui,
        "Seed",
        "Seed of the random numbers at the grid points: another seed, another texture of the same kind.",
        |ui| {
            ui.add(
                egui::DragValue::new(&mut n.seed)
                    .update_while_editing(false)
                    .speed(1),
            )
        },
    );
    if ui
        .button("Random seed")
        .on_hover_text("Pick a new seed at random for this layer (Reseed every layer, under Size and tiling, reseeds them all)")
        .clicked()
    {
        n.seed = random_seed(n.seed);
    }
}

/// Octave count, first step and persistence of the layer (steps up to `size`).
fn octaves_ui(ui: &mut egui::Ui, n: &mut NoiseParams, size: u32) {
    ui.horizontal(|ui| {
        ui.add_enabled_ui(!n.auto_octaves, |ui| {
            kept_slider(ui, &mut n.octaves, 0..=MAX_OCTAVES, |v| {
                egui::Slider::new(v, 1..=16)
                    .text("Octaves")
                    .update_while_editing(false)
            })
            .on_hover_text("Number of layers; each one halves the grid step and adds finer detail. Steps below one pixel are skipped.");
        });
        ui.checkbox(&mut n.auto_octaves, "Auto").on_hover_text(
            "Octaves down to a one-pixel step: a larger texture gets finer detail instead of bigger pixels",
        );
    });
    if n.auto_octaves {
        let count = NoiseParams { size, ..n.clone() }.octave_count();
        ui.weak(format!("{count} octaves at {size} px"));
    }

    let mut step = n.initial_step;
    labelled(
        ui,
        "Initial step",
        "Grid step of the first (coarsest) octave, in pixels: the size of the largest features.",
        |ui| {
            // Powers of two up to the size.
            let steps = (0..u32::BITS).map(|k| 1u32 << k).take_while(|&s| s <= size);
            let options = steps.map(|s| (s, format!("{s} px"), ""));
            choice_combo(ui, "initial-step", format!("{step} px"), &mut step, options)
        },
    );
    n.initial_step = step.clamp(1, size.max(1));

    ui.add(
        egui::Slider::new(&mut n.persistence, 0.0..=1.0)
            .text("Persistence")
            .fixed_decimals(2)
            .update_while_editing(false),
    )
    .on_hover_text("How strong the fine octaves are: octave amplitude is (step/size)^(1 - persistence). 0 = smooth, 1 = every octave equally strong.");
}

/// The per-octave grid shift of the layer.
fn displacement_ui(ui: &mut egui::Ui, n: &mut NoiseParams) {
    labelled(
        ui,
        "Grid displacement",
        "Shifts each octave's grid by half or a quarter of its step so grid lines of octaves do not coincide.",
        |ui| {
            ui.horizontal(|ui| {
                for (d, label) in [
                    (Displacement::None, "None"),
                    (Displacement::Half, "Half"),
                    (Displacement::Quarter, "Quarter"),
                ] {
                    ui.radio_value(&mut n.displacement, d, label)
                        .on_hover_text(format!(
                            "Grid origin shifted by {}",
                            match d {
                                Displacement::None => "nothing",
                                Displacement::Half => "-step/2",
                                Displacement::Quarter => "-step/4",
                            }
                        ));
                }
            })
            .response
        },
    );
}
