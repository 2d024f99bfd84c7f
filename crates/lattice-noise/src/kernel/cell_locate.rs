//! [`CellLocate`]: the cell of an octave's axis a position falls in, and the offset
//! inside it, for octaves placed anywhere (fractional steps, pans, warped positions).

/// One axis of an octave: lattice lines at `init + i * step` pixels.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellLocate {
    /// Position of line 0 (the octave's displacement), in pixels.
    pub init: f64,
    /// Step in pixels (may be fractional).
    pub step: f64,
    /// `1 / step` when the step is a power of two: multiplying by it is then exactly the
    /// division (both are exact), and several times cheaper in lane loops.
    pub inverse: Option<f64>,
    /// The step as an `f32`: offsets are clamped to `0..=l`.
    pub l: f32,
}

impl CellLocate {
    /// The axis of lines `init + i * step`.
    pub(super) fn new(init: f64, step: f64) -> Self {
        CellLocate {
            init,
            step,
            inverse: power_of_two_inverse(step),
            l: step as f32,
        }
    }

    /// The cell index (a whole `f64`) and the offset inside it of position `w`.
    #[inline(always)]
    pub(super) fn cell(&self, w: f64) -> (f64, f32) {
        let t = w - self.init;
        match self.inverse {
            Some(inverse) => self.split(w, t * inverse),
            None => self.split(w, t / self.step),
        }
    }

    /// [`Self::cell`] of `offset + w[j]` for the first `n` lanes, into `cells` and
    /// `offsets` (the builds without `f64` vectors; see `SampleLane::locate`).
    #[inline(always)]
    pub(super) fn lanes(
        &self,
        (offset, w): (f64, &[f64; 16]),
        n: usize,
        cells: &mut [f64; 16],
        offsets: &mut [f32; 16],
    ) {
        let lanes = cells.iter_mut().zip(offsets.iter_mut()).zip(w).take(n);
        for ((i, u), &w) in lanes {
            (*i, *u) = self.cell(offset + w);
        }
    }

    /// The cell and offset of `w`, `q` being its position in cells.
    #[inline(always)]
    fn split(&self, w: f64, q: f64) -> (f64, f32) {
        let i = q.floor();
        let u = (w - (self.init + i * self.step)) as f32;
        // Rounding can put `u` a hair outside `0..step`; clamped so fades stay in
        // range, as `f32::clamp` does (NaN kept) but without its check of the bounds.
        let u = if u < 0.0 { 0.0 } else { u };
        let u = if u > self.l { self.l } else { u };
        (i, u)
    }
}

/// `1 / s` if `s` is a positive power of two whose inverse is a normal number: a
/// product by it is then the quotient by `s` for every `f64` (both round the same
/// exact value once).
fn power_of_two_inverse(s: f64) -> Option<f64> {
    let inverse = 1.0 / s;
    let power = s.is_normal() && s > 0.0 && s.to_bits() & ((1u64 << 52) - 1) == 0;
    (power && inverse.is_normal()).then_some(inverse)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions around whole cells, a hair either side and between, over negative and
    /// positive coordinates.
    fn positions() -> impl Iterator<Item = f64> {
        (-12000..12000).flat_map(|k| {
            let w = f64::from(k) * 0.25;
            [
                w,
                w.next_up(),
                w.next_down(),
                w + 0.37,
                (w + 0.37).next_down(),
            ]
        })
    }

    /// The product by a power of two's inverse is the quotient, bit for bit; other
    /// steps get no inverse.
    #[test]
    fn power_of_two_steps_locate_as_the_division_does() {
        for (step, power) in [
            (1.0, true),
            (4.0, true),
            (0.5, true),
            (512.0, true),
            (96.0, false),
        ] {
            for init in [0.0, 0.37, step / 2.0] {
                let c = CellLocate::new(init, step);
                assert_eq!(c.inverse.is_some(), power, "{step}");
                let divided = CellLocate { inverse: None, ..c };
                for w in positions() {
                    assert_eq!(c.cell(w), divided.cell(w), "{step} {init} {w}");
                }
            }
        }
        for s in [0.0, -2.0, f64::INFINITY, f64::NAN, 3.0] {
            assert_eq!(power_of_two_inverse(s), None, "{s}");
        }
    }

    /// Lanes give each position's [`CellLocate::cell`]; offsets stay in `0..=l` and
    /// NaN stays NaN, as `clamp` keeps it.
    #[test]
    fn lanes_are_cells_one_by_one() {
        for c in [CellLocate::new(0.25, 4.0), CellLocate::new(0.5, 2.5)] {
            let all: Vec<f64> = positions().step_by(7).collect();
            for chunk in all.chunks_exact(16) {
                let w: [f64; 16] = chunk.try_into().unwrap();
                let (mut cells, mut offsets) = ([0.0; 16], [0.0; 16]);
                c.lanes((3.5, &w), 16, &mut cells, &mut offsets);
                for j in 0..16 {
                    assert_eq!((cells[j], offsets[j]), c.cell(3.5 + w[j]));
                    assert!((0.0..=c.l).contains(&offsets[j]));
                }
            }
            let (_, u) = c.cell(f64::NAN);
            assert!(u.is_nan());
        }
    }
}
