//! The inner loops: one pixel row of one octave.
//!
//! Every loop here is generic over the proximity function (so it is specialised and
//! vectorised per function) and over `ACC`: `true` adds into the heightmap row directly,
//! `false` writes into a scratch row the caller adds afterwards (used when the octave's
//! cells do not line up with the texture edge).

use super::kernel::Octave;
use super::proximity::ProximityFn;

/// Row-dependent constants of one octave.
pub(super) struct RowConsts<'a> {
    /// The corners' `y` offsets: `v` for the top corners, `v - l` for the bottom ones.
    pub y_top: f32,
    pub y_bottom: f32,
    /// `fade(v / l)` and `fade(1 - v / l)`.
    pub fv_top: f32,
    pub fv_bottom: f32,
    /// Weights `fade(u) * fade(v)` of the top-left, top-right, bottom-left and
    /// bottom-right corners, per `u` (the general path only).
    pub w: [&'a [f32]; 4],
}

/// The corner rows above and below the pixel row, one slice per random number.
pub(super) type CornerRows<'a> = [&'a [f32]; 4];

#[inline(always)]
fn store<const ACC: bool>(e: &mut f32, v: f32) {
    if ACC { *e += v } else { *e = v }
}

/// The random numbers of corner `j` of a corner row (0 for those `P` does not read).
#[inline(always)]
pub(super) fn corner<P: ProximityFn>(row: &CornerRows<'_>, j: usize) -> [f32; 4] {
    std::array::from_fn(|k| if k < P::NEEDS { row[k][j] } else { 0.0 })
}

/// The random numbers of cell `j`'s corners: top-left, top-right, bottom-left, bottom-right.
#[inline(always)]
fn cell_corners<P: ProximityFn>(
    top: &CornerRows<'_>,
    bottom: &CornerRows<'_>,
    j: usize,
) -> [[f32; 4]; 4] {
    [
        corner::<P>(top, j),
        corner::<P>(top, j + 1),
        corner::<P>(bottom, j),
        corner::<P>(bottom, j + 1),
    ]
}

/// One pixel: the four-corner sum of proximity x fade, times the octave amplitude,
/// in the original's order of operations.
#[inline(always)]
fn pixel<P: ProximityFn>(
    o: &Octave,
    (x_l, x_r): (f32, f32),
    rc: &RowConsts<'_>,
    r: &[[f32; 4]; 4],
    w: [f32; 4],
) -> f32 {
    let h = P::eval(x_l, rc.y_top, o.l, o.il, r[0]) * w[0]
        + P::eval(x_r, rc.y_top, o.l, o.il, r[1]) * w[1]
        + P::eval(x_l, rc.y_bottom, o.l, o.il, r[2]) * w[2]
        + P::eval(x_r, rc.y_bottom, o.l, o.il, r[3]) * w[3];
    h * o.amp
}

/// For a proximity function linear in `x, y` (`P = alpha x + beta y + gamma`), the four
/// corners of a cell fold into `h(u) = a1 f(u) u + b1 f(u) + a2 f(1-u) (u-l) + b2 f(1-u)`.
/// Returns `[a1, b1, a2, b2]`, amplitude included.
#[inline(always)]
fn linear_coeffs<P: ProximityFn>(o: &Octave, rc: &RowConsts<'_>, r: &[[f32; 4]; 4]) -> [f32; 4] {
    let c = r.map(|r| P::linear(o.l, o.il, r));
    let side = |top: [f32; 3], bottom: [f32; 3]| {
        let a = top[0] * rc.fv_top + bottom[0] * rc.fv_bottom;
        let b = (top[1] * rc.y_top + top[2]) * rc.fv_top
            + (bottom[1] * rc.y_bottom + bottom[2]) * rc.fv_bottom;
        (a * o.amp, b * o.amp)
    };
    let (a1, b1) = side(c[0], c[2]);
    let (a2, b2) = side(c[1], c[3]);
    [a1, b1, a2, b2]
}

/// Steps of `S` pixels (a power of two up to 32): loop across cells, the `S` pixels of a
/// cell unrolled, so small cells still fill vector registers.
#[inline(always)]
pub(super) fn row_small<P: ProximityFn, const S: usize, const ACC: bool>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: CornerRows<'_>,
    bottom: CornerRows<'_>,
    out: &mut [f32],
) {
    let cells = out[..o.cells * S].chunks_exact_mut(S).enumerate();
    if P::LINEAR {
        let t: [[f32; 4]; S] =
            std::array::from_fn(|u| [o.fade_l_x[u], o.fade_l[u], o.fade_r_x[u], o.fade_r[u]]);
        for (j, e) in cells {
            let r = cell_corners::<P>(&top, &bottom, j);
            let [a1, b1, a2, b2] = linear_coeffs::<P>(o, rc, &r);
            for u in 0..S {
                let t = t[u];
                store::<ACC>(&mut e[u], a1 * t[0] + b1 * t[1] + a2 * t[2] + b2 * t[3]);
            }
        }
        return;
    }
    let w: [[f32; 4]; S] = std::array::from_fn(|u| std::array::from_fn(|c| rc.w[c][u]));
    let x: [(f32, f32); S] = std::array::from_fn(|u| (o.x_l[u], o.x_r[u]));
    for (j, e) in cells {
        let r = cell_corners::<P>(&top, &bottom, j);
        for u in 0..S {
            store::<ACC>(&mut e[u], pixel::<P>(o, x[u], rc, &r, w[u]));
        }
    }
}

/// Any step: loop over cells, the pixels of a cell in a vectorised inner loop.
#[inline(always)]
pub(super) fn row_cells<P: ProximityFn, const ACC: bool>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: CornerRows<'_>,
    bottom: CornerRows<'_>,
    out: &mut [f32],
) {
    let s = o.step as usize;
    let (x_l, x_r) = (&o.x_l[..s], &o.x_r[..s]);
    let (fl, fr, flx, frx) = (
        &o.fade_l[..s],
        &o.fade_r[..s],
        &o.fade_l_x[..s],
        &o.fade_r_x[..s],
    );
    let w: [&[f32]; 4] = std::array::from_fn(|c| &rc.w[c][..s]);
    for (j, e) in out[..o.cells * s].chunks_exact_mut(s).enumerate() {
        let r = cell_corners::<P>(&top, &bottom, j);
        // Zipped iterators instead of indexing: no bounds checks, so the loops vectorise.
        if P::LINEAR {
            let [a1, b1, a2, b2] = linear_coeffs::<P>(o, rc, &r);
            let tables = flx.iter().zip(fl).zip(frx.iter().zip(fr));
            for (e, ((&t0, &t1), (&t2, &t3))) in e.iter_mut().zip(tables) {
                store::<ACC>(e, a1 * t0 + b1 * t1 + a2 * t2 + b2 * t3);
            }
        } else {
            let inputs = x_l.iter().zip(x_r).zip(w[0]).zip(w[1]).zip(w[2]).zip(w[3]);
            for (e, (((((&xl, &xr), &w0), &w1), &w2), &w3)) in e.iter_mut().zip(inputs) {
                store::<ACC>(e, pixel::<P>(o, (xl, xr), rc, &r, [w0, w1, w2, w3]));
            }
        }
    }
}

/// Computes one row of octave `o` into `out` (`ACC`: adding to it), choosing the loop
/// shape for the step.
#[inline(always)]
pub(super) fn row<P: ProximityFn, const ACC: bool>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: CornerRows<'_>,
    bottom: CornerRows<'_>,
    out: &mut [f32],
) {
    match o.step {
        1 => row_small::<P, 1, ACC>(o, rc, top, bottom, out),
        2 => row_small::<P, 2, ACC>(o, rc, top, bottom, out),
        4 => row_small::<P, 4, ACC>(o, rc, top, bottom, out),
        8 => row_small::<P, 8, ACC>(o, rc, top, bottom, out),
        16 => row_small::<P, 16, ACC>(o, rc, top, bottom, out),
        32 => row_small::<P, 32, ACC>(o, rc, top, bottom, out),
        _ => row_cells::<P, ACC>(o, rc, top, bottom, out),
    }
}
