//! The "Texture" group: size, seed, octaves, initial step, persistence, displacement.

use super::kept_slider::kept_slider;
use super::labelled::labelled;
use crate::engine::random::mix32;
use crate::engine::{Displacement, NoiseParams, Preset};
use crate::engine::{MAX_OCTAVES, MAX_SIZE};

/// Power-of-two sizes offered in the size menu.
const SIZES: [u32; 7] = [128, 256, 512, 1024, 2048, 4096, 8192];

/// A seed from the clock (no need for cryptographic randomness here).
fn random_seed(previous: i32) -> i32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() ^ (d.as_secs() as u32));
    (mix32(nanos ^ previous as u32) & 0x7fff_ffff) as i32
}

/// Edits the texture group: size and tiling of the whole texture, the rest of layer
/// `layer`.
pub fn texture_ui(ui: &mut egui::Ui, preset: &mut Preset, layer: usize) {
    let stack = &mut preset.layers;
    let layer = layer.min(stack.len() - 1);
    let size = size_ui(ui, stack.size());
    if size != stack.size() && size > 0 {
        *stack = stack.resized(size);
    }
    let n = &mut stack[layer].noise;
    seed_ui(ui, n);
    octaves_ui(ui, n, size);
    displacement_ui(ui, n);
    let mut tileable = stack.tileable();
    ui.checkbox(&mut tileable, "Tileable")
        .on_hover_text("Wrap every octave's grid of every layer so the texture repeats seamlessly (needs power-of-two size and step).");
    if tileable != stack.tileable() {
        stack.set_tileable(tileable);
    }
}

/// The size menu and the custom size field; returns the size chosen.
fn size_ui(ui: &mut egui::Ui, mut size: u32) -> u32 {
    labelled(
        ui,
        "Size",
        "Side of the square texture in pixels. Larger sizes keep the look (the initial step scales along) with more detail.",
        |ui| {
            let r = egui::ComboBox::from_id_salt("size")
                .selected_text(format!("{size} px"))
                .show_ui(ui, |ui| {
                    for s in SIZES {
                        ui.selectable_value(&mut size, s, format!("{s} x {s}"));
                    }
                })
                .response;
            ui.add(
                egui::DragValue::new(&mut size)
                    .update_while_editing(false)
                    .range(16..=MAX_SIZE)
                    // A preset smaller than 16 px (valid) is shown, not raised.
                    .clamp_existing_to_range(false)
                    .speed(4)
                    .suffix(" px"),
            )
            .on_hover_text("Custom size (any value from 16 to 16384)");
            r
        },
    );
    size
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
        .on_hover_text("Pick a new seed at random")
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
            egui::ComboBox::from_id_salt("initial-step")
                .selected_text(format!("{step} px"))
                .show_ui(ui, |ui| {
                    let mut s = 1u32;
                    while s <= size {
                        ui.selectable_value(&mut step, s, format!("{s} px"));
                        s = s.saturating_mul(2);
                    }
                })
                .response
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
