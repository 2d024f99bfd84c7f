//! [`Dual`]: a height with its slope along x and y, carried through the same formulas the
//! kernels run (forward-mode differentiation). The proximity functions and fades are
//! written once over [`Lane`], so running them on `Dual` gives each one's exact
//! derivative, crease by crease, without a second copy of any formula.

use super::sample_lane::SampleLane;
use crate::lane::Lane;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A value `v` and its partial derivatives `dx`, `dy` with respect to the texture
/// position (per pixel), in lanes of `V`: one sample point (`f32`) or 8 or 16 at once.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Dual<V = f32> {
    pub v: V,
    pub dx: V,
    pub dy: V,
}

impl<V: Lane> Dual<V> {
    /// A constant: no slope.
    #[inline(always)]
    pub(crate) fn constant(v: V) -> Self {
        let zero = v.splat(0.0);
        Dual {
            v,
            dx: zero,
            dy: zero,
        }
    }
    /// The position's x coordinate as a variable (slope 1 along x).
    #[inline(always)]
    pub(crate) fn x(v: V) -> Self {
        Dual {
            v,
            dx: v.splat(1.0),
            dy: v.splat(0.0),
        }
    }
    /// The position's y coordinate as a variable (slope 1 along y).
    #[inline(always)]
    pub(crate) fn y(v: V) -> Self {
        Dual {
            v,
            dx: v.splat(0.0),
            dy: v.splat(1.0),
        }
    }
}

impl<V: SampleLane> Dual<V> {
    /// Each lane of `x` where `a < b`, else of `y`: one choice for the value and both
    /// slopes.
    #[inline(always)]
    fn pick(a: V, b: V, x: Self, y: Self) -> Self {
        Dual {
            v: a.select_lt(b, x.v, y.v),
            dx: a.select_lt(b, x.dx, y.dx),
            dy: a.select_lt(b, x.dy, y.dy),
        }
    }
}

impl<V: Lane> Add for Dual<V> {
    type Output = Self;
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        Dual {
            v: self.v + b.v,
            dx: self.dx + b.dx,
            dy: self.dy + b.dy,
        }
    }
}

impl<V: Lane> Sub for Dual<V> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        Dual {
            v: self.v - b.v,
            dx: self.dx - b.dx,
            dy: self.dy - b.dy,
        }
    }
}

impl<V: Lane> Mul for Dual<V> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, b: Self) -> Self {
        Dual {
            v: self.v * b.v,
            dx: self.dx * b.v + self.v * b.dx,
            dy: self.dy * b.v + self.v * b.dy,
        }
    }
}

impl<V: Lane> Div for Dual<V> {
    type Output = Self;
    #[inline(always)]
    fn div(self, b: Self) -> Self {
        let v = self.v / b.v;
        Dual {
            v,
            dx: (self.dx - v * b.dx) / b.v,
            dy: (self.dy - v * b.dy) / b.v,
        }
    }
}

impl<V: Lane> Neg for Dual<V> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Dual {
            v: -self.v,
            dx: -self.dx,
            dy: -self.dy,
        }
    }
}

/// `min`, `max` and `abs` take the slope of the side they pick: on a crease (a tie) that
/// is one side's slope, the same rule the value follows.
impl<V: SampleLane> Lane for Dual<V> {
    #[inline(always)]
    fn splat(self, x: f32) -> Self {
        Dual::constant(self.v.splat(x))
    }
    #[inline(always)]
    fn mn(self, b: Self) -> Self {
        Self::pick(self.v, b.v, self, b)
    }
    #[inline(always)]
    fn mx(self, b: Self) -> Self {
        Self::pick(b.v, self.v, self, b)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Self::pick(self.v, self.v.splat(0.0), -self, self)
    }
}

/// Sample points in `V`'s lanes, `V`'s build on the value: lattice numbers (gathers,
/// loads) are constants, `floor` is flat between its steps, and loads, stores, indices
/// and the range test are `V`'s own, so the rules (clamps, zeros past the end) are
/// written once.
impl<V: SampleLane> SampleLane for Dual<V> {
    const W: usize = V::W;
    type Isa = V::Isa;
    type Idx = V::Idx;
    #[inline(always)]
    fn all(isa: V::Isa, x: f32) -> Self {
        Dual::constant(V::all(isa, x))
    }
    #[inline(always)]
    fn read(isa: V::Isa, x: &[f32]) -> Self {
        Dual::constant(V::read(isa, x))
    }
    #[inline(always)]
    fn write(self, out: &mut [f32]) {
        self.v.write(out);
    }
    #[inline(always)]
    fn floor(self) -> Self {
        Dual::constant(self.v.floor())
    }
    /// At 0 (a sample point on a lattice point, for the round window) the slope is taken
    /// as 0: the smooth fades are flat there, and a cone's tip has no slope to prefer.
    #[inline(always)]
    fn sqrt(self) -> Self {
        let v = self.v.sqrt();
        let zero = v.splat(0.0);
        let k = v.splat(0.5) / v;
        Dual {
            v,
            dx: zero.select_lt(v, self.dx * k, zero),
            dy: zero.select_lt(v, self.dy * k, zero),
        }
    }
    #[inline(always)]
    fn select_lt(self, b: Self, x: Self, y: Self) -> Self {
        Self::pick(self.v, b.v, x, y)
    }
    #[inline(always)]
    fn index(self, bound: u32) -> V::Idx {
        self.v.index(bound)
    }
    #[inline(always)]
    fn gather(isa: V::Isa, table: &[f32], i: V::Idx) -> Self {
        Dual::constant(V::gather(isa, table, i))
    }
    const WINDOW: usize = V::WINDOW;
    #[inline(always)]
    fn first(self) -> f32 {
        self.v.first()
    }
    #[inline(always)]
    fn all_within(self, lo: f32, hi: f32) -> bool {
        self.v.all_within(lo, hi)
    }
    #[inline(always)]
    fn window_pair(isa: V::Isa, t: &[f32], r: Self) -> (Self, Self) {
        let (a, b) = V::window_pair(isa, t, r.v);
        (Dual::constant(a), Dual::constant(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_the_scalar_bits_and_slopes_follow_the_rules() {
        let (x, y) = (Dual::x(1.5), Dual::y(-2.0));
        // f = x y / (x + 3) + |y| - min(x, y)
        let f = x * y / (x + x.splat(3.0)) + y.abs() - x.mn(y);
        let want = 1.5f32 * -2.0 / (1.5 + 3.0) + 2.0 - -2.0;
        assert_eq!(f.v.to_bits(), want.to_bits());
        // d/dx = y * 3 / (x + 3)^2, d/dy = x / (x + 3) - 1 - 1 (|y| and min pick y).
        assert!((f.dx - (-2.0 * 3.0 / 20.25)).abs() < 1e-6, "{f:?}");
        assert!((f.dy - (1.5 / 4.5 - 2.0)).abs() < 1e-6, "{f:?}");
        let r = (x * x + y * y).sqrt();
        assert!((r.dx - 1.5 / 2.5).abs() < 1e-6 && (r.dy + 2.0 / 2.5).abs() < 1e-6);
        assert_eq!(Dual::constant(0.0).sqrt(), Dual::constant(0.0));
        assert_eq!(x.floor(), Dual::constant(1.0));
    }
}
