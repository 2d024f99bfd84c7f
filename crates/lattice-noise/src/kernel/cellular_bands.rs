//! Runs a cellular noise: the window cut into bands of rows on the rayon pool, each
//! band's warp fields (if it has a warp) made or read beside it, and the band computed
//! by the [`CellSampler`].

use super::avx2::Avx2;
use super::cell_sampler::{CellSampler, CellScratch};
use super::cell_search::{Metric, MetricVisitor, visit_metric};
use super::tile_positions::Displace;
use super::warp_fields::{FieldBands, Fields, WarpFields};
use crate::cellular::Cellular;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::region::Region;

/// What the bands share.
struct Job<'a> {
    sampler: CellSampler,
    width: usize,
    control: &'a JobControl,
    /// The warp, if the layer has one.
    warp: Option<(Fields<'a>, Displace)>,
}

/// Per-thread buffers.
#[derive(Default)]
struct Scratch {
    cells: CellScratch,
    fields: FieldBands,
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
        let band_rows = job.sampler.band_rows();
        let chunk = band_rows * job.width;
        let control = job.control;
        control.begin(data.len().div_ceil(chunk));
        crate::parallel::for_each_chunk_mut(data, chunk, Scratch::default, |sc, b, rows| {
            if control.is_cancelled() {
                return;
            }
            let y0 = b * band_rows;
            let Scratch { cells, fields } = sc;
            let warp = job.warp.as_ref().map(|(f, d)| {
                let w = fields.band(f, (y0, rows.len(), job.width), control);
                (w, d)
            });
            job.sampler.band::<M>((y0, rows), warp, control, cells, isa);
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
        sampler: CellSampler::new(p, c, region, warp.is_some()),
        width: region.width as usize,
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
