//! [`Lane`]: the number type the proximity functions are written over, so one formula
//! serves both the scalar loops (`f32`) and the AVX2 blocks of 8 cells (`F32x8`).

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
