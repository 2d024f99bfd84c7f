//! Runs a cellular noise: the window cut into bands of rows on the rayon pool, each
//! band built for the widest instruction set the CPU has, every octave added row by
//! row in the lattice kernel's order (so any band, window or thread count gives the
//! same bits).

use super::avx2::Avx2;
use super::avx512::Avx512;
use super::cell_plan::{CellGrid, CellOctaves, CellPlan};
use super::cell_point::{PointGrid, sample_lanes};
use super::cell_row::{CellRows, cell_row};
use super::cell_search::{Metric, MetricVisitor, visit_metric};
#[cfg(target_arch = "x86_64")]
use super::f32x8::F32x8;
#[cfg(target_arch = "x86_64")]
use super::f32x16::F32x16;
use super::free_octave::FreeOctave;
use super::isa_dispatch::{BandWork, on_widest_isa};
use super::row_copy::copy_row;
use super::sample_lane::SampleLane;
use super::tile_positions::Displace;
use super::warp_fields::{FieldBands, Fields, WarpFields};
use crate::cellular::Cellular;
use crate::heightmap::Heightmap;
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

/// What the bands share.
struct Job<'a> {
    plan: CellPlan,
    control: &'a JobControl,
    /// The warp, if the layer has one.
    warp: Option<(Fields<'a>, Displace)>,
}

/// Per-thread buffers.
#[derive(Default)]
struct Scratch {
    rows: Vec<CellRows>,
    grids: Vec<PointGrid>,
    line: Vec<f32>,
    /// A tile's sample positions, for the point-sampled octaves.
    px: Vec<f64>,
    py: Vec<f64>,
    fields: FieldBands,
}

/// Computes the window rows `y0..` held in `rows`: 0.5 plus every octave.
#[inline(always)]
fn process_band<V: SampleLane, M: Metric>(
    isa: V::Isa,
    job: &Job<'_>,
    y0: usize,
    rows: &mut [f32],
    sc: &mut Scratch,
) {
    match &job.plan.octaves {
        CellOctaves::Grid(octaves) => grid_band::<V, M>(isa, job, octaves, (y0, rows), sc),
        CellOctaves::Points(octaves) => point_band::<V, M>(isa, job, octaves, (y0, rows), sc),
    }
}

/// [`process_band`] by rows of cells, every octave added to a row held in the cache.
#[inline(always)]
fn grid_band<V: SampleLane, M: Metric>(
    isa: V::Isa,
    job: &Job<'_>,
    octaves: &[CellGrid],
    (y0, rows): (usize, &mut [f32]),
    sc: &mut Scratch,
) {
    let plan = &job.plan;
    let width = plan.width;
    sc.rows.resize_with(octaves.len(), CellRows::default);
    sc.line.resize(width, 0.0);
    for (r, out) in rows.chunks_exact_mut(width).enumerate() {
        if job.control.is_cancelled() {
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
    job: &Job<'_>,
    octaves: &[FreeOctave],
    (y0, rows): (usize, &mut [f32]),
    sc: &mut Scratch,
) {
    let plan = &job.plan;
    let width = plan.width;
    let nrows = rows.len() / width;
    let (x0, ty0) = (plan.region.x as usize, plan.region.y as usize + y0);
    let Scratch {
        grids,
        px,
        py,
        fields,
        ..
    } = sc;
    grids.resize_with(octaves.len(), PointGrid::default);
    let warp = job
        .warp
        .as_ref()
        .map(|(f, d)| (fields.band(f, (y0, rows.len(), width), job.control), d));
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
            if job.control.is_cancelled() {
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
struct CellBand<'a, 'b, M> {
    job: &'a Job<'b>,
    y0: usize,
    rows: &'a mut [f32],
    sc: &'a mut Scratch,
    metric: PhantomData<M>,
}

impl<M: Metric> BandWork for CellBand<'_, '_, M> {
    const WIDE: bool = true;
    #[inline(always)]
    fn portable(self) {
        process_band::<f32, M>((), self.job, self.y0, self.rows, self.sc);
    }
    #[inline(always)]
    fn avx2(self, isa: Avx2) {
        #[cfg(target_arch = "x86_64")]
        process_band::<F32x8, M>(isa.token(), self.job, self.y0, self.rows, self.sc);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = isa;
    }
    #[inline(always)]
    fn avx512(self, _: Avx2, wide: Avx512) {
        #[cfg(target_arch = "x86_64")]
        process_band::<F32x16, M>(wide, self.job, self.y0, self.rows, self.sc);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = wide;
    }
}

/// Hands the bands to the pool, for the metric a visit names.
struct Runner<'a, 'b> {
    job: &'a Job<'b>,
    data: &'a mut [f32],
    isa: Option<Avx2>,
}

impl MetricVisitor for Runner<'_, '_> {
    type Output = ();
    fn visit<M: Metric>(self) {
        let Runner { job, data, isa } = self;
        let band_rows = match job.plan.octaves {
            CellOctaves::Grid(_) => BAND_ROWS,
            CellOctaves::Points(_) => POINT_BAND_ROWS,
        };
        let chunk = band_rows * job.plan.width;
        let control = job.control;
        control.begin(data.len().div_ceil(chunk));
        crate::parallel::for_each_chunk_mut(data, chunk, Scratch::default, |sc, b, rows| {
            if control.is_cancelled() {
                return;
            }
            let band = CellBand::<M> {
                job,
                y0: b * band_rows,
                rows,
                sc,
                metric: PhantomData,
            };
            on_widest_isa(band, isa);
            control.step();
        });
    }
}

/// Computes cellular noise `c` on `p`'s lattice over `region` into `hm` (already the
/// region's shape), at the positions `warp` moves the pixels to when it is given. The
/// caller validated `p`, `region` and the warp fields.
pub(super) fn run_cellular(
    p: &NoiseParams,
    c: Cellular,
    region: Region,
    warp: Option<WarpFields<'_>>,
    control: &JobControl,
    hm: &mut Heightmap,
    isa: Option<Avx2>,
) {
    let job = Job {
        plan: CellPlan::new(p, c, region, warp.is_some()),
        control,
        warp: warp.map(|w| {
            let d = Displace {
                amplitude: w.amplitude,
                size: p.size as f32,
                wrap: p.tileable,
            };
            (Fields::new(w.source, region, isa), d)
        }),
    };
    let data = hm.data_mut();
    visit_metric(
        c.distance,
        Runner {
            job: &job,
            data,
            isa,
        },
    );
}

#[cfg(test)]
#[path = "cellular_tests.rs"]
mod tests;
