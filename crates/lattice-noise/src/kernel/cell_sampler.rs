//! [`CellSampler`]: a cellular noise planned over a region, whose bands any thread
//! computes on its own, each built for the widest instruction set the CPU has, every
//! octave added row by row in the lattice kernel's order (so any band, window or thread
//! count gives the same bits); or, for warped and off-grid octaves, point by point at
//! positions moved by the band's fields.

use super::avx2::Avx2;
use super::avx512::Avx512;
use super::cell_plan::{CellGrid, CellOctaves, CellPlan};
use super::cell_point::{PointGrid, sample_lanes};
use super::cell_row::{CellRows, cell_row};
use super::cell_search::Metric;
#[cfg(target_arch = "x86_64")]
use super::f32x8::F32x8;
#[cfg(target_arch = "x86_64")]
use super::f32x16::F32x16;
use super::free_octave::FreeOctave;
use super::isa_dispatch::{BandWork, on_widest_isa};
use super::row_copy::copy_row;
use super::sample_lane::SampleLane;
use super::tile_positions::Displace;
use crate::cellular::Cellular;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::region::Region;
use std::marker::PhantomData;

/// Rows per parallel work unit (and per cancellation check).
const BAND_ROWS: usize = 16;
/// The same with point-sampled octaves: a tile's grid holds the cells its positions
/// reach, a warp's amplitude beyond the tile on every side, so taller bands waste
/// fewer of them (a 32 px warp at step 1: 2.5 cells per pixel instead of 6).
const POINT_BAND_ROWS: usize = 64;
/// Cells a tile's point grid may hold per pixel of the tile: drawing a cell costs
/// about what one of a pixel's nine direct lookups does.
const GRID_CELLS_PER_PIXEL: usize = 8;
/// Columns per tile of a point-sampled band.
const POINT_TILE_COLS: usize = 256;

/// A band's warp: its two fields (one value per pixel of the band) and how they move
/// the pixels; `None` unwarped.
pub(super) type Warp<'a> = Option<((&'a [f32], &'a [f32]), &'a Displace)>;

/// A cellular noise over a region, ready to compute any band of its rows.
pub(super) struct CellSampler {
    plan: CellPlan,
}

/// Per-thread buffers, reused across bands.
#[derive(Default)]
pub(super) struct CellScratch {
    rows: Vec<CellRows>,
    grids: Vec<PointGrid>,
    line: Vec<f32>,
    /// A tile's sample positions, for the point-sampled octaves.
    px: Vec<f64>,
    py: Vec<f64>,
}

impl CellSampler {
    /// Plans cellular noise `c` on `p`'s lattice over `region` (the caller validated
    /// them), for warped bands when `warped`.
    pub(super) fn new(p: &NoiseParams, c: Cellular, region: Region, warped: bool) -> Self {
        CellSampler {
            plan: CellPlan::new(p, c, region, warped),
        }
    }

    /// Region rows per band that suit the plan.
    pub(super) fn band_rows(&self) -> usize {
        match self.plan.octaves {
            CellOctaves::Grid(_) => BAND_ROWS,
            CellOctaves::Points(_) => POINT_BAND_ROWS,
        }
    }

    /// Region rows `y0..` into `rows` (whole rows of the region) with metric `M`, at
    /// the positions `warp` moves them to, in the widest build `isa` allows (`None`:
    /// the portable build). Stops early once `control` is cancelled.
    pub(super) fn band<M: Metric>(
        &self,
        (y0, rows): (usize, &mut [f32]),
        warp: Warp<'_>,
        control: &JobControl,
        sc: &mut CellScratch,
        isa: Option<Avx2>,
    ) {
        let band = CellBand::<M> {
            job: self,
            y0,
            rows,
            warp,
            control,
            sc,
            metric: PhantomData,
        };
        on_widest_isa(band, isa);
    }
}

/// Computes the window rows `y0..` held in `rows`: 0.5 plus every octave.
#[inline(always)]
fn process_band<V: SampleLane, M: Metric>(
    isa: V::Isa,
    job: &CellSampler,
    (y0, rows): (usize, &mut [f32]),
    warp: Warp<'_>,
    control: &JobControl,
    sc: &mut CellScratch,
) {
    match &job.plan.octaves {
        CellOctaves::Grid(octaves) => grid_band::<V, M>(isa, job, octaves, (y0, rows), control, sc),
        CellOctaves::Points(octaves) => {
            point_band::<V, M>(isa, job, octaves, (y0, rows), warp, control, sc);
        }
    }
}

/// [`process_band`] by rows of cells, every octave added to a row held in the cache.
#[inline(always)]
fn grid_band<V: SampleLane, M: Metric>(
    isa: V::Isa,
    job: &CellSampler,
    octaves: &[CellGrid],
    (y0, rows): (usize, &mut [f32]),
    control: &JobControl,
    sc: &mut CellScratch,
) {
    let plan = &job.plan;
    let width = plan.width;
    sc.rows.resize_with(octaves.len(), CellRows::default);
    sc.line.resize(width, 0.0);
    for (r, out) in rows.chunks_exact_mut(width).enumerate() {
        if control.is_cancelled() {
            return;
        }
        let y = (plan.region.y as usize + y0 + r) as i32;
        let line = &mut sc.line[..];
        line.fill(0.5);
        for (o, cache) in octaves.iter().zip(sc.rows.iter_mut()) {
            cell_row::<V, M>(isa, plan, o, y, line, cache);
        }
        copy_row(out, line);
    }
}

/// [`process_band`] point by point, `V::W` pixels at a time, in tiles of
/// [`POINT_TILE_COLS`] columns: each tile's grids hold the cells its positions reach,
/// so memory does not grow with the texture's width. Per pixel, 0.5 plus every octave
/// in order, as the rows add them.
#[inline(always)]
fn point_band<V: SampleLane, M: Metric>(
    isa: V::Isa,
    job: &CellSampler,
    octaves: &[FreeOctave],
    (y0, rows): (usize, &mut [f32]),
    warp: Warp<'_>,
    control: &JobControl,
    sc: &mut CellScratch,
) {
    let plan = &job.plan;
    let width = plan.width;
    let nrows = rows.len() / width;
    let (x0, ty0) = (plan.region.x as usize, plan.region.y as usize + y0);
    let CellScratch { grids, px, py, .. } = sc;
    grids.resize_with(octaves.len(), PointGrid::default);
    for tx0 in (0..width).step_by(POINT_TILE_COLS) {
        let tw = POINT_TILE_COLS.min(width - tx0);
        // Written in place, not pushed, so the loop has no capacity checks.
        px.resize(nrows * tw, 0.0);
        py.resize(nrows * tw, 0.0);
        let rows_out = px.chunks_exact_mut(tw).zip(py.chunks_exact_mut(tw));
        for (r, (prow, qrow)) in rows_out.enumerate() {
            let y = (ty0 + r) as f32;
            let at = r * width + tx0;
            for (i, (p, q)) in prow.iter_mut().zip(qrow.iter_mut()).enumerate() {
                let x = (x0 + tx0 + i) as f32;
                let (x, y) = match warp {
                    Some(((wx, wy), d)) => (d.position(x, wx[at + i]), d.position(y, wy[at + i])),
                    None => (x, y),
                };
                (*p, *q) = (f64::from(x), f64::from(y));
            }
        }
        let range = |v: &[f64]| {
            v.iter()
                .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)))
        };
        let ranges = (range(px), range(py));
        let budget = GRID_CELLS_PER_PIXEL * px.len();
        for (o, g) in octaves.iter().zip(grids.iter_mut()) {
            g.prepare(plan, o, ranges, budget);
        }
        for r in 0..nrows {
            if control.is_cancelled() {
                return;
            }
            let out = &mut rows[r * width + tx0..r * width + tx0 + tw];
            let (px, py) = (&px[r * tw..(r + 1) * tw], &py[r * tw..(r + 1) * tw]);
            for c in (0..tw).step_by(V::W) {
                let n = (tw - c).min(V::W);
                // Lanes past the tile's end repeat its last pixel; they are not written.
                let (mut xs, mut ys) = ([0.0f64; 16], [0.0f64; 16]);
                for j in 0..V::W {
                    (xs[j], ys[j]) = (px[c + j.min(n - 1)], py[c + j.min(n - 1)]);
                }
                let mut h = V::all(isa, 0.5);
                for (o, g) in octaves.iter().zip(grids.iter_mut()) {
                    h = h + sample_lanes::<V, M>(isa, plan, o, g, (&xs, &ys));
                }
                let mut lanes = [0.0f32; 16];
                h.write(&mut lanes);
                out[c..c + n].copy_from_slice(&lanes[..n]);
            }
        }
    }
}

/// One band, for [`on_widest_isa`].
struct CellBand<'a, M> {
    job: &'a CellSampler,
    y0: usize,
    rows: &'a mut [f32],
    warp: Warp<'a>,
    control: &'a JobControl,
    sc: &'a mut CellScratch,
    metric: PhantomData<M>,
}

impl<M: Metric> CellBand<'_, M> {
    #[inline(always)]
    fn run<V: SampleLane>(self, isa: V::Isa) {
        let rows = (self.y0, self.rows);
        process_band::<V, M>(isa, self.job, rows, self.warp, self.control, self.sc);
    }
}

impl<M: Metric> BandWork for CellBand<'_, M> {
    const WIDE: bool = true;
    #[inline(always)]
    fn portable(self) {
        self.run::<f32>(());
    }
    #[inline(always)]
    fn avx2(self, isa: Avx2) {
        #[cfg(target_arch = "x86_64")]
        self.run::<F32x8>(isa.token());
        #[cfg(not(target_arch = "x86_64"))]
        let _ = isa;
    }
    #[inline(always)]
    fn avx512(self, _: Avx2, wide: Avx512) {
        #[cfg(target_arch = "x86_64")]
        self.run::<F32x16>(wide);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = wide;
    }
}
