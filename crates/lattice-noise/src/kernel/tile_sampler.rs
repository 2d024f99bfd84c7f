//! [`TileSampler`]: a noise evaluated at `(x + A (wx - 0.5), y + A (wy - 0.5))` for every
//! pixel of a band, given the band's two fields.
//!
//! Sample points fall anywhere, so the row kernel's tables (one fade and one corner row
//! per lattice row) do not apply. Instead the band is cut into tiles of 256 columns (64
//! for turned lattices); for each tile and octave the corners its points can reach are
//! drawn once into a small grid ([`CornerGrid`]), and then 8 or 16 pixels at a time (one
//! per lane) locate their cell, gather their four corners' numbers from the grid and sum
//! the proximity function times the fades, every octave in registers. Every lane does
//! the scalar operations in the scalar order, so the AVX-512, AVX2 and portable builds
//! give the same bits, and a pixel's value depends only on its absolute position and
//! its fields: any window, band, tile or thread count gives the same pixels.
//!
//! The warped sampler runs it with its warp fields; isotropic noises (turned lattices,
//! which the row kernel only walks pixel by pixel) run it with still fields, also when
//! they are another layer's warp fields.

use super::avx2::Avx2;
use super::avx512::Avx512;
#[cfg(target_arch = "x86_64")]
use super::f32x8::F32x8;
#[cfg(target_arch = "x86_64")]
use super::f32x16::F32x16;
use super::free_octave::FreeOctave;
use super::grid_octave::grid_octave;
use super::isa_dispatch::{BandWork, on_widest_isa};
use super::plan::{OctavePlan, Plan};
use super::round_octave::RoundOctave;
use super::sample_lane::SampleLane;
use super::tile_positions::{Bounds, Displace, TilePositions};
use super::turned_grid::TurnedGrid;
use super::turned_sample::turned_octave;
use super::warp_grid::CornerGrid;
use crate::fade::Fade;
use crate::noise_params::NoiseParams;
use crate::proximity::ProximityFn;
use crate::region::Region;
use std::marker::PhantomData;

/// Rows per parallel work unit and columns per tile (a multiple of 16 lanes).
const BAND_ROWS: usize = 16;
const TILE_COLS: usize = 256;
/// The same for turned lattices: square tiles, whose turned bounding box holds about
/// twice their pixels' cells (a 16 x 256 strip's holds eight times).
const TURNED_ROWS: usize = 64;
const TURNED_COLS: usize = 64;
/// Corners a tile's grid may hold per pixel of the tile before the corners are drawn
/// per pixel instead (4 per pixel and octave).
const GRID_CORNERS_PER_PIXEL: usize = 4;

/// A noise planned over the whole texture (sample points may fall anywhere in it), to
/// be sampled in bands of a region.
pub(super) struct TileSampler {
    plan: Plan,
    region: Region,
    displace: Displace,
    fade: Fade,
    /// Rows per band and columns per tile.
    shape: (usize, usize),
    /// Whether a tile is summed an octave at a time over all its pixels (turned
    /// lattices, whose octaves hold many numbers each: in registers for a whole tile
    /// instead of reloaded for every 16 pixels) rather than a pixel block at a time.
    octave_major: bool,
}

/// Per-thread buffers, reused across bands.
#[derive(Default)]
pub(super) struct TileScratch {
    pos: TilePositions,
    grids: Vec<CornerGrid>,
    turned: Vec<TurnedGrid>,
    /// The tile's sums so far, octave by octave (turned lattices).
    sums: Vec<f32>,
}

impl TileSampler {
    /// Plans `p` for bands of `region`, displaced by `amplitude` pixels per unit of
    /// field (the caller validated both).
    pub(super) fn new(p: &NoiseParams, region: Region, amplitude: f32) -> Self {
        let plan = Plan::new(p, Region::full(p.size));
        let turned = plan
            .octaves
            .iter()
            .any(|o| matches!(o, OctavePlan::Turned(_) | OctavePlan::Round(_)));
        TileSampler {
            shape: if turned {
                (TURNED_ROWS, TURNED_COLS)
            } else {
                (BAND_ROWS, TILE_COLS)
            },
            octave_major: turned,
            plan,
            region,
            displace: Displace {
                amplitude,
                size: p.size as f32,
                wrap: p.tileable,
            },
            fade: p.fade,
        }
    }

    /// Region rows per band that suit the tiles.
    pub(super) fn band_rows(&self) -> usize {
        self.shape.0
    }

    /// Region rows `y0..` into `rows` (whole rows of the region), moved by the band's
    /// fields `(wx, wy)` (one value per pixel of `rows`), in the widest build `isa`
    /// allows (`None`: the portable build).
    pub(super) fn band<P: ProximityFn>(
        &self,
        y0: usize,
        rows: &mut [f32],
        fields: (&[f32], &[f32]),
        sc: &mut TileScratch,
        isa: Option<Avx2>,
    ) {
        let band = TileBand::<P> {
            job: self,
            y0,
            rows,
            fields,
            sc,
            function: PhantomData,
        };
        on_widest_isa(band, isa);
    }
}

/// Computes band `rows` (texture rows from `region.y + y0`) in tiles.
#[inline(always)]
fn band<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    job: &TileSampler,
    y0: usize,
    rows: &mut [f32],
    (wx, wy): (&[f32], &[f32]),
    sc: &mut TileScratch,
) {
    let width = job.region.width as usize;
    let nrows = rows.len() / width;
    let octaves = &job.plan.octaves;
    let TileScratch {
        pos,
        grids,
        turned,
        sums,
    } = sc;
    grids.resize_with(octaves.len(), CornerGrid::default);
    turned.resize_with(octaves.len(), TurnedGrid::default);
    let tile_cols = job.shape.1;
    for tx0 in (0..width).step_by(tile_cols) {
        let tw = tile_cols.min(width - tx0);
        let padded = tw.div_ceil(V::W) * V::W;
        let (x0, y) = (job.region.x as usize + tx0, job.region.y as usize + y0);
        pos.start((x0, tw), nrows, padded);
        let mut bounds = Bounds::<V>::new(isa);
        for r in 0..nrows {
            let at = r * width + tx0;
            let w = (&wx[at..at + tw], &wy[at..at + tw]);
            let yv = V::all(isa, (y + r) as f32);
            for c in (0..padded).step_by(V::W) {
                let p = pos.lanes(isa, &job.displace, w, (r, c, yv), (tw, padded));
                bounds.add(p);
            }
        }
        let (xs, ys) = bounds.ranges();
        let budget = GRID_CORNERS_PER_PIXEL * nrows * padded;
        for ((o, g), t) in octaves.iter().zip(grids.iter_mut()).zip(turned.iter_mut()) {
            match o {
                OctavePlan::Grid(o) => g.prepare(&job.plan, o, P::NEEDS, (xs, ys), budget),
                OctavePlan::Turned(o) | OctavePlan::Round(RoundOctave { turned: o, .. }) => {
                    t.prepare(&job.plan.source, o, P::NEEDS, (xs, ys), budget);
                }
                OctavePlan::Free(_) => {}
            }
        }
        let tile = Tile {
            x0: tx0,
            tw,
            padded,
            nrows,
            width,
        };
        let out = (&mut *rows, &mut *sums);
        if job.octave_major {
            octave_major::<V, P>(isa, job, tile, pos, (grids, turned), out);
        } else {
            block_major::<V, P>(isa, job, tile, pos, (grids, turned), out.0);
        }
    }
}

/// Where a tile is in its band.
#[derive(Clone, Copy)]
struct Tile {
    /// First column in the band and columns.
    x0: usize,
    tw: usize,
    /// Columns rounded up to whole lane blocks.
    padded: usize,
    /// Rows of the tile and of the band.
    nrows: usize,
    width: usize,
}

/// Sums a tile's octaves at its positions `pos` into `rows` one block of lanes at a
/// time, every octave in registers.
#[inline(always)]
fn block_major<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    job: &TileSampler,
    tile: Tile,
    pos: &TilePositions,
    (grids, turned): (&mut [CornerGrid], &mut [TurnedGrid]),
    rows: &mut [f32],
) {
    let Tile {
        x0,
        tw,
        padded,
        nrows,
        width,
    } = tile;
    for r in 0..nrows {
        let out = &mut rows[r * width + x0..r * width + x0 + tw];
        for c in (0..padded).step_by(V::W) {
            let at = r * padded + c;
            let (px, py) = (&pos.px[at..], &pos.py[at..]);
            let p = (V::read(isa, px), V::read(isa, py));
            let mut h = V::all(isa, 0.5);
            for ((o, g), t) in job.plan.octaves.iter().zip(&mut *grids).zip(&mut *turned) {
                h = add_octave::<V, P>(isa, job, o, (g, t), h, (p, px, py));
            }
            let n = (tw - c).min(V::W);
            if n == V::W {
                h.write(&mut out[c..]);
            } else {
                // The tile's last lanes: only its own columns are written.
                let mut lanes = [0.0f32; 16];
                h.write(&mut lanes);
                out[c..c + n].copy_from_slice(&lanes[..n]);
            }
        }
    }
}

/// [`block_major`]'s sums an octave at a time over the whole tile, kept in `sums`:
/// each pixel adds the same octaves in the same order, so the same bits.
#[inline(always)]
fn octave_major<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    job: &TileSampler,
    tile: Tile,
    pos: &TilePositions,
    (grids, turned): (&mut [CornerGrid], &mut [TurnedGrid]),
    (rows, sums): (&mut [f32], &mut Vec<f32>),
) {
    let Tile {
        x0,
        tw,
        padded,
        nrows,
        width,
    } = tile;
    let n = nrows * padded;
    sums.clear();
    sums.resize(n, 0.5);
    for ((o, g), t) in job.plan.octaves.iter().zip(grids).zip(turned) {
        for at in (0..n).step_by(V::W) {
            let (px, py) = (&pos.px[at..], &pos.py[at..]);
            let p = (V::read(isa, px), V::read(isa, py));
            let h = V::read(isa, &sums[at..]);
            let h = add_octave::<V, P>(isa, job, o, (g, t), h, (p, px, py));
            h.write(&mut sums[at..]);
        }
    }
    for r in 0..nrows {
        let out = &mut rows[r * width + x0..r * width + x0 + tw];
        out.copy_from_slice(&sums[r * padded..r * padded + tw]);
    }
}

/// `h` plus octave `o` at the lanes' positions `p` (also as arrays, `px` and `py`, for
/// the off-grid path): the one step both summation orders take.
#[inline(always)]
fn add_octave<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    job: &TileSampler,
    o: &OctavePlan,
    (g, t): (&mut CornerGrid, &mut TurnedGrid),
    h: V,
    (p, px, py): ((V, V), &[f32], &[f32]),
) -> V {
    match o {
        OctavePlan::Grid(o) => h + grid_octave::<V, P>(isa, (&job.plan, job.fade), o, g, p),
        OctavePlan::Free(f) => free_octave::<V, P>(isa, job, f, h, px, py),
        // A warped round-window octave runs on the sampler's turned path: the same
        // grid, numbers and turns, its sum in the sampler's order.
        OctavePlan::Turned(o) | OctavePlan::Round(RoundOctave { turned: o, .. }) => {
            h + turned_octave::<V, P>(isa, &job.plan.source, o, t, p)
        }
    }
}

/// Adds an off-grid octave (fractional step or panned lattice) to `h`, lane by lane.
#[inline(never)]
fn free_octave<V: SampleLane, P: ProximityFn>(
    isa: V::Isa,
    job: &TileSampler,
    f: &FreeOctave,
    h: V,
    px: &[f32],
    py: &[f32],
) -> V {
    let mut lanes = [0.0f32; 16];
    h.write(&mut lanes);
    for (i, h) in lanes.iter_mut().enumerate().take(V::W) {
        let (x, y) = (f64::from(px[i]), f64::from(py[i]));
        *h += f.sample::<P>(&job.plan.source, &job.plan.frame, job.fade, x, y);
    }
    V::read(isa, &lanes)
}

/// One band of the sampler, for [`on_widest_isa`].
struct TileBand<'a, P> {
    job: &'a TileSampler,
    y0: usize,
    rows: &'a mut [f32],
    fields: (&'a [f32], &'a [f32]),
    sc: &'a mut TileScratch,
    function: PhantomData<P>,
}

impl<P: ProximityFn> BandWork for TileBand<'_, P> {
    const WIDE: bool = true;
    #[inline(always)]
    fn portable(self) {
        band::<f32, P>((), self.job, self.y0, self.rows, self.fields, self.sc);
    }
    #[inline(always)]
    fn avx2(self, isa: Avx2) {
        #[cfg(target_arch = "x86_64")]
        band::<F32x8, P>(
            isa.token(),
            self.job,
            self.y0,
            self.rows,
            self.fields,
            self.sc,
        );
        #[cfg(not(target_arch = "x86_64"))]
        let _ = isa;
    }
    #[inline(always)]
    fn avx512(self, _: Avx2, wide: Avx512) {
        #[cfg(target_arch = "x86_64")]
        band::<F32x16, P>(wide, self.job, self.y0, self.rows, self.fields, self.sc);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = wide;
    }
}
