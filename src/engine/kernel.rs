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

use super::avx2::Avx2;
use super::free_octave::FreeScratch;
use super::heightmap::Heightmap;
use super::job_control::JobControl;
use super::plan::{Octave, OctavePlan, Plan};
use super::proximity::{ProximityFn, ProximityVisitor, il_power};
use super::random::PreparedSource;
use super::row_kernel::{self, CornerRows, RowConsts, RowScratch, corner};
use crate::params::NoiseParams;
use rayon::prelude::*;

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

/// One octave's corner rows above and below cell row `cell_row`.
#[derive(Default)]
struct CornerCache {
    top: [Vec<f32>; 4],
    bottom: [Vec<f32>; 4],
    cell_row: Option<i32>,
}

#[inline(always)]
fn slices(row: &[Vec<f32>; 4], n: usize) -> CornerRows<'_> {
    std::array::from_fn(|k| {
        if row[k].len() >= n {
            &row[k][..n]
        } else {
            &[][..]
        }
    })
}

/// Draws the random numbers of corner row `iy` of octave `o`.
#[inline(always)]
fn fill_corners<P: ProximityFn>(plan: &Plan, o: &Octave, iy: i32, out: &mut [Vec<f32>; 4]) {
    match &plan.source {
        PreparedSource::Lattice(src) => src.fill_row(i64::from(iy), 0, o.period, P::NEEDS, out),
        source => source.fill_row(&plan.frame, o.init + iy * o.step, &o.columns, P::NEEDS, out),
    }
}

/// Computes the rows `y0..` held in `rows`: 0.5 plus every octave.
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
    let size = plan.size;
    let Scratch {
        corners,
        line,
        ext,
        weights,
        row: rs,
        free,
    } = sc;
    corners.resize_with(plan.octaves.len(), CornerCache::default);
    line.resize(size, 0.0);
    for (r, out) in rows.chunks_exact_mut(size).enumerate() {
        if control.is_cancelled() {
            return;
        }
        let y = y0 + r;
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
                    f.add::<P>(source, frame, fade, size, y, row, free);
                }
            }
        }
        out.copy_from_slice(row);
    }
}

/// What the general path's fade weights are multiplied by: `1 / l^SCALE` (taken out of
/// `P`, see [`ProximityFn`]) times the octave amplitude. Once per row and weight, instead
/// of `1 / l^SCALE` once per corner and pixel and the amplitude once per pixel.
#[inline(always)]
fn weight_scale<P: ProximityFn>(o: &Octave) -> f32 {
    il_power(o.il, P::SCALE) * o.amp
}

/// Adds grid octave `o` to pixel row `y`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn grid_row<P: ProximityFn>(
    plan: &Plan,
    o: &Octave,
    y: i32,
    row: &mut [f32],
    cc: &mut CornerCache,
    ext: &mut Vec<f32>,
    weights: &mut [Vec<f32>; 4],
    rs: &mut RowScratch,
    isa: Option<Avx2>,
) {
    let size = plan.size;
    let corners = o.cells + 1;
    let s = o.step as usize;
    let rel = y - o.init;
    let cy = rel.div_euclid(o.step);
    let v = rel - cy * o.step;
    match cc.cell_row {
        Some(c) if c == cy => {}
        Some(c) if c + 1 == cy => {
            std::mem::swap(&mut cc.top, &mut cc.bottom);
            fill_corners::<P>(plan, o, cy + 1, &mut cc.bottom);
        }
        _ => {
            for k in 0..P::NEEDS {
                cc.top[k].resize(corners, 0.0);
                cc.bottom[k].resize(corners, 0.0);
            }
            fill_corners::<P>(plan, o, cy, &mut cc.top);
            fill_corners::<P>(plan, o, cy + 1, &mut cc.bottom);
        }
    }
    cc.cell_row = Some(cy);
    if s == 1 && plan.exact_step_one {
        // Every pixel is a grid point: the other three corners are weighted by
        // fade(1) = 0 exactly (and P is finite), so the general formula with only the
        // pixel's own corner (its weight fade(0)^2 = 1 times the scale) gives the sum.
        let offset = (-o.init) as usize;
        let top = slices(&cc.top, corners);
        let (x, y, w) = (
            (0.0, -o.l),
            (0.0, -o.l),
            [weight_scale::<P>(o), 0.0, 0.0, 0.0],
        );
        for (i, h) in row.iter_mut().enumerate() {
            let r = [corner::<P>(&top, i + offset), [0.0; 4], [0.0; 4], [0.0; 4]];
            *h += P::corner_sum::<f32, true, true>(x, y, o.l, &r, w);
        }
        return;
    }

    let vs = v as f32 / o.l;
    let (fv_t, fv_b) = (plan.fade.eval(vs), plan.fade.eval(1.0 - vs));
    // The linear path folds the fade itself and reads no weights.
    let n = if P::LINEAR { 0 } else { s };
    let [w0, w1, w2, w3] = weights.each_mut().map(|w| row_kernel::scratch(w, n));
    if !P::LINEAR {
        let scale = weight_scale::<P>(o);
        for (((w0, w1), (w2, w3)), (fl, fr)) in w0
            .iter_mut()
            .zip(w1.iter_mut())
            .zip(w2.iter_mut().zip(w3.iter_mut()))
            .zip(o.fade_l.iter().zip(&o.fade_r))
        {
            *w0 = fl * fv_t * scale;
            *w1 = fr * fv_t * scale;
            *w2 = fl * fv_b * scale;
            *w3 = fr * fv_b * scale;
        }
    }
    let rc = RowConsts {
        y_top: v as f32,
        y_bottom: v as f32 - o.l,
        fv_top: fv_t,
        fv_bottom: fv_b,
        w: [&*w0, &*w1, &*w2, &*w3],
        top_only: v == 0 && plan.exact_step_one,
        left_only_at_zero: plan.exact_step_one,
    };
    let (top, bottom) = (slices(&cc.top, corners), slices(&cc.bottom, corners));
    if o.init == 0 && o.cells * s == size {
        // Cells line up with the texture: accumulate straight into the row.
        row_kernel::row::<P, true>(o, &rc, top, bottom, rs, isa, row);
    } else {
        let ext = row_kernel::scratch(ext, o.cells * s);
        row_kernel::row::<P, false>(o, &rc, top, bottom, rs, isa, ext);
        let offset = (-o.init) as usize;
        for (h, e) in row.iter_mut().zip(&ext[offset..offset + size]) {
            *h += *e;
        }
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
        let chunk = BAND_ROWS * plan.size;
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

/// Runs the fast kernel into `hm` (already `p.size` square; every value is overwritten);
/// the caller validated `p` and checks for cancellation.
pub(super) fn run(p: &NoiseParams, control: &JobControl, hm: &mut Heightmap) {
    run_on(p, control, hm, Avx2::detect());
}

/// [`run`] with the instruction sets `isa` allows (`None`: the portable build).
fn run_on(p: &NoiseParams, control: &JobControl, hm: &mut Heightmap, isa: Option<Avx2>) {
    let plan = Plan::new(p);
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
    use crate::engine::Proximity;

    struct Baseline<'a>(&'a Plan, &'a mut [f32]);

    impl ProximityVisitor for Baseline<'_> {
        type Output = ();
        fn visit<P: ProximityFn>(self) {
            let Baseline(plan, data) = self;
            let control = JobControl::new();
            let mut sc = Scratch::default();
            for (b, rows) in data.chunks_mut(BAND_ROWS * plan.size).enumerate() {
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
        use crate::params::Displacement;
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
                let plan = Plan::new(&p);
                let mut portable = Heightmap::filled(p.size, 0.5);
                proximity.visit(Baseline(&plan, portable.data_mut()));
                for isa in isas {
                    let mut fast = Heightmap::filled(p.size, 0.0);
                    run_on(&p, &JobControl::new(), &mut fast, isa);
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
