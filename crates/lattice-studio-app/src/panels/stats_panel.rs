//! The statistics group: range, mean, spread, clipping and the two histograms.

use crate::pixels::Histogram;
use crate::pixels::TextureStats;
use egui::{Color32, Rect, Sense, pos2, vec2};

/// Paints a histogram as bars filling `rect`.
pub(super) fn paint_histogram(painter: &egui::Painter, rect: Rect, h: &Histogram, colour: Color32) {
    painter.rect_filled(rect, 2.0, Color32::from_gray(24));
    let peak = h.peak().max(1) as f32;
    let n = h.counts.len().max(1) as f32;
    let w = rect.width() / n;
    for (i, &c) in h.counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let height = rect.height() * c as f32 / peak;
        let x = rect.left() + i as f32 * w;
        let bar = Rect::from_min_max(
            pos2(x, rect.bottom() - height),
            pos2(x + w.max(1.0), rect.bottom()),
        );
        painter.rect_filled(bar, 0.0, colour);
    }
}

/// Shows `stats`; `label` says what they were computed from (e.g. the preview size).
pub(crate) fn stats_ui(ui: &mut egui::Ui, stats: &TextureStats, label: &str) {
    let h = &stats.heights;
    ui.weak(label);
    egui::Grid::new("stats-grid").num_columns(2).show(ui, |ui| {
        for (name, value) in [
            ("Min", format!("{:.4}", h.min)),
            ("Max", format!("{:.4}", h.max)),
            ("Mean", format!("{:.4}", h.mean)),
            ("Std dev", format!("{:.4}", h.std_dev)),
            (
                "Clipped",
                format!(
                    "{:.2} % ({} black, {} white)",
                    100.0 * stats.clipped_share(),
                    stats.clipped_low,
                    stats.clipped_high
                ),
            ),
        ] {
            ui.label(name);
            ui.monospace(value);
            ui.end_row();
        }
        if h.non_finite > 0 {
            ui.label("Not finite");
            ui.monospace(h.non_finite.to_string());
            ui.end_row();
        }
    });
    let width = ui.available_width();
    ui.label("Heights")
        .on_hover_text("Histogram of the raw heights over their own min..max");
    let (rect, _) = ui.allocate_exact_size(vec2(width, 48.0), Sense::hover());
    paint_histogram(
        ui.painter(),
        rect,
        &stats.height_histogram,
        Color32::from_rgb(90, 140, 230),
    );
    ui.label("Output")
        .on_hover_text("Histogram of the 8-bit output grey after contrast, luminance and clamping");
    let (rect, _) = ui.allocate_exact_size(vec2(width, 48.0), Sense::hover());
    paint_histogram(
        ui.painter(),
        rect,
        &stats.output_histogram,
        Color32::from_rgb(230, 130, 70),
    );
}
