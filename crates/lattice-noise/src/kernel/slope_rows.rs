//! [`SlopeRows`]: a window of heights with their exact slopes ([`SlopeSampler::rows`]),
//! row by row, 8 pixels at a time on [`Dual`] lanes where the CPU has AVX2. Every lane
//! runs [`SlopeSampler::at`]'s operations in its order, so each pixel gets the bits `at`
//! gives it, in every build. A square octave's two rows of lattice numbers carry over
//! from one texture row to the next while they are still the ones it needs.

use super::avx2::Avx2;
use super::avx512::Avx512;
use super::dual::Dual;
#[cfg(target_arch = "x86_64")]
use super::f32x8::F32x8;
use super::free_octave::FreeOctave;
use super::isa_dispatch::{BandWork, on_widest_isa};
use super::sample_lane::{SampleLane, window_columns};
use super::slope_sampler::{HeightSlope, SlopeOctave, SlopeSampler, square_at};
use super::turned_grid::TurnedGrid;
use super::turned_sample::turned_octave;
use crate::instruction_set::InstructionSet;
use crate::proximity::{ProximityFn, ProximityVisitor};
use std::marker::PhantomData;

/// Pixels across and rows down of the tiles a window is worked in: a turned octave's
/// lattice points are drawn once per tile. Drawn per row instead, a row's slant across
/// the turned lattice reached a box of points about as many as its pixels, in every
/// octave, and drawing them was half the time.
const TILE_COLUMNS: usize = 128;
const TILE_ROWS: usize = 32;
/// Lattice points a turned octave prepares for one tile before drawing each pixel's
/// own (a tile of a 4 px octave reaches about a thousand).
const TILE_POINTS: usize = 1 << 16;
/// The most lanes of any build.
const MAX_W: usize = 16;

/// One octave made ready for a row: a square octave's two rows of lattice numbers
/// (top, bottom; per random number) from cell `ix0`, the lattice row `iy` of the top
/// one, with the texture row's offset `v` in its cell; a turned octave's grid per tile
/// of the band of rows being drawn.
#[derive(Default)]
struct ReadyOctave {
    ix0: i64,
    iy: Option<i64>,
    v: f32,
    rows: [[Vec<f32>; 4]; 2],
    turned: Vec<TurnedGrid>,
}

impl SlopeSampler {
    /// [`Self::at`] at the pixels of the window `width` wide from column `x0` and row
    /// `y0` down, row-major in `out` (as many whole rows as it holds; a partial last
    /// row is left as it is): the same values, with each lattice row's numbers drawn
    /// once for the window (what a band of a normal map or a lit view wants).
    pub fn rows(&self, (x0, y0): (u32, u32), width: usize, out: &mut [HeightSlope]) {
        self.rows_limited_to((x0, y0), width, out, InstructionSet::Avx512);
    }

    /// [`Self::rows`] in no build of the kernels wider than `set` (the same values, at
    /// that build's speed; see [`JobControl::limited_to`](crate::JobControl::limited_to)).
    pub fn rows_limited_to(
        &self,
        (x0, y0): (u32, u32),
        width: usize,
        out: &mut [HeightSlope],
        set: InstructionSet,
    ) {
        let isa = Avx2::within(set);
        self.proximity.visit(SlopeRows {
            s: self,
            x0,
            y0,
            width,
            out,
            isa,
        });
    }
}

/// The heights and slopes of the window `width` pixels wide from column `x0`, rows
/// `y0..` down, row-major in `out`.
pub(super) struct SlopeRows<'a> {
    pub s: &'a SlopeSampler,
    pub x0: u32,
    pub y0: u32,
    pub width: usize,
    pub out: &'a mut [HeightSlope],
    /// The instruction sets to use (`None`: the portable build).
    pub isa: Option<Avx2>,
}

impl ProximityVisitor for SlopeRows<'_> {
    type Output = ();
    fn visit<P: ProximityFn>(self) {
        let isa = self.isa;
        on_widest_isa(
            RowWork::<P> {
                row: self,
                function: PhantomData,
            },
            isa,
        );
    }
}

/// [`SlopeRows`] for [`on_widest_isa`].
struct RowWork<'a, P> {
    row: SlopeRows<'a>,
    function: PhantomData<P>,
}

impl<P: ProximityFn> BandWork for RowWork<'_, P> {
    // An AVX-512 build would be 28 more instances (one per function) of a large
    // kernel for every engine build to compile; AVX2's 8 lanes already make a row
    // 4-5 times faster than one pixel at a time (README, Normal maps).
    const WIDE: bool = false;
    #[inline(always)]
    fn portable(self) {
        lanes::<f32, P>((), self.row);
    }
    #[inline(always)]
    fn avx2(self, isa: Avx2) {
        #[cfg(target_arch = "x86_64")]
        lanes::<F32x8, P>(isa.token(), self.row);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = isa;
    }
    #[inline(always)]
    fn avx512(self, isa: Avx2, _: Avx512) {
        self.avx2(isa);
    }
}

/// The window in lanes of `V`, in bands of rows: at a band's first row every turned
/// octave's grid is drawn for each tile of the band; then row by row every square
/// octave is made ready for the whole row and the row is drawn tile by tile, `V::W`
/// pixels at a time through all octaves.
#[inline(always)]
fn lanes<V: SampleLane, P: ProximityFn>(isa: V::Isa, rows: SlopeRows<'_>) {
    let SlopeRows {
        s,
        x0,
        y0,
        width,
        out,
        ..
    } = rows;
    if width == 0 {
        return;
    }
    let height = out.len() / width;
    // Square octaves alone need no tiles: a row is one.
    let turned = s
        .octaves
        .iter()
        .any(|o| matches!(o, SlopeOctave::Turned(_)));
    let across = if turned { TILE_COLUMNS } else { width };
    let tiles = width.div_ceil(across);
    let mut ready: Vec<ReadyOctave> = Vec::new();
    ready.resize_with(s.octaves.len(), ReadyOctave::default);
    for band in (0..height).step_by(TILE_ROWS) {
        let top = y0 as usize + band;
        let bottom = top + TILE_ROWS.min(height - band) - 1;
        for (o, r) in s.octaves.iter().zip(ready.iter_mut()) {
            if let SlopeOctave::Turned(o) = o {
                r.turned.resize_with(tiles, TurnedGrid::default);
                for (t, grid) in r.turned.iter_mut().enumerate() {
                    let (first, last) = tile_columns(x0, width, across, t);
                    let ranges = ((first as f32, last as f32), (top as f32, bottom as f32));
                    grid.prepare(&s.source, o, P::NEEDS, ranges, TILE_POINTS);
                }
            }
        }
        for y in top..=bottom {
            for (o, r) in s.octaves.iter().zip(ready.iter_mut()) {
                if let SlopeOctave::Square(o) = o {
                    prepare_square::<P>(s, o, (x0, y), width, r);
                }
            }
            let at = (y - y0 as usize) * width;
            for t in 0..tiles {
                let (first, last) = tile_columns(x0, width, across, t);
                let out = &mut out[at + first - x0 as usize..=at + last - x0 as usize];
                row::<V, P>(isa, s, (first as u32, y), t, &mut ready, out);
            }
        }
    }
}

/// The first and last texture columns of tile `t`, `across` columns wide, of a window
/// `width` wide from column `x0`.
fn tile_columns(x0: u32, width: usize, across: usize, t: usize) -> (usize, usize) {
    let first = x0 as usize + t * across;
    (first, first + across.min(x0 as usize + width - first) - 1)
}

/// Makes square octave `o` ready for the `n` pixels of texture row `y` from column
/// `x0`: its lattice rows kept, moved up or drawn.
fn prepare_square<P: ProximityFn>(
    s: &SlopeSampler,
    o: &FreeOctave,
    (x0, y): (u32, usize),
    n: usize,
    r: &mut ReadyOctave,
) {
    let x = |i: usize| o.offset[0] + f64::from(x0) + i as f64;
    let (ix0, _) = o.locate(x(0));
    let (ix1, _) = o.locate(x(n - 1));
    let cells = (ix1 - ix0 + 2) as usize;
    let (iy, v) = o.locate(o.offset[1] + y as f64);
    let [top, bottom] = &mut r.rows;
    let fresh = r.ix0 != ix0 || top[0].len() != cells;
    for k in 0..P::NEEDS {
        top[k].resize(cells, 0.0);
        bottom[k].resize(cells, 0.0);
    }
    let fill = |iy: i64, row: &mut [Vec<f32>; 4]| {
        o.fill(&s.source, &s.frame, iy, ix0, P::NEEDS, row);
    };
    match r.iy {
        Some(prev) if !fresh && prev == iy => {}
        Some(prev) if !fresh && prev + 1 == iy => {
            std::mem::swap(top, bottom);
            fill(iy + 1, bottom);
        }
        _ => {
            fill(iy, top);
            fill(iy + 1, bottom);
        }
    }
    (r.ix0, r.iy, r.v) = (ix0, Some(iy), v);
}

/// The four corners' random numbers (top left, top right, bottom left, bottom right;
/// the first `P::NEEDS` of each) of the cells `j` (per lane, from the rows' first
/// cell) in a square octave's lattice rows `[top, bottom]`.
///
/// Lanes whose cells lie within a register window of each other (every octave of a
/// step of 1 px and up) take them by permutes ([`window_columns`], as the warped
/// sampler's [`super::grid_corners`] does), the rest by gathers, which stalled the rows
/// on AVX2 (Zen 3): a 4096 exact normal map of the default preset takes 8% less CPU
/// time, measured. Both read the same numbers.
#[inline(always)]
fn corners<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    [top, bottom]: &[[Vec<f32>; 4]; 2],
    j: &[f32; MAX_W],
) -> [[V; 4]; 4] {
    let zero = V::all(isa, 0.0);
    let cells = V::read(isa, j);
    if let Some((left, rel)) = window_columns(isa, cells, 0) {
        let j0 = left as usize;
        let mut c = [[zero; 4]; 4];
        for q in 0..P::NEEDS {
            for (side, row) in [top, bottom].into_iter().enumerate() {
                let t = row[q].get(j0..).unwrap_or_default();
                // Near the row's end the window runs past it: those floats are never
                // picked (each lane's right-hand corner is in the row), so zeros do.
                let mut padded = [0.0f32; 2 * MAX_W];
                let t = if t.len() >= V::WINDOW {
                    t
                } else {
                    padded[..t.len()].copy_from_slice(t);
                    &padded[..]
                };
                (c[2 * side][q], c[2 * side + 1][q]) = V::window_pair(isa, t, rel);
            }
        }
        return c;
    }
    // Each lane's cell is at most the row's last (`cells - 2`), so its right-hand
    // corner is in the row too.
    let j = cells.index(top[0].len().saturating_sub(2) as u32);
    let at = |row: &[Vec<f32>; 4], right: usize| -> [V; 4] {
        std::array::from_fn(|q| {
            let t = row[q].get(right..).filter(|_| q < P::NEEDS);
            t.map_or(zero, |t| V::gather(isa, t, j))
        })
    };
    [at(top, 0), at(top, 1), at(bottom, 0), at(bottom, 1)]
}

/// Texture row `y`'s `out.len()` pixels from column `x0`, in tile `tile` of the band,
/// every octave made ready.
#[inline(always)]
fn row<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    s: &SlopeSampler,
    (x0, y): (u32, usize),
    tile: usize,
    ready: &mut [ReadyOctave],
    out: &mut [HeightSlope],
) {
    let n = out.len();
    let x = |o: &FreeOctave, i: usize| o.offset[0] + f64::from(x0) + i as f64;
    let k = |c: f32| V::all(isa, c);
    let ([mut hv, mut hdx, mut hdy], half) = ([[0.0f32; MAX_W]; 3], Dual::constant(k(0.5)));
    for c in (0..n).step_by(V::W) {
        // Lanes past the row's end repeat its last pixel, so they read only what was
        // prepared; they are not written.
        let pixel = |lane: usize| (c + lane).min(n - 1);
        let mut h = Dual::constant(k(0.0));
        for (o, r) in s.octaves.iter().zip(ready.iter_mut()) {
            h = h + match o {
                SlopeOctave::Square(o) => {
                    let (mut u, mut j) = ([0.0f32; MAX_W], [0.0f32; MAX_W]);
                    for lane in 0..V::W {
                        let (ix, ul) = o.locate(x(o, pixel(lane)));
                        (u[lane], j[lane]) = (ul, (ix - r.ix0) as f32);
                    }
                    let c = corners::<V, P>(isa, &r.rows, &j);
                    let (l, il, amp) = (k(o.l), k(o.il), k(o.amp));
                    square_at::<V, P>(s.fade, (V::read(isa, &u), k(r.v)), (l, il, amp), c)
                }
                SlopeOctave::Turned(o) => {
                    let xs: [f32; MAX_W] =
                        std::array::from_fn(|lane| (x0 as usize + pixel(lane)) as f32);
                    let pos = (Dual::x(V::read(isa, &xs)), Dual::y(k(y as f32)));
                    turned_octave::<Dual<V>, P>(isa, &s.source, o, &mut r.turned[tile], pos)
                }
            };
        }
        // The octaves' sum, then the 0.5 every height starts from (as `at` adds it).
        let h = h + half;
        h.v.write(&mut hv);
        h.dx.write(&mut hdx);
        h.dy.write(&mut hdy);
        let m = (n - c).min(V::W);
        for (lane, o) in out[c..c + m].iter_mut().enumerate() {
            *o = HeightSlope {
                height: hv[lane],
                dx: hdx[lane],
                dy: hdy[lane],
            };
        }
    }
}
