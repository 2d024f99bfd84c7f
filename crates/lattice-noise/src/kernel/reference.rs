//! The original algorithm written as literally as the C# source: the slow reference the
//! fast kernel is tested against.

use super::cellular_bands::run_cellular;
use super::free_octave::{FreeOctave, FreeScratch};
use super::plan::{OctavePlan, Plan};
use super::round_octave::{RoundOctave, round_pixel};
use super::turned_grid::TurnedGrid;
use super::turned_octave::TurnedOctave;
use super::turned_sample::add_row_direct;
use super::warp_fields::{FieldSource, WarpFields};
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::proximity::{ProximityFn, ProximityVisitor};
use crate::region::Region;

/// The original's loops, literally: grid cell by grid cell, pixel by pixel, random
/// numbers drawn per pixel and corner. Slow; the fast kernel is tested against it.
pub(crate) fn reference(p: &NoiseParams) -> Heightmap {
    if let Some(c) = p.cellular {
        // The original has no cellular noise; its reference is the point sampler (every
        // cell looked up per pixel), which the row path must match.
        let mut hm = Heightmap::filled(p.size, 0.0);
        let still = WarpFields {
            source: FieldSource::Still,
            amplitude: 0.0,
        };
        let (region, control) = (Region::full(p.size), JobControl::new());
        run_cellular(p, c, region, Some(still), &control, &mut hm, None);
        return hm;
    }
    let plan = Plan::new(p, Region::full(p.size));
    let size = p.size as i32;
    let mut hm = Heightmap::filled(p.size, 0.5);
    let fade = |a: f32, b: f32| p.fade.eval(a) * p.fade.eval(b);
    for o in &plan.octaves {
        let o = match o {
            OctavePlan::Grid(o) => o,
            OctavePlan::Free(f) => {
                // Off-grid octaves have no integer loops to mirror: the free path is
                // already the literal per-pixel formula.
                p.proximity.visit(Free(f, &plan, hm.data_mut()));
                continue;
            }
            OctavePlan::Turned(t) => {
                p.proximity.visit(Turned(t, &plan, hm.data_mut()));
                continue;
            }
            OctavePlan::Round(r) => {
                p.proximity.visit(Round(r, &plan, hm.data_mut()));
                continue;
            }
        };
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

struct Turned<'a>(&'a TurnedOctave, &'a Plan, &'a mut [f32]);

impl ProximityVisitor for Turned<'_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let Turned(o, plan, data) = self;
        let mut g = TurnedGrid::default();
        for (y, row) in data.chunks_exact_mut(plan.width).enumerate() {
            add_row_direct::<P>(&plan.source, o, (0, y), row, &mut g);
        }
    }
}

struct Free<'a>(&'a FreeOctave, &'a Plan, &'a mut [f32]);

impl ProximityVisitor for Free<'_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let Free(f, plan, data) = self;
        let mut sc = FreeScratch::default();
        f.add::<P>(
            &plan.source,
            &plan.frame,
            plan.fade,
            plan.region,
            0,
            data,
            &mut sc,
        );
    }
}

struct Round<'a>(&'a RoundOctave, &'a Plan, &'a mut [f32]);

impl ProximityVisitor for Round<'_> {
    type Output = ();
    /// Pixel by pixel, each of its four corners' numbers drawn on their own.
    fn visit<P: ProximityFn>(self) {
        let Round(r, plan, data) = self;
        let o = &r.grid;
        let size = plan.width as i32;
        let numbers = |(ix, iy): (i64, i64)| -> [f32; 4] {
            let at = (
                o.origin - r.shift[0] + ix as i32 * o.step,
                r.origin_y - r.shift[1] + iy as i32 * o.step,
            );
            std::array::from_fn(|k| {
                if k < P::NEEDS {
                    plan.source
                        .corner_value(&o.frame, at, (ix, iy), o.period, k)
                } else {
                    0.0
                }
            })
        };
        let coefficients = |z: (i64, i64), y: f32| r.corner(r.coefficients::<P>(z, numbers(z)), y);
        let (mut tables, mut weights) = Default::default();
        for (py, row) in data.chunks_exact_mut(plan.width).enumerate() {
            let rel = py as i32 - r.origin_y;
            let (cy, v) = (rel.div_euclid(o.step), rel.rem_euclid(o.step));
            r.fill_tables(plan.fade, v, &mut tables, &mut weights);
            for (px, h) in row.iter_mut().enumerate().take(size as usize) {
                if o.step == 1 && plan.exact_step_one {
                    let z = (i64::from(px as i32 - o.origin), i64::from(cy));
                    *h += r.point_value::<P>(numbers(z), tables[0][0]);
                    continue;
                }
                let rel = px as i32 - o.origin;
                let (cx, u) = (rel.div_euclid(o.step), rel.rem_euclid(o.step));
                let (ix, iy) = (i64::from(cx), i64::from(cy));
                let (y_top, y_bottom) = (v as f32, v as f32 - o.l);
                let [a0, b0] = coefficients((ix, iy), y_top);
                let [a1, b1] = coefficients((ix + 1, iy), y_top);
                let [a2, b2] = coefficients((ix, iy + 1), y_bottom);
                let [a3, b3] = coefficients((ix + 1, iy + 1), y_bottom);
                let entry = tables.each_ref().map(|t: &Vec<f32>| t[u as usize]);
                let x = [u as f32, u as f32 - o.l];
                *h += round_pixel(&entry, x, [a0, b0, a1, b1, a2, b2, a3, b3]);
            }
        }
    }
}
