//! [`WindowTable`]: every round-window weight of a cell of one step and fade, by cell
//! row, the right corners' read backwards stored beside the left ones'; built once per
//! process and shared by every thread and render that asks for it ([`WindowTable::shared`]).

use super::round_octave::{RoundOctave, right_weights};
use crate::fade::Fade;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The longest step whose window is kept: `2 l (l + 1)` weights of 4 bytes, 8.4 MB at
/// 1024 and a quarter of that per halving. A longer step's cells are few, so its rows
/// repeat little: the rows compute their weights every time instead.
const LONGEST_KEPT: i32 = 1024;

/// The most bytes the kept tables take together; the tables asked for least recently
/// go first. A texture's octaves need about 1.34 times their first step's table, so a
/// handful of renders' steps and fades stay.
const KEPT_BYTES: usize = 40 << 20;

/// The tables kept, the most recently asked for last: built once each (the
/// `OnceLock`), outside the list's lock, so a thread building one does not hold up
/// threads reading others.
static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

/// A kept table, by the step and fade it is for.
type Kept = ((i32, Fade), Arc<OnceLock<Arc<WindowTable>>>);

/// The weights of one step and fade.
pub(super) struct WindowTable {
    /// The step and fade the weights are for.
    made_for: (i32, Fade),
    /// Row `v`'s top-left corner's weights, `u = 0..l`, at `v l`, for `v = 0..=l`.
    forward: Vec<f32>,
    /// Row `v`'s top-right corner's weights: `forward`'s row backwards from `u = l`.
    backward: Vec<f32>,
}

impl WindowTable {
    /// The table of `r`'s step and `fade`, shared; `None` for a step too long to keep.
    pub(super) fn shared(r: &RoundOctave, fade: Fade) -> Option<Arc<WindowTable>> {
        let step = r.grid.step;
        if !(1..=LONGEST_KEPT).contains(&step) {
            return None;
        }
        let key = (step, fade);
        let cell = {
            // A panic while the list was held leaves it whole (every change below is
            // one push or remove), so a poisoned lock is still safe to read.
            let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
            let cell = match kept.iter().position(|(k, _)| *k == key) {
                Some(i) => kept.remove(i).1,
                None => Arc::default(),
            };
            kept.push((key, Arc::clone(&cell)));
            let mut bytes: usize = kept.iter().map(|(k, _)| table_bytes(k.0)).sum();
            while bytes > KEPT_BYTES && kept.len() > 1 {
                bytes -= table_bytes(kept.remove(0).0.0);
            }
            cell
        };
        Some(Arc::clone(
            cell.get_or_init(|| Arc::new(Self::new(r, fade))),
        ))
    }

    /// Every row of `r`'s step's window under `fade`.
    fn new(r: &RoundOctave, fade: Fade) -> Self {
        let l = r.grid.step as usize;
        let (mut forward, mut backward) = (vec![0.0; l * (l + 1)], vec![0.0; l * (l + 1)]);
        let mut w = vec![0.0; l + 1];
        let rows = forward
            .chunks_exact_mut(l)
            .zip(backward.chunks_exact_mut(l));
        for ((f, b), v) in rows.zip(0i32..) {
            r.window_weights(fade, v, &mut w);
            f.copy_from_slice(&w[..l]);
            right_weights(&w, b);
        }
        WindowTable {
            made_for: (r.grid.step, fade),
            forward,
            backward,
        }
    }

    /// Whether this is the table of `step` and `fade`.
    pub(super) fn is_for(&self, step: i32, fade: Fade) -> bool {
        self.made_for == (step, fade)
    }

    /// Row `v`'s (`0..l`) weights of the top-left, top-right, bottom-left and
    /// bottom-right corners: the bottom corners' are row `l - v`'s top ones', since
    /// offsets are measured in whole pixels from each corner.
    #[inline(always)]
    pub(super) fn rows(&self, v: i32) -> [&[f32]; 4] {
        let l = self.made_for.0 as usize;
        let (v, w) = (v as usize, (self.made_for.0 - v) as usize);
        [
            &self.forward[v * l..(v + 1) * l],
            &self.backward[v * l..(v + 1) * l],
            &self.forward[w * l..(w + 1) * l],
            &self.backward[w * l..(w + 1) * l],
        ]
    }
}

/// The bytes of a kept table of `step`.
fn table_bytes(step: i32) -> usize {
    let l = step as usize;
    2 * l * (l + 1) * std::mem::size_of::<f32>()
}

#[cfg(test)]
mod tests {
    use super::super::round_window::tests::round_octave;
    use super::*;

    /// Asking again gives the same table (built once); the list keeps to its bytes,
    /// dropping the least recently asked for first (eight tables of about 8.4 MB
    /// asked for here); a step too long is not kept.
    #[test]
    fn tables_are_shared_and_bounded() {
        let r = round_octave(2048, 1024, Fade::Hermite);
        let a = WindowTable::shared(&r, Fade::Hermite);
        let b = WindowTable::shared(&r, Fade::Hermite);
        assert!(matches!((&a, &b), (Some(a), Some(b)) if Arc::ptr_eq(a, b)));
        assert!(a.is_some_and(|a| a.is_for(1024, Fade::Hermite)));
        for step in [1023, 1024] {
            let r = round_octave(2048, step, Fade::Hermite);
            for fade in Fade::ALL {
                let t = WindowTable::shared(&r, fade);
                assert!(t.is_some_and(|t| t.is_for(step as i32, fade)));
                let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
                let bytes: usize = kept.iter().map(|(k, _)| table_bytes(k.0)).sum();
                assert!(bytes <= KEPT_BYTES, "{bytes}");
                assert!(kept.last().is_some_and(|(k, _)| *k == (step as i32, fade)));
            }
        }
        let long = round_octave(4096, 2048, Fade::Hermite);
        assert!(WindowTable::shared(&long, Fade::Hermite).is_none());
    }
}
