//! [`grid_octave`]: one square-lattice octave of the warped sampler at the lanes'
//! positions, its corners read from the tile's [`CornerGrid`] (see
//! [`super::tile_sampler`]).

use super::grid_corners::{direct_corners, window_corners};
use super::plan::{Octave, Plan};
use super::sample_lane::{SampleLane, fade4};
use super::warp_grid::CornerGrid;
use crate::fade::Fade;
use crate::proximity::ProximityFn;

/// The warp-sampled value of `P` over grid octave `o` at the lanes' positions.
#[inline(always)]
pub(super) fn grid_octave<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    (plan, fade): (&Plan, Fade),
    o: &Octave,
    g: &mut CornerGrid,
    (px, py): (V, V),
) -> V {
    let k = |x: f32| V::all(isa, x);
    let (l, il) = (k(o.l), k(o.il));
    // Exactly `cell_of`, lane by lane. Most octaves have their origin at 0: no
    // subtraction (nor an int-to-float conversion per block) for them.
    let (tx, ty) = if o.origin == 0 {
        (px, py)
    } else {
        let origin = k(o.origin as f32);
        (px - origin, py - origin)
    };
    let (fx, fy, u, v, us, vs);
    if o.pow2 {
        // `tx * il` is exact for a power-of-two step and so is its fraction (Sterbenz),
        // so `us` equals `(tx - fx * l) * il` of the general branch bit for bit.
        let (t, s) = (tx * il, ty * il);
        (fx, fy) = (t.floor(), s.floor());
        us = (t - fx).mx(k(0.0)).mn(k(1.0));
        vs = (s - fy).mx(k(0.0)).mn(k(1.0));
        (u, v) = (us * l, vs * l);
    } else {
        (fx, fy) = ((tx * il).floor(), (ty * il).floor());
        u = (tx - fx * l).mx(k(0.0)).mn(l);
        v = (ty - fy * l).mx(k(0.0)).mn(l);
        (us, vs) = (u * il, v * il);
    }
    let scale = k(o.scales[P::SCALE as usize]);
    let [fl, fr, ft, fb] = fade4(fade, [us, k(1.0) - us, vs, k(1.0) - vs]);
    let (ft, fb) = (ft * scale, fb * scale);
    let w = [fl * ft, fr * ft, fl * fb, fr * fb];
    let sum = CornerSum { u, v, l, w };
    // Each way of reading the corners sums them itself: merged into one array first,
    // the corners went through the stack on every block (slower, measured).
    if g.direct {
        return sum.of::<P>(&direct_corners::<V, P>(isa, plan, o, g, fx, fy));
    }
    if let Some(r) = window_corners::<V, P>(isa, g, fx, fy) {
        return sum.of::<P>(&r);
    }
    let gi = (fy - k(g.y0 as f32)) * k(g.cols as f32) + (fx - k(g.x0 as f32));
    let i = gi.index(g.bound);
    let offsets = [0, 1, g.cols, g.cols + 1];
    let zero = k(0.0);
    let mut r = [[zero; 4]; 4];
    for (q, &off) in offsets.iter().enumerate() {
        for (n, plane) in g.planes.iter().enumerate().take(P::NEEDS) {
            r[q][n] = V::gather(isa, plane.get(off..).unwrap_or(&[]), i);
        }
    }
    sum.of::<P>(&r)
}

/// A cell's offsets and corner weights, to be summed with its corners' numbers.
#[derive(Clone, Copy)]
struct CornerSum<V> {
    u: V,
    v: V,
    l: V,
    w: [V; 4],
}

impl<V: SampleLane> CornerSum<V> {
    /// The proximity function times the weights over the corners `r`.
    #[inline(always)]
    fn of<P: ProximityFn>(self, r: &[[V; 4]; 4]) -> V {
        let CornerSum { u, v, l, w } = self;
        P::corner_sum::<V, false, false>((u, u - l), (v, v - l), l, r, w)
    }
}
