//! [`Block`]: a [`Lane`] type whose lanes hold one pixel of `W` neighbouring cells, and
//! the loop that computes a row of a general proximity function in blocks of `W` cells
//! with it ([`general`]), shared by the AVX2 (`F32x8`) and AVX-512 (`F32x16`) builds.

use super::array_of::array_of;
use super::plan::Octave;
use super::row_parts::{CornerRows, PixelConsts, RowConsts, general_cells, pixel};
use crate::lane::Lane;
use crate::proximity::ProximityFn;

/// A register of `W` lanes (a power of two) that a block of `W` cells is computed in.
pub(super) trait Block: Lane {
    /// Lanes: cells per block.
    const W: usize;
    /// The proof that the CPU has the instructions this type uses.
    type Isa: Copy;
    /// `x` in every lane.
    fn broadcast(isa: Self::Isa, x: f32) -> Self;
    /// The lanes `x[..W]` (0 in every lane if `x` is shorter).
    fn load(isa: Self::Isa, x: &[f32]) -> Self;
    /// Turns `p.len()` (2 to `W`, a power of two) phase vectors, `p[u]` = pixel `u` of
    /// `W` consecutive cells, into the same pixels in memory order, in place.
    fn to_pixel_order(p: &mut [Self]);
    /// Adds the lanes into `e[..W]`; `e` is at least `W` long.
    fn put(self, e: &mut [f32]);
}

/// The [`Block`] methods that differ between register types only in the lane count `$n`
/// and the instructions `$set1` and `$loadu`: `broadcast`, `load` and `put` of a type
/// `$t { v, isa }` whose operators are `simd_lane!`'s.
macro_rules! block_lanes {
    ($t:ident, $isa:ty, $n:literal, $set1:path, $loadu:path) => {
        #[inline(always)]
        fn broadcast(isa: $isa, x: f32) -> Self {
            // The instructions, not casts of arrays (here and in `load`): the tests'
            // build does not inline a cast's alignment check, and broadcasts and loads
            // are in every inner loop.
            #[allow(unsafe_code)]
            // SAFETY: `isa` proves the CPU has this type's instructions (see its doc).
            let v = unsafe { $set1(x) };
            $t { v, isa }
        }
        #[inline(always)]
        fn load(isa: $isa, x: &[f32]) -> Self {
            let a = x.first_chunk::<$n>().copied().unwrap_or([0.0; $n]);
            #[allow(unsafe_code)]
            // SAFETY: `isa` proves the instructions; the load reads the `$n` floats of
            // `a`, unaligned.
            let v = unsafe { $loadu(a.as_ptr()) };
            $t { v, isa }
        }
        #[inline(always)]
        fn put(self, e: &mut [f32]) {
            if let Some(e) = e.first_chunk_mut::<$n>() {
                let v = Self::load(self.isa, e) + self;
                *e = *bytemuck::cast_ref(&v.v);
            }
        }
    };
}
pub(super) use block_lanes;

/// Defines `$name`, [`general`] with block type `$b`, compiled with the CPU features
/// `$features` that the proof type `$isa` stands for: the `#[target_feature]` function
/// each instruction set's row loop is entered through.
macro_rules! general_with {
    ($name:ident, $features:literal, $b:ty, $isa:ty) => {
        /// [`general`](crate::kernel::block::general) in blocks of this build's lanes.
        #[inline]
        #[target_feature(enable = $features)]
        pub(super) fn $name<P: ProximityFn, const S: usize>(
            isa: $isa,
            o: &Octave,
            rc: &RowConsts<'_>,
            top: &CornerRows<'_>,
            bottom: &CornerRows<'_>,
            out: &mut [f32],
        ) {
            $crate::kernel::block::general::<$b, P, S>(isa, o, rc, top, bottom, out);
        }
    };
}
pub(super) use general_with;

/// Most lanes of any [`Block`] type (sizes the per-block phase buffer).
const MAX_W: usize = 16;

/// The random numbers `P` reads of corners `i..i + W` of `rows`, as lanes (0 for the
/// others). Written out: an `array::from_fn` closure was left uninlined here, 3x slower.
#[inline(always)]
fn corner_lanes<B: Block, P: ProximityFn>(isa: B::Isa, rows: &CornerRows<'_>, i: usize) -> [B; 4] {
    let lane = |k: usize| {
        if k < P::NEEDS {
            B::load(isa, rows[k].get(i..).unwrap_or(&[]))
        } else {
            B::broadcast(isa, 0.0)
        }
    };
    [lane(0), lane(1), lane(2), lane(3)]
}

/// General functions, steps of `S` = 2 to 32, in blocks of `B::W` cells: each pixel
/// phase `u` of the block is one `B` evaluation of `row_parts::pixel` (so the terms
/// that depend only on a corner, like `y * b`, are computed once for all phases), and
/// every `W` phases are transposed into pixel order and stored. The cells left over go
/// through `row_parts::general_cells`. Same operations per pixel as the portable
/// loops, so the same bits. Inlined into callers compiled with `B`'s CPU features.
#[inline(always)]
pub(super) fn general<B: Block, P: ProximityFn, const S: usize>(
    isa: B::Isa,
    o: &Octave,
    rc: &RowConsts<'_>,
    top: &CornerRows<'_>,
    bottom: &CornerRows<'_>,
    out: &mut [f32],
) {
    const { assert!(B::W <= MAX_W, "the phase buffer holds MAX_W lanes") };
    let w_lanes = B::W;
    let lanes = |x: f32| B::broadcast(isa, x);
    let c = PixelConsts::new(o, rc, lanes(0.0));
    let zero = lanes(0.0);
    let x: [(B, B); S] = array_of((zero, zero), |u| (lanes(o.x_l[u]), lanes(o.x_r[u])));
    let w: [[B; 4]; S] = array_of([zero; 4], |u| array_of(zero, |q| lanes(rc.w[q][u])));
    let (left_only, top_only) = (rc.left_only_at_zero, rc.top_only);
    let blocks = out.len() / S / w_lanes;
    let chunk = S.min(w_lanes);
    // Every corner row cut to the corners of the whole blocks, one index for all: the
    // loads share one induction variable instead of one iterator each.
    let m = blocks * w_lanes + 1;
    let (t, b) = (cut(top, ..m), cut(bottom, ..m));
    let whole = if all_of_length(&t[..P::NEEDS], m) && all_of_length(&b[..P::NEEDS], m) {
        blocks
    } else {
        0
    };
    let stride = S.max(w_lanes);
    for (j, e) in out.chunks_exact_mut(w_lanes * S).take(whole).enumerate() {
        let at = j * w_lanes;
        // Not `array::map`, whose closure LLVM may leave uninlined.
        let r = [
            corner_lanes::<B, P>(isa, &t, at),
            corner_lanes::<B, P>(isa, &t, at + 1),
            corner_lanes::<B, P>(isa, &b, at),
            corner_lanes::<B, P>(isa, &b, at + 1),
        ];
        for h in 0..S / chunk {
            let mut p = [lanes(0.0); MAX_W];
            for (i, p) in p.iter_mut().enumerate().take(chunk) {
                let u = h * chunk + i;
                // Corners of weight exactly 0 dropped (the loop is unswitched on them).
                *p = match (u == 0 && left_only, top_only) {
                    (false, false) => pixel::<B, P, false, false>(&c, x[u], &r, w[u]),
                    (false, true) => pixel::<B, P, false, true>(&c, x[u], &r, w[u]),
                    (true, false) => pixel::<B, P, true, false>(&c, x[u], &r, w[u]),
                    (true, true) => pixel::<B, P, true, true>(&c, x[u], &r, w[u]),
                };
            }
            let p = &mut p[..chunk];
            B::to_pixel_order(p);
            // Vector `i` holds cell `i`'s pixels `Wh..Wh + W` (S >= W), or pixels
            // `Wi..Wi + W` of the block (S < W): both start at `i * max(S, W) + Wh`.
            for (i, v) in p.iter().enumerate() {
                if let Some(e) = e.get_mut(i * stride + w_lanes * h..) {
                    v.put(e);
                }
            }
        }
    }
    // Fewer whole blocks than `out.len() / S / W` only if a corner row were short (never).
    let j0 = whole * w_lanes;
    let (top, bottom) = (cut(top, j0..), cut(bottom, j0..));
    general_cells::<P, S>(o, rc, &top, &bottom, &mut out[j0 * S..]);
}

/// Each row cut to `range` (empty where a row is shorter).
fn cut<'a, R>(rows: &CornerRows<'a>, range: R) -> CornerRows<'a>
where
    R: std::slice::SliceIndex<[f32], Output = [f32]> + Clone,
{
    array_of(&[][..], |k| rows[k].get(range.clone()).unwrap_or(&[]))
}

/// Whether every row is `n` long (a plain function: the check is the same in every
/// instance of [`general`]).
fn all_of_length(rows: &[&[f32]], n: usize) -> bool {
    rows.iter().all(|r| r.len() == n)
}
