//! The scalar building blocks of a row of one octave, shared by the portable loops
//! (`row_kernel`) and the SIMD ones (`block`, `simd_rows`): the row constants, one
//! pixel's sum, and the general loop over whole cells. Each pixel's operations and
//! their order are defined here once, so every loop gives the same bits.

use super::array_of::array_of;
use super::octave::Octave;
use crate::lane::Lane;
use crate::proximity::ProximityFn;

/// Row-dependent constants of one octave.
pub(super) struct RowConsts<'a> {
    /// The corners' `y` offsets: `v` for the top corners, `v - l` for the bottom ones.
    pub y_top: f32,
    pub y_bottom: f32,
    /// `fade(v / l)` and `fade(1 - v / l)`.
    pub fv_top: f32,
    pub fv_bottom: f32,
    /// Weights `fade(u) * fade(v) * amp / l^SCALE` of the top-left, top-right,
    /// bottom-left and bottom-right corners, per `u` (the general path only).
    pub w: [&'a [f32]; 4],
    /// The bottom corners weigh exactly 0 on this row (`v = 0` and `fade(1) = 0`).
    pub top_only: bool,
    /// The right corners weigh exactly 0 at `u = 0` (`fade(1) = 0`).
    pub left_only_at_zero: bool,
}

/// The corner rows above and below the pixel row, one slice per random number.
pub(super) type CornerRows<'a> = [&'a [f32]; 4];

/// The first `n` values of a scratch buffer, grown (never shrunk) to hold them.
///
/// `Vec::resize` to each octave's length would shrink the buffer for one octave and
/// zero it again for the next, row after row: 3-5% of a gradient render was spent in
/// that `memset`. The values are unspecified; callers overwrite them.
#[inline(always)]
pub(super) fn scratch(v: &mut Vec<f32>, n: usize) -> &mut [f32] {
    if v.len() < n {
        v.resize(n, 0.0);
    }
    &mut v[..n]
}

/// Adds one pixel's value (every row loop adds: see `grid_row`).
#[inline(always)]
pub(super) fn store(e: &mut f32, v: f32) {
    *e += v;
}

/// One pixel of a linear function from its cell's corner coefficients and the octave's
/// tables `t` at its `u` ([`Octave::linear_tables`]). The one definition of the sum and
/// its order: the AVX2 loops must match it bit for bit.
#[inline(always)]
pub(super) fn linear_pixel(t: [f32; 4], a1: f32, b1: f32, a2: f32, b2: f32) -> f32 {
    a1 * t[0] + b1 * t[1] + a2 * t[2] + b2 * t[3]
}

/// The random numbers of corner `j` of a corner row (0 for those `P` does not read).
#[inline(always)]
pub(super) fn corner<P: ProximityFn>(row: &CornerRows<'_>, j: usize) -> [f32; 4] {
    array_of(0.0, |k| if k < P::NEEDS { row[k][j] } else { 0.0 })
}

/// `row` from corner `from` on, `n` corners long, for the random numbers `P` reads; cut
/// once so the loops below index without bounds checks.
#[inline(always)]
pub(super) fn window<'a, P: ProximityFn>(
    row: &CornerRows<'a>,
    from: usize,
    n: usize,
) -> CornerRows<'a> {
    array_of(&[][..], |k| {
        if k < P::NEEDS {
            &row[k][from..from + n]
        } else {
            &[][..]
        }
    })
}

/// The octave and row constants [`pixel`] reads, in lane type `V`.
pub(super) struct PixelConsts<V> {
    pub l: V,
    pub y_top: V,
    pub y_bottom: V,
}

impl<V: Lane> PixelConsts<V> {
    /// The constants of octave `o` and row `rc`, made with `like`'s [`Lane::splat`].
    #[inline(always)]
    pub(super) fn new(o: &Octave, rc: &RowConsts<'_>, like: V) -> Self {
        PixelConsts {
            l: like.splat(o.l),
            y_top: like.splat(rc.y_top),
            y_bottom: like.splat(rc.y_bottom),
        }
    }
}

/// One pixel: the four-corner sum of shape x weight ([`ProximityFn::corner_sum`]; the
/// weights `w` hold the fade, `1 / l^SCALE` and the octave amplitude). `LEFT_ONLY` /
/// `TOP_ONLY` drop corners whose weight is exactly 0. With a block lane type (`F32x8`,
/// `F32x16`), the same pixel of 8 or 16 neighbouring cells.
#[inline(always)]
pub(super) fn pixel<V: Lane, P: ProximityFn, const LEFT_ONLY: bool, const TOP_ONLY: bool>(
    c: &PixelConsts<V>,
    x: (V, V),
    r: &[[V; 4]; 4],
    w: [V; 4],
) -> V {
    P::corner_sum::<V, LEFT_ONLY, TOP_ONLY>(x, (c.y_top, c.y_bottom), c.l, r, w)
}

/// General functions, any step (`S`, or the octave's step when `S = 0`): loop over
/// cells (as many as `out` holds; `top` and `bottom` start at the first one's left
/// corner), a cell's pixels in a vectorised loop. A known `S` lets the compiler drop
/// the inner loop's remainder handling, which costs as much as the pixels at 16.
#[inline(always)]
pub(super) fn general_cells<P: ProximityFn, const S: usize>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: &CornerRows<'_>,
    bottom: &CornerRows<'_>,
    out: &mut [f32],
) {
    let s = if S == 0 { o.step as usize } else { S };
    let c = PixelConsts::new(o, rc, 0.0f32);
    let (x_l, x_r) = (&o.x_l[..s], &o.x_r[..s]);
    let w: [&[f32]; 4] = array_of(&[][..], |c| &rc.w[c][..s]);
    for (j, e) in out.chunks_exact_mut(s).enumerate() {
        let r = [
            corner::<P>(top, j),
            corner::<P>(top, j + 1),
            corner::<P>(bottom, j),
            corner::<P>(bottom, j + 1),
        ];
        let inputs = x_l.iter().zip(x_r).zip(w[0]).zip(w[1]).zip(w[2]).zip(w[3]);
        for (e, (((((&xl, &xr), &w0), &w1), &w2), &w3)) in e.iter_mut().zip(inputs) {
            let v = pixel::<f32, P, false, false>(&c, (xl, xr), &r, [w0, w1, w2, w3]);
            store(e, v);
        }
    }
}
