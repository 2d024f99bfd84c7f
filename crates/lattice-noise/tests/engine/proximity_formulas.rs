//! The 28 proximity functions against the spec's formulas written literally (in f64):
//! the engine evaluates rewritten forms (the `1 / l^k` factor folded into the fade
//! weights, quadratics expanded so the terms without `x` are shared per corner row,
//! hyperbolic's four corners summed as one fraction), which must keep the spec's values.

use lattice_noise::{Proximity, ProximityFn, ProximityVisitor};

/// The spec's formula for `p` at `(x, y)`, step `l`, corner numbers `r`, literally.
fn literal(p: Proximity, x: f64, y: f64, l: f64, r: [f64; 4]) -> f64 {
    let [a, b, c, d] = r;
    let lin = a * x + b * y;
    let s = -b * x + a * y;
    let quad = |x: f64, y: f64| a * x * x + b * y * y + 2.0 * c * x * y;
    let plains = |x: f64, y: f64| {
        let (lv, s) = (a * x + b * y, -b * x + a * y);
        f64::min(
            f64::max((-lv).powi(3), s.powi(3)),
            f64::max(lv.powi(3), (-s).powi(3)),
        )
    };
    match p {
        Proximity::Gradient => lin / l,
        Proximity::Hill => 0.5 * a,
        Proximity::HillAndSlope => 0.5 * c + f64::min(0.0, lin) / l,
        Proximity::Curvature | Proximity::Parabolic => quad(x, y) / (l * l),
        Proximity::GradientRigged => -lin.abs() / l,
        Proximity::GradientSemiRigged => f64::min(0.0, lin) / l,
        Proximity::GradientSemiRiggedIncreased => f64::min(0.0, lin - c) / l,
        Proximity::GradientBillowed => lin.abs() / l,
        Proximity::CurvatureRigged => -quad(x, y).abs() / (l * l),
        Proximity::CurvatureBillowed => quad(x, y).abs() / (l * l),
        Proximity::CurvatureSemiRigged | Proximity::ParabolicComposedIi => {
            f64::min(0.0, quad(x, y)) / (l * l)
        }
        Proximity::CurvatureSemiRiggedDisplaced => {
            f64::min(0.0, quad(x + 0.75 * l * b, y + 0.75 * l * a)) / (l * l)
        }
        Proximity::DoublePlain => f64::min(lin, b * x + c * y) / l,
        Proximity::VerticalEdge => f64::min(lin + c, -lin + c) / l,
        Proximity::VerticalEdgeInverse => f64::max(lin + c, -lin + c) / l,
        Proximity::TriangularEdgeOne => f64::min(f64::max(-lin, s), f64::max(lin, -s)) / l,
        Proximity::TriangularEdgeTwo => {
            let t = f64::min(f64::max(-lin, s), f64::max(lin, -s));
            f64::min(t, f64::max(lin, s)) / l
        }
        Proximity::MonkeySaddle => a * (x * x * x - 3.0 * x * y * y) / (l * l * l),
        Proximity::Hyperbolic => (1.0 / (30.0 + lin.abs())) / l,
        Proximity::HyperbolicPlains => plains(x, y) / (l * l * l),
        Proximity::HyperbolicPlainsDisplaced => {
            plains(x + 0.25 * l * b, y + 0.25 * l * c) / (l * l * l)
        }
        Proximity::VerticalEdgeDisplaced => {
            let t = a * b * ((x + l / 2.0) + (y + l / 2.0));
            f64::min(t + c, -t + c) / l
        }
        Proximity::VerticalEdgeInverseDisplaced => {
            let t = a * (x + b) + b * (y + a);
            f64::max(t + c, -t + c) / l
        }
        Proximity::ParabolicInverse => (c * l - quad(x, y)) / (l * l),
        Proximity::ParabolicComposed => {
            let q = quad(x, y);
            f64::max(c * l - q, q) / (l * l)
        }
        Proximity::DisplacedParabola => {
            ((x + l * a) * (x + l * b) + (y + l * c) * (y + l * d)) / (l * l)
        }
    }
}

/// A small xorshift generator: uniform f32 in [-1, 1).
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 >> 8) as f32 / (1 << 24) as f32 * 2.0 - 1.0
    }
    fn corner(&mut self) -> [f32; 4] {
        [self.next(), self.next(), self.next(), self.next()]
    }
}

#[test]
fn every_function_keeps_the_spec_formula() {
    let mut rng = Rng(0x9e37_79b9);
    for p in Proximity::ALL {
        let mut worst = 0.0f64;
        for i in 0..20_000 {
            let l = [2.0f32, 16.0, 256.0, 2048.0][i % 4];
            let (x, y, r) = (rng.next().abs() * l, rng.next().abs() * l, rng.corner());
            // The corner at any of a cell's four positions: offsets in [-l, l].
            let (x, y) = if i % 3 == 0 { (x - l, y) } else { (x, y - l) };
            let got = p.eval(x, y, l, r);
            let want = literal(
                p,
                f64::from(x),
                f64::from(y),
                f64::from(l),
                r.map(f64::from),
            );
            let err = (f64::from(got) - want).abs() / (1.0 + want.abs());
            worst = worst.max(err);
            assert!(
                err < 2e-6,
                "{p:?} at x {x}, y {y}, l {l}, r {r:?}: {got}, spec {want}"
            );
        }
        assert!(worst.is_finite(), "{p:?}");
    }
}

/// Runs [`ProximityFn::corner_sum`] (what the kernel computes per pixel) against the
/// sum of the four `shape * weight` products taken one by one in f64.
struct CornerSum {
    seed: u32,
}

impl ProximityVisitor for CornerSum {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let mut rng = Rng(self.seed);
        for i in 0..20_000 {
            let l = [2.0f32, 32.0, 512.0][i % 3];
            let u = rng.next().abs() * l;
            let v = rng.next().abs() * l;
            let (x, y) = ((u, u - l), (v, v - l));
            let r = [rng.corner(), rng.corner(), rng.corner(), rng.corner()];
            // Weights as the kernel makes them: fade products times amp / l^k.
            let w = [0, 1, 2, 3].map(|_| rng.next().abs() / l.powi(P::SCALE as i32));
            let at = [(x.0, y.0), (x.1, y.0), (x.0, y.1), (x.1, y.1)];
            let mut want = 0.0f64;
            let mut size = 0.0f64;
            for q in 0..4 {
                let term = f64::from(P::shape(at[q].0, at[q].1, l, r[q])) * f64::from(w[q]);
                want += term;
                size += term.abs();
            }
            let got = f64::from(P::corner_sum::<f32, false, false>(x, y, l, &r, w));
            assert!(
                (got - want).abs() <= 1e-6 * size + 1e-30,
                "l {l}, x {x:?}, y {y:?}, r {r:?}, w {w:?}: {got}, terms sum to {want}"
            );
        }
    }
}

#[test]
fn corner_sums_equal_the_four_weighted_shapes() {
    for (i, p) in Proximity::ALL.into_iter().enumerate() {
        p.visit(CornerSum {
            seed: 0x2545_f491 ^ i as u32,
        });
    }
}
