//! The "Size and tiling" group: what belongs to the whole texture rather than to one
//! layer (its size, tiling, and a new seed for every layer at once).

use super::choice_combo::choice_combo;
use super::labelled::labelled;
use super::layer_noise::random_seed;
use crate::engine::{LayerStack, MAX_SIZE, Preset, WarpSource};
use crate::memory_estimate::{human_bytes, memory_estimate};

/// Power-of-two sizes offered in the size menu.
const SIZES: [u32; 7] = [128, 256, 512, 1024, 2048, 4096, 8192];

/// Edits the whole texture: size, tiling, and a reseed of every layer.
pub(crate) fn texture_ui(ui: &mut egui::Ui, preset: &mut Preset) {
    let stack = &mut preset.layers;
    let size = size_ui(ui, stack);
    if size != stack.size() && size > 0 {
        *stack = stack.resized(size);
    }
    let mut tileable = stack.tileable();
    ui.checkbox(&mut tileable, "Tileable")
        .on_hover_text("Wrap every octave's grid of every layer so the texture repeats seamlessly (needs power-of-two size and step).");
    if tileable != stack.tileable() {
        stack.set_tileable(tileable);
    }
    if ui
        .button("Reseed every layer")
        .on_hover_text("A new random seed for every layer and every warp noise: another texture of the same kind")
        .clicked()
    {
        for layer in stack.layers_mut() {
            layer.noise.seed = random_seed(layer.noise.seed);
            if let Some(WarpSource::Noise(n)) = layer.warp.as_mut().map(|w| &mut w.source) {
                n.seed = random_seed(n.seed);
            }
        }
    }
}

/// Sizes from which the menu says how much memory they need.
const LARGE_SIZE: u32 = 4096;

/// The size menu and the custom size field for `stack`; returns the size chosen.
fn size_ui(ui: &mut egui::Ui, stack: &LayerStack) -> u32 {
    let mut size = stack.size();
    labelled(
        ui,
        "Size",
        "Side of the square texture in pixels. Larger sizes keep the look (the initial step scales along) with more detail.",
        |ui| {
            let options = SIZES.into_iter().map(|s| {
                let label = if s >= LARGE_SIZE {
                    // Said before switching: a large size can take gigabytes.
                    let bytes = memory_estimate(stack, s);
                    format!("{s} x {s}  (about {} of memory)", human_bytes(bytes))
                } else {
                    format!("{s} x {s}")
                };
                (s, label, "")
            });
            let r = choice_combo(ui, "size", format!("{size} px"), &mut size, options);
            ui.add(
                egui::DragValue::new(&mut size)
                    .update_while_editing(false)
                    .range(16..=MAX_SIZE)
                    // A preset smaller than 16 px (valid) is shown, not raised.
                    .clamp_existing_to_range(false)
                    .speed(4)
                    .suffix(" px"),
            )
            .on_hover_text(format!(
                "Custom size (any value from 16 to 16384); at this size the designer needs about {} of memory",
                human_bytes(memory_estimate(stack, size))
            ));
            r
        },
    );
    size
}
