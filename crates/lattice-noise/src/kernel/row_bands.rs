//! The row kernel's bands: [`process_band`] computes rows of a planned noise, octave
//! by octave in a row buffer; [`run_band`] picks the widest build the CPU has, and
//! [`Runner`] hands the bands of a region to the rayon pool.

use super::avx2::Avx2;
use super::free_octave::FreeScratch;
use super::grid_row::{CornerCache, grid_row};
use super::plan::{OctavePlan, Plan};
use super::row_kernel::RowScratch;
use crate::job_control::JobControl;
use crate::proximity::{ProximityFn, ProximityVisitor};

/// Rows per parallel work unit (and per cancellation check).
pub(super) const BAND_ROWS: usize = 16;

/// Per-thread buffers, reused across bands.
#[derive(Default)]
pub(super) struct Scratch {
    /// Per octave, the corner rows around the cell row last used.
    corners: Vec<CornerCache>,
    line: Vec<f32>,
    ext: Vec<f32>,
    weights: [Vec<f32>; 4],
    row: RowScratch,
    free: FreeScratch,
}

/// Computes the window rows `y0..` held in `rows`: 0.5 plus every octave.
///
/// Row by row, every octave in turn: the row being summed stays in the L1 cache for
/// all octaves, instead of the whole band streaming through L2 once per octave.
#[inline(always)]
pub(super) fn process_band<P: ProximityFn>(
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
        ext,
        weights,
        row: rs,
        free,
    } = sc;
    corners.resize_with(plan.octaves.len(), CornerCache::default);
    line.resize(width, 0.0);
    for (r, out) in rows.chunks_exact_mut(width).enumerate() {
        if control.is_cancelled() {
            return;
        }
        // The texture row.
        let y = plan.region.y as usize + y0 + r;
        // Summed in a row buffer that never leaves the L1 cache, then copied out in one
        // go: a bulk copy writes whole cache lines without first reading them from
        // memory, which filling the output row in place would do.
        let row = &mut line[..];
        row.fill(0.5);
        for (o, cache) in plan.octaves.iter().zip(corners.iter_mut()) {
            match o {
                OctavePlan::Grid(o) => {
                    grid_row::<P>(plan, o, y as i32, row, cache, ext, weights, rs, isa);
                }
                OctavePlan::Free(f) => {
                    let (source, frame, fade) = (&plan.source, &plan.frame, plan.fade);
                    f.add::<P>(source, frame, fade, plan.region, y, row, free);
                }
            }
        }
        out.copy_from_slice(row);
    }
}

/// Runs [`process_band`] compiled for the CPU features `isa` proves: AVX2 + FMA, and
/// for the general functions AVX-512F too when the CPU has it.
///
/// Calling a `#[target_feature]` function is `unsafe`; here it is sound because an
/// [`Avx2`] (or its `Avx512`) value exists only once the features were detected on this
/// CPU. The release build must not ask users for RUSTFLAGS, and each of these builds is
/// measurably faster (figures in the README's Performance section). The wider features
/// only widen the instruction set: Rust never fuses `a * b + c` on its own, so the
/// results are bit-identical to the SSE2 path. The linear functions (gradient, hill)
/// keep the AVX2 build: they are bound by memory, not arithmetic, and AVX-512 measured
/// slower for them.
#[inline]
pub(super) fn run_band<P: ProximityFn>(
    plan: &Plan,
    y0: usize,
    rows: &mut [f32],
    sc: &mut Scratch,
    control: &JobControl,
    isa: Option<Avx2>,
) {
    #[cfg(target_arch = "x86_64")]
    if let Some(isa) = isa {
        /// `process_band`, compiled as `$name` with the CPU features `$features`.
        macro_rules! band_with {
            ($name:ident, $features:literal) => {
                #[target_feature(enable = $features)]
                fn $name<P: ProximityFn>(
                    plan: &Plan,
                    y0: usize,
                    rows: &mut [f32],
                    sc: &mut Scratch,
                    control: &JobControl,
                    isa: Avx2,
                ) {
                    process_band::<P>(plan, y0, rows, sc, control, Some(isa));
                }
            };
        }
        band_with!(avx2, "avx2,fma");
        band_with!(avx512, "avx2,fma,avx512f");
        #[allow(unsafe_code)]
        // SAFETY: `isa` proves AVX2 and FMA are present on this CPU, `isa.avx512()`
        // AVX-512F.
        unsafe {
            if !P::LINEAR && isa.avx512().is_some() {
                avx512::<P>(plan, y0, rows, sc, control, isa);
            } else {
                avx2::<P>(plan, y0, rows, sc, control, isa);
            }
        };
        return;
    }
    process_band::<P>(plan, y0, rows, sc, control, None);
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
