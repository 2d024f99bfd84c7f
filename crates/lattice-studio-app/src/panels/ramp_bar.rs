//! The colour ramp's gradient bar, with a handle under each stop to drag it along.

use crate::pixels::ColorRamp;
use egui::{Color32, Rect, Sense, Stroke, pos2, vec2};

/// Height of the gradient and of the handle strip under it.
const BAR: f32 = 18.0;
const HANDLE: f32 = 12.0;

/// Paints `ramp` as a horizontal gradient filling `rect` (one strip per point column).
pub(super) fn paint_ramp(painter: &egui::Painter, rect: Rect, ramp: &ColorRamp) {
    let sampler = ramp.sampler();
    let n = rect.width().max(1.0) as usize;
    for i in 0..n {
        let t = i as f32 / (n.max(2) - 1) as f32;
        let [r, g, b, a] = sampler.sample(t);
        let x = rect.left() + i as f32;
        let strip = Rect::from_min_max(
            egui::pos2(x, rect.top()),
            egui::pos2(x + 1.0, rect.bottom()),
        );
        painter.rect_filled(strip, 0.0, Color32::from_rgba_unmultiplied(r, g, b, a));
    }
}

/// Draws `ramp` as a gradient with a handle per stop; dragging a handle moves its stop.
/// Returns true when a stop moved.
pub(super) fn ramp_bar_ui(ui: &mut egui::Ui, ramp: &mut ColorRamp) -> bool {
    let width = ui.available_width().max(40.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, BAR + HANDLE), Sense::hover());
    let bar = Rect::from_min_size(rect.min, vec2(width, BAR));
    paint_ramp(ui.painter(), bar, ramp);
    let mut moved = false;
    let to_x = |t: f32| bar.left() + t.clamp(0.0, 1.0) * bar.width();
    for (i, stop) in ramp.stops.iter_mut().enumerate() {
        let x = to_x(stop.position);
        let handle =
            Rect::from_center_size(pos2(x, bar.bottom() + HANDLE * 0.5), vec2(HANDLE, HANDLE));
        let id = ui.make_persistent_id(("ramp-stop", i));
        let response = ui.interact(handle, id, Sense::drag());
        if response.dragged()
            && let Some(p) = response.interact_pointer_pos()
        {
            let t = ((p.x - bar.left()) / bar.width()).clamp(0.0, 1.0);
            // Three decimals, as the stop's number field shows.
            let t = (t * 1000.0).round() / 1000.0;
            if t != stop.position {
                stop.position = t;
                moved = true;
            }
        }
        let label = format!("Colour stop {}", i + 1);
        let position = f64::from(stop.position);
        response.widget_info(|| egui::WidgetInfo::slider(true, position, &label));
        let [r, g, b, _] = stop.color;
        let active = response.dragged() || response.hovered();
        let outline = if active {
            ui.visuals().strong_text_color()
        } else {
            ui.visuals().weak_text_color()
        };
        let tip = [
            pos2(x, bar.bottom()),
            pos2(x - HANDLE * 0.5, bar.bottom() + HANDLE),
            pos2(x + HANDLE * 0.5, bar.bottom() + HANDLE),
        ];
        ui.painter().add(egui::Shape::convex_polygon(
            tip.to_vec(),
            Color32::from_rgb(r, g, b),
            Stroke::new(if active { 2.0 } else { 1.0 }, outline),
        ));
        response
            .on_hover_cursor(egui::CursorIcon::ResizeHorizontal)
            .on_hover_text(format!(
                "Stop {} at {:.3}: drag along the bar to move it",
                i + 1,
                stop.position
            ));
    }
    moved
}
