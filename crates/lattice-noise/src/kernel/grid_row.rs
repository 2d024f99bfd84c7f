//! One grid octave's contribution to one pixel row: the corner rows above and below
//! it (drawn once per cell row and kept in a [`CornerCache`]), the row's fade weights,
//! and the row loop that `row_kernel` picks.

use super::avx2::Avx2;
use super::plan::{Octave, Plan};
use super::row_kernel::{self, RowScratch};
use super::row_parts::{self, CornerRows, RowConsts, corner};
use crate::proximity::{ProximityFn, il_power};
use crate::random::PreparedSource;

/// One octave's corner rows above and below cell row `cell_row`.
#[derive(Default)]
pub(super) struct CornerCache {
    top: [Vec<f32>; 4],
    bottom: [Vec<f32>; 4],
    cell_row: Option<i32>,
}

#[inline(always)]
fn slices(row: &[Vec<f32>; 4], n: usize) -> CornerRows<'_> {
    std::array::from_fn(|k| {
        if row[k].len() >= n {
            &row[k][..n]
        } else {
            &[][..]
        }
    })
}

/// Draws the random numbers of corner row `iy` of octave `o`, whose corner rows the
/// pixel-position sources read at `origin_y + iy * step` (the octave's own origin, but
/// for a shifted grid, whose rows are read where the unshifted grid has them).
#[inline(always)]
pub(super) fn fill_corners<P: ProximityFn>(
    plan: &Plan,
    o: &Octave,
    (origin_y, iy): (i32, i32),
    out: &mut [Vec<f32>; 4],
) {
    match &plan.source {
        PreparedSource::Lattice(src) => {
            src.fill_row(i64::from(iy), o.first_cell, o.period, P::NEEDS, out);
        }
        source => source.fill_row(&o.frame, origin_y + iy * o.step, &o.columns, P::NEEDS, out),
    }
}

/// What the general path's fade weights are multiplied by: `1 / l^SCALE` (taken out of
/// `P`, see [`ProximityFn`]) times the octave amplitude. Once per row and weight, instead
/// of `1 / l^SCALE` once per corner and pixel and the amplitude once per pixel.
#[inline(always)]
fn weight_scale<P: ProximityFn>(o: &Octave) -> f32 {
    il_power(o.il, P::SCALE) * o.amp
}

/// Adds grid octave `o` to texture row `y`: the window's columns of it are
/// `line[lead..lead + width]`, with room around them for the octave's whole cells (see
/// [`Plan::row_span`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn grid_row<P: ProximityFn>(
    plan: &Plan,
    o: &Octave,
    y: i32,
    (line, lead): (&mut [f32], usize),
    cc: &mut CornerCache,
    weights: &mut [Vec<f32>; 4],
    rs: &mut RowScratch,
    isa: Option<Avx2>,
) {
    let width = plan.width;
    let corners = o.cells + 1;
    let s = o.step as usize;
    let offset = (-o.init) as usize;
    let rel = y - o.origin;
    let cy = rel.div_euclid(o.step);
    let v = rel - cy * o.step;
    match cc.cell_row {
        Some(c) if c == cy => {}
        Some(c) if c + 1 == cy => {
            std::mem::swap(&mut cc.top, &mut cc.bottom);
            fill_corners::<P>(plan, o, (o.origin, cy + 1), &mut cc.bottom);
        }
        _ => {
            for k in 0..P::NEEDS {
                cc.top[k].resize(corners, 0.0);
                cc.bottom[k].resize(corners, 0.0);
            }
            fill_corners::<P>(plan, o, (o.origin, cy), &mut cc.top);
            fill_corners::<P>(plan, o, (o.origin, cy + 1), &mut cc.bottom);
        }
    }
    cc.cell_row = Some(cy);
    if s == 1 && plan.exact_step_one {
        // Every pixel is a grid point: the other three corners are weighted by
        // fade(1) = 0 exactly (and P is finite), so the general formula with only the
        // pixel's own corner (its weight fade(0)^2 = 1 times the scale) gives the sum.
        let row = &mut line[lead..lead + width];
        let top = slices(&cc.top, corners);
        let (x, y, w) = (
            (0.0, -o.l),
            (0.0, -o.l),
            [weight_scale::<P>(o), 0.0, 0.0, 0.0],
        );
        for (i, h) in row.iter_mut().enumerate() {
            let r = [corner::<P>(&top, i + offset), [0.0; 4], [0.0; 4], [0.0; 4]];
            *h += P::corner_sum::<f32, true, true>(x, y, o.l, &r, w);
        }
        return;
    }

    let vs = v as f32 / o.l;
    let (fv_t, fv_b) = (plan.fade.eval(vs), plan.fade.eval(1.0 - vs));
    // The linear path folds the fade itself and reads no weights.
    let n = if P::LINEAR { 0 } else { s };
    let [w0, w1, w2, w3] = weights;
    let (w0, w1, w2, w3) = (
        row_parts::scratch(w0, n),
        row_parts::scratch(w1, n),
        row_parts::scratch(w2, n),
        row_parts::scratch(w3, n),
    );
    if !P::LINEAR {
        let scale = weight_scale::<P>(o);
        for (((w0, w1), (w2, w3)), (fl, fr)) in w0
            .iter_mut()
            .zip(w1.iter_mut())
            .zip(w2.iter_mut().zip(w3.iter_mut()))
            .zip(o.fade_l.iter().zip(&o.fade_r))
        {
            *w0 = fl * fv_t * scale;
            *w1 = fr * fv_t * scale;
            *w2 = fl * fv_b * scale;
            *w3 = fr * fv_b * scale;
        }
    }
    let rc = RowConsts {
        y_top: v as f32,
        y_bottom: v as f32 - o.l,
        fv_top: fv_t,
        fv_bottom: fv_b,
        w: [&*w0, &*w1, &*w2, &*w3],
        top_only: v == 0 && plan.exact_step_one,
        left_only_at_zero: plan.exact_step_one,
    };
    let (top, bottom) = (slices(&cc.top, corners), slices(&cc.bottom, corners));
    // The octave's whole cells, with the texture row at `offset` in them: the columns
    // around the row are room in the line (their sums are never read), so no cell is
    // cut and nothing is copied. Copying the row into a buffer of whole cells and back
    // for every octave took a third of a 16384 render.
    let cells = &mut line[lead - offset..lead - offset + o.cells * s];
    row_kernel::row::<P>(o, &rc, top, bottom, rs, isa, cells);
}
