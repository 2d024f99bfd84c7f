//! The status bar: size, generation time, statistics, value under the cursor, progress.

use super::preview::Hover;
use super::state::{AppState, Latency};

/// Draws the status bar; `progress` is set while a render runs.
pub(crate) fn status_bar_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    hover: Option<Hover>,
    progress: Option<f32>,
) {
    ui.horizontal(|ui| {
        let n = state.preset.noise();
        ui.label(format!("{0} x {0}", n.size))
            .on_hover_text("Texture size");
        ui.separator();
        match &state.shown {
            Some(shown) => {
                let what = if shown.is_preview {
                    format!("preview {0}x{0}", shown.layers.size())
                } else {
                    "generated".to_owned()
                };
                ui.label(format!(
                    "{what} in {:.1} ms",
                    shown.elapsed.as_secs_f64() * 1000.0
                ))
                .on_hover_text("Generation time of the last render");
                if let Some(l) = &shown.latency {
                    latency_ui(ui, l);
                }
                ui.separator();
                let s = &shown.stats;
                ui.label(format!(
                    "min {:.3}  max {:.3}  mean {:.3}",
                    s.min, s.max, s.mean
                ))
                .on_hover_text("Heightmap statistics (before contrast and luminance)");
            }
            None => {
                ui.label("no render yet");
            }
        }
        ui.separator();
        match hover {
            Some(h) => {
                let cells = crate::engine::LatticeProbe::cells(n, h.x, h.y);
                let short: Vec<String> = cells
                    .iter()
                    .take(3)
                    .map(|c| format!("{}:({},{})", c.octave, c.cell.0, c.cell.1))
                    .collect();
                let more = if cells.len() > 3 { " ..." } else { "" };
                let full: Vec<String> = cells
                    .iter()
                    .map(|c| {
                        format!(
                            "octave {} (step {}): cell ({}, {}), corner ({}, {}), offset ({}, {})",
                            c.octave,
                            c.step,
                            c.cell.0,
                            c.cell.1,
                            c.corner.0,
                            c.corner.1,
                            c.offset.0,
                            c.offset.1
                        )
                    })
                    .collect();
                ui.label(format!(
                    "({}, {}) = {:.4}  cells {}{more}",
                    h.x,
                    h.y,
                    h.value,
                    short.join(" ")
                ))
                .on_hover_text(format!(
                    "Height under the cursor and its lattice cell per octave:\n{}",
                    full.join("\n")
                ))
            }
            None => ui
                .weak("hover the preview for values")
                .on_hover_text("Height under the cursor"),
        };
        if let Some(p) = progress {
            ui.separator();
            ui.add(
                egui::ProgressBar::new(p)
                    .desired_width(160.0)
                    .show_percentage()
                    .animate(true),
            )
            .on_hover_text("Rendering");
        }
    });
}

/// The real time from the last change to its image on screen, and where it went.
fn latency_ui(ui: &mut egui::Ui, l: &Latency) {
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    let rest = l.on_screen.saturating_sub(l.generation + l.mapping);
    ui.separator();
    ui.label(format!("on screen after {:.0} ms", ms(l.on_screen)))
        .on_hover_text(format!(
            "From the change to the image on screen: generation {:.0} ms (0 when only the \
             output changed), display mapping {:.0} ms, waiting, upload and drawing {:.0} ms",
            ms(l.generation),
            ms(l.mapping),
            ms(rest)
        ));
}
