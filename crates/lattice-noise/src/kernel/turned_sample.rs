//! The isotropic mode's octave at `W` sample points at a time: lattice coordinates by
//! the octave's matrix, each lane's four points gathered from the tile's
//! [`TurnedGrid`], each point's offset turned by the point's angle, weighted by the
//! round (or square) window. Every lane does the scalar operations in the scalar order,
//! so all builds give the same bits.

use super::sample_lane::{SampleLane, fade4, grid_index, window_columns};
use super::turned_grid::{PLANES, TurnedGrid};
use super::turned_octave::TurnedOctave;
use crate::proximity::ProximityFn;
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
    let unit = o.units[P::SCALE as usize];
    let c = Corner {
        l: k(o.l),
        mean: [k(o.mean[0]), k(o.mean[1]), k(o.mean[2]), k(o.mean[3])],
    };
    // Each corner's offset (top-left, top-right, bottom-left, bottom-right) and distance.
    let (ul, vt) = (u - one, v - one);
    let d = [(u, v), (ul, v), (u, vt), (ul, vt)];
    let r = [dist(d[0]), dist(d[1]), dist(d[2]), dist(d[3])];
    let w = if o.round {
        fade4(
            o.fade,
            [r[0].mn(one), r[1].mn(one), r[2].mn(one), r[3].mn(one)],
        )
    } else {
        let [fl, fr, ft, fb] = fade4(o.fade, [u, one - u, v, one - v]);
        [fl * ft, fr * ft, fl * fb, fr * fb]
    };
    let cell = Cell {
        c,
        d,
        r,
        w,
        scale: k(unit * o.amp),
    };
    // Each way of reading the points sums them itself: merged into one array first,
    // the points went through the stack on every block.
    if g.direct {
        return cell.sum::<P>(o, &direct_points::<V, P>(isa, source, o, g, fx, fy));
    }
    if let Some(pts) = one_cell::<V, P>(isa, o, g, fx, fy) {
        return cell.sum::<P>(o, &pts);
    }
    if let Some(pts) = two_rows::<V, P>(isa, o, g, fx, fy) {
        return cell.sum::<P>(o, &pts);
    }
    let gi = (fy - k(g.y0 as f32)) * k(g.cols as f32) + (fx - k(g.x0 as f32));
    let i = gi.index(g.bound);
    let offsets = [0, 1, g.cols, g.cols + 1];
    let mut pts = [[zero; PLANES]; 4];
    for (q, &off) in offsets.iter().enumerate() {
        for (n, plane) in g.planes.iter().enumerate() {
            if reads_plane::<P>(o, n) {
                pts[q][n] = V::gather(isa, plane.get(off..).unwrap_or(&[]), i);
            }
        }
    }
    cell.sum::<P>(o, &pts)
}

/// A lane's cell before its points are read: the corners' offsets, distances and
/// weights, and the octave's scale.
struct Cell<V> {
    c: Corner<V>,
    d: [(V, V); 4],
    r: [V; 4],
    w: [V; 4],
    scale: V,
}

impl<V: SampleLane> Cell<V> {
    /// The octave's value with the four points `pts`.
    #[inline(always)]
    fn sum<P: ProximityFn>(&self, o: &TurnedOctave, pts: &[[V; PLANES]; 4]) -> V {
        let Cell { c, d, r, w, scale } = self;
        let h = c.add::<P>(o, scale.splat(0.0), &pts[0], d[0], r[0], w[0]);
        let h = c.add::<P>(o, h, &pts[1], d[1], r[1], w[1]);
        let h = c.add::<P>(o, h, &pts[2], d[2], r[2], w[2]);
        let h = c.add::<P>(o, h, &pts[3], d[3], r[3], w[3]);
        h * *scale
    }
}

/// The length of `(x, y)`. A function, not a closure: on [`crate::kernel::dual::Dual`]
/// lanes a closure here was compiled out of line, where the vector instructions it
/// calls became calls too (a sixth of the exact slopes' time).
#[inline(always)]
fn dist<V: SampleLane>((x, y): (V, V)) -> V {
    (x * x + y * y).sqrt()
}

/// What every corner of a lane's cell shares.
struct Corner<V> {
    /// The cell's side in pixels.
    l: V,
    /// The mean kernel's coefficients (see [`TurnedOctave::mean`]).
    mean: [V; 4],
}

impl<V: SampleLane> Corner<V> {
    /// `h` plus the contribution of the corner at offset `(dx, dy)` and distance `r`
    /// (in cells) from the lanes, its point's planes `p`, weighted by `w`.
    #[inline(always)]
    fn add<P: ProximityFn>(
        &self,
        o: &TurnedOctave,
        h: V,
        p: &[V; PLANES],
        (dx, dy): (V, V),
        r: V,
        w: V,
    ) -> V {
        let Corner { l, mean } = *self;
        // The functions are defined on pixel offsets (some, like `min(0, L - c) / l`,
        // are not functions of `x / l` alone), so cells are scaled back to pixels.
        let shape = if o.turn {
            let (c, s) = (p[4], p[5]);
            let (x, y) = (c * dx - s * dy, s * dx + c * dy);
            let m = ((mean[3] * r + mean[2]) * r + mean[1]) * r + mean[0];
            P::shape(x * l, y * l, l, [p[0], p[1], p[2], p[3]]) - m
        } else {
            P::shape(dx * l, dy * l, l, [p[0], p[1], p[2], p[3]])
        };
        h + shape * w
    }
}

/// Whether sampling `o` with `P` reads plane `n` of the grid: `P`'s random numbers,
/// and the turn's cosine and sine when points turn.
#[inline(always)]
fn reads_plane<P: ProximityFn>(o: &TurnedOctave, n: usize) -> bool {
    n < P::NEEDS || (o.turn && n >= 4)
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
    let at = grid_index((x, y), (g.x0, g.y0), g.cols)?;
    if at > g.bound as usize {
        return None;
    }
    let zero = V::all(isa, 0.0);
    let mut pts = [[zero; PLANES]; 4];
    for (q, off) in [0, 1, g.cols, g.cols + 1].into_iter().enumerate() {
        for (n, plane) in g.planes.iter().enumerate() {
            if reads_plane::<P>(o, n) {
                pts[q][n] = V::all(isa, plane.get(at + off).copied().unwrap_or(0.0));
            }
        }
    }
    Some(pts)
}

/// The four points of each lane's cell when the lanes' cells lie in two neighbouring
/// lattice rows and a few columns of each other (most lanes of the middle octaves): by
/// window permutes of the grid's three rows those cells touch and a blend per row,
/// instead of gathers. The grid's numbers at the gathers' indices, so the same bits;
/// `None` otherwise.
#[inline(always)]
fn two_rows<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    o: &TurnedOctave,
    g: &TurnedGrid,
    fx: V,
    fy: V,
) -> Option<[[V; PLANES]; 4]> {
    let y = fy.first();
    // Lane 0's row is the upper or the lower of the two.
    let top = if fy.all_within(y, y + 1.0) {
        y
    } else if fy.all_within(y - 1.0, y) {
        y - 1.0
    } else {
        return None;
    };
    let (left, r) = window_columns(isa, fx, g.x0)?;
    let at = grid_index((left, top), (g.x0, g.y0), g.cols)?;
    // Every lane's top-left index within the gathers' bound: the same numbers.
    if at + g.cols + V::WINDOW - 2 > g.bound as usize {
        return None;
    }
    // Lanes in the upper row take rows 0 and 1 of the three, the others rows 1 and 2.
    let upper = V::all(isa, top + 0.5);
    let zero = V::all(isa, 0.0);
    let mut pts = [[zero; PLANES]; 4];
    for (n, plane) in g.planes.iter().enumerate() {
        if reads_plane::<P>(o, n) {
            let a = plane.get(at..at + V::WINDOW)?;
            let b = plane.get(at + g.cols..at + g.cols + V::WINDOW)?;
            let c = plane.get(at + 2 * g.cols..at + 2 * g.cols + V::WINDOW)?;
            let (a0, a1) = V::window_pair(isa, a, r);
            let (b0, b1) = V::window_pair(isa, b, r);
            let (c0, c1) = V::window_pair(isa, c, r);
            pts[0][n] = fy.select_lt(upper, a0, b0);
            pts[1][n] = fy.select_lt(upper, a1, b1);
            pts[2][n] = fy.select_lt(upper, b0, c0);
            pts[3][n] = fy.select_lt(upper, b1, c1);
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
