//! The warped sampler: a noise evaluated at `(x + A wx, y + A wy)` for every pixel.
//!
//! The fields come band by band ([`FieldBands`]: from maps the caller holds, or computed
//! beside the pixels they move) and the [`TileSampler`] samples each band at the moved
//! positions: any window, band or thread count gives the same pixels.

use super::avx2::Avx2;
use super::tile_sampler::{TileSampler, TileScratch};
use super::warp_fields::{FieldBands, Fields, WarpFields};
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::proximity::{ProximityFn, ProximityVisitor};
use crate::region::Region;

/// What the bands share.
struct Job<'a> {
    sampler: TileSampler,
    fields: Fields<'a>,
    control: &'a JobControl,
    width: usize,
}

/// Per-thread buffers.
#[derive(Default)]
struct Scratch {
    fields: FieldBands,
    tiles: TileScratch,
}

struct Runner<'a, 'b> {
    job: &'a Job<'b>,
    data: &'a mut [f32],
    isa: Option<Avx2>,
}

impl ProximityVisitor for Runner<'_, '_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let Runner { job, data, isa } = self;
        let control = job.control;
        let band_rows = job.sampler.band_rows();
        let chunk = band_rows * job.width;
        control.begin(data.len().div_ceil(chunk));
        crate::parallel::for_each_chunk_mut(data, chunk, Scratch::default, |sc, b, rows| {
            if control.is_cancelled() {
                return;
            }
            let y0 = b * band_rows;
            let Scratch { fields, tiles } = sc;
            let w = fields.band(&job.fields, (y0, rows.len(), job.width), control);
            job.sampler.band::<P>(y0, rows, w, tiles, isa);
            control.step();
        });
    }
}

/// Samples `p` at the warped positions of every pixel of `region` into `hm` (already
/// the region's shape). The caller validated `p` and `region`, and the fields hold one
/// value per pixel of the region.
pub(crate) fn run_warped(
    p: &NoiseParams,
    region: Region,
    fields: WarpFields<'_>,
    control: &JobControl,
    hm: &mut Heightmap,
) {
    run_warped_on(
        p,
        region,
        fields,
        control,
        hm,
        Avx2::within(control.widest_build()),
    );
}

/// [`run_warped`] with the instruction sets `isa` allows (`None`: the portable build).
pub(super) fn run_warped_on(
    p: &NoiseParams,
    region: Region,
    fields: WarpFields<'_>,
    control: &JobControl,
    hm: &mut Heightmap,
    isa: Option<Avx2>,
) {
    if let Some(c) = p.cellular {
        super::cellular_bands::run_cellular(p, c, region, Some(fields), control, hm, isa);
        return;
    }
    let job = Job {
        sampler: TileSampler::new(p, region, fields.amplitude),
        fields: Fields::new(fields.source, region, isa),
        control,
        width: region.width as usize,
    };
    p.proximity.visit(Runner {
        job: &job,
        data: hm.data_mut(),
        isa,
    });
}
