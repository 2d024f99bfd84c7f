//! `simd_lane!`: the operator traits and [`Lane`] for a SIMD register type, each
//! operation one intrinsic (used by `F32x8` and `F32x16`).
#![cfg(target_arch = "x86_64")]

#[cfg(doc)]
use crate::lane::Lane;

/// Implements the operator traits and [`Lane`] for a register type `$t { v, isa }`, each
/// operation by the one intrinsic given (`neg` and `abs`: functions of one register).
/// Intrinsics are `unsafe` to call where their CPU features are not enabled; every
/// value of `$t` holds an `isa` proof that the CPU has them.
macro_rules! simd_lane {
    ($t:ident: add $add:path, sub $sub:path, mul $mul:path, div $div:path, neg $neg:path,
        min $min:path, max $max:path, abs $abs:path) => {
        $crate::kernel::simd_lane::simd_lane!(@op Add add $t $add, b);
        $crate::kernel::simd_lane::simd_lane!(@op Sub sub $t $sub, b);
        $crate::kernel::simd_lane::simd_lane!(@op Mul mul $t $mul, b);
        $crate::kernel::simd_lane::simd_lane!(@op Div div $t $div, b);
        $crate::kernel::simd_lane::simd_lane!(@op Neg neg $t $neg);
        impl $crate::lane::Lane for $t {
            #[inline(always)]
            fn splat(self, x: f32) -> Self {
                <$t as $crate::kernel::block::Block>::broadcast(self.isa, x)
            }
            $crate::kernel::simd_lane::simd_lane!(@fn mn $t $min, b);
            $crate::kernel::simd_lane::simd_lane!(@fn mx $t $max, b);
            $crate::kernel::simd_lane::simd_lane!(@fn abs $t $abs);
        }
    };
    (@op $tr:ident $f:ident $t:ident $e:path $(, $b:ident)?) => {
        impl std::ops::$tr for $t {
            type Output = $t;
            $crate::kernel::simd_lane::simd_lane!(@fn $f $t $e $(, $b)?);
        }
    };
    (@fn $f:ident $t:ident $e:path $(, $b:ident)?) => {
        #[inline(always)]
        fn $f(self $(, $b: $t)?) -> $t {
            #[allow(unsafe_code)]
            // SAFETY: `self.isa` proves the CPU has the instruction (see the type's doc).
            let v = unsafe { $e(self.v $(, $b.v)?) };
            $t { v, isa: self.isa }
        }
    };
}
pub(super) use simd_lane;
