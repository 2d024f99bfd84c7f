//! [`Lane`]: the number type the proximity functions are written over, so one formula
//! serves the scalar loops (`f32`) and the blocks of 8 or 16 cells (`F32x8` on AVX2,
//! `F32x16` on AVX-512).

use std::ops::{Add, Div, Mul, Neg, Sub};

/// Arithmetic the proximity functions use: IEEE `+ - * /` (never fused), negation,
/// `abs`, and a `min`/`max` with the kernel's tie and NaN rule. Implementations apply
/// the scalar operation to each lane, so every lane holds exactly the scalar bits.
pub trait Lane:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// `x` in every lane. A method (not a constructor) so that a lane type can carry a
    /// proof of the CPU features its operations need from value to value.
    fn splat(self, x: f32) -> Self;
    /// `if a < b { a } else { b }` (not `f32::min`, whose NaN fix-up costs instructions).
    fn mn(self, b: Self) -> Self;
    /// `if a > b { a } else { b }`.
    fn mx(self, b: Self) -> Self;
    /// The absolute value (clears the sign bit).
    fn abs(self) -> Self;
}

impl Lane for f32 {
    #[inline(always)]
    fn splat(self, x: f32) -> Self {
        x
    }
    #[inline(always)]
    fn mn(self, b: Self) -> Self {
        if self < b { self } else { b }
    }
    #[inline(always)]
    fn mx(self, b: Self) -> Self {
        if self > b { self } else { b }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        f32::abs(self)
    }
}

/// Checks that every lane of `V` (made by `load` from up to 16 values, read back by
/// `lanes`) gets exactly the scalar result: ties, signed zeros, NaN, subnormals.
#[cfg(test)]
pub(crate) fn assert_lanes_match_scalar<V: Lane>(
    load: impl Fn(&[f32]) -> V,
    lanes: impl Fn(V) -> Vec<f32>,
) {
    let a = [
        1.5,
        -0.0,
        0.0,
        f32::NAN,
        3.0,
        -2.0,
        1e-40,
        7.0,
        -1.0,
        0.0,
        2.0,
        9.0,
        f32::INFINITY,
        -3.5,
        0.25,
        -1e30,
    ];
    let b = [
        1.5,
        0.0,
        -0.0,
        1.0,
        f32::NAN,
        2.0,
        -1e-40,
        -7.5,
        -1.0,
        5.0,
        -3.0,
        0.5,
        1.0,
        f32::NEG_INFINITY,
        0.25,
        1e30,
    ];
    let (va, vb) = (load(&a), load(&b));
    /// The eight operations, on lane type `$t`.
    macro_rules! ops {
        ($t:ty) => {{
            let ops: [fn($t, $t) -> $t; 8] = [
                |x, y| x + y,
                |x, y| x - y,
                |x, y| x * y,
                |x, y| x / y,
                Lane::mn,
                Lane::mx,
                |x, _| Lane::abs(x),
                |x, _| -x,
            ];
            ops
        }};
    }
    let (scalar, vector) = (ops!(f32), ops!(V));
    for (i, (s, v)) in scalar.into_iter().zip(vector).enumerate() {
        let got = lanes(v(va, vb));
        for (k, g) in got.iter().enumerate() {
            let want = s(a[k], b[k]);
            assert_eq!(g.to_bits(), want.to_bits(), "op {i} lane {k}");
        }
    }
    assert!(lanes(va.splat(2.5)).iter().all(|&x| x == 2.5));
}
