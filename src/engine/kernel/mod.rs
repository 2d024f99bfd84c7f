//! The octave loop, organised for speed.
//!
//! The original loops grid cell by grid cell and calls four proximity and four fade
//! delegates per pixel, drawing each corner's random numbers once per pixel. Here:
//! - the texture is cut into bands of rows, processed in parallel; within a band, row
//!   by row, every octave is added (in the original order) to a row buffer that stays
//!   in the L1 cache;
//! - each corner's random numbers are drawn once per corner row (not per pixel) into
//!   structure-of-arrays rows, kept per octave and reused by all pixel rows of a grid
//!   cell, across bands too;
//! - the fade is separable: `f(u/l)` and `f(1 - u/l)` are tabulated once per octave and
//!   multiplied by the row's `f(v/l)` once per row;
//! - the proximity function is a type parameter, so every inner loop is specialised and
//!   vectorised (the loop shapes per function kind and step are in `row_kernel`).
//!
//! Each pixel's value is computed by the same sequence of f32 operations whatever the
//! band or thread, so results are bit-identical at any thread count.

mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx2_transpose;
mod avx512;
#[cfg(target_arch = "x86_64")]
mod block;
#[cfg(target_arch = "x86_64")]
mod f32x16;
#[cfg(target_arch = "x86_64")]
mod f32x8;
mod free_octave;
mod grid_row;
mod plan;
mod reference;
mod row_kernel;
mod row_parts;
mod sample_lane;
#[cfg(target_arch = "x86_64")]
mod simd_lane;
mod simd_rows;
mod warp_grid;
mod warped;

pub(super) use reference::reference;
pub(super) use warped::{WarpFields, run_warped};

use crate::engine::heightmap::Heightmap;
use crate::engine::job_control::JobControl;
use crate::engine::noise_params::NoiseParams;
use crate::engine::proximity::{ProximityFn, ProximityVisitor};
use crate::engine::region::Region;
use avx2::Avx2;
use free_octave::FreeScratch;
use grid_row::{CornerCache, grid_row};
use plan::{OctavePlan, Plan};
use rayon::prelude::*;
use row_kernel::RowScratch;

/// Rows per parallel work unit (and per cancellation check).
const BAND_ROWS: usize = 16;

/// Per-thread buffers, reused across bands.
#[derive(Default)]
struct Scratch {
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
fn run_band<P: ProximityFn>(
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

struct Runner<'a> {
    plan: &'a Plan,
    control: &'a JobControl,
    data: &'a mut [f32],
    isa: Option<Avx2>,
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
        data.par_chunks_mut(chunk)
            .enumerate()
            .for_each_init(Scratch::default, |sc, (b, rows)| {
                if control.is_cancelled() {
                    return;
                }
                run_band::<P>(plan, b * BAND_ROWS, rows, sc, control, isa);
                control.step();
            });
    }
}

/// Runs the fast kernel for `region` into `hm` (already the region's shape; every value
/// is overwritten); the caller validated `p` and `region` and checks for cancellation.
pub(super) fn run(p: &NoiseParams, region: Region, control: &JobControl, hm: &mut Heightmap) {
    run_on(p, region, control, hm, Avx2::detect());
}

/// [`run`] with the instruction sets `isa` allows (`None`: the portable build).
fn run_on(
    p: &NoiseParams,
    region: Region,
    control: &JobControl,
    hm: &mut Heightmap,
    isa: Option<Avx2>,
) {
    let plan = Plan::new(p, region);
    p.proximity.visit(Runner {
        plan: &plan,
        control,
        data: hm.data_mut(),
        isa,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::proximity::Proximity;

    struct Baseline<'a>(&'a Plan, &'a mut [f32]);

    impl ProximityVisitor for Baseline<'_> {
        type Output = ();
        fn visit<P: ProximityFn>(self) {
            let Baseline(plan, data) = self;
            let control = JobControl::new();
            let mut sc = Scratch::default();
            for (b, rows) in data.chunks_mut(BAND_ROWS * plan.width).enumerate() {
                process_band::<P>(plan, b * BAND_ROWS, rows, &mut sc, &control, None);
            }
        }
    }

    /// The AVX-512 and AVX2 builds of the kernel (used when the CPU has them) and the
    /// portable build must give the same bits: FMA is never used implicitly, and the
    /// hand-vectorised loops keep the portable order of operations. The sizes, initial
    /// steps and displacements reach whole blocks of 8 and of 16 cells at every step the
    /// block loops handle, left-over cells, scratch-row and aligned octaves, and steps
    /// of 64 (the AVX-512 build's own vectorisation of the cell loop).
    #[test]
    fn dispatched_and_portable_kernels_agree_bit_for_bit() {
        use crate::engine::displacement::Displacement;
        let isas = [Avx2::detect(), Avx2::detect().map(Avx2::without_avx512)];
        for proximity in Proximity::ALL {
            for (size, initial_step, displacement) in [
                (96, 32_u32, Displacement::None),
                (100, 32, Displacement::Half),
                (100, 32, Displacement::Quarter),
                (272, 32, Displacement::Half),
                (512, 64, Displacement::None),
                (544, 32, Displacement::Half),
            ] {
                let p = NoiseParams {
                    size,
                    octaves: initial_step.ilog2() + 1,
                    initial_step,
                    proximity,
                    displacement,
                    seed: proximity.index() as i32,
                    ..NoiseParams::default()
                };
                let plan = Plan::new(&p, Region::full(p.size));
                let mut portable = Heightmap::filled(p.size, 0.5);
                proximity.visit(Baseline(&plan, portable.data_mut()));
                for isa in isas {
                    let mut fast = Heightmap::filled(p.size, 0.0);
                    run_on(&p, Region::full(p.size), &JobControl::new(), &mut fast, isa);
                    let same = fast
                        .data()
                        .iter()
                        .zip(portable.data())
                        .all(|(a, b)| a.to_bits() == b.to_bits());
                    let what = (proximity, size, initial_step, displacement);
                    assert!(same, "{what:?}, {isa:?}");
                }
            }
        }
    }
}
