//! The side panel's texture-artist groups (colour ramp, normal map and light, view,
//! statistics) and "Copy as command line".

use super::command::{Command, CommandQueue};
use super::gallery::Gallery;
use super::light_pad::{compass_degrees, light_pad_ui};
use super::panels::{enum_combo, kept_slider, labelled, ramp_editor_ui, stats_ui};
use super::preset_browser;
use super::preview_format::preview_format;
use super::state::{AppState, Shown};
use super::view_settings::ViewSettings;
use crate::command_text::command_line::to_command_line;
use crate::command_text::shell_word::UnprintableWord;
use crate::{
    engine::Preset,
    engine::{LayerError, ParamError},
    pixels::{NormalConvention, NormalSlopes},
};
use std::path::Path;

/// The extra side-panel groups; `draft` is the preset being edited.
pub(crate) fn feature_groups(
    ui: &mut egui::Ui,
    draft: &mut Preset,
    view: &mut ViewSettings,
    shown: Option<&Shown>,
) {
    if draft.layers.tileable()
        && let Err(
            e @ LayerError::Noise {
                error: ParamError::NotTileable { .. },
                ..
            },
        ) = draft.layers.validate()
    {
        // Said beside the switch instead of rendering a texture with a seam.
        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
    }
    let has_ramp = draft.output.ramp.is_some();
    egui::CollapsingHeader::new("Colour")
        .default_open(has_ramp)
        .show(ui, |ui| ramp_editor_ui(ui, &mut draft.output));
    egui::CollapsingHeader::new("Normal map and light")
        .default_open(false)
        .show(ui, |ui| normal_ui(ui, draft, view));
    egui::CollapsingHeader::new("View")
        .default_open(true)
        .show(ui, |ui| view_ui(ui, view));
    let header = egui::CollapsingHeader::new("Statistics").default_open(view.stats_open);
    let r = header.show(ui, |ui| match shown {
        Some(s) => {
            let what = if s.is_preview {
                format!("of the {0}x{0} preview", s.layers.size())
            } else {
                format!("of the {0}x{0} texture", s.layers.size())
            };
            match &s.texture_stats {
                Some(stats) => stats_ui(ui, stats, &what),
                None => {
                    ui.weak(format!("computing the statistics {what}..."));
                }
            }
        }
        None => {
            ui.weak("no render yet");
        }
    });
    view.stats_open = r.openness > 0.5;
}

fn normal_ui(ui: &mut egui::Ui, draft: &mut Preset, view: &mut ViewSettings) {
    let o = &mut draft.output;
    kept_slider(ui, &mut o.normal_strength, f32::MIN..=f32::MAX, |v| {
        egui::Slider::new(v, 0.0..=64.0)
            .text("Strength")
            .update_while_editing(false)
    })
    .on_hover_text("Relief of the normal map and the lit view: slopes in grey levels per pixel are multiplied by this.");
    labelled(
        ui,
        "Convention",
        "Which way the normal map's green channel points",
        |ui| {
            enum_combo(
                ui,
                "normal-convention",
                &mut o.normal_convention,
                NormalConvention::ALL,
                NormalConvention::label,
                |_| "",
            )
        },
    );
    labelled(
        ui,
        "Slopes",
        "Where normal maps and the lit view take slopes from",
        |ui| {
            enum_combo(
                ui,
                "normal-slopes",
                &mut o.normal_slopes,
                NormalSlopes::ALL,
                NormalSlopes::label,
                |s| match s {
                    NormalSlopes::Exact => {
                        "The noise's own slope at each pixel, for a texture that is one noise (octaves of 4 px and up); others use differences"
                    }
                    NormalSlopes::Differences => {
                        "Differences of neighbouring pixels: softer on the finest octaves, about 3 times faster to export"
                    }
                },
            )
        },
    );
    ui.checkbox(&mut view.lit, "Lit preview")
        .on_hover_text("Show the texture as a surface under a light (drag the light below)");
    ui.add_enabled_ui(view.lit, |ui| {
        ui.horizontal(|ui| {
            light_pad_ui(ui, &mut view.light);
            ui.vertical(|ui| {
                ui.label(format!(
                    "from {} deg",
                    compass_degrees(view.light.azimuth_deg)
                ));
                ui.label(format!("{:.0} deg up", view.light.elevation_deg));
            });
        });
    });
}

fn view_ui(ui: &mut egui::Ui, view: &mut ViewSettings) {
    ui.horizontal(|ui| {
        ui.label("Repeat")
            .on_hover_text("Show the texture repeated to inspect its seams");
        for n in 1..=3u32 {
            ui.selectable_value(&mut view.repeat, n, format!("{n}x{n}"))
                .on_hover_text(format!("Show {n} x {n} copies side by side"));
        }
    });
}

/// The `lattice-studio render` command that reproduces the current texture as the
/// preview shows it (grey, coloured by the ramp, or semi-transparent).
pub(crate) fn command_line(state: &AppState) -> Result<String, UnprintableWord> {
    let format = preview_format(&state.preset.output, state.persisted.transparent);
    let name = state.default_export_name(format.extension());
    to_command_line(&state.preset, Path::new(&name), format)
}

/// The right panel: the preset list, or the gallery of thumbnails.
pub(crate) fn presets_panel_ui(
    ui: &mut egui::Ui,
    state: &mut AppState,
    gallery: &mut Gallery,
    commands: &CommandQueue,
) {
    ui.horizontal(|ui| {
        ui.selectable_value(&mut state.view.gallery, false, "List");
        ui.selectable_value(&mut state.view.gallery, true, "Gallery")
            .on_hover_text("Thumbnails of the presets (rendered in the background)");
    });
    if !state.view.gallery {
        preset_browser::preset_browser_ui(ui, &state.presets, state.path.as_deref(), commands);
        return;
    }
    let entries = state
        .presets
        .iter()
        .map(|e| (e.name.as_str(), e.path.as_path()));
    let current = state.path.as_deref();
    let clicked = egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .show(ui, |ui| gallery.ui(ui, entries, current))
        .inner;
    if let Some(path) = clicked {
        commands.push(Command::LoadPreset(path));
    }
}

/// "Copy as command line": the render command on the clipboard.
pub(crate) fn copy_command_line_ui(ui: &mut egui::Ui, state: &mut AppState) {
    if ui
        .button("Copy as command line")
        .on_hover_text(
            "Put the lattice-studio render command that reproduces this texture on the clipboard",
        )
        .clicked()
    {
        match command_line(state) {
            Ok(text) => {
                ui.ctx().copy_text(text);
                state.info("command line copied to the clipboard");
            }
            Err(e) => state.error(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copied command writes what the preview shows: with a colour ramp, the
    /// coloured texture; with the transparent preview, the semi-transparent PNG.
    #[test]
    fn the_command_line_names_the_format_of_the_preview() {
        let mut state = AppState::new(Preset::default());
        let line = |state: &AppState| command_line(state).unwrap();
        assert!(line(&state).contains(" --format png "));
        state.preset.output.ramp = crate::pixels::ColorRamp::builtin("lava");
        assert!(
            line(&state).contains(" --format color "),
            "{}",
            line(&state)
        );
        state.persisted.transparent = true;
        assert!(line(&state).contains(" --format png-transparent "));
    }
}
