//! [`kept_slider`]: a slider that shows the value it is given, whatever its track spans.

use egui::emath::Numeric;
use egui::{Slider, SliderClamping};
use std::ops::RangeInclusive;

/// Adds the slider `make` builds for `value`, whose track spans the usual values but
/// which never changes a value the user did not touch: a preset's gain of 5 on a
/// -4..4 track is shown as 5 and stays 5. Typed values may go past the track up to the
/// engine's own limits, `valid`, to which an edit (and only an edit) is clamped.
pub(crate) fn kept_slider<N: Numeric>(
    ui: &mut egui::Ui,
    value: &mut N,
    valid: RangeInclusive<N>,
    make: impl FnOnce(&mut N) -> Slider<'_>,
) -> egui::Response {
    let before = *value;
    let response = ui.add(make(value).clamping(SliderClamping::Never));
    if value.to_f64() != before.to_f64() {
        let (lo, hi) = (valid.start().to_f64(), valid.end().to_f64());
        let v = value.to_f64();
        // NaN (a typed "nan") keeps the value it had; `sanitize` covers the rest.
        *value = if v.is_nan() {
            before
        } else {
            N::from_f64(v.clamp(lo, hi))
        };
    }
    response
}

#[cfg(test)]
mod tests {
    use super::kept_slider;

    /// One frame of `ui` in a fresh context (no painter: its textures are dropped).
    fn frame_of(ui: impl FnMut(&mut egui::Ui)) {
        let ctx = egui::Context::default();
        ctx.run_ui(egui::RawInput::default(), ui)
            .textures_delta
            .clear();
    }

    /// One frame of a panel holding `value` in a kept slider over -4..=4, valid to 64.
    fn frame(value: &mut f32) {
        frame_of(|ui| {
            kept_slider(ui, value, -64.0..=64.0, |v| {
                egui::Slider::new(v, -4.0..=4.0)
            });
        });
    }

    #[test]
    fn a_value_past_the_track_is_shown_and_kept() {
        for start in [5.0f32, -7.5, 64.0, 0.25] {
            let mut v = start;
            frame(&mut v);
            frame(&mut v);
            assert_eq!(v.to_bits(), start.to_bits());
        }
    }

    #[test]
    fn a_plain_slider_would_have_clamped_it() {
        // The defect this guards against: egui's default clamps existing values.
        let mut v = 5.0f32;
        frame_of(|ui| {
            ui.add(egui::Slider::new(&mut v, -4.0..=4.0));
        });
        assert_eq!(v, 4.0);
    }
}
