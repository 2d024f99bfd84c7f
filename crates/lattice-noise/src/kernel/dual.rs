//! [`Dual`]: a height with its slope along x and y, carried through the same formulas the
//! kernels run (forward-mode differentiation). The proximity functions and fades are
//! written once over [`Lane`], so running them on `Dual` gives each one's exact
//! derivative, crease by crease, without a second copy of any formula.

use super::sample_lane::SampleLane;
use crate::lane::Lane;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A value `v` and its partial derivatives `dx`, `dy` with respect to the texture
/// position (per pixel).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Dual {
    pub v: f32,
    pub dx: f32,
    pub dy: f32,
}

impl Dual {
    /// A constant: no slope.
    pub(crate) fn constant(v: f32) -> Self {
        Dual {
            v,
            dx: 0.0,
            dy: 0.0,
        }
    }
    /// The position's x coordinate as a variable (slope 1 along x).
    pub(crate) fn x(v: f32) -> Self {
        Dual {
            v,
            dx: 1.0,
            dy: 0.0,
        }
    }
    /// The position's y coordinate as a variable (slope 1 along y).
    pub(crate) fn y(v: f32) -> Self {
        Dual {
            v,
            dx: 0.0,
            dy: 1.0,
        }
    }
}

impl Add for Dual {
    type Output = Dual;
    #[inline(always)]
    fn add(self, b: Dual) -> Dual {
        Dual {
            v: self.v + b.v,
            dx: self.dx + b.dx,
            dy: self.dy + b.dy,
        }
    }
}

impl Sub for Dual {
    type Output = Dual;
    #[inline(always)]
    fn sub(self, b: Dual) -> Dual {
        Dual {
            v: self.v - b.v,
            dx: self.dx - b.dx,
            dy: self.dy - b.dy,
        }
    }
}

impl Mul for Dual {
    type Output = Dual;
    #[inline(always)]
    fn mul(self, b: Dual) -> Dual {
        Dual {
            v: self.v * b.v,
            dx: self.dx * b.v + self.v * b.dx,
            dy: self.dy * b.v + self.v * b.dy,
        }
    }
}

impl Div for Dual {
    type Output = Dual;
    #[inline(always)]
    fn div(self, b: Dual) -> Dual {
        let v = self.v / b.v;
        Dual {
            v,
            dx: (self.dx - v * b.dx) / b.v,
            dy: (self.dy - v * b.dy) / b.v,
        }
    }
}

impl Neg for Dual {
    type Output = Dual;
    #[inline(always)]
    fn neg(self) -> Dual {
        Dual {
            v: -self.v,
            dx: -self.dx,
            dy: -self.dy,
        }
    }
}

/// `min`, `max` and `abs` take the slope of the side they pick: on a crease (a tie) that
/// is one side's slope, the same rule the value follows.
impl Lane for Dual {
    #[inline(always)]
    fn splat(self, x: f32) -> Self {
        Dual::constant(x)
    }
    #[inline(always)]
    fn mn(self, b: Self) -> Self {
        if self.v < b.v { self } else { b }
    }
    #[inline(always)]
    fn mx(self, b: Self) -> Self {
        if self.v > b.v { self } else { b }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        if self.v < 0.0 { -self } else { self }
    }
}

/// One sample point at a time, `f32`'s build on the value: lattice numbers (gathers,
/// loads) are constants, `floor` is flat between its steps, and loads, stores, indices
/// and the range test are `f32`'s own, so the rules (clamps, zeros past the end) are
/// written once.
impl SampleLane for Dual {
    const W: usize = 1;
    type Isa = ();
    type Idx = u32;
    #[inline(always)]
    fn all(_: (), x: f32) -> Self {
        Dual::constant(x)
    }
    #[inline(always)]
    fn read(_: (), x: &[f32]) -> Self {
        Dual::constant(f32::read((), x))
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
        if v > 0.0 {
            let k = 0.5 / v;
            Dual {
                v,
                dx: self.dx * k,
                dy: self.dy * k,
            }
        } else {
            Dual::constant(v)
        }
    }
    #[inline(always)]
    fn select_lt(self, b: Self, x: Self, y: Self) -> Self {
        if self.v < b.v { x } else { y }
    }
    #[inline(always)]
    fn index(self, bound: u32) -> u32 {
        self.v.index(bound)
    }
    #[inline(always)]
    fn gather(_: (), table: &[f32], i: u32) -> Self {
        Dual::constant(f32::gather((), table, i))
    }
    const WINDOW: usize = 2;
    #[inline(always)]
    fn first(self) -> f32 {
        self.v
    }
    #[inline(always)]
    fn all_within(self, lo: f32, hi: f32) -> bool {
        self.v.all_within(lo, hi)
    }
    #[inline(always)]
    fn window_pair(_: (), t: &[f32], r: Self) -> (Self, Self) {
        let (a, b) = f32::window_pair((), t, r.v);
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
