//! The 28 proximity functions of the original tool.
//!
//! Each one is a zero-sized type implementing [`ProximityFn`], so the kernel can be
//! monomorphised per function (the choice is made once, outside the pixel loops, and
//! every inner loop is specialised and vectorised). [`Proximity`] is the `Copy + serde`
//! enum the rest of the program passes around.

use super::lane::Lane;
use super::shape::{edge, edge_parts, hyper_plains, hyperbolic_sum, k, lin, mn, mx, quad};
use serde::{Deserialize, Serialize};

/// A proximity function `P(x, y, l, a, b, c, d)` evaluated at a pixel.
///
/// Every function is a shape times `1 / l^SCALE`. The kernel folds that factor (and the
/// octave's amplitude) into the per-row fade weights, so the per-pixel work is the shape
/// alone: one multiplication fewer per corner than the spec's literal form.
pub trait ProximityFn {
    /// How many of the corner's random numbers `a, b, c, d` the function reads.
    const NEEDS: usize;
    /// The power `k` of `1 / l` in `P = shape * (1 / l)^k`.
    const SCALE: u32;
    /// `P * l^SCALE` at `x, y` (the pixel's offset from the corner), step `l`, with the
    /// corner's random numbers `r` (unused ones are 0). Generic over [`Lane`] so the same
    /// formula runs on one pixel or on 8 or 16 cells' pixels.
    fn shape<V: Lane>(x: V, y: V, l: V, r: [V; 4]) -> V;
    /// `P` itself; `il = 1 / l`.
    #[inline(always)]
    fn eval<V: Lane>(x: V, y: V, l: V, il: V, r: [V; 4]) -> V {
        Self::shape(x, y, l, r) * il_power(il, Self::SCALE)
    }
    /// `sum_q shape_q * w_q` over a cell's four corners (top-left, top-right,
    /// bottom-left, bottom-right: `x.0`/`x.1` are the left/right offsets, `y.0`/`y.1`
    /// the top/bottom ones), in this order. `w` already holds `1 / l^SCALE`.
    /// `LEFT_ONLY` / `TOP_ONLY`: the right / bottom corners weigh exactly 0 and may be
    /// dropped (a product of 0 and a finite shape changes no sum).
    #[inline(always)]
    fn corner_sum<V: Lane, const LEFT_ONLY: bool, const TOP_ONLY: bool>(
        x: (V, V),
        y: (V, V),
        l: V,
        r: &[[V; 4]; 4],
        w: [V; 4],
    ) -> V {
        let mut h = Self::shape(x.0, y.0, l, r[0]) * w[0];
        if !LEFT_ONLY {
            h = h + Self::shape(x.1, y.0, l, r[1]) * w[1];
        }
        if !TOP_ONLY {
            h = h + Self::shape(x.0, y.1, l, r[2]) * w[2];
        }
        if !LEFT_ONLY && !TOP_ONLY {
            h = h + Self::shape(x.1, y.1, l, r[3]) * w[3];
        }
        h
    }
    /// Whether `eval` is linear in `x, y`: `alpha x + beta y + gamma` for every corner.
    /// The kernel then folds a cell's four corners into four multiply-adds per pixel.
    const LINEAR: bool = false;
    /// `[alpha, beta, gamma]` of a linear function (unused otherwise).
    fn linear(l: f32, il: f32, r: [f32; 4]) -> [f32; 3] {
        let _ = (l, il, r);
        [0.0; 3]
    }
}

/// `il^k` for the `k` of [`ProximityFn::SCALE`] (0 to 3), multiplied left to right.
#[inline(always)]
pub(crate) fn il_power<V: Lane>(il: V, k: u32) -> V {
    match k {
        0 => il.splat(1.0),
        1 => il,
        2 => il * il,
        _ => il * il * il,
    }
}

/// Visitor used to run generic code for the function an enum value names.
pub trait ProximityVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the proximity function's type.
    fn visit<P: ProximityFn>(self) -> Self::Output;
}

macro_rules! proximities {
    ($( $idx:literal $var:ident $id:literal $label:literal $formula:literal needs $needs:literal
        scale $scale:literal |$x:ident, $y:ident, $l:ident, $r:ident| $body:expr
        $(, linear |$ll:ident, $lil:ident, $lr:ident| $lin:expr)?
        $(, sum $sum:path)? ;)*) => {
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
                    const SCALE: u32 = $scale;
                    #[inline(always)]
                    #[allow(unused_variables)]
                    fn shape<V: Lane>($x: V, $y: V, $l: V, $r: [V; 4]) -> V {
                        $body
                    }
                    $(
                        #[inline(always)]
                        fn corner_sum<V: Lane, const LEFT_ONLY: bool, const TOP_ONLY: bool>(
                            x: (V, V),
                            y: (V, V),
                            _: V,
                            r: &[[V; 4]; 4],
                            w: [V; 4],
                        ) -> V {
                            $sum(x, y, r, w)
                        }
                    )?
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
        scale 1 |x, y, l, r| lin(x, y, r), linear |l, il, r| [r[0] * il, r[1] * il, 0.0];
    1 Hill "hill" "Hill (value noise)" "0.5 a" needs 1
        scale 0 |x, y, l, r| k(x, 0.5) * r[0], linear |l, il, r| [0.0, 0.0, 0.5 * r[0]];
    2 HillAndSlope "hill-and-slope" "Hill and slope" "0.5 c + min(0, L) / l" needs 3
        scale 1 |x, y, l, r| k(x, 0.5) * r[2] * l + mn(k(x, 0.0), lin(x, y, r));
    3 Curvature "curvature" "Curvature" "Q / l^2" needs 3
        scale 2 |x, y, l, r| quad(x, y, r);
    4 GradientRigged "gradient-rigged" "Gradient rigged" "-|L| / l" needs 2
        scale 1 |x, y, l, r| -lin(x, y, r).abs();
    5 GradientSemiRigged "gradient-semi-rigged" "Gradient semi-rigged" "min(0, L) / l" needs 2
        scale 1 |x, y, l, r| mn(k(x, 0.0), lin(x, y, r));
    6 GradientSemiRiggedIncreased "gradient-semi-rigged-increased" "Gradient semi-rigged increased"
        "min(0, L - c) / l" needs 3
        scale 1 |x, y, l, r| mn(k(x, 0.0), lin(x, y, r) - r[2]);
    7 GradientBillowed "gradient-billowed" "Gradient billowed" "|L| / l" needs 2
        scale 1 |x, y, l, r| lin(x, y, r).abs();
    8 CurvatureRigged "curvature-rigged" "Curvature rigged" "-|Q| / l^2" needs 3
        scale 2 |x, y, l, r| -quad(x, y, r).abs();
    9 CurvatureBillowed "curvature-billowed" "Curvature billowed" "|Q| / l^2" needs 3
        scale 2 |x, y, l, r| quad(x, y, r).abs();
    10 CurvatureSemiRigged "curvature-semi-rigged" "Curvature semi-rigged" "min(0, Q) / l^2" needs 3
        scale 2 |x, y, l, r| mn(k(x, 0.0), quad(x, y, r));
    11 CurvatureSemiRiggedDisplaced "curvature-semi-rigged-displaced" "Curvature semi-rigged displaced"
        "min(0, a X^2 + b Y^2 + 2 c X Y) / l^2 with X = x + 0.75 l b, Y = y + 0.75 l a" needs 3
        scale 2 |x, y, l, r| mn(k(x, 0.0), quad(x + k(x, 0.75) * l * r[1], y + k(x, 0.75) * l * r[0], r));
    12 DoublePlain "double-plain" "Double plain" "min(a x + b y, b x + c y) / l" needs 3
        scale 1 |x, y, l, r| mn(lin(x, y, r), r[1] * x + r[2] * y);
    13 VerticalEdge "vertical-edge" "Vertical edge" "min(L + c, -L + c) / l" needs 3
        scale 1 |x, y, l, r| { let v = lin(x, y, r); mn(v + r[2], r[2] - v) };
    14 VerticalEdgeInverse "vertical-edge-inverse" "Vertical edge inverse" "max(L + c, -L + c) / l"
        needs 3
        scale 1 |x, y, l, r| { let v = lin(x, y, r); mx(v + r[2], r[2] - v) };
    15 TriangularEdgeOne "triangular-edge-one" "Triangular edge I" "min(max(-L, S), max(L, -S)) / l"
        needs 2
        scale 1 |x, y, l, r| { let (u, s) = edge_parts(x, y, r); edge(u, s) };
    16 TriangularEdgeTwo "triangular-edge-two" "Triangular edge II"
        "min(max(-L, S), max(L, -S), max(L, S)) / l" needs 2
        scale 1 |x, y, l, r| { let (u, s) = edge_parts(x, y, r); mn(edge(u, s), mx(-u, s)) };
    17 MonkeySaddle "monkey-saddle" "Monkey saddle" "a (x^3 - 3 x y^2) / l^3" needs 1
        scale 3 |x, y, l, r| r[0] * (x * x * x - k(x, 3.0) * x * y * y);
    18 Hyperbolic "hyperbolic" "Hyperbolic" "(1 / (30 + |L|)) / l" needs 2
        scale 1 |x, y, l, r| k(x, 1.0) / (k(x, 30.0) + lin(x, y, r).abs()), sum hyperbolic_sum;
    19 HyperbolicPlains "hyperbolic-plains" "Hyperbolic plains"
        "min(max((-L)^3, S^3), max(L^3, (-S)^3)) / l^3" needs 2
        scale 3 |x, y, l, r| hyper_plains(x, y, r);
    20 HyperbolicPlainsDisplaced "hyperbolic-plains-displaced" "Hyperbolic plains displaced"
        "hyperbolic plains at (x + 0.25 l b, y + 0.25 l c)" needs 3
        scale 3 |x, y, l, r| {
            // u = -a X - b Y and S = -b X + a Y at X = x + dx, Y: the terms without x
            // grouped, the same for every pixel of a corner row.
            let (dx, y) = (k(x, 0.25) * l * r[1], y + k(x, 0.25) * l * r[2]);
            let u = -r[0] * x + (-r[0] * dx - r[1] * y);
            let s = -r[1] * x + (-r[1] * dx + r[0] * y);
            let t = edge(u, s);
            t * t * t
        };
    21 VerticalEdgeDisplaced "vertical-edge-displaced" "Vertical edge displaced"
        "min(a b (X + Y) + c, -a b (X + Y) + c) / l with X = x + l/2, Y = y + l/2" needs 3
        scale 1 |x, y, l, r| {
            let t = r[0] * r[1] * ((x + k(x, 0.5) * l) + (y + k(x, 0.5) * l));
            mn(t + r[2], r[2] - t)
        };
    22 VerticalEdgeInverseDisplaced "vertical-edge-inverse-displaced" "Vertical edge inverse displaced"
        "max(a X + b Y + c, -(a X + b Y) + c) / l with X = x + b, Y = y + a" needs 3
        scale 1 |x, y, l, r| {
            let t = lin(x + r[1], y + r[0], r);
            mx(t + r[2], r[2] - t)
        };
    23 Parabolic "parabolic" "Parabolic" "Q / l^2" needs 3
        scale 2 |x, y, l, r| quad(x, y, r);
    24 ParabolicInverse "parabolic-inverse" "Parabolic inverse" "(c l - Q) / l^2" needs 3
        scale 2 |x, y, l, r| r[2] * l - quad(x, y, r);
    25 ParabolicComposed "parabolic-composed" "Parabolic composed" "max(c l - Q, Q) / l^2" needs 3
        scale 2 |x, y, l, r| { let q = quad(x, y, r); mx(r[2] * l - q, q) };
    26 ParabolicComposedIi "parabolic-composed-ii" "Parabolic composed II" "min(0, Q) / l^2" needs 3
        scale 2 |x, y, l, r| mn(k(x, 0.0), quad(x, y, r));
    27 DisplacedParabola "displaced-parabola" "Displaced parabola"
        "((x + l a)(x + l b) + (y + l c)(y + l d)) / l^2" needs 4
        scale 2 |x, y, l, r| {
            // Expanded in x: x (x + l a + l b) + (l a l b + (y + l c)(y + l d)), whose
            // terms without x are the same for every pixel of a corner row.
            let (a, b) = (l * r[0], l * r[1]);
            x * (x + (a + b)) + (a * b + (y + l * r[2]) * (y + l * r[3]))
        };
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

    /// Whether the function has creases: a `min`, `max` or `|.|` whose sides meet at an
    /// angle, where its slope jumps (the analytic slope takes the side the value
    /// takes). The others are smooth, so their slope is continuous with a smooth fade.
    pub fn has_creases(self) -> bool {
        !matches!(
            self,
            Proximity::Gradient
                | Proximity::Hill
                | Proximity::Curvature
                | Proximity::MonkeySaddle
                | Proximity::Parabolic
                | Proximity::ParabolicInverse
                | Proximity::DisplacedParabola
        )
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
}
