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
use super::heightmap::Heightmap;
use super::job_control::JobControl;
use super::proximity::{ProximityFn, ProximityVisitor};
use super::random::{Frame, PreparedSource};
use crate::params::NoiseParams;
use rayon::prelude::*;

/// Rows per parallel work unit (and per cancellation check).
const BAND_ROWS: usize = 16;

/// Everything about one octave that does not depend on the row.
struct Octave {
    step: i32,
    init: i32,
    l: f32,
    il: f32,
    amp: f32,
    /// Cells whose left corner lies in `init..size`; they cover every pixel of a row.
    cells: usize,
    /// Lattice period in cells when the texture tiles (for lattice-index sources).
    period: Option<i64>,
    /// `f(u / l)` and `f(1 - u / l)` for `u` in `0..step`.
    fade_l: Vec<f32>,
    fade_r: Vec<f32>,
    /// The pixel's offset from the left corner (`u`) and from the right one (`u - l`).
    x_l: Vec<f32>,
    x_r: Vec<f32>,
}

/// The prepared job.
struct Plan {
    size: usize,
    fade: Fade,
    octaves: Vec<Octave>,
    source: PreparedSource,
    frame: Frame,
}

impl Plan {
    fn new(p: &NoiseParams) -> Self {
        let size = p.size as i32;
        let octaves = p
            .steps()
            .map(|s| {
                let step = s as i32;
                let init = p.displacement.origin(step);
                let l = step as f32;
                // The original: relativeSize = sizeGridF / size in f32, then Math.Pow in f64.
                let relative = l / size as f32;
                let amp = f64::from(relative).powf(1.0 - p.persistence) as f32;
                let us = |u: i32| u as f32 / l;
                Octave {
                    step,
                    init,
                    l,
                    il: 1.0 / l,
                    amp,
                    cells: ((size - init + step - 1) / step) as usize,
                    period: p.tileable.then_some(i64::from(size / step)),
                    fade_l: (0..step).map(|u| p.fade.eval(us(u))).collect(),
                    fade_r: (0..step).map(|u| p.fade.eval(1.0 - us(u))).collect(),
                    x_l: (0..step).map(|u| u as f32).collect(),
                    x_r: (0..step).map(|u| u as f32 - l).collect(),
                }
            })
            .collect();
        Plan {
            size: p.size as usize,
            fade: p.fade,
            octaves,
            source: PreparedSource::new(p),
            frame: Frame::new(p.size, p.tileable),
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
}

/// Row-dependent constants: the corners' `y` and the weights `fade(u) * fade(v)`.
struct RowConsts<'a> {
    y_top: f32,
    y_bottom: f32,
    /// Weights of the top-left, top-right, bottom-left and bottom-right corners.
    w: [&'a [f32]; 4],
}

/// One pixel: the four-corner sum of proximity x fade, times the octave amplitude,
/// in the original's order of operations.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pixel<P: ProximityFn>(
    o: &Octave,
    x_l: f32,
    x_r: f32,
    rc: &RowConsts<'_>,
    r: &[[f32; 4]; 4],
    w: [f32; 4],
) -> f32 {
    let h = P::eval(x_l, rc.y_top, o.l, o.il, r[0]) * w[0]
        + P::eval(x_r, rc.y_top, o.l, o.il, r[1]) * w[1]
        + P::eval(x_l, rc.y_bottom, o.l, o.il, r[2]) * w[2]
        + P::eval(x_r, rc.y_bottom, o.l, o.il, r[3]) * w[3];
    h * o.amp
}

/// The random numbers of corner `j` of a corner row (0 for those `P` does not read).
#[inline(always)]
fn corner<P: ProximityFn>(row: &[&[f32]; 4], j: usize) -> [f32; 4] {
    std::array::from_fn(|k| if k < P::NEEDS { row[k][j] } else { 0.0 })
}

#[inline(always)]
fn slices(row: &[Vec<f32>; 4], n: usize) -> [&[f32]; 4] {
    std::array::from_fn(|k| {
        if row[k].len() >= n {
            &row[k][..n]
        } else {
            &[][..]
        }
    })
}

/// Steps of `S` = 1, 2 or 4 pixels: loop across cells, the `S` pixels of a cell unrolled.
#[inline(always)]
fn row_small<P: ProximityFn, const S: usize>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: [&[f32]; 4],
    bottom: [&[f32]; 4],
    ext: &mut [f32],
) {
    let w: [[f32; 4]; S] = std::array::from_fn(|u| std::array::from_fn(|c| rc.w[c][u]));
    let x_l: [f32; S] = std::array::from_fn(|u| o.x_l[u]);
    let x_r: [f32; S] = std::array::from_fn(|u| o.x_r[u]);
    for (j, e) in ext[..o.cells * S].chunks_exact_mut(S).enumerate() {
        let r = [
            corner::<P>(&top, j),
            corner::<P>(&top, j + 1),
            corner::<P>(&bottom, j),
            corner::<P>(&bottom, j + 1),
        ];
        for u in 0..S {
            e[u] = pixel::<P>(o, x_l[u], x_r[u], rc, &r, w[u]);
        }
    }
}

/// Any step: loop over cells, the pixels of a cell in a vectorised inner loop.
#[inline(always)]
fn row_cells<P: ProximityFn>(
    o: &Octave,
    rc: &RowConsts<'_>,
    top: [&[f32]; 4],
    bottom: [&[f32]; 4],
    ext: &mut [f32],
) {
    let s = o.step as usize;
    let (x_l, x_r) = (&o.x_l[..s], &o.x_r[..s]);
    let w: [&[f32]; 4] = std::array::from_fn(|c| &rc.w[c][..s]);
    for (j, e) in ext[..o.cells * s].chunks_exact_mut(s).enumerate() {
        let r = [
            corner::<P>(&top, j),
            corner::<P>(&top, j + 1),
            corner::<P>(&bottom, j),
            corner::<P>(&bottom, j + 1),
        ];
        // Zipped iterators instead of indexing: no bounds checks, so the loop vectorises.
        let inputs = x_l.iter().zip(x_r).zip(w[0]).zip(w[1]).zip(w[2]).zip(w[3]);
        for (e, (((((&xl, &xr), &w0), &w1), &w2), &w3)) in e.iter_mut().zip(inputs) {
            *e = pixel::<P>(o, xl, xr, rc, &r, [w0, w1, w2, w3]);
        }
    }
}

/// Adds every octave to the rows `y0..` held in `rows` (already set to 0.5).
#[inline(always)]
fn process_band<P: ProximityFn>(
    plan: &Plan,
    y0: usize,
    rows: &mut [f32],
    sc: &mut Scratch,
    control: &JobControl,
) {
    let size = plan.size;
    for o in &plan.octaves {
        if control.is_cancelled() {
            return;
        }
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
            let fill = |iy: i32, out: &mut [Vec<f32>; 4]| match &plan.source {
                PreparedSource::Lattice(src) => {
                    src.fill_row(i64::from(iy), 0, o.period, P::NEEDS, out)
                }
                source => source.fill_row(
                    &plan.frame,
                    o.init + iy * o.step,
                    o.init,
                    o.step,
                    P::NEEDS,
                    out,
                ),
            };
            match cached {
                Some(c) if c == cy => {}
                Some(c) if c + 1 == cy => {
                    std::mem::swap(&mut sc.top, &mut sc.bottom);
                    fill(cy + 1, &mut sc.bottom);
                }
                _ => {
                    fill(cy, &mut sc.top);
                    fill(cy + 1, &mut sc.bottom);
                }
            }
            cached = Some(cy);

            let vs = v as f32 / o.l;
            let (fv_t, fv_b) = (plan.fade.eval(vs), plan.fade.eval(1.0 - vs));
            let [w0, w1, w2, w3] = &mut sc.weights;
            for u in 0..s {
                w0[u] = o.fade_l[u] * fv_t;
                w1[u] = o.fade_r[u] * fv_t;
                w2[u] = o.fade_l[u] * fv_b;
                w3[u] = o.fade_r[u] * fv_b;
            }
            let rc = RowConsts {
                y_top: v as f32,
                y_bottom: v as f32 - o.l,
                w: [&w0[..], &w1[..], &w2[..], &w3[..]],
            };
            let (top, bottom) = (slices(&sc.top, corners), slices(&sc.bottom, corners));
            match s {
                1 => row_small::<P, 1>(o, &rc, top, bottom, &mut sc.ext),
                2 => row_small::<P, 2>(o, &rc, top, bottom, &mut sc.ext),
                4 => row_small::<P, 4>(o, &rc, top, bottom, &mut sc.ext),
                _ => row_cells::<P>(o, &rc, top, bottom, &mut sc.ext),
            }
            let offset = (-o.init) as usize;
            for (h, e) in row.iter_mut().zip(&sc.ext[offset..offset + size]) {
                *h += *e;
            }
        }
    }
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
                process_band::<P>(plan, b * BAND_ROWS, rows, sc, control);
                control.step();
            });
    }
}

/// Runs the fast kernel; the caller validated `p` and checks for cancellation.
pub(super) fn run(p: &NoiseParams, control: &JobControl) -> Heightmap {
    let plan = Plan::new(p);
    let mut hm = Heightmap::filled(p.size, 0.5);
    p.proximity.visit(Runner {
        plan: &plan,
        control,
        data: hm.data_mut(),
    });
    hm
}

/// The original's loops, literally: grid cell by grid cell, pixel by pixel, random
/// numbers drawn per pixel and corner. Slow; the fast kernel is tested against it.
pub(super) fn reference(p: &NoiseParams) -> Heightmap {
    let plan = Plan::new(p);
    let size = p.size as i32;
    let mut hm = Heightmap::filled(p.size, 0.5);
    let fade = |a: f32, b: f32| p.fade.eval(a) * p.fade.eval(b);
    for o in &plan.octaves {
        let prox = |x: f32, y: f32, l: f32, cx: i32, cy: i32| {
            let ix = i64::from((cx - o.init) / o.step);
            let iy = i64::from((cy - o.init) / o.step);
            let r = std::array::from_fn(|k| {
                if k < p.proximity.needs() {
                    plan.source
                        .corner_value(&plan.frame, (cx, cy), (ix, iy), o.period, k)
                } else {
                    0.0
                }
            });
            p.proximity.eval(x, y, l, r)
        };
        let (step, l) = (o.step, o.l);
        let mut x = o.init;
        while x < size + 1 {
            let grid_u = if x == size - step { step + 1 } else { step };
            let mut y = o.init;
            while y < size + 1 {
                let grid_v = if y == size - step { step + 1 } else { step };
                for u in 0..grid_u {
                    for v in 0..grid_v {
                        let (px, py) = (x + u, y + v);
                        if px > size - 1 || px < 0 || py > size - 1 || py < 0 {
                            continue;
                        }
                        let (uf, vf) = (u as f32, v as f32);
                        let (us, vs) = (uf / l, vf / l);
                        let h = prox(uf, vf, l, x, y) * fade(us, vs)
                            + prox(uf - l, vf, l, x + step, y) * fade(1.0 - us, vs)
                            + prox(uf, vf - l, l, x, y + step) * fade(us, 1.0 - vs)
                            + prox(uf - l, vf - l, l, x + step, y + step)
                                * fade(1.0 - us, 1.0 - vs);
                        hm.data_mut()[(py * size + px) as usize] += h * o.amp;
                    }
                }
                y += step;
            }
            x += step;
        }
    }
    hm
}
