//! The menu bar: File, Edit and Export.

use super::command::{Command, CommandQueue};
use super::state::AppState;
use crate::engine::Preset;
use crate::engine::output::OutputParams;
use crate::files::ExportFormat;

/// The menu bar.
pub(crate) fn menu_ui(ui: &mut egui::Ui, state: &AppState, commands: &CommandQueue) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            let items = [
                ("New", "", Command::New),
                ("Open preset...", "Ctrl+O", Command::Open),
                ("Save preset", "Ctrl+S", Command::Save),
                ("Save preset as...", "Ctrl+Shift+S", Command::SaveAs),
            ];
            for (label, key, cmd) in items {
                if ui
                    .add(egui::Button::new(label).shortcut_text(key))
                    .clicked()
                {
                    commands.push(cmd);
                }
            }
            ui.separator();
            export_items(ui, &state.preset, commands);
            ui.separator();
            if ui.button("Quit").clicked() {
                commands.push(Command::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            if ui
                .add_enabled(
                    state.history.can_undo(),
                    egui::Button::new("Undo").shortcut_text("Ctrl+Z"),
                )
                .clicked()
            {
                commands.push(Command::Undo);
            }
            if ui
                .add_enabled(
                    state.history.can_redo(),
                    egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z"),
                )
                .clicked()
            {
                commands.push(Command::Redo);
            }
            if ui.button("Reset to preset").clicked() {
                commands.push(Command::ResetToPreset);
            }
        });
        ui.menu_button("Export", |ui| export_items(ui, &state.preset, commands));
    });
}

/// The export items, each heightmap format saying whether it holds levelled values,
/// and the choice of levelled or raw floats beside the float formats.
fn export_items(ui: &mut egui::Ui, preset: &Preset, commands: &CommandQueue) {
    use crate::files::ExportFormat as F;
    if ui
        .add(egui::Button::new("Export PNG as shown...").shortcut_text("Ctrl+E"))
        .on_hover_text(
            "The texture as the preview shows it: grey, coloured by the ramp, or semi-transparent",
        )
        .clicked()
    {
        commands.push(Command::ExportAsShown);
    }
    for (format, label) in [
        (F::Png, "Export grey PNG"),
        (F::PngTransparent, "Export semi-transparent PNG"),
        (F::Png16, "Export 16-bit PNG heightmap"),
        (F::R16, "Export R16 heightmap"),
        (F::R32, "Export R32 float heightmap"),
        (F::Exr, "Export OpenEXR float heightmap"),
        (F::Normal, "Export normal map"),
        (F::Color, "Export coloured PNG"),
        (F::ColorAlpha, "Export coloured PNG with alpha"),
        (F::Packed, "Export packed layers (RGBA PNG)"),
        (F::Packed16, "Export packed layers, 16-bit"),
        (F::Glb, "Export 3D mesh as glTF (.glb)"),
        (F::Obj, "Export 3D mesh as OBJ"),
        (F::Stl, "Export STL for 3D printing"),
    ] {
        if format == F::R32 {
            ui.separator();
            float_levels_ui(ui, preset, commands);
        }
        if format == F::Normal || format == F::Glb {
            ui.separator();
        }
        let label = match levels_note(format, &preset.output) {
            Some(note) => format!("{label} ({note})..."),
            None => format!("{label}..."),
        };
        if ui.button(label).on_hover_text(format.label()).clicked() {
            commands.push(Command::Export(format));
        }
    }
}

/// What the heightmap formats hold: "levelled" (normalise, levels, contrast, luminance
/// and the texture curve applied) or "raw heights"; `None` for the other formats.
fn levels_note(format: ExportFormat, out: &OutputParams) -> Option<&'static str> {
    use crate::files::ExportFormat as F;
    match format {
        F::Png | F::Png16 | F::R16 | F::R32 | F::Exr if format.holds_grey(out) => Some("levelled"),
        F::R32 | F::Exr => Some("raw heights"),
        _ => None,
    }
}

/// The choice between raw heights and the levelled grey in R32 and EXR files, an
/// undoable edit of the preset's output.
fn float_levels_ui(ui: &mut egui::Ui, preset: &Preset, commands: &CommandQueue) {
    let mut on = preset.output.float_levels;
    if ui
        .checkbox(&mut on, "Levels in float exports")
        .on_hover_text(
            "R32 and EXR files hold the levelled grey (normalise, levels, contrast, luminance and the texture curve, 0..1: the 16-bit PNG's values unquantised) instead of the raw heights.",
        )
        .changed()
    {
        let mut edited = preset.clone();
        edited.output.float_levels = on;
        commands.push(Command::SetParams(Box::new(edited)));
    }
}
