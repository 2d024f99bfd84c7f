//! The classic octave law and Parberry's origin controls (jump, reset, pan) in the
//! "Classic viewer" side-panel group.

use super::panels::{enum_combo, labelled};
use crate::engine::{NoiseParams, OctaveLaw};

/// Largest origin component the parameters accept; the drag values stop there.
const MAX_ORIGIN: f64 = 1e9;

/// Edits the octave law, lacunarity and origin of `n`.
pub(super) fn octave_controls_ui(ui: &mut egui::Ui, n: &mut NoiseParams) {
    labelled(
        ui,
        "Octave law",
        "original: step halves per octave, amplitude (step/size)^(1 - persistence). classic: step divided by the lacunarity per octave, amplitude persistence^k (Parberry's viewer, libnoise).",
        |ui| {
            enum_combo(
                ui,
                "octave-law",
                &mut n.octave_law,
                OctaveLaw::ALL,
                OctaveLaw::id,
                |_| "",
            )
        },
    );
    ui.add_enabled_ui(n.octave_law == OctaveLaw::Classic, |ui| {
        labelled(
            ui,
            "Lacunarity",
            "Step ratio between octaves under the classic law (2 halves the step; 1.1..=16).",
            |ui| {
                ui.add(
                    egui::DragValue::new(&mut n.lacunarity)
                        .update_while_editing(false)
                        .range(1.1..=16.0)
                        .speed(0.01)
                        .max_decimals(3),
                )
            },
        );
    })
    .response
    .on_disabled_hover_text("Only the classic octave law uses the lacunarity.");

    let hover = "Lattice origin in cells of the first octave: pans the texture under the window.";
    ui.horizontal(|ui| {
        for (axis, name) in [(0, "Origin x"), (1, "Origin y")] {
            labelled(ui, name, hover, |ui| {
                ui.add(
                    egui::DragValue::new(&mut n.origin[axis])
                        .update_while_editing(false)
                        .range(-MAX_ORIGIN..=MAX_ORIGIN)
                        .speed(0.05)
                        .max_decimals(3),
                )
            });
        }
    });
    ui.horizontal(|ui| {
        for (text, d, tip) in [
            ("Left", [-1.0, 0.0], "Pan one cell left (origin x - 1)"),
            ("Right", [1.0, 0.0], "Pan one cell right (origin x + 1)"),
            ("Up", [0.0, -1.0], "Pan one cell up (origin y - 1)"),
            ("Down", [0.0, 1.0], "Pan one cell down (origin y + 1)"),
        ] {
            if ui.button(text).on_hover_text(tip).clicked() {
                pan(n, d);
            }
        }
        if ui
            .button("Jump")
            .on_hover_text("Add the table size to the origin in x and y (Parberry's Jump): the permutation hash repeats, so its texture stays the same; lcg and hash64 change.")
            .clicked()
        {
            let t = f64::from(n.table_size);
            pan(n, [t, t]);
        }
        if ui
            .button("Reset origin")
            .on_hover_text("Move the origin back to (0, 0)")
            .clicked()
        {
            n.origin = [0.0, 0.0];
        }
    });
}

/// Moves the origin by `d` cells, staying inside the accepted range.
fn pan(n: &mut NoiseParams, d: [f64; 2]) {
    for (o, d) in n.origin.iter_mut().zip(d) {
        *o = (*o + d).clamp(-MAX_ORIGIN, MAX_ORIGIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pan_stays_in_range() {
        let mut n = NoiseParams {
            origin: [MAX_ORIGIN - 0.5, 2.0],
            ..NoiseParams::default()
        };
        pan(&mut n, [1.0, -3.0]);
        assert_eq!(n.origin, [MAX_ORIGIN, -1.0]);
        assert!(n.validate().is_ok());
    }
}
