//! [`SlopeSampler`]: a noise's height and its exact slope at any point, by running the
//! octaves' own formulas on [`Dual`] numbers. Every proximity function and fade is
//! written once over [`crate::Lane`], so each gets its derivative from that one formula:
//! exact between creases, and on a crease (a `min`, `max` or `abs` tie, a linear fade's
//! cell edge) the slope of the side the value takes.

use super::dual::Dual;
use super::free_octave::FreeOctave;
use super::plan::{OctavePlan, Plan};
use super::round_octave::RoundOctave;
use super::sample_lane::{SampleLane, fade4};
use super::turned_grid::TurnedGrid;
use super::turned_octave::TurnedOctave;
use super::turned_sample::turned_octave;
use crate::fade::Fade;
use crate::lane::Lane;
use crate::noise_params::NoiseParams;
use crate::param_error::ParamError;
use crate::proximity::{Proximity, ProximityFn, ProximityVisitor};
use crate::random::{Frame, PreparedSource};
use crate::region::Region;

/// The fewest samples per lattice step at which [`SlopeSampler::resolved`] keeps an
/// octave: at 2 the slopes drew the lattice's two-pixel grid; at 4 it no longer shows.
const RESOLVED_SAMPLES: f64 = 4.0;

/// A height and its slope per pixel: `dx` along texture columns, `dy` down the rows.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HeightSlope {
    /// The height (the noise's value; the kernels' within rounding).
    pub height: f32,
    /// `dh/dx`, per pixel to the right.
    pub dx: f32,
    /// `dh/dy`, per pixel down.
    pub dy: f32,
}

/// How one octave is sampled.
pub(super) enum SlopeOctave {
    /// The square lattice (whole or fractional steps, panned or not).
    Square(FreeOctave),
    /// The isotropic mode's lattice.
    Turned(TurnedOctave),
}

/// A noise's heights with their analytic slopes at any texture position.
///
/// ```
/// use lattice_noise::{NoiseParams, SlopeSampler};
/// let p = NoiseParams { size: 256, ..NoiseParams::default() };
/// let s = SlopeSampler::new(&p).unwrap().expect("gradient noise has an analytic slope");
/// let here = s.at(100.0, 40.0);
/// let right = s.at(100.001, 40.0);
/// assert!(((right.height - here.height) / 0.001 - here.dx).abs() < 1e-2);
/// ```
pub struct SlopeSampler {
    pub(super) proximity: Proximity,
    pub(super) fade: Fade,
    pub(super) source: PreparedSource,
    pub(super) frame: Frame,
    pub(super) octaves: Vec<SlopeOctave>,
}

impl SlopeSampler {
    /// The sampler of `p`'s noise; `None` for cellular noise, whose slope comes from
    /// differences of its heights; an error for parameters
    /// [`NoiseParams::validate_streamed`] refuses (it holds no texture, so any size a
    /// window-by-window render allows).
    pub fn new(p: &NoiseParams) -> Result<Option<SlopeSampler>, ParamError> {
        Self::with_steps_from(p, 0.0)
    }

    /// The slopes a grid of samples `spacing` pixels apart can show (1: the texture's
    /// pixels; a screen image showing every 4th pixel: 4): [`Self::new`] without the
    /// octaves whose lattice step is under four samples. With fewer samples per step a
    /// lattice's slopes show its cells: at 1 px they are noise (the
    /// kernels' heights of a 1 px octave of gradient noise are its zeros at the lattice
    /// points, while its slopes there are its full random gradients), and at 2 px every
    /// other sample sits on a lattice point, which draws a two-pixel grid over the
    /// relief (seen in the lit view). `None` also when no octave is that coarse.
    ///
    /// ```
    /// use lattice_noise::{NoiseParams, SlopeSampler};
    /// // Steps 128, 64, ..., 1: the last two octaves are finer than four pixels.
    /// let p = NoiseParams { octaves: 8, initial_step: 128, ..NoiseParams::default() };
    /// let all = SlopeSampler::new(&p).unwrap().unwrap();
    /// let held = SlopeSampler::resolved(&p, 1.0).unwrap().unwrap();
    /// assert_eq!((all.octave_count(), held.octave_count()), (8, 6));
    /// assert_eq!(SlopeSampler::resolved(&p, 128.0).unwrap().map(|s| s.octave_count()), None);
    /// ```
    pub fn resolved(p: &NoiseParams, spacing: f64) -> Result<Option<SlopeSampler>, ParamError> {
        let sampler = Self::with_steps_from(p, RESOLVED_SAMPLES * spacing)?;
        Ok(sampler.filter(|s| s.octave_count() > 0))
    }

    /// How many octaves this sampler sums.
    pub fn octave_count(&self) -> usize {
        self.octaves.len()
    }

    /// The sampler of `p`'s octaves whose step is at least `min_step` pixels (the
    /// octaves run from the coarsest, so they are the first ones).
    fn with_steps_from(p: &NoiseParams, min_step: f64) -> Result<Option<SlopeSampler>, ParamError> {
        p.validate_streamed()?;
        if p.cellular.is_some() {
            return Ok(None);
        }
        let plan = Plan::new(p, Region::full(p.size));
        let octaves = plan
            .octaves
            .into_iter()
            .zip(p.steps().enumerate())
            .take_while(|(_, (_, s))| *s >= min_step)
            .map(|(o, (k, s))| match o {
                OctavePlan::Turned(t) | OctavePlan::Round(RoundOctave { turned: t, .. }) => {
                    SlopeOctave::Turned(t)
                }
                OctavePlan::Grid(_) | OctavePlan::Free(_) => {
                    SlopeOctave::Square(FreeOctave::new(p, k, s))
                }
            })
            .collect();
        Ok(Some(SlopeSampler {
            proximity: p.proximity,
            fade: p.fade,
            source: plan.source,
            frame: plan.frame,
            octaves,
        }))
    }

    /// The height and slope at texture position `(x, y)` in pixels (pixel `(i, j)` is
    /// at `(i, j)`; between pixels the noise's own formula continues).
    pub fn at(&self, x: f64, y: f64) -> HeightSlope {
        height_slope(self.octave_sum(x, y))
    }

    /// [`Self::at`] at the `out.len()` pixels of texture row `y` from column `x0`, the
    /// same values, with each lattice row's numbers drawn once for the whole row.
    pub fn row(&self, (x0, y): (u32, u32), out: &mut [HeightSlope]) {
        self.rows((x0, y), out.len(), out);
    }

    /// The octaves' sum at `(x, y)`, without the 0.5 every height starts from.
    pub(super) fn octave_sum(&self, x: f64, y: f64) -> Dual {
        self.proximity.visit(At { s: self, x, y })
    }
}

/// The height and slope from the octaves' sum. The kernels start every pixel at 0.5
/// and add the octaves; here the octaves are summed first, so their slopes keep the
/// precision of their own size.
fn height_slope(octave_sum: Dual) -> HeightSlope {
    let d = octave_sum + Dual::constant(0.5);
    HeightSlope {
        height: d.v,
        dx: d.dx,
        dy: d.dy,
    }
}

struct At<'a> {
    s: &'a SlopeSampler,
    x: f64,
    y: f64,
}

impl ProximityVisitor for At<'_> {
    type Output = Dual;
    fn visit<P: ProximityFn>(self) -> Dual {
        let At { s, x, y } = self;
        let mut grid = TurnedGrid::default();
        grid.direct = true;
        let mut h = Dual::constant(0.0);
        for o in &s.octaves {
            h = h + match o {
                SlopeOctave::Square(o) => square::<P>(s, o, x, y),
                SlopeOctave::Turned(o) => {
                    let pos = (Dual::x(x as f32), Dual::y(y as f32));
                    turned_octave::<Dual, P>((), &s.source, o, &mut grid, pos)
                }
            };
        }
        h
    }
}

/// One square-lattice octave at `(x, y)`: [`FreeOctave::sample`]'s formula on duals,
/// with the fades in lane operations.
fn square<P: ProximityFn>(s: &SlopeSampler, o: &FreeOctave, x: f64, y: f64) -> Dual {
    let (ix, u) = o.locate(o.offset[0] + x);
    let (iy, v) = o.locate(o.offset[1] + y);
    let corner = |cx: i64, cy: i64| o.corner(&s.source, &s.frame, P::NEEDS, (cx, cy));
    let corners = [
        corner(ix, iy),
        corner(ix + 1, iy),
        corner(ix, iy + 1),
        corner(ix + 1, iy + 1),
    ];
    square_at::<f32, P>(s.fade, (u, v), (o.l, o.il, o.amp), corners)
}

/// The octave's value at offset `(u, v)` in its cell (lanes of sample points), for a
/// cell of side `l` (`il = 1 / l`) and amplitude `amp`, whose four corners (top-left,
/// top-right, bottom-left, bottom-right) hold the random numbers `r`.
#[inline(always)]
pub(super) fn square_at<V: SampleLane, P: ProximityFn>(
    f: Fade,
    (u, v): (V, V),
    (l, il, amp): (V, V, V),
    r: [[V; 4]; 4],
) -> Dual<V> {
    let (u, v) = (Dual::x(u), Dual::y(v));
    let (l, il) = (Dual::constant(l), Dual::constant(il));
    let one = l.splat(1.0);
    let (us, vs) = (u / l, v / l);
    let [fl, fr, ft, fb] = fade4(f, [us, one - us, vs, one - vs]);
    let (xl, xr, yt, yb) = (u, u - l, v, v - l);
    let c = |q: usize| r[q].map(Dual::constant);
    let sum = P::eval(xl, yt, l, il, c(0)) * (fl * ft)
        + P::eval(xr, yt, l, il, c(1)) * (fr * ft)
        + P::eval(xl, yb, l, il, c(2)) * (fl * fb)
        + P::eval(xr, yb, l, il, c(3)) * (fr * fb);
    sum * Dual::constant(amp)
}

#[cfg(test)]
#[path = "slope_sampler_tests.rs"]
mod tests;
