//! The inner loops: one pixel row of one octave.
//!
//! Every loop here is generic over the proximity function (so it is specialised and
//! vectorised per function). Every loop adds to its output row: the texture row, or
//! when the octave's cells do not line up with the texture edge a scratch row of whole
//! cells holding the texture row (one instance per loop, not one that stores and one
//! that adds: these instances were most of the engine's build time). Given an [`Avx2`] (the CPU has it), the
//! linear loops and the general loops for steps 2 to 32 run the hand-vectorised
//! versions in `simd_rows` (blocks of 8 cells, or 16 with AVX-512),
//! which give the same bits.

use super::array_of::array_of;
use super::avx2::Avx2;
use super::plan::Octave;
use super::row_parts::{
    CornerRows, PixelConsts, RowConsts, corner, general_cells, linear_pixel, pixel, scratch, store,
    window,
};
use crate::proximity::ProximityFn;

/// Per-thread buffers of the row loops, reused from row to row.
#[derive(Default)]
pub(super) struct RowScratch {
    /// Per corner, the linear coefficients `A` (of `x`) and `B` (constant) of this row.
    a: Vec<f32>,
    b: Vec<f32>,
    /// The general path for small steps: pixel `u` of every cell, phase by phase.
    phases: Vec<f32>,
}

/// For a proximity function linear in `x, y` (`P = alpha x + beta y + gamma`), a cell's
/// four corners fold into `h(u) = A_j f(u) u + B_j f(u) + A_j+1 f(1-u) (u-l) +
/// B_j+1 f(1-u)`, where `A, B` belong to a corner column (top and bottom corner folded
/// with the row's fade). Computed once per corner and row, shared by the two cells
/// either side; amplitude included.
#[inline(always)]
fn linear_row<P: ProximityFn>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: &CornerRows<'_>,
    bottom: &CornerRows<'_>,
    a: &mut [f32],
    b: &mut [f32],
) {
    let n = a.len().min(b.len());
    let (top, bottom) = (window::<P>(top, 0, n), window::<P>(bottom, 0, n));
    for (j, (a, b)) in a.iter_mut().zip(b.iter_mut()).enumerate().take(n) {
        let t = P::linear(o.l, o.il, corner::<P>(&top, j));
        let d = P::linear(o.l, o.il, corner::<P>(&bottom, j));
        *a = (t[0] * rc.fv_top + d[0] * rc.fv_bottom) * o.amp;
        *b = ((t[1] * rc.y_top + t[2]) * rc.fv_top + (d[1] * rc.y_bottom + d[2]) * rc.fv_bottom)
            * o.amp;
    }
}

/// Writes phase `u`'s value of cell `j` to pixel `j * S + u` of `out`.
#[inline(always)]
fn interleave<const S: usize>(phases: &[f32], n: usize, out: &mut [f32]) {
    let p: [&[f32]; S] = array_of(&[][..], |u| &phases[u * n..(u + 1) * n]);
    for (j, e) in (0..n).zip(out[..n * S].chunks_exact_mut(S)) {
        for u in 0..S {
            store(&mut e[u], p[u][j]);
        }
    }
}

/// Linear functions, steps of `S` pixels (a power of two up to 32): loop across cells,
/// the `S` pixels of a cell unrolled, so small cells still fill vector registers.
/// (Computing small steps phase by phase, as the general path does, measured no
/// better here: the loop is already cheap next to drawing the corners.)
#[inline(always)]
fn linear_small<const S: usize>(o: &Octave, a: &[f32], b: &[f32], out: &mut [f32]) {
    let n = o.cells;
    let t: [[f32; 4]; S] = array_of([0.0; 4], |u| o.linear_tables(u));
    let left = a[..n].iter().zip(&b[..n]);
    let right = a[1..=n].iter().zip(&b[1..=n]);
    for (e, ((&a1, &b1), (&a2, &b2))) in out[..n * S].chunks_exact_mut(S).zip(left.zip(right)) {
        for u in 0..S {
            let t = t[u];
            store(&mut e[u], linear_pixel(t, a1, b1, a2, b2));
        }
    }
}

/// Linear functions, any step: loop over cells, a cell's pixels in a vectorised loop.
#[inline(always)]
fn linear_cells(o: &Octave, a: &[f32], b: &[f32], out: &mut [f32]) {
    let (n, s) = (o.cells, o.step as usize);
    let tables = o.fade_l_x[..s]
        .iter()
        .zip(&o.fade_l[..s])
        .zip(o.fade_r_x[..s].iter().zip(&o.fade_r[..s]));
    let left = a[..n].iter().zip(&b[..n]);
    let right = a[1..=n].iter().zip(&b[1..=n]);
    for (e, ((&a1, &b1), (&a2, &b2))) in out[..n * s].chunks_exact_mut(s).zip(left.zip(right)) {
        // Zipped iterators instead of indexing: no bounds checks, so the loop vectorises.
        for (e, ((&t0, &t1), (&t2, &t3))) in e.iter_mut().zip(tables.clone()) {
            store(e, linear_pixel([t0, t1, t2, t3], a1, b1, a2, b2));
        }
    }
}

/// General functions without AVX2, steps of `S` = 2, 4 or 8 pixels. Vectorising within a
/// cell would leave most lanes idle, and across cells would need shuffles of every
/// corner value; so pixel `u` of every cell is computed first, phase by phase
/// (contiguous corner loads, per-phase constants broadcast), then the phases are
/// interleaved into the row.
#[inline(always)]
fn general_phased<P: ProximityFn, const S: usize>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: &CornerRows<'_>,
    bottom: &CornerRows<'_>,
    phases: &mut Vec<f32>,
    out: &mut [f32],
) {
    let n = o.cells;
    let c = PixelConsts::new(o, rc, 0.0f32);
    let phases = scratch(phases, S * n);
    let rows = [
        window::<P>(top, 0, n),
        window::<P>(top, 1, n),
        window::<P>(bottom, 0, n),
        window::<P>(bottom, 1, n),
    ];
    for (u, dst) in phases.chunks_exact_mut(n).enumerate().take(S) {
        let x = (o.x_l[u], o.x_r[u]);
        let w = [rc.w[0][u], rc.w[1][u], rc.w[2][u], rc.w[3][u]];
        match (u == 0 && rc.left_only_at_zero, rc.top_only) {
            (false, false) => phase::<P, false, false>(&c, x, w, &rows, dst),
            (false, true) => phase::<P, false, true>(&c, x, w, &rows, dst),
            (true, false) => phase::<P, true, false>(&c, x, w, &rows, dst),
            (true, true) => phase::<P, true, true>(&c, x, w, &rows, dst),
        }
    }
    interleave::<S>(phases, n, out);
}

/// Pixel `u` (offsets `x`, weights `w`) of every cell of the row.
#[inline(always)]
fn phase<P: ProximityFn, const LEFT_ONLY: bool, const TOP_ONLY: bool>(
    c: &PixelConsts<f32>,
    x: (f32, f32),
    w: [f32; 4],
    rows: &[CornerRows<'_>; 4],
    dst: &mut [f32],
) {
    for (j, d) in dst.iter_mut().enumerate() {
        // Written out, not `array::map`: its closure was left uninlined for
        // four-number functions, 20-40x slower (displaced-parabola).
        let r = [
            corner::<P>(&rows[0], j),
            corner::<P>(&rows[1], j),
            corner::<P>(&rows[2], j),
            corner::<P>(&rows[3], j),
        ];
        *d = pixel::<f32, P, LEFT_ONLY, TOP_ONLY>(c, x, &r, w);
    }
}

/// Adds one row of octave `o` to `out`, choosing the loop
/// shape for the function and the step.
#[inline(always)]
pub(super) fn row<P: ProximityFn>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: CornerRows<'_>,
    bottom: CornerRows<'_>,
    sc: &mut RowScratch,
    isa: Option<Avx2>,
    out: &mut [f32],
) {
    if P::LINEAR {
        let corners = o.cells + 1;
        let (a, b) = (scratch(&mut sc.a, corners), scratch(&mut sc.b, corners));
        linear_row::<P>(o, rc, &top, &bottom, a, b);
        let (a, b) = (&*a, &*b);
        if let Some(isa) = isa {
            let done = match o.step {
                2 => isa.linear::<2>(o, a, b, out),
                4 => isa.linear::<4>(o, a, b, out),
                8 => isa.linear::<8>(o, a, b, out),
                16 => isa.linear::<16>(o, a, b, out),
                32 => isa.linear::<32>(o, a, b, out),
                _ => isa.linear::<0>(o, a, b, out),
            };
            if done {
                return;
            }
        }
        return match o.step {
            1 => linear_small::<1>(o, a, b, out),
            2 => linear_small::<2>(o, a, b, out),
            4 => linear_small::<4>(o, a, b, out),
            8 => linear_small::<8>(o, a, b, out),
            16 => linear_small::<16>(o, a, b, out),
            32 => linear_small::<32>(o, a, b, out),
            _ => linear_cells(o, a, b, out),
        };
    }
    if let Some(isa) = isa {
        let done = match o.step {
            2 => isa.general::<P, 2>(o, rc, &top, &bottom, out),
            4 => isa.general::<P, 4>(o, rc, &top, &bottom, out),
            8 => isa.general::<P, 8>(o, rc, &top, &bottom, out),
            16 => isa.general::<P, 16>(o, rc, &top, &bottom, out),
            32 => isa.general::<P, 32>(o, rc, &top, &bottom, out),
            // Other steps: the portable cell loop, vectorised by the compiler with this
            // build's instructions.
            _ => {
                other_cells::<P>(o, rc, &top, &bottom, out);
                true
            }
        };
        if done {
            return;
        }
    }
    general_portable::<P>(o, rc, &top, &bottom, &mut sc.phases, out);
}

/// The cell loop for steps that are neither 2 to 32 nor done phase by phase: a known
/// step of 64, else the octave's own.
#[inline(always)]
fn other_cells<P: ProximityFn>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: &CornerRows<'_>,
    bottom: &CornerRows<'_>,
    out: &mut [f32],
) {
    let cells = &mut out[..o.cells * o.step as usize];
    match o.step {
        64 => general_cells::<P, 64>(o, rc, top, bottom, cells),
        _ => general_cells::<P, 0>(o, rc, top, bottom, cells),
    }
}

/// The portable loops of a general function. Out of line: the builds for wider
/// instruction sets reach it only for rows their block loops refuse (never for the rows
/// the kernel makes), so they share this one instance per function instead of
/// compiling their own; these instances were a large part of the engine's build time.
#[inline(never)]
fn general_portable<P: ProximityFn>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: &CornerRows<'_>,
    bottom: &CornerRows<'_>,
    phases: &mut Vec<f32>,
    out: &mut [f32],
) {
    let cells = &mut out[..o.cells * o.step as usize];
    match o.step {
        2 => general_phased::<P, 2>(o, rc, top, bottom, phases, out),
        4 => general_phased::<P, 4>(o, rc, top, bottom, phases, out),
        8 => general_phased::<P, 8>(o, rc, top, bottom, phases, out),
        16 => general_cells::<P, 16>(o, rc, top, bottom, cells),
        32 => general_cells::<P, 32>(o, rc, top, bottom, cells),
        _ => other_cells::<P>(o, rc, top, bottom, out),
    }
}
