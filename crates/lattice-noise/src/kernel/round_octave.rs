//! [`RoundOctave`]: an octave of the isotropic mode whose grid is square and unturned
//! (shifted octaves), for a linear function: summed a row at a time like the original's
//! grid, with the round window read from per-row tables instead of evaluated per pixel.
//!
//! A pixel `(u, v)` pixels from its cell's top-left corner weighs each corner by
//! `fade(min(1, r / l))`, `r` its distance to the corner; a linear function turned by
//! the corner's angle is `alpha' x + beta' y + gamma`. So the pixel's value is
//! `sum_c w_c (A_c x_c + B_c)`: the corner coefficients `A = alpha' amp` and
//! `B = (beta' y_c + gamma - mu) amp` depend on the corner and the row (`mu`, the
//! points' average, taken out: see `linear_mean`), the weights `w_c` only on `(u, v)`:
//! one table per corner and row, `l` entries long, shared by every cell of the row, and
//! the offsets `x_c` (`u` from the left corners, `u - l` from the right ones) exact
//! whole numbers the loops count instead of reading.

use super::octave::Octave;
use super::row_parts::{CornerRows, corner, scratch};
use super::turned_octave::TurnedOctave;
use crate::fade::Fade;
use crate::proximity::ProximityFn;

/// An isotropic octave on the row kernel.
pub(crate) struct RoundOctave {
    /// The square grid's row-independent data; its `origin` is the columns' origin.
    pub grid: Octave,
    /// The origin of the grid's rows (the octave's shift along y differs from x's).
    pub origin_y: i32,
    /// The octave's shift along x and y: the pixel-position random sources read each
    /// point where the unshifted grid has it, so a point keeps its numbers when the
    /// texture is rendered at another size (a shift is a whole number of pixels, so it
    /// does not scale exactly with the size; the unshifted grid does).
    pub shift: [i32; 2],
    /// The same octave as the per-pixel sampler sees it (warped layers, slopes): the
    /// points' turns, the mean kernel, the function's units.
    pub turned: TurnedOctave,
}

/// A pixel's round-window weights for the top-left, top-right, bottom-left and
/// bottom-right corners in turn.
pub(super) type WindowEntry = [f32; 4];

impl RoundOctave {
    /// The octave on `grid` (its columns' origin shifted), rows from `origin_y`, the
    /// grid shifted by `shift`.
    pub(super) fn new(grid: Octave, origin_y: i32, shift: [i32; 2], turned: TurnedOctave) -> Self {
        RoundOctave {
            grid,
            origin_y,
            shift,
            turned,
        }
    }

    /// The turned linear coefficients `[alpha', beta', gamma]` of grid point `z` with
    /// random numbers `r`.
    #[inline(always)]
    pub(super) fn coefficients<P: ProximityFn>(&self, z: (i64, i64), r: [f32; 4]) -> [f32; 3] {
        turn::<P>(self, r, self.turned.turn_of(z))
    }

    /// The points' average constant term `mu` (in the function's own units), taken out
    /// of every point's.
    #[inline(always)]
    fn mu<P: ProximityFn>(&self) -> f32 {
        self.turned.mean[0] * self.turned.units[P::SCALE as usize]
    }

    /// [`Self::coefficients`] of points `x0, x0 + 1, ...` of grid row `y`, their random
    /// numbers in `rows`, into `out` (`alpha'`, `beta'`, `gamma`); `turns` is room for the
    /// row's turns.
    #[inline(always)]
    pub(super) fn row_coefficients<P: ProximityFn>(
        &self,
        (x0, y): (i64, i64),
        rows: &CornerRows<'_>,
        turns: &mut [Vec<f32>; 2],
        out: &mut [Vec<f32>; 3],
    ) {
        let n = out[0].len();
        let [c, s] = turns;
        let (c, s) = (scratch(c, n), scratch(s, n));
        self.turned.turns_of_row((x0, y), c, s);
        let [a, b, g] = out;
        let points = a.iter_mut().zip(b.iter_mut()).zip(g.iter_mut());
        for (j, (((a, b), g), (c, s))) in points.zip(c.iter().zip(s.iter())).enumerate() {
            [*a, *b, *g] = turn::<P>(self, corner::<P>(rows, j), [*c, *s]);
        }
    }

    /// A pixel on the grid point with random numbers `r`, in an octave of step 1 whose
    /// fade is exactly 0 at 1 (the other corners weigh 0): its window weight `w` (window
    /// entry 0) times the point's constant term less the average. The turn and the
    /// slopes multiply offsets of 0, so they are left out.
    #[inline(always)]
    pub(super) fn point_value<P: ProximityFn>(&self, r: [f32; 4], w: f32) -> f32 {
        let o = &self.grid;
        (P::linear(o.l, o.il, r)[2] - self.mu::<P>()) * o.amp * w
    }

    /// `[A, B]` of a corner with coefficients `k` (the average already out of the
    /// constant) on a row `y` pixels below it (`y` negative for the corners below the
    /// row).
    #[inline(always)]
    pub(super) fn corner(&self, k: [f32; 3], y: f32) -> [f32; 2] {
        [self.slope(k[0]), self.constant(k[1], k[2], y)]
    }

    /// A corner's `A` from its `alpha'`: the same on every row, so the row kernel
    /// takes it once per cell row.
    #[inline(always)]
    pub(super) fn slope(&self, alpha: f32) -> f32 {
        alpha * self.grid.amp
    }

    /// A corner's `B` from its `beta'` and `gamma` (less the average) on a row `y`
    /// pixels below it.
    #[inline(always)]
    pub(super) fn constant(&self, beta: f32, gamma: f32, y: f32) -> f32 {
        (beta * y + gamma) * self.grid.amp
    }

    /// The window weights of row `v` of a cell (whole pixels from its top) for its
    /// top-left corner, `u = 0..=l` (`out`, `l + 1` long): `fade(min(1, r / l))`. The
    /// bottom-left corner's weights of row `v` are this of row `l - v`, since offsets
    /// are measured in whole pixels from each corner. Loops over `u`, so they vectorise.
    #[inline(always)]
    pub(super) fn window_weights(&self, fade: Fade, v: i32, out: &mut [f32]) {
        let il = self.grid.il;
        let vt = v as f32 * il;
        // `i32` counters: converting them to floats vectorises, `usize` ones do not.
        for (u, w) in (0i32..).zip(out.iter_mut()) {
            *w = dist(u as f32 * il, vt).min(1.0);
        }
        fade.eval_all(out);
    }

    /// The window weights of row `v` of a cell, for every `u` of the cell: `t[k][u]`
    /// is entry `k` of [`WindowEntry`]; `w` is room for the left corners' weights. The
    /// one definition of the tables, read by the literal path; the row kernel reads the
    /// same from a `WindowTable` built with [`window_weights`](Self::window_weights) and
    /// [`right_weights`]. Inlined, so the row kernel's rows of a window too big to keep
    /// run in the caller's instructions.
    #[inline(always)]
    pub(super) fn fill_tables(
        &self,
        fade: Fade,
        v: i32,
        t: &mut [Vec<f32>; 4],
        w: &mut [Vec<f32>; 2],
    ) {
        let s = self.grid.step as usize;
        let [wt, wb] = w;
        let (wt, wb) = (scratch(wt, s + 1), scratch(wb, s + 1));
        self.window_weights(fade, v, wt);
        self.window_weights(fade, self.grid.step - v, wb);
        let [t0, t1, t2, t3] = t;
        t0.clear();
        t0.extend_from_slice(&wt[..s]);
        t2.clear();
        t2.extend_from_slice(&wb[..s]);
        right_weights(wt, scratch(t1, s));
        right_weights(wb, scratch(t3, s));
    }
}

/// A right corner's weights `out` (`u = 0..l`) from the left corner's `w` of the same
/// row (`l + 1` long): a corner's offsets are measured from it in whole pixels (`l - u`
/// to the right ones), so they are the left ones' read backwards.
#[inline(always)]
pub(super) fn right_weights(w: &[f32], out: &mut [f32]) {
    for (t, w) in out.iter_mut().zip(w[1..].iter().rev()) {
        *t = *w;
    }
}

/// A linear function's coefficients `[alpha, beta, gamma - mu]` at a point of `r`
/// with random numbers `n`, turned by `(cos, sin)`.
#[inline(always)]
fn turn<P: ProximityFn>(r: &RoundOctave, n: [f32; 4], [c, s]: [f32; 2]) -> [f32; 3] {
    let o = &r.grid;
    let [a, b, g] = P::linear(o.l, o.il, n);
    [a * c + b * s, b * c - a * s, g - r.mu::<P>()]
}

/// The length of `(x, y)`.
#[inline(always)]
fn dist(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Cell `j`'s corners' `[A, B]` (top-left, top-right, bottom-left, bottom-right).
#[inline(always)]
pub(super) fn corners_of(k: [&[f32]; 4], j: usize) -> [f32; 8] {
    [
        k[0][j],
        k[1][j],
        k[0][j + 1],
        k[1][j + 1],
        k[2][j],
        k[3][j],
        k[2][j + 1],
        k[3][j + 1],
    ]
}

/// A pixel's value from its window weights `w`, its offsets `x` from the left and the
/// right corners (`u` and `u - l`), and its four corners' `[A, B]` in `c` (top-left,
/// top-right, bottom-left, bottom-right). The one definition of the sum and its order:
/// every loop must match it bit for bit.
#[inline(always)]
pub(super) fn round_pixel(w: &WindowEntry, x: [f32; 2], c: [f32; 8]) -> f32 {
    // Each corner's line at the pixel, times its weight; the left corners' and the
    // right ones' summed, then both: two additions deep, so a cell of one or two vectors
    // does not wait on one chain of dependent additions. Four weights and two counted
    // offsets per pixel instead of eight precomputed products: half the loads.
    let tl = w[0] * (c[0] * x[0] + c[1]);
    let tr = w[1] * (c[2] * x[1] + c[3]);
    let bl = w[2] * (c[4] * x[0] + c[5]);
    let br = w[3] * (c[6] * x[1] + c[7]);
    (tl + bl) + (tr + br)
}
