//! Cellular octaves sampled point by point: fractional steps, panned lattices and
//! warped layers, whose sample positions fall anywhere. For each band the points of
//! the cells its positions reach are drawn once into a [`PointGrid`]; a band whose
//! positions spread too far (a huge warp) draws each pixel's cells directly. The
//! vector builds sample `V::W` points at once ([`sample_lanes`]) with the one-point
//! sampler's ([`sample_point`]) operations, so they give its bits.

use super::cell_plan::CellPlan;
use super::cell_search::{Metric, Nearest, cell_point, octave_value};
use super::free_octave::FreeOctave;
use super::sample_lane::SampleLane;
use crate::cell_output::CellOutput;

/// The feature points of a rectangle of cells of one octave.
#[derive(Default)]
pub(super) struct PointGrid {
    /// Lattice index of the first column and row held.
    x0: i64,
    y0: i64,
    cols: usize,
    rows: usize,
    /// Per cell: the point's offsets from the cell's corner, in pixels, and its value.
    x: Vec<f32>,
    y: Vec<f32>,
    value: Vec<f32>,
    /// The band's cells did not fit: each cell is drawn when asked.
    direct: bool,
    random: [Vec<f32>; 4],
}

/// Floats past a grid's last cell that window reads may load (never pick): the widest
/// lane type's window.
const WINDOW_PAD: usize = 32;

/// A cell's feature point: offsets from its corner in pixels, and its value.
type Point = (f32, f32, f32);

/// The 3 x 3 cells' points of each lane, row by row.
type LanePoints<V> = [[(V, V, V); 3]; 3];

/// The random numbers of cells `ix0..ix0 + n` of row `iy` into `out[0..3]`.
fn draw_cells(plan: &CellPlan, o: &FreeOctave, (ix0, iy): (i64, i64), out: &mut [Vec<f32>; 4]) {
    o.fill(&plan.source, &plan.frame, iy, ix0, 3, out);
}

impl PointGrid {
    /// Holds the cells that positions in `xs` by `ys` (texture pixels, before the pan)
    /// search, unless they number more than `budget`.
    pub(super) fn prepare(
        &mut self,
        plan: &CellPlan,
        o: &FreeOctave,
        (xs, ys): ((f64, f64), (f64, f64)),
        budget: usize,
    ) {
        let (x0, x1) = (
            o.locate(o.offset[0] + xs.0).0 - 1,
            o.locate(o.offset[0] + xs.1).0 + 1,
        );
        let (y0, y1) = (
            o.locate(o.offset[1] + ys.0).0 - 1,
            o.locate(o.offset[1] + ys.1).0 + 1,
        );
        let (cols, rows) = ((x1 - x0 + 1) as u64, (y1 - y0 + 1) as u64);
        self.direct = cols.saturating_mul(rows) > budget as u64;
        for r in &mut self.random[..3] {
            r.resize(if self.direct { 1 } else { cols as usize }, 0.0);
        }
        if self.direct {
            return;
        }
        let (cols, rows) = (cols as usize, rows as usize);
        (self.x0, self.y0, self.cols, self.rows) = (x0, y0, cols, rows);
        for v in [&mut self.x, &mut self.y, &mut self.value] {
            v.clear();
        }
        for iy in y0..=y1 {
            draw_cells(plan, o, (x0, iy), &mut self.random);
            let [rx, ry, rv, _] = &self.random;
            for ((&rx, &ry), &rv) in rx.iter().zip(ry).zip(rv) {
                let (x, y, value) = cell_point([rx, ry, rv], plan.half_jitter, o.l);
                self.x.push(x);
                self.y.push(y);
                self.value.push(value);
            }
        }
        // Room past the last cell for the window reads of the widest lanes.
        for v in [&mut self.x, &mut self.y, &mut self.value] {
            v.resize(v.len() + WINDOW_PAD, 0.0);
        }
    }

    /// The points of the 3 x 3 cells around `(ix, iy)`, row by row, when the grid
    /// holds them all (nearly always).
    #[inline(always)]
    fn block(&self, ix: i64, iy: i64) -> Option<[[Point; 3]; 3]> {
        let (cx, cy) = (ix - 1 - self.x0, iy - 1 - self.y0);
        if self.direct || cx < 0 || cy < 0 || cx + 3 > self.cols as i64 || cy + 3 > self.rows as i64
        {
            return None;
        }
        let at = cy as usize * self.cols + cx as usize;
        let end = at + 2 * self.cols + 3;
        let (x, y, v) = (
            self.x.get(at..end)?,
            self.y.get(at..end)?,
            self.value.get(at..end)?,
        );
        // Loops, not closures returning through `?`: in the vector builds the profile
        // showed those closures as calls.
        let mut b = [[(0.0, 0.0, 0.0); 3]; 3];
        for (r, row) in b.iter_mut().enumerate() {
            for (c, p) in row.iter_mut().enumerate() {
                let i = r * self.cols + c;
                *p = (x[i], y[i], v[i]);
            }
        }
        Some(b)
    }

    /// The points of the 3 x 3 cells around each lane's cell `(ix[j], iy[j])` by
    /// gathers, when the grid holds them all.
    #[inline(always)]
    fn gathered<V: SampleLane>(
        &self,
        isa: V::Isa,
        ix: &[f64; 16],
        iy: &[f64; 16],
    ) -> Option<LanePoints<V>> {
        if self.direct || self.cols < 3 || self.rows < 3 {
            return None;
        }
        // Each lane's top-left cell, as a whole number in an f32 (exact: a grid holds
        // far fewer than 2^24 cells).
        let (cols, rows) = (self.cols as f64, self.rows as f64);
        let mut at = [0.0f32; 16];
        for ((a, &x), &y) in at.iter_mut().zip(ix).zip(iy).take(V::W) {
            let (cx, cy) = (x - 1.0 - self.x0 as f64, y - 1.0 - self.y0 as f64);
            // Written so that NaN fails too.
            if !(cx >= 0.0 && cy >= 0.0 && cx + 3.0 <= cols && cy + 3.0 <= rows) {
                return None;
            }
            *a = (cy * cols + cx) as f32;
        }
        let last = (self.rows - 3) * self.cols + self.cols - 3;
        let i = V::read(isa, &at).index(u32::try_from(last).ok()?);
        // Plain loops, not `array::from_fn`: with it, each gather became a call in the
        // vector build.
        let zero = V::all(isa, 0.0);
        let mut cells = [[(zero, zero, zero); 3]; 3];
        for (r, row) in cells.iter_mut().enumerate() {
            for (col, cell) in row.iter_mut().enumerate() {
                let off = r * self.cols + col;
                let get = |v: &[f32]| V::gather(isa, v.get(off..).unwrap_or(&[]), i);
                *cell = (get(&self.x), get(&self.y), get(&self.value));
            }
        }
        Some(cells)
    }

    /// The points of the 3 x 3 cells around each lane's cell when the lanes' cells are
    /// in one row and a few columns of each other (the fine octaves, usually): per row
    /// of cells and number, one window of the grid's row and two permutes instead of
    /// three gathers. The numbers are the grid's, so the bits are the gathers'.
    #[inline(always)]
    fn windowed<V: SampleLane>(
        &self,
        isa: V::Isa,
        ix: &[f64; 16],
        iy: &[f64; 16],
    ) -> Option<LanePoints<V>> {
        let y = iy[0];
        if self.direct || !iy[..V::W].iter().all(|&v| v == y) {
            return None;
        }
        let (mut lo, mut hi) = (ix[0], ix[0]);
        for &x in &ix[1..V::W] {
            (lo, hi) = (lo.min(x), hi.max(x));
        }
        // Grid column and row of the first cell any lane reads; NaN fails (the lanes'
        // offsets below catch a NaN lane that `min` skipped).
        let (left, top) = (lo - 1.0 - self.x0 as f64, y - 1.0 - self.y0 as f64);
        let (cols, rows) = (self.cols as f64, self.rows as f64);
        let (last, x0) = ((V::WINDOW - 4) as f32, self.x0 as f64);
        if !(left >= 0.0 && top >= 0.0 && hi + 2.0 - x0 <= cols && top + 3.0 <= rows) {
            return None;
        }
        let mut r = [0.0f32; 16];
        for (r, &x) in r.iter_mut().zip(ix).take(V::W) {
            *r = (x - lo) as f32;
        }
        let r = V::read(isa, &r);
        if !r.all_within(0.0, last) {
            return None;
        }
        let r2 = r + V::all(isa, 2.0);
        let (left, top) = (left as usize, top as usize);
        let zero = V::all(isa, 0.0);
        let mut cells = [[(zero, zero, zero); 3]; 3];
        for (row, out) in cells.iter_mut().enumerate() {
            let start = (top + row) * self.cols + left;
            let xs = three_columns(isa, self.x.get(start..)?, (r, r2))?;
            let ys = three_columns(isa, self.y.get(start..)?, (r, r2))?;
            let vs = three_columns(isa, self.value.get(start..)?, (r, r2))?;
            for (c, cell) in out.iter_mut().enumerate() {
                *cell = (xs[c], ys[c], vs[c]);
            }
        }
        Some(cells)
    }

    /// [`Self::block`] in every lane.
    #[inline(always)]
    fn broadcast<V: SampleLane>(&self, isa: V::Isa, ix: i64, iy: i64) -> Option<LanePoints<V>> {
        let b = self.block(ix, iy)?;
        let zero = V::all(isa, 0.0);
        let mut cells = [[(zero, zero, zero); 3]; 3];
        for (row, points) in cells.iter_mut().zip(&b) {
            for (cell, &(x, y, value)) in row.iter_mut().zip(points) {
                *cell = (V::all(isa, x), V::all(isa, y), V::all(isa, value));
            }
        }
        Some(cells)
    }

    /// The points of the 3 x 3 cells around `(ix, iy)` drawn one by one (cells outside
    /// the grid, or no grid): the same numbers.
    #[cold]
    #[inline(never)]
    fn drawn(&mut self, plan: &CellPlan, o: &FreeOctave, ix: i64, iy: i64) -> [[Point; 3]; 3] {
        std::array::from_fn(|r| {
            std::array::from_fn(|c| {
                let (x, y) = (ix + c as i64 - 1, iy + r as i64 - 1);
                if let Some(b) = self.block(x, y) {
                    return b[1][1];
                }
                for v in &mut self.random[..3] {
                    v.resize(1, 0.0);
                }
                draw_cells(plan, o, (x, y), &mut self.random);
                let n = [0, 1, 2].map(|k| self.random[k][0]);
                cell_point(n, plan.half_jitter, o.l)
            })
        })
    }
}

/// Octave `o`'s cellular value at texture position `(x, y)`: the search of the row
/// path (`cell_row`) in the same order, with the cells looked up one by one.
#[inline(always)]
pub(super) fn sample_point<M: Metric>(
    plan: &CellPlan,
    o: &FreeOctave,
    g: &mut PointGrid,
    (x, y): (f64, f64),
) -> f32 {
    let (ix, u) = o.locate(o.offset[0] + x);
    let (iy, v) = o.locate(o.offset[1] + y);
    let cells = match g.block(ix, iy) {
        Some(b) => b,
        None => g.drawn(plan, o, ix, iy),
    };
    let mut n = Nearest::<f32>::none(());
    for (dy, row) in (-1..=1i32).zip(cells) {
        let oy = dy as f32 * o.l;
        for (dx, (px, py, value)) in (-1..=1i32).zip(row) {
            let ox = dx as f32 * o.l;
            n.add::<true, true>(M::measure((px - u) + ox, (py - v) + oy), value);
        }
    }
    octave_value::<f32, M>(plan.cellular.output, n, o.il, o.amp)
}

/// `t[r]`, `t[r + 1]` and `t[r + 2]` for each lane's `r` (`r2` is `r + 2`), from one
/// window of `t`; `None` if `t` is shorter than a window.
#[inline(always)]
fn three_columns<V: SampleLane>(isa: V::Isa, t: &[f32], (r, r2): (V, V)) -> Option<[V; 3]> {
    let t = t.get(..V::WINDOW)?;
    let (a, b) = V::window_pair(isa, t, r);
    let (c, _) = V::window_pair(isa, t, r2);
    Some([a, b, c])
}

/// Octave `o`'s cellular values at `V::W` texture positions (`xs`, `ys`, before the
/// pan): [`sample_point`]'s operations in its order, lane by lane, with the nine cells'
/// points read for all lanes at once: by broadcast when the lanes share a cell (coarse
/// octaves nearly always), by windows of the grid's rows when their cells are in one
/// row, and by gathers otherwise. When the grid lacks a lane's cells the lanes go
/// through [`sample_point`] one by one: the same bits either way.
#[inline(always)]
pub(super) fn sample_lanes<V: SampleLane, M: Metric>(
    isa: V::Isa,
    plan: &CellPlan,
    o: &FreeOctave,
    g: &mut PointGrid,
    (xs, ys): (&[f64; 16], &[f64; 16]),
) -> V {
    let (mut u, mut v) = ([0.0f32; 16], [0.0f32; 16]);
    let (mut ix, mut iy) = ([0.0f64; 16], [0.0f64; 16]);
    V::locate(isa, &o.axis, (o.offset[0], xs), &mut ix, &mut u);
    V::locate(isa, &o.axis, (o.offset[1], ys), &mut iy, &mut v);
    let one_cell = ix[..V::W].iter().all(|&x| x == ix[0]) && iy[..V::W].iter().all(|&y| y == iy[0]);
    let cells = if one_cell {
        g.broadcast::<V>(isa, ix[0] as i64, iy[0] as i64)
    } else if let Some(cells) = g.windowed::<V>(isa, &ix, &iy) {
        Some(cells)
    } else {
        g.gathered::<V>(isa, &ix, &iy)
    };
    let Some(cells) = cells else {
        let mut h = [0.0f32; 16];
        for ((h, &x), &y) in h.iter_mut().zip(xs).zip(ys).take(V::W) {
            *h = sample_point::<M>(plan, o, g, (x, y));
        }
        return V::read(isa, &h);
    };
    let at = (V::read(isa, &u), V::read(isa, &v), o.l);
    let output = plan.cellular.output;
    // Only what the output reads is tracked, as the row path does (F1 keeps its bits).
    let n = match output {
        CellOutput::F1 => nearest::<V, M, false, false>(isa, &cells, at),
        CellOutput::CellValue => nearest::<V, M, false, true>(isa, &cells, at),
        _ => nearest::<V, M, true, false>(isa, &cells, at),
    };
    octave_value::<V, M>(output, n, V::all(isa, o.il), V::all(isa, o.amp))
}

/// The nearest two of the nine candidates around offsets `(u, v)` in cells of `l`
/// pixels, in [`sample_point`]'s order.
#[inline(always)]
fn nearest<V: SampleLane, M: Metric, const F2: bool, const VALUE: bool>(
    isa: V::Isa,
    cells: &LanePoints<V>,
    (u, v, l): (V, V, f32),
) -> Nearest<V> {
    let mut n = Nearest::<V>::none(isa);
    for (dy, row) in (-1..=1i32).zip(cells) {
        let oy = V::all(isa, dy as f32 * l);
        for (dx, &(px, py, value)) in (-1..=1i32).zip(row) {
            let ox = V::all(isa, dx as f32 * l);
            n.add::<F2, VALUE>(M::measure((px - u) + ox, (py - v) + oy), value);
        }
    }
    n
}
