//! [`RoundWindow`]: one octave's round-window weights as a row reads them, the four
//! corners' tables of a pixel row of a cell, from a [`WindowTable`] that every thread
//! and every render with the same step and fade shares, so the square roots and the
//! fade run once per process instead of once per row, per thread and per render, and
//! the right corners' weights (the left ones' read backwards) are not copied per row.

use super::round_octave::RoundOctave;
use super::window_table::WindowTable;
use crate::fade::Fade;
use std::sync::Arc;

/// One octave's window weights, for its rows.
#[derive(Default)]
pub(super) struct RoundWindow {
    /// The shared table, once a row asked for it.
    table: Option<Arc<WindowTable>>,
    /// Room for the rows of a window too big to keep (see [`WindowTable::shared`]):
    /// the four corners' tables, and the left corners' weights they come from.
    room: [Vec<f32>; 4],
    weights: [Vec<f32>; 2],
}

impl RoundWindow {
    /// Row `v`'s weights of the top-left, top-right, bottom-left and bottom-right
    /// corners for `u = 0..l` (see [`super::round_octave::WindowEntry`]). Inlined, so
    /// the loops of a window too big to keep are the caller's instructions (the widest
    /// the CPU has) rather than the baseline build's.
    #[inline(always)]
    pub(super) fn rows(&mut self, r: &RoundOctave, fade: Fade, v: i32) -> [&[f32]; 4] {
        if !self
            .table
            .as_ref()
            .is_some_and(|t| t.is_for(r.grid.step, fade))
        {
            self.table = WindowTable::shared(r, fade);
        }
        if let Some(t) = &self.table {
            return t.rows(v);
        }
        r.fill_tables(fade, v, &mut self.room, &mut self.weights);
        self.room.each_ref().map(|t| &t[..])
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::plan::{OctavePlan, Plan};
    use super::*;
    use crate::{Isotropy, NoiseParams, Region};

    /// The first octave of an isotropic gradient texture with this first step.
    pub(in super::super) fn round_octave(size: u32, initial_step: u32, fade: Fade) -> RoundOctave {
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

    /// Kept rows, and rows of a window too long to keep, are the literal path's tables
    /// bit for bit, whatever order they are asked for in; another fade or step starts
    /// from its own table instead of reading the last octave's.
    #[test]
    fn rows_are_the_literal_tables_kept_or_not() {
        let mut window = RoundWindow::default();
        for (step, fade) in [
            (16, Fade::Hermite),
            (16, Fade::Cosine),
            (40, Fade::Quintic),
            (2048, Fade::Hermite),
            (16, Fade::Hermite),
        ] {
            let r = round_octave(step as u32 * 2, step as u32, fade);
            for v in [0, 3, step - 1, 3, step / 2, 1, 0] {
                let (mut t, mut w) = (Default::default(), Default::default());
                r.fill_tables(fade, v, &mut t, &mut w);
                let bits = |w: &[f32]| w.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                let rows = window.rows(&r, fade, v);
                for (k, (row, literal)) in rows.iter().zip(&t).enumerate() {
                    assert_eq!(bits(row), bits(literal), "{step} {fade:?} {v} {k}");
                }
            }
        }
    }
}
