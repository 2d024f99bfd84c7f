//! The corners' numbers of each lane's lattice cell, read from a tile's [`CornerGrid`]
//! for the warped sampler: by a window of the grid's rows where the lanes' cells are
//! neighbours ([`window_corners`]), or drawn pixel by pixel where the grid does not hold
//! them ([`direct_corners`]). Both give the numbers the sampler's gathers would read.

use super::array_of::array_of;
use super::plan::{Octave, Plan};
use super::sample_lane::{SampleLane, grid_index, window_columns};
use super::warp_grid::CornerGrid;
use crate::proximity::ProximityFn;

/// The corners' numbers of each lane's cell when all lanes' cells are in one lattice
/// row and a few columns of each other (nearly always: the warp fields are smooth), by
/// two loads and a permute per corner row instead of gathers; `None` otherwise. The
/// numbers are the grid's, at the indices the gathers would read, so the result is the
/// same bits.
#[inline(always)]
pub(super) fn window_corners<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    g: &CornerGrid,
    fx: V,
    fy: V,
) -> Option<[[V; 4]; 4]> {
    let y = fy.first();
    if !fy.all_within(y, y) {
        return None;
    }
    let x = fx.first();
    if fx.all_within(x, x) {
        return one_cell::<V, P>(isa, g, (x, y));
    }
    let (left, r) = window_columns(isa, fx, g.x0)?;
    let top = grid_index((left, y), (g.x0, g.y0), g.cols)?;
    let bottom = top + g.cols;
    let zero = V::all(isa, 0.0);
    let mut c = [[zero; 4]; 4];
    for (n, plane) in g.planes.iter().enumerate().take(P::NEEDS) {
        let t = plane.get(top..top + V::WINDOW)?;
        let b = plane.get(bottom..bottom + V::WINDOW)?;
        (c[0][n], c[1][n]) = V::window_pair(isa, t, r);
        (c[2][n], c[3][n]) = V::window_pair(isa, b, r);
    }
    Some(c)
}

/// The corners of cell `(x, y)` in every lane: the lanes of coarse octaves nearly
/// always share one cell, and four loads per number then replace the window's permutes.
#[inline(always)]
fn one_cell<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    g: &CornerGrid,
    (x, y): (f32, f32),
) -> Option<[[V; 4]; 4]> {
    let top = grid_index((x, y), (g.x0, g.y0), g.cols)?;
    let at = [top, top + 1, top + g.cols, top + g.cols + 1];
    let zero = V::all(isa, 0.0);
    let mut c = [[zero; 4]; 4];
    for (n, plane) in g.planes.iter().enumerate().take(P::NEEDS) {
        for (corner, &i) in c.iter_mut().zip(&at) {
            corner[n] = V::all(isa, *plane.get(i)?);
        }
    }
    Some(c)
}

/// The corners' numbers of each lane's cell, drawn one pixel at a time.
#[inline(never)]
pub(super) fn direct_corners<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    plan: &Plan,
    o: &Octave,
    g: &mut CornerGrid,
    fx: V,
    fy: V,
) -> [[V; 4]; 4] {
    let (mut xs, mut ys) = ([0.0f32; 16], [0.0f32; 16]);
    fx.write(&mut xs);
    fy.write(&mut ys);
    // values[q][k][lane]
    let mut values = [[[0.0f32; 16]; 4]; 4];
    for lane in 0..V::W {
        let mut corners = [[0.0f32; 4]; 4];
        let cell = (xs[lane] as i32, ys[lane] as i32);
        g.direct(plan, o, P::NEEDS, cell, &mut corners);
        for (q, c) in corners.iter().enumerate() {
            for (k, v) in c.iter().enumerate() {
                values[q][k][lane] = *v;
            }
        }
    }
    let lane = |q: usize, k: usize| V::read(isa, &values[q][k]);
    let fill = lane(0, 0);
    array_of([fill; 4], |q| array_of(fill, |k| lane(q, k)))
}
