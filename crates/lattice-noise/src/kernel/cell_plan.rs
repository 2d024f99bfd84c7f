//! [`CellPlan`]: a cellular noise's octaves placed over a window, computed once before
//! the bands start.

use super::free_octave::FreeOctave;
use crate::cellular::Cellular;
use crate::noise_params::NoiseParams;
use crate::random::{Frame, PreparedSource};
use crate::region::Region;

/// A cellular octave on the integer grid: whole-pixel step, unpanned lattice.
pub(super) struct CellGrid {
    pub step: i32,
    /// The lattice origin in texture pixels (cells start at `origin + k * step`).
    pub origin: i32,
    /// Lattice index of the first column of cells held: one left of the window's first.
    pub first_cell: i64,
    /// Columns of cells held: the window's cells and one more on each side, the
    /// neighbours its 3 x 3 searches reach.
    pub columns: usize,
    /// Window pixels from the first held column's left edge to the window's first
    /// pixel (at least one step).
    pub lead: usize,
    pub l: f32,
    pub il: f32,
    pub amp: f32,
    /// Lattice period in cells when the texture tiles.
    pub period: Option<i64>,
    /// The per-column part of the pixel-frame sources' input for the held columns.
    pub source_columns: Vec<u32>,
}

/// How a cellular noise's octaves are computed: all by rows, or all point by point.
pub(super) enum CellOctaves {
    /// By rows of cells (the fast path): every step whole and the lattice unpanned.
    Grid(Vec<CellGrid>),
    /// Point by point: warped layers, panned lattices and fractional steps (one
    /// fractional step puts every octave here, so a band is one kind of work).
    Points(Vec<FreeOctave>),
}

/// The prepared cellular job.
pub(super) struct CellPlan {
    pub width: usize,
    pub region: Region,
    pub cellular: Cellular,
    /// Half the jitter: a point strays up to this many cells from its cell's centre.
    pub half_jitter: f32,
    pub octaves: CellOctaves,
    pub source: PreparedSource,
    pub frame: Frame,
}

impl CellPlan {
    /// The plan of `cellular` on `p`'s lattice for `region`; `point_only` places every
    /// octave for the point sampler (warped layers).
    pub(super) fn new(
        p: &NoiseParams,
        cellular: Cellular,
        region: Region,
        point_only: bool,
    ) -> Self {
        let source = PreparedSource::new(p.random, p.seed, p.table_size, p.distribution);
        let frame = Frame::new(p.size, p.tileable);
        let panned = p.origin != [0.0, 0.0];
        let x0 = region.x as i32;
        let octaves = if point_only || panned || p.steps().any(|s| s.fract() != 0.0) {
            let free = p.steps().enumerate().map(|(k, s)| FreeOctave::new(p, k, s));
            CellOctaves::Points(free.collect())
        } else {
            let grid = p.steps().enumerate().map(|(k, s)| {
                let step = s as i32;
                let origin = p.displacement.origin(step);
                let window_cell = (x0 - origin).div_euclid(step);
                let last_cell = (x0 + region.width as i32 - 1 - origin).div_euclid(step);
                let first_cell = window_cell - 1;
                let columns = (last_cell - first_cell + 2) as usize;
                let first_x = origin + first_cell * step;
                CellGrid {
                    step,
                    origin,
                    first_cell: i64::from(first_cell),
                    columns,
                    lead: (x0 - first_x) as usize,
                    l: s as f32,
                    il: 1.0 / s as f32,
                    amp: p.amplitude(k, s),
                    period: p.tileable.then_some(i64::from(p.size / step as u32)),
                    source_columns: source.columns(&frame, first_x, step, columns),
                }
            });
            CellOctaves::Grid(grid.collect())
        };
        CellPlan {
            width: region.width as usize,
            region,
            cellular,
            half_jitter: 0.5 * cellular.jitter,
            octaves,
            source,
            frame,
        }
    }
}
