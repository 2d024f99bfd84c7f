//! A hint under the output controls when the texture is nearly flat grey (functions
//! such as "hyperbolic" vary by a hundredth around mid grey): one click on auto levels.

use crate::pixels::{OutputParams, ToneMap};

/// Below this share of the grey range the texture reads as flat (about 25 levels).
const FLAT_SPREAD: f32 = 0.1;

/// How much of the 0..1 grey range heights `min..max` cover under `out`.
pub(super) fn grey_spread(out: &OutputParams, (min, max): (f32, f32)) -> f32 {
    let tm = ToneMap::new(out, Some((min, max)));
    (tm.grey(max) - tm.grey(min)).abs()
}

/// Offers auto levels when heights `range` (of the texture on screen, when it shows the
/// edited parameters) give a nearly flat grey under `out`.
pub(crate) fn flat_hint_ui(ui: &mut egui::Ui, out: &mut OutputParams, range: Option<(f32, f32)>) {
    let Some((min, max)) = range else {
        return;
    };
    if out.auto_levels || !(min.is_finite() && max.is_finite()) {
        return;
    }
    let spread = grey_spread(out, (min, max));
    if spread >= FLAT_SPREAD {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Nearly flat: heights {min:.3}..{max:.3} give about {} grey levels.",
                (spread * 255.0).round() as u32 + 1
            ),
        );
        if ui
            .button("Turn on auto levels")
            .on_hover_text("Stretch the texture's darkest..brightest values to black..white (an output setting: the heights and the R32 export do not change)")
            .clicked()
        {
            out.auto_levels = true;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_follows_the_output_mapping() {
        let out = OutputParams::default();
        assert!((grey_spread(&out, (0.495, 0.505)) - 0.01).abs() < 1e-5);
        let strong = OutputParams {
            contrast: 20.0,
            ..OutputParams::default()
        };
        assert!(grey_spread(&strong, (0.495, 0.505)) > FLAT_SPREAD);
        let levels = OutputParams {
            auto_levels: true,
            ..OutputParams::default()
        };
        assert!((grey_spread(&levels, (0.495, 0.505)) - 1.0).abs() < 1e-4);
    }
}
