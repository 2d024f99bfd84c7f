//! [`RoundWindow`]: one octave's round-window weights, a row of them per pixel row of
//! a cell, computed the first time a texture row needs them and kept while the thread
//! runs the plan, so the square roots and the fade run once per row of a cell instead
//! of twice per texture row.

use super::round_octave::RoundOctave;
use crate::fade::Fade;

/// The longest step whose window is kept whole: `(l + 1)^2` weights of 4 bytes, 4 MiB
/// at 1024 and a quarter of that per halving, so a thread keeps at most about 5.6 MiB
/// for all its octaves. A longer step computes each row's weights every time: its
/// cells are few, so its rows repeat little.
const LONGEST_KEPT: i32 = 1024;

/// One octave's window weights by cell row `v`.
#[derive(Default)]
pub(super) struct RoundWindow {
    /// Row `v`'s weights at `v * (l + 1)..`, `l + 1` of them.
    weights: Vec<f32>,
    /// Whether row `v` is in `weights` yet.
    known: Vec<bool>,
    /// The step and fade the rows are for.
    made_for: Option<(i32, Fade)>,
}

impl RoundWindow {
    /// The top-left weights of row `v` and those of row `l - v` (the bottom-left
    /// corner's of row `v`), `l + 1` each; `room` holds them when the window is too
    /// big to keep. Inlined, so the weights' loops are the caller's instructions (the
    /// widest the CPU has) rather than the baseline build's.
    #[inline(always)]
    pub(super) fn rows<'a>(
        &'a mut self,
        r: &RoundOctave,
        fade: Fade,
        v: i32,
        room: &'a mut [Vec<f32>; 2],
    ) -> (&'a [f32], &'a [f32]) {
        let step = r.grid.step;
        let n = step as usize + 1;
        if step > LONGEST_KEPT {
            let [wt, wb] = room;
            for (w, v) in [(&mut *wt, v), (&mut *wb, step - v)] {
                w.resize(n, 0.0);
                r.window_weights(fade, v, w);
            }
            return (&wt[..], &wb[..]);
        }
        if self.made_for != Some((step, fade)) {
            self.weights.clear();
            self.weights.resize(n * n, 0.0);
            self.known.clear();
            self.known.resize(n, false);
            self.made_for = Some((step, fade));
        }
        for v in [v, step - v] {
            let v = v as usize;
            if !self.known[v] {
                r.window_weights(fade, v as i32, &mut self.weights[v * n..(v + 1) * n]);
                self.known[v] = true;
            }
        }
        let row = |v: i32| &self.weights[v as usize * n..(v as usize + 1) * n];
        (row(v), row(step - v))
    }
}

#[cfg(test)]
mod tests {
    use super::super::plan::{OctavePlan, Plan};
    use super::*;
    use crate::{Isotropy, NoiseParams, Region};

    /// The first octave of an isotropic gradient texture with this first step.
    fn round_octave(size: u32, initial_step: u32, fade: Fade) -> RoundOctave {
        let p = NoiseParams {
            size,
            initial_step,
            octaves: 1,
            fade,
            isotropy: Isotropy::FULL,
            ..NoiseParams::default()
        };
        let plan = Plan::new(&p, Region::full(size));
        match plan.octaves.into_iter().next() {
            Some(OctavePlan::Round(r)) => r,
            _ => panic!("not planned on the row kernel"),
        }
    }

    /// Kept rows, and rows of a window too long to keep, are the weights computed
    /// afresh, bit for bit, whatever order they are asked for in; another fade or step
    /// starts the rows anew instead of reading the last octave's.
    #[test]
    fn rows_are_the_weights_kept_or_not() {
        let mut window = RoundWindow::default();
        let mut room = Default::default();
        for (step, fade) in [
            (16, Fade::Hermite),
            (16, Fade::Cosine),
            (40, Fade::Quintic),
            (2048, Fade::Hermite),
        ] {
            let r = round_octave(step as u32 * 2, step as u32, fade);
            for v in [0, 3, step - 1, 3, step / 2, 1, 0] {
                let fresh = |v: i32| {
                    let mut w = vec![0.0; step as usize + 1];
                    r.window_weights(fade, v, &mut w);
                    w.iter().map(|x: &f32| x.to_bits()).collect::<Vec<_>>()
                };
                let (top, bottom) = window.rows(&r, fade, v, &mut room);
                let bits = |w: &[f32]| w.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(top), fresh(v), "{step} {fade:?} {v}");
                assert_eq!(bits(bottom), fresh(step - v), "{step} {fade:?} {v}");
            }
        }
    }
}
