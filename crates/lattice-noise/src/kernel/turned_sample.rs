//! The isotropic mode's octave at `W` sample points at a time: lattice coordinates by
//! the octave's matrix, each lane's four points gathered from the tile's
//! [`TurnedGrid`], each point's offset turned by the point's angle, weighted by the
//! round (or square) window. Every lane does the scalar operations in the scalar order,
//! so all builds give the same bits.

use super::sample_lane::{SampleLane, fade};
use super::turned_grid::{PLANES, TurnedGrid};
use super::turned_octave::TurnedOctave;
use crate::proximity::{ProximityFn, il_power};
use crate::random::PreparedSource;

/// The value of `o` (times its amplitude) at the lanes' positions `(px, py)`.
#[inline(always)]
pub(super) fn turned_octave<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    source: &PreparedSource,
    o: &TurnedOctave,
    g: &mut TurnedGrid,
    (px, py): (V, V),
) -> V {
    let k = |x: f32| V::all(isa, x);
    let (zero, one) = (k(0.0), k(1.0));
    let qx = px * k(o.m[0]) + py * k(o.m[1]) + k(o.c[0]);
    let qy = px * k(o.m[2]) + py * k(o.m[3]) + k(o.c[1]);
    let (fx, fy) = (qx.floor(), qy.floor());
    let u = (qx - fx).mx(zero).mn(one);
    let v = (qy - fy).mx(zero).mn(one);
    let points = if g.direct {
        direct_points::<V, P>(isa, source, o, g, fx, fy)
    } else if let Some(pts) = one_cell::<V, P>(isa, o, g, fx, fy) {
        pts
    } else {
        let gi = (fy - k(g.y0 as f32)) * k(g.cols as f32) + (fx - k(g.x0 as f32));
        let i = gi.index(g.bound);
        let offsets = [0, 1, g.cols, g.cols + 1];
        let mut pts = [[zero; PLANES]; 4];
        for (q, &off) in offsets.iter().enumerate() {
            for (n, plane) in g.planes.iter().enumerate() {
                if n < P::NEEDS || (o.turn && n >= 4) {
                    pts[q][n] = V::gather(isa, plane.get(off..).unwrap_or(&[]), i);
                }
            }
        }
        pts
    };
    let (fl, fr) = (fade(o.fade, u), fade(o.fade, one - u));
    let (ft, fb) = (fade(o.fade, v), fade(o.fade, one - v));
    let square = [fl * ft, fr * ft, fl * fb, fr * fb];
    // The functions are defined on pixel offsets (some, like `min(0, L - c) / l`, are
    // not functions of `x / l` alone), so cells are scaled back to pixels.
    let l = k(o.l);
    let unit = il_power(1.0 / o.l, P::SCALE);
    let mean = [
        k(o.mean[0] / unit),
        k(o.mean[1] / unit),
        k(o.mean[2] / unit),
        k(o.mean[3] / unit),
    ];
    let mut h = zero;
    // Plain loops: `<[T; N]>::map` is not inlined into the SIMD builds, and its
    // closures would call each intrinsic out of line.
    for (q, p) in points.iter().enumerate() {
        let dx = if q & 1 == 0 { u } else { u - one };
        let dy = if q & 2 == 0 { v } else { v - one };
        let r = (dx * dx + dy * dy).sqrt();
        let w = if o.round {
            fade(o.fade, r.mn(one))
        } else {
            square[q]
        };
        let shape = if o.turn {
            let (c, s) = (p[4], p[5]);
            let (x, y) = (c * dx - s * dy, s * dx + c * dy);
            let m = ((mean[3] * r + mean[2]) * r + mean[1]) * r + mean[0];
            P::shape(x * l, y * l, l, [p[0], p[1], p[2], p[3]]) - m
        } else {
            P::shape(dx * l, dy * l, l, [p[0], p[1], p[2], p[3]])
        };
        h = h + shape * w;
    }
    h * k(il_power(1.0 / o.l, P::SCALE) * o.amp)
}

/// The four points of the lanes' cell when every lane is in the same one (most lanes
/// of the coarse octaves), read once and broadcast instead of gathered; the grid's
/// numbers, so the same bits. `None` otherwise.
#[inline(always)]
fn one_cell<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    o: &TurnedOctave,
    g: &TurnedGrid,
    fx: V,
    fy: V,
) -> Option<[[V; PLANES]; 4]> {
    let (x, y) = (fx.first(), fy.first());
    if !(fx.all_within(x, x) && fy.all_within(y, y)) {
        return None;
    }
    let (col, row) = (x - g.x0 as f32, y - g.y0 as f32);
    if !(col >= 0.0 && row >= 0.0) {
        return None;
    }
    let at = row as usize * g.cols + col as usize;
    if at > g.bound as usize {
        return None;
    }
    let zero = V::all(isa, 0.0);
    let mut pts = [[zero; PLANES]; 4];
    for (q, off) in [0, 1, g.cols, g.cols + 1].into_iter().enumerate() {
        for (n, plane) in g.planes.iter().enumerate() {
            if n < P::NEEDS || (o.turn && n >= 4) {
                pts[q][n] = V::all(isa, plane.get(at + off).copied().unwrap_or(0.0));
            }
        }
    }
    Some(pts)
}

/// Each lane's four points, drawn one pixel at a time.
#[inline(never)]
fn direct_points<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    source: &PreparedSource,
    o: &TurnedOctave,
    g: &mut TurnedGrid,
    fx: V,
    fy: V,
) -> [[V; PLANES]; 4] {
    let (mut xs, mut ys) = ([0.0f32; 16], [0.0f32; 16]);
    fx.write(&mut xs);
    fy.write(&mut ys);
    // values[q][k][lane]
    let mut values = [[[0.0f32; 16]; PLANES]; 4];
    for lane in 0..V::W {
        let mut points = [[0.0f32; PLANES]; 4];
        // A NaN position's cell is 0, as the grid's clamped index would not be: such a
        // lane's value is meaningless either way.
        let cell = (xs[lane] as i64, ys[lane] as i64);
        g.direct(source, o, P::NEEDS, cell, &mut points);
        for (q, p) in points.iter().enumerate() {
            for (n, v) in p.iter().enumerate() {
                values[q][n][lane] = *v;
            }
        }
    }
    values.map(|q| q.map(|plane| V::read(isa, &plane)))
}

/// Adds `o` to `row`, texture row `y` from column `x0`, one pixel at a time with each
/// pixel's points drawn on their own: the literal path the sampler is tested against.
pub(super) fn add_row_direct<P: ProximityFn>(
    source: &PreparedSource,
    o: &TurnedOctave,
    (x0, y): (usize, usize),
    row: &mut [f32],
    g: &mut TurnedGrid,
) {
    g.direct = true;
    for (i, h) in row.iter_mut().enumerate() {
        let pos = ((x0 + i) as f32, y as f32);
        *h += turned_octave::<f32, P>((), source, o, g, pos);
    }
}

#[cfg(test)]
#[path = "turned_tests.rs"]
mod tests;
