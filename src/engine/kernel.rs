//! The octave loop, organised for speed.
//!
//! The original loops grid cell by grid cell and calls four proximity and four fade
//! delegates per pixel, drawing each corner's random numbers once per pixel. Here:
//! - the texture is cut into bands of rows, processed in parallel; a band's rows stay
//!   in cache while every octave is added to them, in the original order;
//! - each corner's random numbers are drawn once per corner row (not per pixel) into
//!   structure-of-arrays rows, reused by all pixel rows of a grid cell;
//! - the fade is separable: `f(u/l)` and `f(1 - u/l)` are tabulated once per octave and
//!   multiplied by the row's `f(v/l)` once per row;
//! - the proximity function is a type parameter, so every inner loop is specialised and
//!   vectorised; steps 1, 2 and 4 get loops that run across cells instead of within one.
//!
//! Each pixel's value is computed by the same sequence of f32 operations whatever the
//! band or thread, so results are bit-identical at any thread count.

use super::fade::Fade;
use super::free_octave::{FreeOctave, FreeScratch};
use super::heightmap::Heightmap;
use super::job_control::JobControl;
use super::proximity::{ProximityFn, ProximityVisitor};
use super::random::{Frame, PreparedSource};
use super::row_kernel::{self, CornerRows, RowConsts, RowScratch, corner};
use crate::params::NoiseParams;
use rayon::prelude::*;

/// Rows per parallel work unit (and per cancellation check).
const BAND_ROWS: usize = 16;

/// How one octave is computed.
pub(super) enum OctavePlan {
    /// Whole-pixel step and an unpanned lattice: the fast tabulated kernel.
    Grid(Octave),
    /// Fractional step or panned lattice: the general per-pixel path.
    Free(FreeOctave),
}

/// Everything about one octave that does not depend on the row.
pub(super) struct Octave {
    pub step: i32,
    pub init: i32,
    pub l: f32,
    pub il: f32,
    pub amp: f32,
    /// Cells whose left corner lies in `init..size`; they cover every pixel of a row.
    pub cells: usize,
    /// Lattice period in cells when the texture tiles (for lattice-index sources).
    pub period: Option<i64>,
    /// The column part of every corner's random-source input (see `PreparedSource::columns`).
    columns: Vec<u32>,
    /// `f(u / l)` and `f(1 - u / l)` for `u` in `0..step`.
    pub fade_l: Vec<f32>,
    pub fade_r: Vec<f32>,
    /// `fade_l * x_l` and `fade_r * x_r`, for linear proximity functions.
    pub fade_l_x: Vec<f32>,
    pub fade_r_x: Vec<f32>,
    /// The pixel's offset from the left corner (`u`) and from the right one (`u - l`).
    pub x_l: Vec<f32>,
    pub x_r: Vec<f32>,
}

/// The prepared job.
pub(super) struct Plan {
    pub size: usize,
    pub fade: Fade,
    pub octaves: Vec<OctavePlan>,
    pub source: PreparedSource,
    pub frame: Frame,
    /// `fade(1) == 0` exactly, which makes the step-1 shortcut bit-exact.
    exact_step_one: bool,
}

impl Plan {
    pub(super) fn new(p: &NoiseParams) -> Self {
        let size = p.size as i32;
        let source = PreparedSource::new(p);
        let frame = Frame::new(p.size, p.tileable);
        let panned = p.origin != [0.0, 0.0];
        let octaves = p
            .steps()
            .enumerate()
            .map(|(k, s)| {
                if panned || s.fract() != 0.0 {
                    let init = p.displacement.origin_f64(s);
                    let l = s as f32;
                    return OctavePlan::Free(FreeOctave {
                        step: s,
                        init,
                        offset: p.origin.map(|o| o * f64::from(p.initial_step)),
                        l,
                        il: 1.0 / l,
                        amp: p.amplitude(k, s),
                        period: p.tileable.then_some((f64::from(p.size) / s) as i64),
                    });
                }
                let step = s as i32;
                let init = p.displacement.origin(step);
                let l = step as f32;
                let amp = p.amplitude(k, s);
                let us = |u: i32| u as f32 / l;
                OctavePlan::Grid(Octave {
                    step,
                    init,
                    l,
                    il: 1.0 / l,
                    amp,
                    cells: ((size - init + step - 1) / step) as usize,
                    period: p.tileable.then_some(i64::from(size / step)),
                    columns: source.columns(
                        &frame,
                        init,
                        step,
                        ((size - init + step - 1) / step) as usize + 1,
                    ),
                    fade_l: (0..step).map(|u| p.fade.eval(us(u))).collect(),
                    fade_r: (0..step).map(|u| p.fade.eval(1.0 - us(u))).collect(),
                    fade_l_x: (0..step).map(|u| p.fade.eval(us(u)) * u as f32).collect(),
                    fade_r_x: (0..step)
                        .map(|u| p.fade.eval(1.0 - us(u)) * (u as f32 - l))
                        .collect(),
                    x_l: (0..step).map(|u| u as f32).collect(),
                    x_r: (0..step).map(|u| u as f32 - l).collect(),
                })
            })
            .collect();
        Plan {
            size: p.size as usize,
            fade: p.fade,
            octaves,
            source,
            frame,
            exact_step_one: p.fade.eval(1.0) == 0.0,
        }
    }
}

/// Per-thread buffers, reused across bands.
#[derive(Default)]
struct Scratch {
    top: [Vec<f32>; 4],
    bottom: [Vec<f32>; 4],
    ext: Vec<f32>,
    weights: [Vec<f32>; 4],
    row: RowScratch,
    free: FreeScratch,
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
#[inline(always)]
fn process_band<P: ProximityFn>(
    plan: &Plan,
    y0: usize,
    rows: &mut [f32],
    sc: &mut Scratch,
    control: &JobControl,
) {
    let size = plan.size;
    // Every height starts at 0.5. Set here, band by band in parallel while the rows are
    // in cache, instead of filling the whole map on one thread first.
    rows.fill(0.5);
    for o in &plan.octaves {
        if control.is_cancelled() {
            return;
        }
        let o = match o {
            OctavePlan::Grid(o) => o,
            OctavePlan::Free(f) => {
                let (source, frame, fade) = (&plan.source, &plan.frame, plan.fade);
                f.add::<P>(source, frame, fade, size, y0, rows, &mut sc.free);
                continue;
            }
        };
        let corners = o.cells + 1;
        let s = o.step as usize;
        for k in 0..P::NEEDS {
            sc.top[k].resize(corners, 0.0);
            sc.bottom[k].resize(corners, 0.0);
        }
        sc.ext.resize(o.cells * s, 0.0);
        for w in &mut sc.weights {
            w.resize(s, 0.0);
        }
        let mut cached: Option<i32> = None;
        for (r, row) in rows.chunks_exact_mut(size).enumerate() {
            let y = (y0 + r) as i32;
            let rel = y - o.init;
            let cy = rel.div_euclid(o.step);
            let v = rel - cy * o.step;
            match cached {
                Some(c) if c == cy => {}
                Some(c) if c + 1 == cy => {
                    std::mem::swap(&mut sc.top, &mut sc.bottom);
                    fill_corners::<P>(plan, o, cy + 1, &mut sc.bottom);
                }
                _ => {
                    fill_corners::<P>(plan, o, cy, &mut sc.top);
                    fill_corners::<P>(plan, o, cy + 1, &mut sc.bottom);
                }
            }
            cached = Some(cy);
            if s == 1 && plan.exact_step_one {
                // Every pixel is a grid point: the other three corners are weighted by
                // fade(1) = 0 exactly (and P is finite), so the sum is P(0, 0) of the
                // pixel's own corner: the same bits as the general formula, 4x cheaper.
                let offset = (-o.init) as usize;
                let top = slices(&sc.top, corners);
                for (x, h) in row.iter_mut().enumerate() {
                    let r = corner::<P>(&top, x + offset);
                    *h += P::eval(0.0, 0.0, o.l, o.il, r) * o.amp;
                }
                continue;
            }

            let vs = v as f32 / o.l;
            let (fv_t, fv_b) = (plan.fade.eval(vs), plan.fade.eval(1.0 - vs));
            let [w0, w1, w2, w3] = &mut sc.weights;
            if !P::LINEAR {
                for (((w0, w1), (w2, w3)), (fl, fr)) in w0
                    .iter_mut()
                    .zip(w1.iter_mut())
                    .zip(w2.iter_mut().zip(w3.iter_mut()))
                    .zip(o.fade_l.iter().zip(&o.fade_r))
                {
                    *w0 = fl * fv_t;
                    *w1 = fr * fv_t;
                    *w2 = fl * fv_b;
                    *w3 = fr * fv_b;
                }
            }
            let rc = RowConsts {
                y_top: v as f32,
                y_bottom: v as f32 - o.l,
                fv_top: fv_t,
                fv_bottom: fv_b,
                w: [&w0[..], &w1[..], &w2[..], &w3[..]],
                top_only: v == 0 && plan.exact_step_one,
                left_only_at_zero: plan.exact_step_one,
            };
            let (top, bottom) = (slices(&sc.top, corners), slices(&sc.bottom, corners));
            if o.init == 0 && o.cells * s == size {
                // Cells line up with the texture: accumulate straight into the row.
                row_kernel::row::<P, true>(o, &rc, top, bottom, &mut sc.row, row);
            } else {
                row_kernel::row::<P, false>(o, &rc, top, bottom, &mut sc.row, &mut sc.ext);
                let offset = (-o.init) as usize;
                for (h, e) in row.iter_mut().zip(&sc.ext[offset..offset + size]) {
                    *h += *e;
                }
            }
        }
    }
}

/// Runs [`process_band`] compiled for AVX2 + FMA when the CPU has them.
///
/// This is the crate's only `unsafe`: calling a `#[target_feature]` function requires it.
/// It is sound because the call happens only after `is_x86_feature_detected!` confirmed
/// both features at run time. The release build must not ask users for RUSTFLAGS, and
/// the AVX2 code path is measurably faster (figures in the README's Performance section).
/// FMA only widens the instruction set: Rust never fuses `a * b + c` on its own, so the
/// results are bit-identical to the SSE2 path.
#[inline]
fn run_band<P: ProximityFn>(
    plan: &Plan,
    y0: usize,
    rows: &mut [f32],
    sc: &mut Scratch,
    control: &JobControl,
) {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2,fma")]
        fn avx2<P: ProximityFn>(
            plan: &Plan,
            y0: usize,
            rows: &mut [f32],
            sc: &mut Scratch,
            control: &JobControl,
        ) {
            process_band::<P>(plan, y0, rows, sc, control);
        }
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
            #[allow(unsafe_code)]
            // SAFETY: both target features were detected on this CPU just above.
            unsafe {
                avx2::<P>(plan, y0, rows, sc, control)
            };
            return;
        }
    }
    process_band::<P>(plan, y0, rows, sc, control);
}

struct Runner<'a> {
    plan: &'a Plan,
    control: &'a JobControl,
    data: &'a mut [f32],
}

impl ProximityVisitor for Runner<'_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let Runner {
            plan,
            control,
            data,
        } = self;
        let chunk = BAND_ROWS * plan.size;
        control.begin(data.len().div_ceil(chunk));
        data.par_chunks_mut(chunk)
            .enumerate()
            .for_each_init(Scratch::default, |sc, (b, rows)| {
                if control.is_cancelled() {
                    return;
                }
                run_band::<P>(plan, b * BAND_ROWS, rows, sc, control);
                control.step();
            });
    }
}

/// Runs the fast kernel; the caller validated `p` and checks for cancellation.
pub(super) fn run(p: &NoiseParams, control: &JobControl) -> Heightmap {
    let plan = Plan::new(p);
    // Zeroed memory comes straight from the OS; the bands set their rows to 0.5.
    let mut hm = Heightmap::filled(p.size, 0.0);
    p.proximity.visit(Runner {
        plan: &plan,
        control,
        data: hm.data_mut(),
    });
    hm
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
                process_band::<P>(plan, b * BAND_ROWS, rows, &mut sc, &control);
            }
        }
    }

    /// The AVX2 build of the kernel (used when the CPU has it) and the portable build
    /// must give the same bits: FMA is never used implicitly.
    #[test]
    fn dispatched_and_portable_kernels_agree_bit_for_bit() {
        for proximity in Proximity::ALL {
            let p = NoiseParams {
                size: 96,
                octaves: 6,
                initial_step: 32,
                proximity,
                seed: proximity.index() as i32,
                ..NoiseParams::default()
            };
            let fast = run(&p, &JobControl::new());
            let plan = Plan::new(&p);
            let mut portable = Heightmap::filled(p.size, 0.5);
            proximity.visit(Baseline(&plan, portable.data_mut()));
            let same = fast
                .data()
                .iter()
                .zip(portable.data())
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(same, "{proximity:?}");
        }
    }
}
