//! The terms the proximity formulas are built from, written so that the terms without
//! `x` are shared by every pixel of a corner row, with the rewrites that keep the spec's
//! values (and their bit-exactness test).

use super::lane::Lane;

/// Lane-wise minimum.
#[inline(always)]
pub(super) fn mn<V: Lane>(a: V, b: V) -> V {
    a.mn(b)
}
/// Lane-wise maximum.
#[inline(always)]
pub(super) fn mx<V: Lane>(a: V, b: V) -> V {
    a.mx(b)
}
/// The constant `c` in the lane type of `like`.
#[inline(always)]
pub(super) fn k<V: Lane>(like: V, c: f32) -> V {
    like.splat(c)
}
/// `L = a x + b y`.
#[inline(always)]
pub(super) fn lin<V: Lane>(x: V, y: V, r: [V; 4]) -> V {
    x * r[0] + y * r[1]
}
/// `Q = a x^2 + b y^2 + 2 c x y`, as `x (a x + 2 c y) + b y^2`: the terms in `y` alone
/// are the same for every pixel of a corner row, so the kernel computes them once per
/// corner and leaves two multiplications and two additions per pixel (the literal form
/// takes four and two).
#[inline(always)]
pub(super) fn quad<V: Lane>(x: V, y: V, r: [V; 4]) -> V {
    x * (r[0] * x + k(x, 2.0) * r[2] * y) + r[1] * y * y
}
/// `u = -L` and `S` of the triangular edges and hyperbolic plains, `-L` computed as
/// `(-a) x - b y`: negation is exact, so it is `-L` (up to the sign of a zero).
#[inline(always)]
pub(super) fn edge_parts<V: Lane>(x: V, y: V, r: [V; 4]) -> (V, V) {
    (-r[0] * x - r[1] * y, -r[1] * x + r[0] * y)
}
/// `t = min(max(-L, S), max(L, -S))`, written `min(max(u, S), -min(u, S))`: the same
/// value (`-min(u, S) = max(-u, -S)` lane by lane, ties included, up to the sign of a
/// zero, which no sum sees) with one operation fewer.
#[inline(always)]
pub(super) fn edge<V: Lane>(u: V, s: V) -> V {
    mn(mx(u, s), -mn(u, s))
}
/// The hyperbolic plains shape, `t^3` of the edge `t` ([`edge`]).
#[inline(always)]
pub(super) fn hyper_plains<V: Lane>(x: V, y: V, r: [V; 4]) -> V {
    // The spec's min(max(-L^3, S^3), max(L^3, -S^3)), cubed after the min/max: t^3 is
    // monotonic in floating point too and (-t)^3 = -(t^3) exactly, so the value is the
    // same (up to the sign of an underflowed zero) with two multiplications fewer.
    let (u, s) = edge_parts(x, y, r);
    let t = edge(u, s);
    t * t * t
}
/// The four corners of `hyperbolic`, `sum_q w_q / d_q` with `d_q = 30 + |L_q|`, as one
/// fraction: `(n01 p23 + n23 p01) / (p01 p23)` with `p01 = d0 d1`, `n01 = w0 d1 + w1 d0`
/// (and the same for corners 2 and 3). One division per pixel instead of four: the
/// division is what bounds this function. Every `d` is at least 30 and below 2^16, so
/// the products neither overflow nor lose precision beyond a few ulps.
#[inline(always)]
pub(super) fn hyperbolic_sum<V: Lane>(x: (V, V), y: (V, V), r: &[[V; 4]; 4], w: [V; 4]) -> V {
    let d = |x: V, y: V, r: [V; 4]| k(x, 30.0) + lin(x, y, r).abs();
    let (d0, d1) = (d(x.0, y.0, r[0]), d(x.1, y.0, r[1]));
    let (d2, d3) = (d(x.0, y.1, r[2]), d(x.1, y.1, r[3]));
    let (p01, n01) = (d0 * d1, w[0] * d1 + w[1] * d0);
    let (p23, n23) = (d2 * d3, w[2] * d3 + w[3] * d2);
    (n01 * p23 + n23 * p01) / (p01 * p23)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cube-after-min/max form of the hyperbolic plains and the `u = -L` form of the
    /// triangular edges give the same values as the spec's literal forms, including ties
    /// and both signs; only the sign of a zero may differ, which no sum sees.
    #[test]
    fn edge_rewrites_are_bit_exact() {
        let literal = |x: f32, y: f32, r: [f32; 4]| {
            let l = r[0] * x + r[1] * y;
            let s = -r[1] * x + r[0] * y;
            let (l3, s3) = (l * l * l, s * s * s);
            mn(mx(-l3, s3), mx(l3, -s3))
        };
        let mut state = 0x2545_f491_u32;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state >> 8) as f32 / (1 << 23) as f32 * 2.0 - 1.0
        };
        for i in 0..200_000 {
            let scale = [1.0, 16.0, 256.0][i % 3];
            let (x, y) = (next() * scale, next() * scale);
            let mut r = [next(), next(), 0.0, 0.0];
            if i % 7 == 0 {
                r[1] = r[0]; // L = S on the diagonal: ties between the two arms
            }
            assert_eq!(hyper_plains(x, y, r), literal(x, y, r), "{x} {y} {r:?}");
            let (u, s) = edge_parts(x, y, r);
            let (lv, sv) = (r[0] * x + r[1] * y, -r[1] * x + r[0] * y);
            assert_eq!(edge(u, s), mn(mx(-lv, sv), mx(lv, -sv)), "{x} {y} {r:?}");
            assert_eq!(mx(-u, s), mx(lv, sv), "{x} {y} {r:?}");
        }
        for (x, y) in [(0.0, 0.0), (-0.0, 0.0), (1.0, -1.0), (3.0, 3.0)] {
            let r = [0.5, -0.5, 0.0, 0.0];
            assert_eq!(hyper_plains(x, y, r), literal(x, y, r));
        }
    }
}
