//! The 28 proximity functions of the original tool.
//!
//! Each one is a zero-sized type implementing [`ProximityFn`], so the kernel can be
//! monomorphised per function (the choice is made once, outside the pixel loops, and
//! every inner loop is specialised and vectorised). [`Proximity`] is the `Copy + serde`
//! enum the rest of the program passes around.

use super::lane::Lane;
use serde::{Deserialize, Serialize};

/// A proximity function `P(x, y, l, a, b, c, d)` evaluated at a pixel.
pub trait ProximityFn {
    /// How many of the corner's random numbers `a, b, c, d` the function reads.
    const NEEDS: usize;
    /// `x, y`: the pixel's offset from the corner; `l`: the step; `il = 1 / l`;
    /// `r`: the corner's random numbers (unused ones are 0).
    /// Generic over [`Lane`] so the same formula runs on one pixel or on 8 or 16 cells'
    /// pixels.
    fn eval<V: Lane>(x: V, y: V, l: V, il: V, r: [V; 4]) -> V;
    /// Whether `eval` is linear in `x, y`: `alpha x + beta y + gamma` for every corner.
    /// The kernel then folds a cell's four corners into four multiply-adds per pixel.
    const LINEAR: bool = false;
    /// `[alpha, beta, gamma]` of a linear function (unused otherwise).
    fn linear(l: f32, il: f32, r: [f32; 4]) -> [f32; 3] {
        let _ = (l, il, r);
        [0.0; 3]
    }
}

/// Visitor used to run generic code for the function an enum value names.
pub trait ProximityVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the proximity function's type.
    fn visit<P: ProximityFn>(self) -> Self::Output;
}

#[inline(always)]
fn mn<V: Lane>(a: V, b: V) -> V {
    a.mn(b)
}
#[inline(always)]
fn mx<V: Lane>(a: V, b: V) -> V {
    a.mx(b)
}
#[inline(always)]
fn k<V: Lane>(like: V, c: f32) -> V {
    like.splat(c)
}
#[inline(always)]
fn lin<V: Lane>(x: V, y: V, r: [V; 4]) -> V {
    x * r[0] + y * r[1]
}
#[inline(always)]
fn quad<V: Lane>(x: V, y: V, r: [V; 4]) -> V {
    r[0] * x * x + r[1] * y * y + k(x, 2.0) * r[2] * x * y
}
#[inline(always)]
fn hyper_plains<V: Lane>(x: V, y: V, r: [V; 4]) -> V {
    let l = lin(x, y, r);
    let s = -r[1] * x + r[0] * y;
    // The spec's min(max(-L^3, S^3), max(L^3, -S^3)), cubed after the min/max: t^3 is
    // monotonic in floating point too and (-t)^3 = -(t^3) exactly, so the value is the
    // same (up to the sign of an underflowed zero) with two multiplications fewer.
    let t = mn(mx(-l, s), mx(l, -s));
    t * t * t
}

macro_rules! proximities {
    ($( $idx:literal $var:ident $id:literal $label:literal $formula:literal needs $needs:literal
        |$x:ident, $y:ident, $l:ident, $il:ident, $r:ident| $body:expr
        $(, linear |$ll:ident, $lil:ident, $lr:ident| $lin:expr)? ;)*) => {
        /// Which proximity function shapes the noise around each grid point.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Proximity {
            $( #[doc = $formula] $var, )*
        }

        /// The zero-sized function types behind [`Proximity`]'s variants.
        pub mod function {
            use super::*;
            $(
                #[doc = $label]
                #[derive(Clone, Copy, Debug)]
                pub struct $var;
                impl ProximityFn for $var {
                    const NEEDS: usize = $needs;
                    #[inline(always)]
                    #[allow(unused_variables)]
                    fn eval<V: Lane>($x: V, $y: V, $l: V, $il: V, $r: [V; 4]) -> V {
                        $body
                    }
                    $(
                        const LINEAR: bool = true;
                        #[inline(always)]
                        fn linear($ll: f32, $lil: f32, $lr: [f32; 4]) -> [f32; 3] {
                            let _ = ($ll, $lil);
                            $lin
                        }
                    )?
                }
            )*
        }

        impl Proximity {
            /// All 28, in the original tool's order.
            pub const ALL: [Proximity; 28] = [$(Proximity::$var,)*];

            /// The stable kebab-case id used in presets and on the command line.
            pub fn id(self) -> &'static str {
                match self { $(Proximity::$var => $id,)* }
            }
            /// A readable name for menus.
            pub fn label(self) -> &'static str {
                match self { $(Proximity::$var => $label,)* }
            }
            /// The formula, as text for hover help and `list`.
            pub fn formula(self) -> &'static str {
                match self { $(Proximity::$var => $formula,)* }
            }
            /// The original tool's index (0..28).
            pub fn index(self) -> usize {
                match self { $(Proximity::$var => $idx,)* }
            }
            /// How many of the corner's random numbers the function reads.
            pub fn needs(self) -> usize {
                match self { $(Proximity::$var => $needs,)* }
            }
            /// Runs `v` with this function's type.
            pub fn visit<V: ProximityVisitor>(self, v: V) -> V::Output {
                match self { $(Proximity::$var => v.visit::<function::$var>(),)* }
            }
        }
    };
}

proximities! {
    0 Gradient "gradient" "Gradient (Perlin)" "L / l" needs 2
        |x, y, l, il, r| lin(x, y, r) * il, linear |l, il, r| [r[0] * il, r[1] * il, 0.0];
    1 Hill "hill" "Hill (value noise)" "0.5 a" needs 1
        |x, y, l, il, r| k(x, 0.5) * r[0], linear |l, il, r| [0.0, 0.0, 0.5 * r[0]];
    2 HillAndSlope "hill-and-slope" "Hill and slope" "0.5 c + min(0, L) / l" needs 3
        |x, y, l, il, r| k(x, 0.5) * r[2] + mn(k(x, 0.0), lin(x, y, r)) * il;
    3 Curvature "curvature" "Curvature" "Q / l^2" needs 3
        |x, y, l, il, r| quad(x, y, r) * (il * il);
    4 GradientRigged "gradient-rigged" "Gradient rigged" "-|L| / l" needs 2
        |x, y, l, il, r| -lin(x, y, r).abs() * il;
    5 GradientSemiRigged "gradient-semi-rigged" "Gradient semi-rigged" "min(0, L) / l" needs 2
        |x, y, l, il, r| mn(k(x, 0.0), lin(x, y, r)) * il;
    6 GradientSemiRiggedIncreased "gradient-semi-rigged-increased" "Gradient semi-rigged increased"
        "min(0, L - c) / l" needs 3
        |x, y, l, il, r| mn(k(x, 0.0), lin(x, y, r) - r[2]) * il;
    7 GradientBillowed "gradient-billowed" "Gradient billowed" "|L| / l" needs 2
        |x, y, l, il, r| lin(x, y, r).abs() * il;
    8 CurvatureRigged "curvature-rigged" "Curvature rigged" "-|Q| / l^2" needs 3
        |x, y, l, il, r| -quad(x, y, r).abs() * (il * il);
    9 CurvatureBillowed "curvature-billowed" "Curvature billowed" "|Q| / l^2" needs 3
        |x, y, l, il, r| quad(x, y, r).abs() * (il * il);
    10 CurvatureSemiRigged "curvature-semi-rigged" "Curvature semi-rigged" "min(0, Q) / l^2" needs 3
        |x, y, l, il, r| mn(k(x, 0.0), quad(x, y, r)) * (il * il);
    11 CurvatureSemiRiggedDisplaced "curvature-semi-rigged-displaced" "Curvature semi-rigged displaced"
        "min(0, a X^2 + b Y^2 + 2 c X Y) / l^2 with X = x + 0.75 l b, Y = y + 0.75 l a" needs 3
        |x, y, l, il, r| mn(k(x, 0.0), quad(x + k(x, 0.75) * l * r[1], y + k(x, 0.75) * l * r[0], r)) * (il * il);
    12 DoublePlain "double-plain" "Double plain" "min(a x + b y, b x + c y) / l" needs 3
        |x, y, l, il, r| mn(lin(x, y, r), r[1] * x + r[2] * y) * il;
    13 VerticalEdge "vertical-edge" "Vertical edge" "min(L + c, -L + c) / l" needs 3
        |x, y, l, il, r| { let v = lin(x, y, r); mn(v + r[2], -v + r[2]) * il };
    14 VerticalEdgeInverse "vertical-edge-inverse" "Vertical edge inverse" "max(L + c, -L + c) / l"
        needs 3
        |x, y, l, il, r| { let v = lin(x, y, r); mx(v + r[2], -v + r[2]) * il };
    15 TriangularEdgeOne "triangular-edge-one" "Triangular edge I" "min(max(-L, S), max(L, -S)) / l"
        needs 2
        |x, y, l, il, r| {
            let (v, s) = (lin(x, y, r), -r[1] * x + r[0] * y);
            mn(mx(-v, s), mx(v, -s)) * il
        };
    16 TriangularEdgeTwo "triangular-edge-two" "Triangular edge II"
        "min(max(-L, S), max(L, -S), max(L, S)) / l" needs 2
        |x, y, l, il, r| {
            let (v, s) = (lin(x, y, r), -r[1] * x + r[0] * y);
            mn(mn(mx(-v, s), mx(v, -s)), mx(v, s)) * il
        };
    17 MonkeySaddle "monkey-saddle" "Monkey saddle" "a (x^3 - 3 x y^2) / l^3" needs 1
        |x, y, l, il, r| r[0] * (x * x * x - k(x, 3.0) * x * y * y) * (il * il * il);
    18 Hyperbolic "hyperbolic" "Hyperbolic" "(1 / (30 + |L|)) / l" needs 2
        |x, y, l, il, r| (k(x, 1.0) / (k(x, 30.0) + lin(x, y, r).abs())) * il;
    19 HyperbolicPlains "hyperbolic-plains" "Hyperbolic plains"
        "min(max((-L)^3, S^3), max(L^3, (-S)^3)) / l^3" needs 2
        |x, y, l, il, r| hyper_plains(x, y, r) * (il * il * il);
    20 HyperbolicPlainsDisplaced "hyperbolic-plains-displaced" "Hyperbolic plains displaced"
        "hyperbolic plains at (x + 0.25 l b, y + 0.25 l c)" needs 3
        |x, y, l, il, r| hyper_plains(x + k(x, 0.25) * l * r[1], y + k(x, 0.25) * l * r[2], r) * (il * il * il);
    21 VerticalEdgeDisplaced "vertical-edge-displaced" "Vertical edge displaced"
        "min(a b (X + Y) + c, -a b (X + Y) + c) / l with X = x + l/2, Y = y + l/2" needs 3
        |x, y, l, il, r| {
            let t = r[0] * r[1] * ((x + k(x, 0.5) * l) + (y + k(x, 0.5) * l));
            mn(t + r[2], -t + r[2]) * il
        };
    22 VerticalEdgeInverseDisplaced "vertical-edge-inverse-displaced" "Vertical edge inverse displaced"
        "max(a X + b Y + c, -(a X + b Y) + c) / l with X = x + b, Y = y + a" needs 3
        |x, y, l, il, r| {
            let t = lin(x + r[1], y + r[0], r);
            mx(t + r[2], -t + r[2]) * il
        };
    23 Parabolic "parabolic" "Parabolic" "Q / l^2" needs 3
        |x, y, l, il, r| quad(x, y, r) * (il * il);
    24 ParabolicInverse "parabolic-inverse" "Parabolic inverse" "(c l - Q) / l^2" needs 3
        |x, y, l, il, r| (r[2] * l - quad(x, y, r)) * (il * il);
    25 ParabolicComposed "parabolic-composed" "Parabolic composed" "max(c l - Q, Q) / l^2" needs 3
        |x, y, l, il, r| { let q = quad(x, y, r); mx(r[2] * l - q, q) * (il * il) };
    26 ParabolicComposedIi "parabolic-composed-ii" "Parabolic composed II" "min(0, Q) / l^2" needs 3
        |x, y, l, il, r| mn(k(x, 0.0), quad(x, y, r)) * (il * il);
    27 DisplacedParabola "displaced-parabola" "Displaced parabola"
        "((x + l a)(x + l b) + (y + l c)(y + l d)) / l^2" needs 4
        |x, y, l, il, r| ((x + l * r[0]) * (x + l * r[1]) + (y + l * r[2]) * (y + l * r[3])) * (il * il);
}

// The enum is generated by a macro, where `#[default]` cannot mark just one variant.
#[allow(clippy::derivable_impls)]
impl Default for Proximity {
    fn default() -> Self {
        Proximity::Gradient
    }
}

struct Eval {
    x: f32,
    y: f32,
    l: f32,
    r: [f32; 4],
}

impl ProximityVisitor for Eval {
    type Output = f32;
    fn visit<P: ProximityFn>(self) -> f32 {
        P::eval(self.x, self.y, self.l, 1.0 / self.l, self.r)
    }
}

impl Proximity {
    /// Looks a function up by its id.
    pub fn from_id(id: &str) -> Option<Proximity> {
        Self::ALL.into_iter().find(|p| p.id() == id)
    }

    /// Evaluates the function at one point (reference path; the kernel uses the types).
    pub fn eval(self, x: f32, y: f32, l: f32, r: [f32; 4]) -> f32 {
        self.visit(Eval { x, y, l, r })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_round_trip() {
        for (i, p) in Proximity::ALL.into_iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(Proximity::from_id(p.id()), Some(p));
        }
        let mut ids: Vec<_> = Proximity::ALL.iter().map(|p| p.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 28);
    }

    #[test]
    fn formulas_match_the_spec_at_a_point() {
        let r = [0.3, -0.2, 0.1, 0.4];
        let (x, y, l) = (3.0f32, -5.0f32, 8.0f32);
        let lv = 0.3 * 3.0 + -0.2 * -5.0; // 1.9
        let s = 0.2 * 3.0 + 0.3 * -5.0; // -0.9
        let q = 0.3 * 9.0 + -0.2 * 25.0 + 2.0 * 0.1 * 3.0 * -5.0; // -5.3
        let cases: [(Proximity, f32); 10] = [
            (Proximity::Gradient, lv / l),
            (Proximity::Hill, 0.15),
            (Proximity::HillAndSlope, 0.05),
            (Proximity::Curvature, q / 64.0),
            (Proximity::GradientRigged, -lv / l),
            (Proximity::CurvatureSemiRigged, q / 64.0),
            (
                Proximity::TriangularEdgeOne,
                f32::min(f32::max(-lv, s), f32::max(lv, -s)) / l,
            ),
            (
                Proximity::MonkeySaddle,
                0.3 * (27.0 - 3.0 * 3.0 * 25.0) / 512.0,
            ),
            (Proximity::ParabolicInverse, (0.1 * 8.0 - q) / 64.0),
            (
                Proximity::DisplacedParabola,
                ((3.0 + 8.0 * 0.3) * (3.0 - 8.0 * 0.2) + (-5.0 + 0.8) * (-5.0 + 3.2)) / 64.0,
            ),
        ];
        for (p, want) in cases {
            let got = p.eval(x, y, l, r);
            assert!((got - want).abs() < 1e-5, "{p:?}: {got} != {want}");
        }
    }

    /// The cube-after-min/max form of the hyperbolic plains gives the same values as the
    /// spec's literal form (as computed before the rewrite), including ties and both
    /// signs; only the sign of an underflowed zero may differ, which no sum sees.
    #[test]
    fn hyperbolic_plains_rewrite_is_bit_exact() {
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
        }
        for (x, y) in [(0.0, 0.0), (-0.0, 0.0), (1.0, -1.0), (3.0, 3.0)] {
            let r = [0.5, -0.5, 0.0, 0.0];
            assert_eq!(hyper_plains(x, y, r), literal(x, y, r));
        }
    }
}
