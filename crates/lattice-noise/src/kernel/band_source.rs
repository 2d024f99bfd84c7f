//! [`BandSource`]: a noise planned once over a region, whose bands any thread computes
//! on its own. The warped sampler makes its warp fields with it, band by band beside
//! the pixels they move, instead of holding two maps the size of the region.

use super::avx2::Avx2;
use super::plan::Plan;
use super::row_bands::{Scratch, run_band};
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::proximity::{Proximity, ProximityFn, ProximityVisitor};
use crate::region::Region;

/// A noise over a region, ready to compute any band of its rows.
pub(super) struct BandSource {
    plan: Plan,
    proximity: Proximity,
    isa: Option<Avx2>,
}

/// A thread's buffers for [`BandSource::band`], reused across bands.
#[derive(Default)]
pub(super) struct BandScratch(Scratch);

impl BandSource {
    /// Plans `p` over `region` (the caller validated both), computed with the
    /// instruction sets `isa` allows (`None`: the portable build).
    pub(super) fn on(p: &NoiseParams, region: Region, isa: Option<Avx2>) -> Self {
        BandSource {
            plan: Plan::new(p, region),
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
        self.proximity.visit(Band {
            source: self,
            y0,
            rows,
            sc: &mut sc.0,
            control,
        });
    }
}

struct Band<'a> {
    source: &'a BandSource,
    y0: usize,
    rows: &'a mut [f32],
    sc: &'a mut Scratch,
    control: &'a JobControl,
}

impl ProximityVisitor for Band<'_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let s = self.source;
        run_band::<P>(&s.plan, self.y0, self.rows, self.sc, self.control, s.isa);
    }
}
