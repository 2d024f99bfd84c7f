//! The lit preview's light: a pad where dragging sets where the light comes from.

use crate::pixels::Light;
use egui::{Color32, Sense, Stroke, vec2};

/// Maps a point in the pad (relative to its centre, radius 1) to azimuth and elevation:
/// the direction is the light's compass direction, the distance from the rim its height.
pub(crate) fn light_from_pad(dx: f32, dy: f32) -> (f32, f32) {
    let r = (dx * dx + dy * dy).sqrt().min(1.0);
    // Screen y grows downwards; the light's azimuth counts up the image.
    // `+ 0.0` turns the -0 of a pad straight right of centre into 0.
    let azimuth = (-dy).atan2(dx).to_degrees().rem_euclid(360.0) + 0.0;
    let elevation = 90.0 * (1.0 - r);
    (azimuth, elevation.max(1.0))
}

/// A compass angle as whole degrees in 0..360: never "-0", and 359.7 reads "0".
pub(crate) fn compass_degrees(deg: f32) -> String {
    let d = deg.round().rem_euclid(360.0) + 0.0;
    format!("{d:.0}")
}

/// The inverse of [`light_from_pad`].
pub(crate) fn pad_from_light(light: &Light) -> (f32, f32) {
    let r = 1.0 - light.elevation_deg.clamp(0.0, 90.0) / 90.0;
    let a = light.azimuth_deg.to_radians();
    (r * a.cos(), -r * a.sin())
}

/// Draws the pad; returns true when the light changed.
pub(crate) fn light_pad_ui(ui: &mut egui::Ui, light: &mut Light) -> bool {
    let side = 96.0;
    let (rect, response) = ui.allocate_exact_size(vec2(side, side), Sense::click_and_drag());
    let c = rect.center();
    let radius = side * 0.5 - 4.0;
    let painter = ui.painter_at(rect);
    painter.circle_filled(c, radius, Color32::from_gray(40));
    painter.circle_stroke(c, radius, Stroke::new(1.0, Color32::from_gray(120)));
    let mut changed = false;
    if let Some(p) = response.interact_pointer_pos()
        && (response.dragged() || response.clicked())
    {
        let (az, el) = light_from_pad((p.x - c.x) / radius, (p.y - c.y) / radius);
        light.azimuth_deg = az;
        light.elevation_deg = el;
        changed = true;
    }
    let (x, y) = pad_from_light(light);
    let dot = c + vec2(x, y) * radius;
    painter.line_segment([c, dot], Stroke::new(1.0, Color32::from_gray(160)));
    painter.circle_filled(dot, 6.0, Color32::from_rgb(255, 220, 120));
    response.on_hover_text(format!(
        "Drag to move the light: from {} degrees, {:.0} degrees up",
        compass_degrees(light.azimuth_deg),
        light.elevation_deg
    ));
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compass_labels_never_read_minus_zero() {
        assert_eq!(compass_degrees(-0.0), "0");
        assert_eq!(compass_degrees(-0.3), "0");
        assert_eq!(compass_degrees(359.7), "0");
        assert_eq!(compass_degrees(-90.0), "270");
        assert_eq!(compass_degrees(135.2), "135");
        assert_eq!(
            format!("{:.0}", -0.0f32),
            "-0",
            "what the label showed before"
        );
    }

    #[test]
    fn pad_round_trips_and_points_the_right_way() {
        // Right of centre, halfway out: light from the right (0 degrees), 45 degrees up.
        let (az, el) = light_from_pad(0.5, 0.0);
        assert!((az - 0.0).abs() < 1e-4 && (el - 45.0).abs() < 1e-4);
        // Above centre on screen = from the top of the image = 90 degrees.
        let (az, _) = light_from_pad(0.0, -0.5);
        assert!((az - 90.0).abs() < 1e-4);
        // Straight right of centre on the pad's axis (dy = +0): 0, not -0.
        let (az, _) = light_from_pad(0.7, 0.0);
        assert!(az.is_sign_positive(), "{az}");
        let light = Light {
            azimuth_deg: 135.0,
            elevation_deg: 30.0,
            strength: 1.0,
        };
        let (x, y) = pad_from_light(&light);
        let (az, el) = light_from_pad(x, y);
        assert!(
            (az - 135.0).abs() < 1e-3 && (el - 30.0).abs() < 1e-3,
            "{az} {el}"
        );
    }
}
