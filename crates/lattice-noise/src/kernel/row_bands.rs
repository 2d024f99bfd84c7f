//! The row kernel's bands: [`process_band`] computes rows of a planned noise, octave
//! by octave in a row buffer; [`run_band`] runs it in the widest build the CPU has, and
//! [`Runner`] hands the bands of a region to the rayon pool.

use super::avx2::Avx2;
use super::avx512::Avx512;
use super::free_octave::FreeScratch;
use super::grid_row::{CornerCache, grid_row};
use super::isa_dispatch::{BandWork, on_widest_isa};
use super::plan::{OctavePlan, Plan};
use super::round_row::{RoundCache, round_row};
use super::row_copy::copy_row;
use super::row_kernel::RowScratch;
use super::turned_grid::TurnedGrid;
use super::turned_sample::add_row_direct;
use crate::job_control::JobControl;
use crate::proximity::{ProximityFn, ProximityVisitor};
use std::marker::PhantomData;

/// Rows per parallel work unit (and per cancellation check).
pub(super) const BAND_ROWS: usize = 16;

/// Per-thread buffers, reused across bands.
#[derive(Default)]
pub(super) struct Scratch {
    /// Per octave, the corner rows around the cell row last used.
    corners: Vec<CornerCache>,
    /// The row being summed, with room around it for every octave's whole cells.
    line: Vec<f32>,
    weights: [Vec<f32>; 4],
    row: RowScratch,
    free: FreeScratch,
    turned: TurnedGrid,
    /// Per octave, the round-window octaves' buffers.
    round: Vec<RoundCache>,
}

/// Computes the window rows `y0..` held in `rows`: 0.5 plus every octave.
///
/// Row by row, every octave in turn: the row being summed stays in the L1 cache for
/// all octaves, instead of the whole band streaming through L2 once per octave.
#[inline(always)]
fn process_band<P: ProximityFn>(
    plan: &Plan,
    y0: usize,
    rows: &mut [f32],
    sc: &mut Scratch,
    control: &JobControl,
    isa: Option<Avx2>,
) {
    let width = plan.width;
    let Scratch {
        corners,
        line,
        weights,
        row: rs,
        free,
        turned,
        round,
    } = sc;
    corners.resize_with(plan.octaves.len(), CornerCache::default);
    round.resize_with(plan.octaves.len(), RoundCache::default);
    let (lead, len) = plan.row_span();
    line.resize(len, 0.0);
    for (r, out) in rows.chunks_exact_mut(width).enumerate() {
        if control.is_cancelled() {
            return;
        }
        // The texture row.
        let y = plan.region.y as usize + y0 + r;
        // Summed in a row buffer that never leaves the L1 cache, then copied out in one
        // go: a bulk copy writes whole cache lines without first reading them from
        // memory, which filling the output row in place would do.
        line.fill(0.5);
        let caches = corners.iter_mut().zip(round.iter_mut());
        for (o, (cache, round)) in plan.octaves.iter().zip(caches) {
            let row = &mut line[lead..lead + width];
            match o {
                OctavePlan::Round(r) => {
                    round_row::<P>(plan, r, y as i32, (&mut line[..], lead), round, isa);
                }
                OctavePlan::Grid(o) => {
                    let at = (&mut line[..], lead);
                    grid_row::<P>(plan, o, y as i32, at, cache, weights, rs, isa);
                }
                OctavePlan::Free(f) => {
                    let (source, frame, fade) = (&plan.source, &plan.frame, plan.fade);
                    f.add::<P>(source, frame, fade, plan.region, y, row, free);
                }
                OctavePlan::Turned(t) => {
                    // Isotropic layers run on the sampler (`run`); this keeps the row
                    // path complete, one pixel at a time.
                    let x0 = plan.region.x as usize;
                    add_row_direct::<P>(&plan.source, t, (x0, y), row, turned);
                }
            }
        }
        copy_row(out, &line[lead..lead + width]);
    }
}

/// One band of the row kernel, for [`on_widest_isa`].
struct RowBand<'a, P> {
    plan: &'a Plan,
    y0: usize,
    rows: &'a mut [f32],
    sc: &'a mut Scratch,
    control: &'a JobControl,
    function: PhantomData<P>,
}

impl<P: ProximityFn> RowBand<'_, P> {
    #[inline(always)]
    fn run(self, isa: Option<Avx2>) {
        process_band::<P>(self.plan, self.y0, self.rows, self.sc, self.control, isa);
    }
}

impl<P: ProximityFn> BandWork for RowBand<'_, P> {
    // The memory-bound linear functions measured slower with AVX-512.
    const WIDE: bool = !P::LINEAR;
    #[inline(always)]
    fn portable(self) {
        self.run(None);
    }
    #[inline(always)]
    fn avx2(self, isa: Avx2) {
        self.run(Some(isa));
    }
    #[inline(always)]
    fn avx512(self, isa: Avx2, _: Avx512) {
        // The same code as `avx2`, compiled with AVX-512F: `isa` carries the proof to the
        // block kernels that use 16 lanes.
        self.run(Some(isa));
    }
}

/// Runs [`process_band`] in the widest build the CPU has (see [`on_widest_isa`]).
#[inline]
pub(super) fn run_band<P: ProximityFn>(
    plan: &Plan,
    y0: usize,
    rows: &mut [f32],
    sc: &mut Scratch,
    control: &JobControl,
    isa: Option<Avx2>,
) {
    let band = RowBand::<P> {
        plan,
        y0,
        rows,
        sc,
        control,
        function: PhantomData,
    };
    on_widest_isa(band, isa);
}

pub(super) struct Runner<'a> {
    pub plan: &'a Plan,
    pub control: &'a JobControl,
    pub data: &'a mut [f32],
    pub isa: Option<Avx2>,
}

impl ProximityVisitor for Runner<'_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let Runner {
            plan,
            control,
            data,
            isa,
        } = self;
        let chunk = BAND_ROWS * plan.width;
        control.begin(data.len().div_ceil(chunk));
        crate::parallel::for_each_chunk_mut(data, chunk, Scratch::default, |sc, b, rows| {
            if control.is_cancelled() {
                return;
            }
            run_band::<P>(plan, b * BAND_ROWS, rows, sc, control, isa);
            control.step();
        });
    }
}
