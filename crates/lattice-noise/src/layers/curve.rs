//! [`Curve`]: a tone curve through a few control points, smoothly interpolated, that
//! reshapes heights (a layer's, after its levels) or greys (the whole texture's).

use serde::{Deserialize, Serialize};

/// Most control points a curve holds (enough for any shape an artist drags out; a
/// fixed bound keeps the curve `Copy` and its evaluation a short scan).
pub const MAX_CURVE_POINTS: usize = 16;

/// Largest output magnitude a control point may have (the levels' offset range).
pub const MAX_CURVE_VALUE: f32 = 16.0;

/// A monotone cubic (Fritsch-Carlson) curve through 2 to [`MAX_CURVE_POINTS`] control
/// points `(x, y)`, `x` strictly increasing in 0..=1.
///
/// It passes exactly through every point, is smooth between them, and never overshoots:
/// between two points it stays within their values, so a rising set of points gives a
/// rising curve. Left of the first point it is the first point's value, right of the
/// last the last's, as curves in image editors are. In a preset it is the list of its
/// points, `[(0.0, 0.0), (0.5, 0.3), (1.0, 1.0)]`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Vec<(f32, f32)>", into = "Vec<(f32, f32)>")]
pub struct Curve {
    len: usize,
    x: [f32; MAX_CURVE_POINTS],
    y: [f32; MAX_CURVE_POINTS],
    /// Per segment, `1 / (x[k + 1] - x[k])` and the cubic in `t` (0..1 across it),
    /// highest power first, its constant term the segment's first value: both from the
    /// points alone, so equal points make equal curves.
    inv_dx: [f32; MAX_CURVE_POINTS],
    cubic: [[f32; 3]; MAX_CURVE_POINTS],
}

/// Why a list of points is not a curve.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CurveError {
    /// Fewer than 2 or more than [`MAX_CURVE_POINTS`] points.
    #[error("a curve has 2 to {MAX_CURVE_POINTS} points, not {count}")]
    Count {
        /// How many were given.
        count: usize,
    },
    /// A point outside the accepted square.
    #[error(
        "curve point ({x}, {y}) is out of range: x in 0..=1, y in -{MAX_CURVE_VALUE}..={MAX_CURVE_VALUE}"
    )]
    Range {
        /// The point's input.
        x: f32,
        /// The point's output.
        y: f32,
    },
    /// Two points not in increasing order of `x`.
    #[error("curve points must have increasing x: {before} is followed by {after}")]
    Order {
        /// The earlier point's input.
        before: f32,
        /// The later point's input.
        after: f32,
    },
    /// Text that is not a list of points.
    #[error("bad curve '{text}': expected points X:Y,X:Y,... such as 0:0,0.5:0.3,1:1")]
    Syntax {
        /// The refused text.
        text: String,
    },
}

impl Default for Curve {
    /// The identity on 0..1: the straight line from (0, 0) to (1, 1).
    fn default() -> Self {
        Self::linear()
    }
}

impl Curve {
    /// The straight line from (0, 0) to (1, 1).
    pub fn linear() -> Curve {
        Self::from_valid(&[(0.0, 0.0), (1.0, 1.0)])
    }

    /// The curve through `points`, or why they do not make one.
    pub fn new(points: &[(f32, f32)]) -> Result<Curve, CurveError> {
        let count = points.len();
        if !(2..=MAX_CURVE_POINTS).contains(&count) {
            return Err(CurveError::Count { count });
        }
        for &(x, y) in points {
            if !(0.0..=1.0).contains(&x) || !(-MAX_CURVE_VALUE..=MAX_CURVE_VALUE).contains(&y) {
                return Err(CurveError::Range { x, y });
            }
        }
        for w in points.windows(2) {
            if w[1].0 <= w[0].0 {
                return Err(CurveError::Order {
                    before: w[0].0,
                    after: w[1].0,
                });
            }
        }
        Ok(Self::from_valid(points))
    }

    /// The curve through `points`, which [`Self::new`] has checked.
    fn from_valid(points: &[(f32, f32)]) -> Curve {
        let count = points.len();
        let mut c = Curve {
            len: count,
            x: [0.0; MAX_CURVE_POINTS],
            y: [0.0; MAX_CURVE_POINTS],
            inv_dx: [0.0; MAX_CURVE_POINTS],
            cubic: [[0.0; 3]; MAX_CURVE_POINTS],
        };
        for (i, &(x, y)) in points.iter().enumerate() {
            c.x[i] = x;
            c.y[i] = y;
        }
        let slope = monotone_slopes(&c.x[..count], &c.y[..count]);
        for k in 0..count - 1 {
            // The cubic Hermite segment from (p0, slope m0) to (p1, slope m1), with the
            // slopes per unit of t.
            let dx = c.x[k + 1] - c.x[k];
            let (p0, p1) = (c.y[k], c.y[k + 1]);
            let (m0, m1) = (slope[k] * dx, slope[k + 1] * dx);
            c.inv_dx[k] = 1.0 / dx;
            c.cubic[k] = [
                2.0 * p0 - 2.0 * p1 + m0 + m1,
                -3.0 * p0 + 3.0 * p1 - 2.0 * m0 - m1,
                m0,
            ];
        }
        c
    }

    /// The control points, in order of `x`.
    pub fn points(&self) -> Vec<(f32, f32)> {
        (0..self.len).map(|i| (self.x[i], self.y[i])).collect()
    }

    /// The curve's value at `v` (NaN stays NaN).
    #[inline]
    pub fn apply(&self, v: f32) -> f32 {
        let n = self.len;
        if v.is_nan() {
            return v;
        }
        if v <= self.x[0] {
            return self.y[0];
        }
        if v >= self.x[n - 1] {
            return self.y[n - 1];
        }
        // The segment holding v: x[k] <= v < x[k + 1], counted without branches.
        let k = self.x[1..n - 1].iter().filter(|&&x| x <= v).count();
        let t = (v - self.x[k]) * self.inv_dx[k];
        let [a, b, c] = self.cubic[k];
        // At t = 0 (v on a control point) this is y[k] exactly.
        let y = ((a * t + b) * t + c) * t + self.y[k];
        // Every segment is monotone, so it stays between its ends; the clamp only takes
        // away rounding that would step past them.
        let (p0, p1) = (self.y[k], self.y[k + 1]);
        y.clamp(p0.min(p1), p0.max(p1))
    }

    /// The curve's slope `d apply / dv` at `v`: 0 outside its first and last points
    /// (it holds its end values there) and for NaN; the segment's own derivative inside,
    /// so on a control point the slope of the segment that starts there.
    pub fn slope(&self, v: f32) -> f32 {
        let n = self.len;
        if v.is_nan() || v <= self.x[0] || v >= self.x[n - 1] {
            return 0.0;
        }
        let k = self.x[1..n - 1].iter().filter(|&&x| x <= v).count();
        let t = (v - self.x[k]) * self.inv_dx[k];
        let [a, b, c] = self.cubic[k];
        ((3.0 * a * t + 2.0 * b) * t + c) * self.inv_dx[k]
    }

    /// Reads `X:Y,X:Y,...` (the form [`Self::spec`] writes).
    pub fn parse(text: &str) -> Result<Curve, CurveError> {
        let syntax = || CurveError::Syntax {
            text: text.to_owned(),
        };
        let mut points = Vec::new();
        for part in text.trim().split(',') {
            let (x, y) = part.trim().split_once(':').ok_or_else(syntax)?;
            let x: f32 = x.trim().parse().map_err(|_| syntax())?;
            let y: f32 = y.trim().parse().map_err(|_| syntax())?;
            points.push((x, y));
        }
        Curve::new(&points)
    }

    /// The curve as `X:Y,X:Y,...`, which [`Self::parse`] reads back to the same curve.
    pub fn spec(&self) -> String {
        let parts: Vec<String> = self
            .points()
            .iter()
            .map(|(x, y)| format!("{x}:{y}"))
            .collect();
        parts.join(",")
    }
}

impl TryFrom<Vec<(f32, f32)>> for Curve {
    type Error = CurveError;
    fn try_from(points: Vec<(f32, f32)>) -> Result<Curve, CurveError> {
        Curve::new(&points)
    }
}

impl From<Curve> for Vec<(f32, f32)> {
    fn from(c: Curve) -> Self {
        c.points()
    }
}

/// Fritsch-Carlson slopes for the points `(x, y)` (at least 2, `x` increasing): the
/// mean of the neighbouring secants, zero at a peak, a valley or a flat run, and
/// scaled down where the cubic would overshoot its segment.
fn monotone_slopes(x: &[f32], y: &[f32]) -> [f32; MAX_CURVE_POINTS] {
    let n = x.len();
    let mut secant = [0.0f32; MAX_CURVE_POINTS];
    for k in 0..n - 1 {
        secant[k] = (y[k + 1] - y[k]) / (x[k + 1] - x[k]);
    }
    let mut m = [0.0f32; MAX_CURVE_POINTS];
    m[0] = secant[0];
    m[n - 1] = secant[n - 2];
    for k in 1..n - 1 {
        let (a, b) = (secant[k - 1], secant[k]);
        m[k] = if a * b <= 0.0 { 0.0 } else { (a + b) * 0.5 };
    }
    for k in 0..n - 1 {
        let d = secant[k];
        if d == 0.0 {
            m[k] = 0.0;
            m[k + 1] = 0.0;
            continue;
        }
        let (a, b) = (m[k] / d, m[k + 1] / d);
        let s = a * a + b * b;
        if s > 9.0 {
            let tau = 3.0 / s.sqrt();
            m[k] = tau * a * d;
            m[k + 1] = tau * b * d;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s_curve() -> Curve {
        Curve::new(&[(0.0, 0.0), (0.3, 0.1), (0.7, 0.9), (1.0, 1.0)]).unwrap()
    }

    #[test]
    fn it_passes_through_its_points_and_holds_its_ends() {
        let c = s_curve();
        for (x, y) in c.points() {
            assert_eq!(c.apply(x).to_bits(), y.to_bits(), "{x}");
        }
        assert_eq!(c.apply(-3.0), 0.0);
        assert_eq!(c.apply(7.0), 1.0);
        assert!(c.apply(f32::NAN).is_nan());
        let line = Curve::linear();
        for v in [0.1f32, 0.25, 0.5, 0.9] {
            assert!((line.apply(v) - v).abs() < 1e-6);
        }
    }

    #[test]
    fn rising_points_give_a_rising_curve_without_overshoot() {
        // Steep then flat: a plain cubic spline would overshoot past 1 here.
        let c = Curve::new(&[(0.0, 0.0), (0.1, 0.9), (0.5, 1.0), (1.0, 1.0)]).unwrap();
        let mut last = f32::MIN;
        for i in 0..=1000 {
            let v = c.apply(i as f32 / 1000.0);
            assert!(v >= last && (0.0..=1.0).contains(&v), "{i}: {v}");
            last = v;
        }
        // A peak stays at its point's value.
        let peak = Curve::new(&[(0.0, 0.0), (0.5, 1.0), (1.0, 0.0)]).unwrap();
        let top = (0..=1000)
            .map(|i| peak.apply(i as f32 / 1000.0))
            .fold(f32::MIN, f32::max);
        assert_eq!(top, 1.0);
    }

    #[test]
    fn its_slope_is_the_derivative_of_its_values() {
        let c = s_curve();
        for i in 1..200 {
            let v = i as f32 / 200.0 + 0.0013;
            let h = 1e-3;
            let diff = (c.apply(v + h) - c.apply(v - h)) / (2.0 * h);
            assert!(
                (c.slope(v) - diff).abs() < 2e-2,
                "{v}: {} vs {diff}",
                c.slope(v)
            );
        }
        // Held ends are flat; the straight line has slope 1.
        assert_eq!(
            (c.slope(-0.5), c.slope(1.5), c.slope(f32::NAN)),
            (0.0, 0.0, 0.0)
        );
        assert!((Curve::linear().slope(0.3) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn it_is_smooth_between_points() {
        let c = s_curve();
        // No jump in value or slope across a control point.
        let e = 1e-3f32;
        for x in [0.3f32, 0.7] {
            let left = (c.apply(x) - c.apply(x - e)) / e;
            let right = (c.apply(x + e) - c.apply(x)) / e;
            assert!((left - right).abs() < 0.05, "{x}: {left} {right}");
        }
    }

    #[test]
    fn bad_points_are_refused_with_what_is_allowed() {
        let e = Curve::new(&[(0.0, 0.0)]).unwrap_err().to_string();
        assert!(e.contains("2 to 16 points"), "{e}");
        let e = Curve::new(&[(0.0, 0.0), (1.5, 1.0)])
            .unwrap_err()
            .to_string();
        assert!(e.contains("x in 0..=1"), "{e}");
        assert!(Curve::new(&[(0.0, f32::NAN), (1.0, 1.0)]).is_err());
        let e = Curve::new(&[(0.5, 0.0), (0.5, 1.0)])
            .unwrap_err()
            .to_string();
        assert!(e.contains("increasing x"), "{e}");
        let many: Vec<(f32, f32)> = (0..17).map(|i| (i as f32 / 16.0, 0.0)).collect();
        assert!(Curve::new(&many).is_err());
    }

    #[test]
    fn text_and_preset_forms_read_back() {
        let c = s_curve();
        assert_eq!(c.spec(), "0:0,0.3:0.1,0.7:0.9,1:1");
        assert_eq!(Curve::parse(&c.spec()), Ok(c));
        assert_eq!(Curve::parse(" 0 : 0.2 , 1:0.8 ").unwrap().apply(1.0), 0.8);
        for bad in ["", "0,0", "0:0;1:1", "a:b,1:1", "0:0"] {
            assert!(Curve::parse(bad).is_err(), "{bad:?}");
        }
        let ron = ron::to_string(&c).unwrap();
        assert_eq!(ron::from_str::<Curve>(&ron), Ok(c));
        let e = ron::from_str::<Curve>("[(0.0, 0.0), (0.0, 1.0)]").unwrap_err();
        assert!(e.to_string().contains("increasing x"), "{e}");
    }
}
