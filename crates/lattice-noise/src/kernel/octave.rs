//! [`Octave`]: a square-grid octave's row-independent data (its step, cells, the random
//! sources' columns and the fade tables), computed once per job.

use crate::noise_params::NoiseParams;
use crate::proximity::il_power;
use crate::random::{Frame, PreparedSource};

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
    /// The frame the pixel-position sources read the corners in.
    pub frame: Frame,
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
    /// Octave `k` of whole step `step`, its grid's columns from `origin`, for the
    /// window columns `x0..x0 + width`; the pixel-position random sources read each
    /// corner in `frame`, `drawn_less` pixels left of where it lies (a shifted octave's
    /// shift: see `Isotropy::octave_shift` and `Frame::apart`).
    pub(super) fn new(
        p: &NoiseParams,
        (k, step): (usize, i32),
        (origin, drawn_less): (i32, i32),
        (x0, width): (i32, i32),
        (source, frame): (&PreparedSource, Frame),
    ) -> Self {
        // The window's first corner: the cell that holds column `x0`.
        let first_cell = (x0 - origin).div_euclid(step);
        let first_x = origin + first_cell * step;
        let init = first_x - x0;
        let cells = ((width - init + step - 1) / step) as usize;
        let l = step as f32;
        let il = 1.0 / l;
        let amp = p.amplitude(k, f64::from(step));
        let us = |u: i32| u as f32 / l;
        Octave {
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
            period: p.tileable.then_some(i64::from(p.size as i32 / step)),
            columns: source.columns(&frame, first_x - drawn_less, step, cells + 1),
            frame,
            fade_l: (0..step).map(|u| p.fade.eval(us(u))).collect(),
            fade_r: (0..step).map(|u| p.fade.eval(1.0 - us(u))).collect(),
            fade_l_x: (0..step).map(|u| p.fade.eval(us(u)) * u as f32).collect(),
            fade_r_x: (0..step)
                .map(|u| p.fade.eval(1.0 - us(u)) * (u as f32 - l))
                .collect(),
            x_l: (0..step).map(|u| u as f32).collect(),
            x_r: (0..step).map(|u| u as f32 - l).collect(),
        }
    }

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
