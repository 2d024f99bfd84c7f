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

/// A cell's feature point from its three random numbers: the offsets from the cell's
/// corner in pixels (step `l`) and the point's value in `-1..1`.
///
/// The sources' numbers are not uniform in `-1..=1`: the original table's lie in
/// `-0.5..0.5`, libnoise's gradients on the unit circle, the Parberry tables follow
/// their distribution. Used as offsets they would crowd the points near the cells'
/// centres (a visible grid) or on a ring, so the three numbers' bits are hashed into
/// three uniform ones: every source gives uniformly placed points, still chosen by
/// the source and its seed.
#[inline(always)]
pub(super) fn cell_point([r0, r1, r2]: [f32; 3], half_jitter: f32, l: f32) -> (f32, f32, f32) {
    let mix = |mut z: u64| {
        // SplitMix64's finaliser: every input bit reaches every output bit.
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let a = mix((u64::from(r0.to_bits()) << 32) | u64::from(r1.to_bits()));
    let b = mix(a ^ u64::from(r2.to_bits()).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    // 24 bits each: exact in an f32, uniform in -1..1.
    let unit = |bits: u64| (bits & 0xFF_FFFF) as f32 * (2.0 / 16_777_216.0) - 1.0;
    let offset = |u: f32| (0.5 + half_jitter * u) * l;
    (offset(unit(a >> 40)), offset(unit(b >> 40)), unit(b))
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
