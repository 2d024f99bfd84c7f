//! The prepared job: everything about the octaves that does not depend on the row,
//! computed once before the parallel bands start.

use super::free_octave::FreeOctave;
use super::mean_kernel::{linear_mean, mean_kernel};
pub(super) use super::octave::Octave;
use super::round_octave::RoundOctave;
use super::turned_octave::TurnedOctave;
use crate::fade::Fade;
use crate::noise_params::NoiseParams;
use crate::proximity::{ProximityFn, ProximityVisitor};
use crate::random::{Frame, PreparedSource};
use crate::region::Region;

/// How one octave is computed.
pub(super) enum OctavePlan {
    /// Whole-pixel step and an unpanned lattice: the fast tabulated kernel.
    Grid(Octave),
    /// Fractional step or panned lattice: the general per-pixel path.
    Free(FreeOctave),
    /// The isotropic mode (any lattice): the sampler's path (see `turned_octave`).
    Turned(TurnedOctave),
    /// The isotropic mode's round window on the unturned square grid, for a linear
    /// function: a row at a time (see `round_row`).
    Round(RoundOctave),
}

/// Runs [`mean_kernel`] for the function a visit names, or for an octave on the row
/// kernel (a linear function) its exact form [`linear_mean`].
struct MeanKernel<'a> {
    octave: &'a TurnedOctave,
    source: &'a PreparedSource,
    linear: bool,
}

impl ProximityVisitor for MeanKernel<'_> {
    type Output = [f32; 4];
    fn visit<P: ProximityFn>(self) -> [f32; 4] {
        let (o, source) = (self.octave, self.source);
        let mean = if self.linear {
            linear_mean::<P>(o, source)
        } else {
            mean_kernel::<P>(o, source)
        };
        // In the units the sampler subtracts it in (see `TurnedOctave::mean`).
        let unit = o.units[P::SCALE as usize];
        mean.map(|c| c / unit)
    }
}

/// Whether a visit's function is linear ([`ProximityFn::LINEAR`]).
struct IsLinear;

impl ProximityVisitor for IsLinear {
    type Output = bool;
    fn visit<P: ProximityFn>(self) -> bool {
        P::LINEAR
    }
}

/// Whether every isotropic octave of `p` runs on the row kernel ([`RoundOctave`]): a
/// linear function, the round window on unturned grids, whole steps and no pan.
fn rounds_in_rows(p: &NoiseParams) -> bool {
    let i = p.isotropy;
    i.round_window
        && !i.rotated_octaves
        && p.proximity.visit(IsLinear)
        && p.origin == [0.0, 0.0]
        && p.steps().all(|s| s.fract() == 0.0)
}

/// The prepared job.
pub(super) struct Plan {
    /// Row length: the region's width.
    pub width: usize,
    /// The window of the texture being computed.
    pub region: Region,
    pub fade: Fade,
    pub octaves: Vec<OctavePlan>,
    pub source: PreparedSource,
    pub frame: Frame,
    /// `fade(1) == 0` exactly, which makes the step-1 shortcut bit-exact.
    pub exact_step_one: bool,
}

impl Plan {
    /// Whether the row kernel computes this plan: no octave is on a turned lattice.
    /// Isotropic octaves run on the sampler, but for the linear functions' unturned
    /// grids (the round window from per-row tables: see `round_octave`).
    pub(super) fn runs_on_rows(&self) -> bool {
        !self
            .octaves
            .iter()
            .any(|o| matches!(o, OctavePlan::Turned(_)))
    }

    /// Where a row of the window starts in a row buffer with room for every grid
    /// octave's whole cells around it, and that buffer's length: each octave's cells
    /// start `-init` pixels before the row and span `cells * step` pixels.
    pub(super) fn row_span(&self) -> (usize, usize) {
        let width = self.width;
        let grids = || {
            self.octaves.iter().filter_map(|o| match o {
                OctavePlan::Grid(o) | OctavePlan::Round(RoundOctave { grid: o, .. }) => {
                    Some(((-o.init) as usize, o.cells * o.step as usize))
                }
                _ => None,
            })
        };
        let lead = grids().map(|(offset, _)| offset).max().unwrap_or(0);
        let len = grids()
            .map(|(offset, span)| lead - offset + span)
            .fold(lead + width, usize::max);
        (lead, len)
    }

    /// The plan for `region` of the texture of `p` (the caller checked it fits).
    pub(super) fn new(p: &NoiseParams, region: Region) -> Self {
        let (x0, width) = (region.x as i32, region.width as i32);
        let source = PreparedSource::new(p.random, p.seed, p.table_size, p.distribution);
        let frame = Frame::new(p.size, p.tileable);
        let panned = p.origin != [0.0, 0.0];
        let rows = rounds_in_rows(p);
        let octaves = p
            .steps()
            .enumerate()
            .map(|(k, s)| {
                if !p.isotropy.is_off() {
                    let mut o = TurnedOctave::new(p, k, s);
                    if o.turn {
                        let (octave, source, linear) = (&o, &source, rows);
                        o.mean = p.proximity.visit(MeanKernel {
                            octave,
                            source,
                            linear,
                        });
                    }
                    if !rows {
                        return OctavePlan::Turned(o);
                    }
                    let step = s as i32;
                    let [sx, sy] = p.isotropy.octave_shift(k, s).map(|c| c as i32);
                    let origin = p.displacement.origin(step);
                    let columns = (origin + sx, sx);
                    let drawn = (&source, *o.frame());
                    let grid = Octave::new(p, (k, step), columns, (x0, width), drawn);
                    return OctavePlan::Round(RoundOctave::new(grid, origin + sy, [sx, sy], o));
                }
                if panned || s.fract() != 0.0 {
                    return OctavePlan::Free(FreeOctave::new(p, k, s));
                }
                let step = s as i32;
                let origin = p.displacement.origin(step);
                let drawn = (&source, frame);
                OctavePlan::Grid(Octave::new(p, (k, step), (origin, 0), (x0, width), drawn))
            })
            .collect();
        Plan {
            width: region.width as usize,
            region,
            fade: p.fade,
            octaves,
            source,
            frame,
            exact_step_one: p.fade.eval(1.0) == 0.0,
        }
    }
}
