//! [`BandSource`]: a noise planned once over a region, whose bands any thread computes
//! on its own. The warped sampler makes its warp fields with it, band by band beside
//! the pixels they move, instead of holding two maps the size of the region.
//!
//! Each kind of noise runs where [`super::run`] renders it, so a field has the bits of
//! its map: cellular noises on the [`CellSampler`], isotropic ones that the row kernel
//! does not compute (see [`Plan::runs_on_rows`]) on the [`TileSampler`] with still
//! fields (the row kernel walks a turned lattice one pixel at a time, about fifteen
//! times slower), the rest on the row kernel.

use super::avx2::Avx2;
use super::cell_sampler::{CellSampler, CellScratch};
use super::cell_search::{Metric, MetricVisitor, visit_metric};
use super::plan::Plan;
use super::row_bands::{Scratch, run_band};
use super::tile_sampler::{TileSampler, TileScratch};
use crate::cell_distance::CellDistance;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::proximity::{Proximity, ProximityFn, ProximityVisitor};
use crate::region::Region;

/// A noise over a region, ready to compute any band of its rows.
pub(super) struct BandSource {
    rows: RowsOf,
    isa: Option<Avx2>,
}

/// How a [`BandSource`] computes rows.
enum RowsOf {
    /// A lattice noise, of the function the visit names.
    Lattice(LatticeRows, Proximity),
    /// The cellular sampler, of the metric the visit names.
    Cells(CellSampler, CellDistance),
}

/// Where a lattice noise's rows come from.
enum LatticeRows {
    /// The row kernel.
    Plan(Plan),
    /// The sampler, with still fields.
    Tiles(TileSampler),
}

/// A thread's buffers for [`BandSource::band`], reused across bands.
#[derive(Default)]
pub(super) struct BandScratch {
    rows: Scratch,
    tiles: TileScratch,
    cells: CellScratch,
    /// Still fields: 0.5 (no displacement) for every pixel of a band.
    still: Vec<f32>,
}

impl BandSource {
    /// Plans `p` over `region` (the caller validated both), computed with the
    /// instruction sets `isa` allows (`None`: the portable build).
    pub(super) fn on(p: &NoiseParams, region: Region, isa: Option<Avx2>) -> Self {
        let rows = match p.cellular {
            Some(c) => RowsOf::Cells(CellSampler::new(p, c, region, false), c.distance),
            None => {
                let plan = Plan::new(p, region);
                let rows = if plan.runs_on_rows() {
                    LatticeRows::Plan(plan)
                } else {
                    LatticeRows::Tiles(TileSampler::new(p, region, 0.0))
                };
                RowsOf::Lattice(rows, p.proximity)
            }
        };
        BandSource { rows, isa }
    }

    /// Region rows `y0..` into `rows` (whole rows of the region), on this thread: the
    /// same bits as those rows of the whole region.
    pub(super) fn band(
        &self,
        y0: usize,
        rows: &mut [f32],
        sc: &mut BandScratch,
        control: &JobControl,
    ) {
        match &self.rows {
            RowsOf::Lattice(kind, proximity) => proximity.visit(Band {
                kind,
                y0,
                rows,
                sc,
                control,
                isa: self.isa,
            }),
            RowsOf::Cells(cells, distance) => visit_metric(
                *distance,
                Band {
                    kind: cells,
                    y0,
                    rows,
                    sc,
                    control,
                    isa: self.isa,
                },
            ),
        }
    }
}

/// One band of `kind`'s rows, for the visit that names its function or metric.
struct Band<'a, K> {
    kind: &'a K,
    y0: usize,
    rows: &'a mut [f32],
    sc: &'a mut BandScratch,
    control: &'a JobControl,
    isa: Option<Avx2>,
}

impl ProximityVisitor for Band<'_, LatticeRows> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let sc = self.sc;
        match self.kind {
            LatticeRows::Plan(plan) => {
                run_band::<P>(
                    plan,
                    self.y0,
                    self.rows,
                    &mut sc.rows,
                    self.control,
                    self.isa,
                );
            }
            LatticeRows::Tiles(tiles) => {
                sc.still.clear();
                sc.still.resize(self.rows.len(), 0.5);
                let still = (&sc.still[..], &sc.still[..]);
                tiles.band::<P>(self.y0, self.rows, still, &mut sc.tiles, self.isa);
            }
        }
    }
}

impl MetricVisitor for Band<'_, CellSampler> {
    type Output = ();
    fn visit<M: Metric>(self) {
        let rows = (self.y0, self.rows);
        let cells = &mut self.sc.cells;
        self.kind
            .band::<M>(rows, None, self.control, cells, self.isa);
    }
}
