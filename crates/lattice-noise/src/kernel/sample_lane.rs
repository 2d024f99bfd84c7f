//! [`SampleLane`]: what the warped sampler needs of a lane type beyond [`Lane`]: loads,
//! `floor`, whole-number lanes as table indices and a gather. Implemented for `f32` (one
//! pixel at a time, the portable build) and for the AVX2 and AVX-512 registers, each
//! operation giving every lane exactly the scalar result, so all builds agree bit for
//! bit.

use super::cell_locate::CellLocate;
use crate::fade::Fade;
use crate::lane::Lane;

/// Largest index bound: every index up to it is exact in an `f32`.
pub(super) const MAX_INDEX: u32 = 1 << 24;

/// A [`Lane`] type the warped sampler computes `W` pixels at a time with.
pub(super) trait SampleLane: Lane {
    /// Lanes: pixels per evaluation.
    const W: usize;
    /// The proof that the CPU has the instructions this type uses.
    type Isa: Copy;
    /// Lanes converted to table indices (with the bound they were clamped to).
    type Idx: Copy;
    /// `x` in every lane.
    fn all(isa: Self::Isa, x: f32) -> Self;
    /// The lanes `x[..W]`; `x` holds at least `W` values.
    fn read(isa: Self::Isa, x: &[f32]) -> Self;
    /// Writes the lanes to `out[..W]`; `out` holds at least `W` values.
    fn write(self, out: &mut [f32]);
    /// The largest whole number not above each lane (`f32::floor`).
    fn floor(self) -> Self;
    /// The square root of each lane (`f32::sqrt`: IEEE, correctly rounded everywhere).
    fn sqrt(self) -> Self;
    /// `if self < b { x } else { y }` in each lane (an ordered compare: false for NaN).
    fn select_lt(self, b: Self, x: Self, y: Self) -> Self;
    /// Lanes holding whole numbers, clamped to `0..=bound` (NaN to 0), as indices;
    /// `bound` is at most [`MAX_INDEX`].
    fn index(self, bound: u32) -> Self::Idx;
    /// `table[i]` for each lane's index `i`; all zero if the indices' bound is not below
    /// `table.len()` (callers make sure it is).
    fn gather(isa: Self::Isa, table: &[f32], i: Self::Idx) -> Self;
    /// Floats [`Self::window_pair`] picks from: two registers' worth.
    const WINDOW: usize;
    /// Lane 0.
    fn first(self) -> f32;
    /// Whether every lane is in `lo..=hi` (a NaN lane is not).
    fn all_within(self, lo: f32, hi: f32) -> bool;
    /// `(t[r], t[r + 1])` for each lane's `r` (whole numbers in `0..=WINDOW - 2`, as
    /// [`Self::all_within`] checked): the corners of a lattice row for lanes whose cells
    /// are close together, by register permutes instead of gathers. All zero if `t`
    /// holds fewer than `WINDOW` floats.
    fn window_pair(isa: Self::Isa, t: &[f32], r: Self) -> (Self, Self);
    /// [`CellLocate::lanes`] of the first `W` lanes, with its bits: in vector registers
    /// where the build has `f64` vectors, one lane at a time otherwise.
    #[inline(always)]
    fn locate(
        _: Self::Isa,
        c: &CellLocate,
        w: (f64, &[f64; 16]),
        cells: &mut [f64; 16],
        offsets: &mut [f32; 16],
    ) {
        c.lanes(w, Self::W, cells, offsets);
    }
}

impl SampleLane for f32 {
    const W: usize = 1;
    type Isa = ();
    type Idx = u32;
    #[inline(always)]
    fn all(_: (), x: f32) -> Self {
        x
    }
    #[inline(always)]
    fn read(_: (), x: &[f32]) -> Self {
        x.first().copied().unwrap_or(0.0)
    }
    #[inline(always)]
    fn write(self, out: &mut [f32]) {
        if let Some(o) = out.first_mut() {
            *o = self;
        }
    }
    #[inline(always)]
    fn floor(self) -> Self {
        f32::floor(self)
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    #[inline(always)]
    fn select_lt(self, b: Self, x: Self, y: Self) -> Self {
        if self < b { x } else { y }
    }
    #[inline(always)]
    fn index(self, bound: u32) -> u32 {
        // The clamps of the vector builds: max against 0 (NaN becomes 0), then min.
        self.mx(0.0).mn(bound.min(MAX_INDEX) as f32) as u32
    }
    #[inline(always)]
    fn gather(_: (), table: &[f32], i: u32) -> Self {
        table.get(i as usize).copied().unwrap_or(0.0)
    }
    const WINDOW: usize = 2;
    #[inline(always)]
    fn first(self) -> f32 {
        self
    }
    #[inline(always)]
    fn all_within(self, lo: f32, hi: f32) -> bool {
        self >= lo && self <= hi
    }
    #[inline(always)]
    fn window_pair(_: (), t: &[f32], r: f32) -> (f32, f32) {
        let r = r as usize;
        match t.get(r..r + 2) {
            Some(&[a, b]) if t.len() >= Self::WINDOW => (a, b),
            _ => (0.0, 0.0),
        }
    }
}

/// `sin(pi s)` for `|s| <= 0.5`, as an odd polynomial in `x = pi s` (Taylor to `x^13`,
/// error below 1e-7), in lane operations so every build computes the same bits.
#[inline(always)]
fn sin_pi<V: Lane>(s: V) -> V {
    let k = |c: f32| s.splat(c);
    let x = s * k(std::f32::consts::PI);
    let x2 = x * x;
    let p = k(-1.0 / 6_227_020_800.0);
    let p = p * x2 + k(1.0 / 39_916_800.0);
    let p = p * x2 + k(-1.0 / 362_880.0);
    let p = p * x2 + k(1.0 / 5_040.0);
    let p = p * x2 + k(-1.0 / 120.0);
    let p = p * x2 + k(1.0 / 6.0);
    x - x * x2 * p
}

/// The fade `f(t)` in lane operations. Linear, Hermite and quintic are the scalar
/// formulas of [`Fade::eval`]; cosine is `(1 - sin(pi (t - 1/2))) / 2` by
/// [`sin_pi`] (libm's `cos` has no vector form with the same bits).
#[inline(always)]
pub(super) fn fade<V: Lane>(fade: Fade, t: V) -> V {
    let k = |c: f32| t.splat(c);
    match fade {
        Fade::Linear => k(1.0) - t,
        Fade::Cosine => (k(1.0) - sin_pi(t - k(0.5))) * k(0.5),
        Fade::Hermite => k(1.0) - t * t * (k(3.0) - k(2.0) * t),
        Fade::Quintic => k(1.0) - t * t * t * (k(10.0) - k(15.0) * t + k(6.0) * t * t),
    }
}

/// The window of a grid row that lanes' cells `fx` fall in: its first column `left`
/// (lane 0's cell less a quarter window, as lane 0 is about the leftmost, but not before
/// the grid's first column `x0`) and each lane's cell relative to it, if every lane's
/// pair of corners is inside the window ([`SampleLane::window_pair`]); `None` otherwise.
#[inline(always)]
pub(super) fn window_columns<V: SampleLane>(isa: V::Isa, fx: V, x0: i32) -> Option<(f32, V)> {
    let left = (fx.first() - (V::WINDOW / 4) as f32).max(x0 as f32);
    let r = fx - V::all(isa, left);
    r.all_within(0.0, (V::WINDOW - 2) as f32)
        .then_some((left, r))
}

/// The index of lattice cell `(x, y)` in a grid whose first cell is `(x0, y0)` with
/// `cols` cells per row; `None` if the cell is before the grid's first row or column.
#[inline(always)]
pub(super) fn grid_index((x, y): (f32, f32), (x0, y0): (i32, i32), cols: usize) -> Option<usize> {
    let (col, row) = (x - x0 as f32, y - y0 as f32);
    (col >= 0.0 && row >= 0.0).then(|| row as usize * cols + col as usize)
}

/// [`fade`] of four lanes with one branch on the fade instead of four, so the four
/// evaluations run as straight-line code (the same bits as four calls).
#[inline(always)]
pub(super) fn fade4<V: Lane>(f: Fade, t: [V; 4]) -> [V; 4] {
    macro_rules! each {
        ($f:expr) => {
            [
                fade($f, t[0]),
                fade($f, t[1]),
                fade($f, t[2]),
                fade($f, t[3]),
            ]
        };
    }
    match f {
        Fade::Linear => each!(Fade::Linear),
        Fade::Cosine => each!(Fade::Cosine),
        Fade::Hermite => each!(Fade::Hermite),
        Fade::Quintic => each!(Fade::Quintic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_fades_follow_the_scalar_ones() {
        for f in Fade::ALL {
            for i in 0..=64 {
                let t = i as f32 / 64.0;
                let (got, want) = (fade(f, t), f.eval(t));
                if f == Fade::Cosine {
                    assert!((got - want).abs() < 3e-7, "{f:?} {t}: {got} {want}");
                } else {
                    assert_eq!(got.to_bits(), want.to_bits(), "{f:?} {t}");
                }
            }
        }
    }

    #[test]
    fn four_fades_at_once_are_four_fades() {
        for f in Fade::ALL {
            let t = [0.0, 0.3, 0.71, 1.0];
            let want = t.map(|t| fade(f, t).to_bits());
            assert_eq!(fade4(f, t).map(f32::to_bits), want, "{f:?}");
        }
    }

    /// The window lookups of every build pick what indexing the table picks.
    #[test]
    fn window_pairs_index_the_window() {
        let t: Vec<f32> = (0..40).map(|i| i as f32 * 1.5 - 7.0).collect();
        fn check<V: SampleLane>(isa: V::Isa, t: &[f32]) {
            let r: Vec<f32> = (0..V::W)
                .map(|i| ((i * 7) % (V::WINDOW - 1)) as f32)
                .collect();
            let rel = V::read(isa, &r);
            assert!(rel.all_within(0.0, (V::WINDOW - 2) as f32));
            assert!(!rel.all_within(1.0, (V::WINDOW - 2) as f32) || V::W == 1);
            let (a, b) = V::window_pair(isa, t, rel);
            let (mut ga, mut gb) = ([0.0f32; 16], [0.0f32; 16]);
            a.write(&mut ga);
            b.write(&mut gb);
            for (i, r) in r.iter().enumerate() {
                assert_eq!((ga[i], gb[i]), (t[*r as usize], t[*r as usize + 1]));
            }
            let (z, _) = V::window_pair(isa, &t[..V::WINDOW - 1], rel);
            let mut gz = [1.0f32; 16];
            z.write(&mut gz);
            assert!(gz[..V::W].iter().all(|v| *v == 0.0));
            assert_eq!(V::read(isa, t).first(), t[0]);
        }
        check::<f32>((), &t);
        #[cfg(target_arch = "x86_64")]
        if let Some(isa) = super::super::avx2::Avx2::detect() {
            check::<super::super::f32x8::F32x8>(isa.token(), &t);
            if let Some(wide) = isa.avx512() {
                check::<super::super::f32x16::F32x16>(wide, &t);
            }
        }
    }

    #[test]
    fn scalar_indices_clamp() {
        assert_eq!(7.0f32.index(5), 5);
        assert_eq!((-3.0f32).index(5), 0);
        assert_eq!(f32::NAN.index(5), 0);
        assert_eq!(f32::gather((), &[1.0, 2.0], 1), 2.0);
    }
}
