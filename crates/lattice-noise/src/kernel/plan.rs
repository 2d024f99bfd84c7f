//! The prepared job: everything about the octaves that does not depend on the row,
//! computed once before the parallel bands start.

use super::free_octave::FreeOctave;
use super::mean_kernel::mean_kernel;
use super::turned_octave::TurnedOctave;
use crate::fade::Fade;
use crate::noise_params::NoiseParams;
use crate::proximity::{ProximityFn, ProximityVisitor, il_power};
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
}

/// Everything about one octave that does not depend on the row.
pub(super) struct Octave {
    pub step: i32,
    /// The lattice origin in texture pixels (a corner row lies at `origin + k * step`).
    pub origin: i32,
    /// The first corner column of the window, in window pixels (`<= 0`).
    pub init: i32,
    /// Its lattice index (the lattice sources' `ix` of the window's first corner).
    pub first_cell: i64,
    pub l: f32,
    pub il: f32,
    pub amp: f32,
    /// `il^k * amp` for each [`ProximityFn::SCALE`] `k`: the warped sampler's
    /// per-function scale, so that no block recomputes it.
    pub scales: [f32; 4],
    /// The step is a power of two, so `x / step` and its fraction are exact in floats
    /// (the warped sampler places its pixels with fewer operations then).
    pub pow2: bool,
    /// Cells whose left corner lies in `init..width`; they cover every pixel of a row.
    pub cells: usize,
    /// Lattice period in cells when the texture tiles (for lattice-index sources).
    pub period: Option<i64>,
    /// The column part of every corner's random-source input (see `PreparedSource::columns`).
    pub columns: Vec<u32>,
    /// `f(u / l)` and `f(1 - u / l)` for `u` in `0..step`.
    pub fade_l: Vec<f32>,
    pub fade_r: Vec<f32>,
    /// `fade_l * x_l` and `fade_r * x_r`, for linear proximity functions.
    pub fade_l_x: Vec<f32>,
    pub fade_r_x: Vec<f32>,
    /// The pixel's offset from the left corner (`u`) and from the right one (`u - l`).
    pub x_l: Vec<f32>,
    pub x_r: Vec<f32>,
}

impl Octave {
    /// `[fade_l_x, fade_l, fade_r_x, fade_r]` at pixel `u` of a cell: what a linear
    /// function's corner coefficients are multiplied by.
    #[inline(always)]
    pub(super) fn linear_tables(&self, u: usize) -> [f32; 4] {
        [
            self.fade_l_x[u],
            self.fade_l[u],
            self.fade_r_x[u],
            self.fade_r[u],
        ]
    }
}

/// Runs [`mean_kernel`] for the function a visit names.
struct MeanKernel<'a>(&'a TurnedOctave, &'a PreparedSource);

impl ProximityVisitor for MeanKernel<'_> {
    type Output = [f32; 4];
    fn visit<P: ProximityFn>(self) -> [f32; 4] {
        // In the units the sampler subtracts it in (see `TurnedOctave::mean`).
        let unit = self.0.units[P::SCALE as usize];
        mean_kernel::<P>(self.0, self.1).map(|c| c / unit)
    }
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
    /// Where a row of the window starts in a row buffer with room for every grid
    /// octave's whole cells around it, and that buffer's length: each octave's cells
    /// start `-init` pixels before the row and span `cells * step` pixels.
    pub(super) fn row_span(&self) -> (usize, usize) {
        let width = self.width;
        let grids = || {
            self.octaves.iter().filter_map(|o| match o {
                OctavePlan::Grid(o) => Some(((-o.init) as usize, o.cells * o.step as usize)),
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
        let size = p.size as i32;
        let (x0, width) = (region.x as i32, region.width as i32);
        let source = PreparedSource::new(p.random, p.seed, p.table_size, p.distribution);
        let frame = Frame::new(p.size, p.tileable);
        let panned = p.origin != [0.0, 0.0];
        let octaves = p
            .steps()
            .enumerate()
            .map(|(k, s)| {
                if !p.isotropy.is_off() {
                    let mut o = TurnedOctave::new(p, k, s);
                    if o.turn {
                        o.mean = p.proximity.visit(MeanKernel(&o, &source));
                    }
                    return OctavePlan::Turned(o);
                }
                if panned || s.fract() != 0.0 {
                    return OctavePlan::Free(FreeOctave::new(p, k, s));
                }
                let step = s as i32;
                let origin = p.displacement.origin(step);
                // The window's first corner: the cell that holds column `x0`.
                let first_cell = (x0 - origin).div_euclid(step);
                let first_x = origin + first_cell * step;
                let init = first_x - x0;
                let cells = ((width - init + step - 1) / step) as usize;
                let l = step as f32;
                let il = 1.0 / l;
                let amp = p.amplitude(k, s);
                let us = |u: i32| u as f32 / l;
                OctavePlan::Grid(Octave {
                    step,
                    origin,
                    init,
                    first_cell: i64::from(first_cell),
                    l,
                    il,
                    amp,
                    scales: [0, 1, 2, 3].map(|n| il_power(il, n) * amp),
                    pow2: (step as u32).is_power_of_two(),
                    cells,
                    period: p.tileable.then_some(i64::from(size / step)),
                    columns: source.columns(&frame, first_x, step, cells + 1),
                    fade_l: (0..step).map(|u| p.fade.eval(us(u))).collect(),
                    fade_r: (0..step).map(|u| p.fade.eval(1.0 - us(u))).collect(),
                    fade_l_x: (0..step).map(|u| p.fade.eval(us(u)) * u as f32).collect(),
                    fade_r_x: (0..step)
                        .map(|u| p.fade.eval(1.0 - us(u)) * (u as f32 - l))
                        .collect(),
                    x_l: (0..step).map(|u| u as f32).collect(),
                    x_r: (0..step).map(|u| u as f32 - l).collect(),
                })
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
