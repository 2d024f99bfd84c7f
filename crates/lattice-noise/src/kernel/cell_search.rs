//! The steps every cellular path shares, written once so the row loops and the point
//! sampler compute the same bits: where a cell's feature point lies, how a candidate
//! point updates the nearest two, and the metrics as types (so each row loop is
//! specialised to one and vectorised).

use super::sample_lane::SampleLane;
use crate::cell_distance::CellDistance;
use crate::cell_output::CellOutput;
use crate::lane::Lane;

/// A cellular metric: `measure` is compared between candidates (for the Euclidean
/// metric the squared distance, so no root per candidate); `finish` turns the kept
/// measure into a distance. Generic over the lane type, so the scalar point sampler
/// and the 8- and 16-lane row loops compute the same bits.
pub(super) trait Metric {
    /// The comparable size of the offset `(dx, dy)`.
    fn measure<V: Lane>(dx: V, dy: V) -> V;
    /// The distance of a kept measure.
    fn finish<V: SampleLane>(m: V) -> V;
}

/// `dx^2 + dy^2`, rooted at the end.
pub(super) struct Euclidean;
/// `|dx| + |dy|`.
pub(super) struct Manhattan;
/// `max(|dx|, |dy|)`.
pub(super) struct Chebyshev;

impl Metric for Euclidean {
    #[inline(always)]
    fn measure<V: Lane>(dx: V, dy: V) -> V {
        dx * dx + dy * dy
    }
    #[inline(always)]
    fn finish<V: SampleLane>(m: V) -> V {
        m.sqrt()
    }
}

impl Metric for Manhattan {
    #[inline(always)]
    fn measure<V: Lane>(dx: V, dy: V) -> V {
        dx.abs() + dy.abs()
    }
    #[inline(always)]
    fn finish<V: SampleLane>(m: V) -> V {
        m
    }
}

impl Metric for Chebyshev {
    #[inline(always)]
    fn measure<V: Lane>(dx: V, dy: V) -> V {
        dx.abs().mx(dy.abs())
    }
    #[inline(always)]
    fn finish<V: SampleLane>(m: V) -> V {
        m
    }
}

/// Runs generic code for the metric an enum value names.
pub(super) trait MetricVisitor {
    type Output;
    fn visit<M: Metric>(self) -> Self::Output;
}

/// Calls `v` with the type of `d`.
pub(super) fn visit_metric<V: MetricVisitor>(d: CellDistance, v: V) -> V::Output {
    match d {
        CellDistance::Euclidean => v.visit::<Euclidean>(),
        CellDistance::Manhattan => v.visit::<Manhattan>(),
        CellDistance::Chebyshev => v.visit::<Chebyshev>(),
    }
}

/// The feature point's offset from its cell's corner along one axis, in pixels: the
/// cell's centre moved by `half_jitter * r` cells (`r` a random number, clamped to
/// `-1..=1` so every distribution keeps the point in its cell).
#[inline(always)]
pub(super) fn point_offset(r: f32, half_jitter: f32, l: f32) -> f32 {
    // `clamp` would pass a NaN through; no source makes one, but a point must stay
    // a number whatever the table holds.
    let r = if r.is_nan() { 0.0 } else { r.clamp(-1.0, 1.0) };
    (0.5 + half_jitter * r) * l
}

/// The nearest two measures so far and the nearest point's random value, per lane.
#[derive(Clone, Copy, Debug)]
pub(super) struct Nearest<V> {
    pub f1: V,
    pub f2: V,
    pub value: V,
}

impl<V: SampleLane> Nearest<V> {
    /// Nothing found yet.
    #[inline(always)]
    pub(super) fn none(isa: V::Isa) -> Self {
        let inf = V::all(isa, f32::INFINITY);
        Nearest {
            f1: inf,
            f2: inf,
            value: V::all(isa, 0.0),
        }
    }

    /// Takes in a candidate at measure `m` with random value `value`; a tie with F1
    /// becomes F2. With `F2` false only F1 is kept (the same F1 bits); with `VALUE`
    /// false the value is not.
    #[inline(always)]
    pub(super) fn add<const F2: bool, const VALUE: bool>(&mut self, m: V, value: V) {
        if F2 {
            self.f2 = m.select_lt(self.f1, self.f1, m.mn(self.f2));
        }
        if VALUE {
            self.value = m.select_lt(self.f1, value, self.value);
        }
        self.f1 = m.mn(self.f1);
    }
}

/// An octave's value from the nearest two: the output of the distances in cells
/// (`il` is one over the step), times the amplitude.
#[inline(always)]
pub(super) fn octave_value<V: SampleLane, M: Metric>(
    output: CellOutput,
    n: Nearest<V>,
    il: V,
    amp: V,
) -> V {
    output.value(M::finish(n.f1) * il, M::finish(n.f2) * il, n.value) * amp
}
