//! The bar above the preview: the 2D / 3D switch, and in 3D the height scale, light,
//! colour ramp, wireframe and water controls.

use super::relief::Relief;
use super::terrain_settings::MAX_HEIGHT_SCALE;
use crate::command::{Command, CommandQueue};
use crate::compare::{Compare, compare_ui};
use crate::preview_kind::PreviewKind;
use crate::view_settings::ViewSettings;

/// Draws the bar; switching the view goes through a command (as the keys 2 and 3 do).
/// `shoreline` is the grey level where the preset's colour ramp turns from water to land;
/// `relief` that of the mesh on screen ([`ViewMesh::relief`](super::view_mesh::ViewMesh::relief)).
pub(crate) fn view_bar_ui(
    ui: &mut egui::Ui,
    view: &mut ViewSettings,
    ((has_ramp, shoreline), relief): ((bool, Option<f32>), Option<Relief>),
    compare: &mut Option<Compare>,
    commands: &CommandQueue,
) {
    ui.horizontal_wrapped(|ui| {
        for kind in PreviewKind::ALL {
            let hint = match kind {
                PreviewKind::Flat => "Show the texture as an image (key 2)",
                PreviewKind::Terrain => "Show the heightmap as a lit 3D surface (key 3)",
            };
            if ui
                .selectable_label(view.kind == kind, kind.label())
                .on_hover_text(hint)
                .clicked()
                && view.kind != kind
            {
                commands.push(Command::SetPreviewKind(kind));
            }
        }
        if view.kind != PreviewKind::Terrain {
            ui.separator();
            compare_ui(ui, compare, commands);
            return;
        }
        ui.separator();
        let t = &mut view.terrain;
        let scale = ui
            .add(
                // No `max_decimals`: it rounds the value it is given on the first
                // frame, and reports that as the user's change (turning Fit off).
                egui::Slider::new(&mut t.height_scale, 0.0..=MAX_HEIGHT_SCALE)
                    .text("Height scale"),
            )
            .on_hover_text("Height of white above black, relative to the width (also used by the mesh exports)");
        if scale.changed() {
            t.fit_height = false;
        }
        let fit = ui
            .checkbox(&mut t.fit_height, "Fit")
            .on_hover_text("Fit the height scale to each opened texture's slopes (its hills at about 35 degrees, its finest detail under 63), so fine-grained terrains do not turn to spikes nor smooth ones to flat sheets");
        if fit.changed()
            && let Some(relief) = relief
        {
            t.fit_to(relief);
        }
        ui.add(egui::Slider::new(&mut view.light.azimuth_deg, 0.0..=360.0).text("Light from").suffix(" deg"))
            .on_hover_text("Where the light comes from (the lit preview's light): 0 = right, 90 = top of the image");
        ui.add(egui::Slider::new(&mut view.light.elevation_deg, 1.0..=90.0).text("up").suffix(" deg"))
            .on_hover_text("How high the light stands above the horizon");
        ui.add_enabled(has_ramp, egui::Checkbox::new(&mut t.use_ramp, "Colour ramp"))
            .on_hover_text("Colour the surface with the preset's colour ramp")
            .on_disabled_hover_text("The preset has no colour ramp (see Colour in the side panel)");
        ui.checkbox(&mut t.wireframe, "Wireframe")
            .on_hover_text("Draw the triangles' edges");
        ui.checkbox(&mut t.water, "Water")
            .on_hover_text("A water plane at an adjustable level");
        if let Some(s) = shoreline.filter(|_| t.water_at_shoreline) {
            t.water_level = s;
        }
        let level = ui
            .add_enabled(t.water, egui::Slider::new(&mut t.water_level, 0.0..=1.0).text("Level"))
            .on_hover_text("Height of the water as a grey level");
        if level.changed() {
            t.water_at_shoreline = false;
        }
        ui.add_enabled(
            t.water && shoreline.is_some(),
            egui::Checkbox::new(&mut t.water_at_shoreline, "At shoreline"),
        )
        .on_hover_text("Keep the water where the colour ramp turns from water to land")
        .on_disabled_hover_text("The colour ramp has no shoreline (no water colours at its low end)");
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::CommandQueue;

    /// One frame of the bar in 3D over `view`.
    fn frame(view: &mut ViewSettings) {
        let ctx = egui::Context::default();
        let commands = CommandQueue::default();
        ctx.run_ui(egui::RawInput::default(), |ui| {
            view_bar_ui(
                ui,
                view,
                (
                    (false, None),
                    Some(Relief {
                        fine: 9.0,
                        broad: 2.0,
                    }),
                ),
                &mut None,
                &commands,
            );
        })
        .textures_delta
        .clear();
    }

    #[test]
    fn a_fitted_height_scale_is_shown_as_it_is_and_stays_fitted() {
        let mut view = ViewSettings {
            kind: PreviewKind::Terrain,
            ..ViewSettings::default()
        };
        view.terrain.height_scale = 0.118_345;
        let before = view.terrain;
        frame(&mut view);
        frame(&mut view);
        assert_eq!(view.terrain, before);
        assert!(view.terrain.fit_height);
    }
}
