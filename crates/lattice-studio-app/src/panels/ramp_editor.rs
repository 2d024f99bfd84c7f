//! The "Colour" group: the colour ramp (stops with position, colour and alpha).

use super::ramp_bar::ramp_bar_ui;
use crate::pixels::OutputParams;
use crate::pixels::{BUILTIN_IDS, ColorRamp, RampStop};

/// A stop between the two stops with the widest gap, coloured as the ramp is there.
fn new_stop(ramp: &ColorRamp) -> RampStop {
    let s = ramp.sorted_stops();
    let (mut at, mut gap) = (0.5f32, -1.0f32);
    for w in s.windows(2) {
        if w[1].position - w[0].position > gap {
            gap = w[1].position - w[0].position;
            at = (w[0].position + w[1].position) * 0.5;
        }
    }
    if s.len() < 2 {
        at = if s.first().is_some_and(|f| f.position >= 0.5) {
            0.0
        } else {
            1.0
        };
    }
    RampStop {
        position: at,
        color: ramp.sample(at),
    }
}

/// Edits `out.ramp`: on/off, built-in choice, the stops; then shows the gradient.
pub(crate) fn ramp_editor_ui(ui: &mut egui::Ui, out: &mut OutputParams) {
    let mut on = out.ramp.is_some();
    if ui
        .checkbox(&mut on, "Colour ramp")
        .on_hover_text("Map the grey (after contrast and luminance) through a gradient: the preview and the Colour exports use it.")
        .changed()
    {
        out.ramp = on.then(ColorRamp::greyscale);
    }
    let Some(ramp) = out.ramp.as_mut() else {
        return;
    };
    let current = ramp.builtin_id().unwrap_or("custom");
    egui::ComboBox::from_label("Built-in")
        .selected_text(current)
        .show_ui(ui, |ui| {
            for id in BUILTIN_IDS {
                if ui.selectable_label(current == id, id).clicked()
                    && let Some(r) = ColorRamp::builtin(id)
                {
                    *ramp = r;
                }
            }
        });
    ramp_bar_ui(ui, ramp);
    let mut remove = None;
    let n = ramp.stops.len();
    for (i, stop) in ramp.stops.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.add(
                egui::DragValue::new(&mut stop.position)
                    .update_while_editing(false)
                    .range(0.0..=1.0)
                    .speed(0.005)
                    .max_decimals(3),
            )
            .on_hover_text("Position of the stop on the grey axis (0 = black, 1 = white)");
            ui.color_edit_button_srgba_unmultiplied(&mut stop.color)
                .on_hover_text("Colour and alpha of the stop");
            ui.label(format!("alpha {}", stop.color[3]));
            if n > 1
                && ui
                    .small_button("Remove")
                    .on_hover_text("Remove this stop")
                    .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        ramp.stops.remove(i);
    }
    if ui
        .button("Add stop")
        .on_hover_text("Add a stop in the widest gap, with the colour the ramp has there")
        .clicked()
    {
        let s = new_stop(ramp);
        ramp.stops.push(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_stops_go_into_the_widest_gap() {
        let mut r = ColorRamp::builtin("heat").unwrap_or_default();
        r.stops.retain(|s| s.position != 0.33);
        // Stops 0, 0.66, 1: the widest gap is 0..0.66.
        let s = new_stop(&r);
        assert!((s.position - 0.33).abs() < 1e-6);
        assert_eq!(s.color, r.sample(0.33));
        let one = ColorRamp {
            stops: vec![RampStop {
                position: 0.2,
                color: [1, 2, 3, 4],
            }],
        };
        assert_eq!(new_stop(&one).position, 1.0);
    }
}
