//! [`BandSource`]: a noise planned once over a region, whose bands any thread computes
//! on its own. The warped sampler makes its warp fields with it, band by band beside
//! the pixels they move, instead of holding two maps the size of the region.
//!
//! Each kind of noise runs where [`super::run`] renders it, so a field has the bits of
//! its map: cellular noises on the [`CellSampler`], isotropic ones (turned lattices) on
//! the [`TileSampler`] with still fields (the row kernel walks a turned lattice one
//! pixel at a time, about fifteen times slower), the rest on the row kernel.

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
    proximity: Proximity,
    isa: Option<Avx2>,
}

/// How a [`BandSource`] computes rows.
enum RowsOf {
    /// The row kernel.
    Plan(Plan),
    /// The sampler, with still fields.
    Tiles(TileSampler),
    /// The cellular sampler, with its distance.
    Cells(CellSampler, CellDistance),
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
            None if p.isotropy.is_off() => RowsOf::Plan(Plan::new(p, region)),
            None => RowsOf::Tiles(TileSampler::new(p, region, 0.0)),
        };
        BandSource {
            rows,
            proximity: p.proximity,
            isa,
        }
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
        let band = Band {
            source: self,
            y0,
            rows,
            sc,
            control,
        };
        match self.rows {
            RowsOf::Cells(_, distance) => visit_metric(distance, band),
            _ => self.proximity.visit(band),
        }
    }
}

struct Band<'a> {
    source: &'a BandSource,
    y0: usize,
    rows: &'a mut [f32],
    sc: &'a mut BandScratch,
    control: &'a JobControl,
}

impl ProximityVisitor for Band<'_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let (s, sc) = (self.source, self.sc);
        match &s.rows {
            RowsOf::Plan(plan) => {
                run_band::<P>(plan, self.y0, self.rows, &mut sc.rows, self.control, s.isa);
            }
            RowsOf::Tiles(tiles) => {
                sc.still.clear();
                sc.still.resize(self.rows.len(), 0.5);
                let still = (&sc.still[..], &sc.still[..]);
                tiles.band::<P>(self.y0, self.rows, still, &mut sc.tiles, s.isa);
            }
            // Visited by metric, below.
            RowsOf::Cells(..) => {}
        }
    }
}

impl MetricVisitor for Band<'_> {
    type Output = ();
    fn visit<M: Metric>(self) {
        let s = self.source;
        if let RowsOf::Cells(cells, _) = &s.rows {
            let rows = (self.y0, self.rows);
            cells.band::<M>(rows, None, self.control, &mut self.sc.cells, s.isa);
        }
    }
}
