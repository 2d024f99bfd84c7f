//! The "Droplets" group of the selected layer: its simulated erosion by water droplets,
//! with the density that turns it on and how the droplets behave.

use super::kept_slider::kept_slider;
use crate::engine::Layer;
use crate::engine::layers::{
    Droplets, MAX_DROPLET_CAPACITY, MAX_DROPLET_DENSITY, MAX_DROPLET_GRID, MAX_DROPLET_LIFETIME,
    MAX_DROPLET_RADIUS, MIN_DROPLET_GRID,
};

/// Edits the droplets of `l`: a density of 0 is none (the other settings are kept, so a
/// density dragged back up finds them).
pub(crate) fn layer_droplets_ui(ui: &mut egui::Ui, l: &mut Layer) {
    let mut density = l.droplets.map_or(0.0, |d| d.density);
    kept_slider(ui, &mut density, 0.0..=MAX_DROPLET_DENSITY, |v| {
        egui::Slider::new(v, 0.0..=4.0)
            .text("Droplets per pixel")
            .fixed_decimals(2)
    })
    .on_hover_text("Simulated erosion: water droplets per pixel of the simulation grid (0 = none). They run down the slopes taking soil and leave it where they slow, so channels join into valleys and sediment fills the hollows");
    l.set_droplet_density(density);
    let Some(d) = &mut l.droplets else {
        return;
    };
    if !d.is_active() {
        ui.weak("Drag the droplets above 0 to run the simulation.");
        return;
    }
    droplet_settings_ui(ui, d);
    ui.weak(format!(
        "{} droplets on the whole texture at {g} x {g}, once per change; the carving is added at every size.",
        d.count(),
        g = d.grid
    ));
}

/// The simulation's grid and the droplets' behaviour.
fn droplet_settings_ui(ui: &mut egui::Ui, d: &mut Droplets) {
    kept_slider(ui, &mut d.grid, MIN_DROPLET_GRID..=MAX_DROPLET_GRID, |v| {
        egui::Slider::new(v, MIN_DROPLET_GRID..=MAX_DROPLET_GRID)
            .text("Grid")
            .logarithmic(true)
    })
    .on_hover_text("Pixels across the grid the droplets run on: finer channels on a larger grid, and a longer simulation (about 8 times for twice the grid)");
    kept_slider(ui, &mut d.lifetime, 1..=MAX_DROPLET_LIFETIME, |v| {
        egui::Slider::new(v, 1..=128).text("Droplet steps")
    })
    .on_hover_text("Steps a droplet runs at most, per 512 pixels of grid: how far channels reach");
    kept_slider(ui, &mut d.radius, 1.0..=MAX_DROPLET_RADIUS, |v| {
        egui::Slider::new(v, 1.0..=MAX_DROPLET_RADIUS)
            .text("Channel radius")
            .fixed_decimals(1)
    })
    .on_hover_text("Grid pixels around a droplet it takes soil from: wider, rounder channels");
    kept_slider(ui, &mut d.inertia, 0.0..=0.99, |v| {
        egui::Slider::new(v, 0.0..=0.9)
            .text("Inertia")
            .fixed_decimals(2)
    })
    .on_hover_text("How much a droplet keeps its direction instead of turning down the slope: straighter channels");
    kept_slider(ui, &mut d.capacity, 0.0..=MAX_DROPLET_CAPACITY, |v| {
        egui::Slider::new(v, 0.0..=16.0)
            .text("Capacity")
            .fixed_decimals(1)
    })
    .on_hover_text(
        "How much soil a droplet carries for its speed, water and drop: deeper channels",
    );
    ui.add(
        egui::Slider::new(&mut d.erode, 0.0..=1.0)
            .text("Erode")
            .fixed_decimals(2),
    )
    .on_hover_text("How fast a droplet takes soil up to what it can carry");
    ui.add(
        egui::Slider::new(&mut d.deposit, 0.0..=1.0)
            .text("Deposit")
            .fixed_decimals(2),
    )
    .on_hover_text("How fast it leaves what it carries beyond that: more fills the valleys flat");
    kept_slider(ui, &mut d.evaporation, 0.0..=0.5, |v| {
        egui::Slider::new(v, 0.0..=0.1)
            .text("Evaporation")
            .fixed_decimals(3)
    })
    .on_hover_text("Share of its water a droplet loses per step: it carries less as it goes");
    ui.add(egui::DragValue::new(&mut d.seed).prefix("droplet seed "));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of the group on `l`.
    fn frame(l: &mut Layer) {
        let ctx = egui::Context::default();
        ctx.run_ui(egui::RawInput::default(), |ui| layer_droplets_ui(ui, l))
            .textures_delta
            .clear();
    }

    #[test]
    fn a_layer_without_droplets_is_left_without_them() {
        let mut l = Layer::default();
        frame(&mut l);
        assert_eq!(l.droplets, None);
    }

    #[test]
    fn settings_past_the_tracks_are_kept() {
        let mut l = Layer {
            droplets: Some(Droplets {
                density: 6.0,
                lifetime: 200,
                capacity: 40.0,
                evaporation: 0.3,
                inertia: 0.95,
                ..Droplets::default()
            }),
            ..Layer::default()
        };
        let before = l.droplets;
        frame(&mut l);
        assert_eq!(l.droplets, before);
    }
}
