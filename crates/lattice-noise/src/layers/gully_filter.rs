//! [`GullyFilter`]: an [`Erosion`] prepared for one texture size, the octaves of
//! gullies it adds block by block of 32 pixels, and the window of heights it reads the
//! ground from.

use super::erosion::Erosion;
use super::stripe_cells::{Across, Block, LANES, mix, stripes};
use super::stripe_row::StripeRow;
use crate::kernel::BlockPick;

/// Slope, in heights per texture width, at which the gullies reach half their depth:
/// flat ground (and the undefined direction of a summit) keeps its shape. The depth
/// grows with the slope's square below it (`s² / (s² + SLOPE_HALF²)`): growing with the
/// slope itself, the stripes kept a steady steepness into every summit, saddle and pit,
/// where the slope's direction turns all the way round, and fanned out there into
/// pinwheels (seen in lit renders of `eroded-mountains`).
const SLOPE_HALF: f32 = 4.0;
/// Curvature, in the unit of curvature masks (hundreds of heights per texture width
/// squared), that `keep` measures peaks and valley floors by: about the curvature of the
/// convexest tenth of a four-octave landform.
const CURVATURE_UNIT: f32 = 3.0;
/// Two pi, for phases in turns.
const TAU: f32 = std::f32::consts::TAU;

/// One octave of gullies prepared for a texture size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Octave {
    /// Cells per pixel.
    per_pixel: f32,
    /// Cells across the texture.
    cells: u32,
    /// The octave's seed.
    seed: u32,
    /// Its depth relative to the first octave's.
    depth: f32,
}

/// The gullies of the octaves done so far at a block of pixels.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Gullies {
    /// Their heights.
    pub(super) sum: Block,
    /// Their slope, which the next octave follows.
    pub(super) sx: Block,
    pub(super) sy: Block,
}

/// Where an octave's stripes run at a block of pixels.
pub(super) struct Heading {
    /// The unit vectors the stripes vary along (across the slope).
    across: Across,
    /// How much of the octave's depth the slope lets through (0 on flat ground).
    fade: Block,
}

/// The slope and curvature of the ground at a block of pixels.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ground {
    /// Gradient, heights per texture width.
    gx: Block,
    gy: Block,
    /// Minus the Laplacian, in [`CURVATURE_UNIT`]s.
    curvature: Block,
}

/// The heights a filter reads: the region grown by `margin` pixels on every side,
/// row-major.
pub(super) struct HeightWindow<'a> {
    pub(super) heights: &'a [f32],
    /// The step of the differences: the halo around the region.
    pub(super) margin: usize,
    /// Pixels per row.
    pub(super) stride: usize,
}

impl HeightWindow<'_> {
    /// The heights at columns `x..x + LANES` of region row `y` (a short last block of a
    /// `width`-pixel row repeats its last pixel), moved by `(dx, dy)` pixels (within
    /// the margin).
    #[inline(always)]
    pub(super) fn block(
        &self,
        x: usize,
        width: usize,
        y: usize,
        (dx, dy): (isize, isize),
    ) -> Block {
        let m = self.margin;
        let row = (y + m).wrapping_add_signed(dy) * self.stride;
        let at = (row + x + m).wrapping_add_signed(dx);
        match self.heights.get(at..at + LANES) {
            // Whole blocks: one load.
            Some(h) if x + LANES <= width => {
                let mut out = [0.0; LANES];
                out.copy_from_slice(h);
                out
            }
            _ => {
                let mut out = [0.0; LANES];
                for (k, o) in out.iter_mut().enumerate() {
                    let i = (row + (x + k).min(width - 1) + m).wrapping_add_signed(dx);
                    *o = self.heights.get(i).copied().unwrap_or(0.0);
                }
                out
            }
        }
    }

    /// The ground at columns `x..x + LANES` of region row `y` (of `width` pixels);
    /// `per_step` is the texture's size over the step.
    #[inline(always)]
    pub(super) fn ground(&self, x: usize, width: usize, y: usize, per_step: f32) -> Ground {
        let s = self.margin as isize;
        let at = |d| self.block(x, width, y, d);
        Ground::measure(
            &at((0, 0)),
            [&at((-s, 0)), &at((s, 0)), &at((0, -s)), &at((0, s))],
            per_step,
        )
    }
}

impl Ground {
    /// From the heights `c` and the heights one step left, right, up and down;
    /// `per_step` is the texture's size over the step.
    #[inline(always)]
    fn measure(c: &Block, [l, r, u, d]: [&Block; 4], per_step: f32) -> Ground {
        let half = 0.5 * per_step;
        let square = per_step * per_step * 1e-2;
        // Plain loops, not `array::from_fn`: its closures were compiled out of line,
        // without the build's vector instructions (a call per block, found in a
        // profile).
        let mut g = Ground {
            gx: [0.0; LANES],
            gy: [0.0; LANES],
            curvature: [0.0; LANES],
        };
        for k in 0..LANES {
            g.gx[k] = (r[k] - l[k]) * half;
            g.gy[k] = (d[k] - u[k]) * half;
            g.curvature[k] = -((l[k] + r[k] + u[k] + d[k] - 4.0 * c[k]) * square) / CURVATURE_UNIT;
        }
        g
    }
}

/// A thread's buffers for [`GullyFilter::add`], kept from row to row.
#[derive(Default)]
pub(super) struct GullyScratch {
    headings: Vec<Heading>,
    /// Per octave, its cells' points around the row.
    rows: Vec<StripeRow>,
}

/// An [`Erosion`] prepared for one texture size.
pub(super) struct GullyFilter {
    erosion: Erosion,
    /// The step of the differences, in pixels.
    pub(super) step: usize,
    /// The texture's size over the step.
    pub(super) per_step: f32,
    /// Coarse to fine.
    pub(super) octaves: Vec<Octave>,
}

impl GullyFilter {
    /// `erosion` for a `size` texture: its octaves' cells, seeds and depths.
    pub(super) fn new(erosion: &Erosion, size: u32) -> GullyFilter {
        let mut depth = 1.0f32;
        let octaves = (0..erosion.octave_count(size))
            .map(|o| {
                let cells = erosion.cells.saturating_mul(1 << o);
                let octave = Octave {
                    per_pixel: cells as f32 / size as f32,
                    cells,
                    seed: mix(o ^ mix(erosion.seed)),
                    depth,
                };
                depth *= erosion.detail;
                octave
            })
            .collect();
        let step = erosion.step(size);
        GullyFilter {
            erosion: *erosion,
            step: step as usize,
            per_step: size as f32 / step as f32,
            octaves,
        }
    }

    /// Adds `octaves`' gullies at texture points (`tx[b]`, `ty`), in pixels, on
    /// `ground[b]` to `gullies[b]`, octave by octave over all blocks `b`, each octave in
    /// two passes: the headings of every block (a square root and a division each), then
    /// the stripes. The blocks of one pass do not depend on each other, and each pass's
    /// chain per block is short, so the processor overlaps many blocks instead of waiting
    /// on each block's long chain (faster, measured; the same operations on each pixel in
    /// the same order, so the same bits). `scratch` holds buffers between rows; `pick`
    /// is the build's.
    #[inline(always)]
    pub(super) fn add<P: BlockPick>(
        &self,
        octaves: &[Octave],
        (tx, ty): (&[Block], f32),
        ground: &[Ground],
        gullies: &mut [Gullies],
        scratch: &mut GullyScratch,
        pick: P,
    ) {
        let (Some(first), Some(last)) = (tx.first(), tx.last()) else {
            return;
        };
        scratch.rows.resize_with(octaves.len(), StripeRow::default);
        for (i, (o, row)) in octaves.iter().zip(scratch.rows.iter_mut()).enumerate() {
            let qx = (first[0] * o.per_pixel, last[LANES - 1] * o.per_pixel);
            row.prepare(qx, ty * o.per_pixel, o.cells, o.seed);
            let headings = &mut scratch.headings;
            headings.clear();
            for (ground, g) in ground.iter().zip(gullies.iter()) {
                headings.push(self.heading(ground, g));
            }
            // No octave follows the last: its slope would never be read.
            let last = i + 1 == octaves.len();
            for ((tx, h), g) in tx.iter().zip(headings.iter()).zip(gullies.iter_mut()) {
                if last {
                    self.octave::<false, P>(o, (tx, ty), h, g, (row, pick));
                } else {
                    self.octave::<true, P>(o, (tx, ty), h, g, (row, pick));
                }
            }
        }
    }

    /// The heading of an octave's stripes at a block: the slope it runs down, the
    /// ground's and the coarser gullies' `g`.
    #[inline(always)]
    fn heading(&self, ground: &Ground, g: &Gullies) -> Heading {
        let e = &self.erosion;
        let follow = e.branching * e.strength;
        let mut h = Heading {
            across: Across {
                x: [0.0; LANES],
                y: [0.0; LANES],
            },
            fade: [0.0; LANES],
        };
        for k in 0..LANES {
            let gx = follow.mul_add(g.sx[k], ground.gx[k]);
            let gy = follow.mul_add(g.sy[k], ground.gy[k]);
            let square = gx.mul_add(gx, gy * gy);
            let slope = square.sqrt();
            // One division for both quotients: 1 / (slope (slope² + half²)).
            let grown = square + SLOPE_HALF * SLOPE_HALF;
            let q = 1.0 / (slope * grown);
            let flat = slope <= 0.0;
            let inv = if flat { 0.0 } else { q * grown };
            // Stripes vary across the slope: along (-gy, gx).
            h.across.x[k] = -gy * inv;
            h.across.y[k] = gx * inv;
            h.fade[k] = if flat { 0.0 } else { square * slope * q };
        }
        h
    }

    /// Adds octave `o`'s gullies at texture points (`tx`, `ty`), in pixels, heading `h`,
    /// to `g`, with the octave's cell points around the row and the build's picks; its
    /// slope too with `SLOPE` (the gullies' slope is left as it was otherwise).
    #[inline(always)]
    fn octave<const SLOPE: bool, P: BlockPick>(
        &self,
        o: &Octave,
        (tx, ty): (&Block, f32),
        h: &Heading,
        g: &mut Gullies,
        (row, pick): (&StripeRow, P),
    ) {
        let e = &self.erosion;
        let mut qx = [0.0; LANES];
        for (q, &t) in qx.iter_mut().zip(tx) {
            *q = t * o.per_pixel;
        }
        let (v, dv) = stripes::<SLOPE, P, StripeRow>(
            &qx,
            ty * o.per_pixel,
            o.cells,
            o.seed,
            &h.across,
            e.sharpness,
            row,
            pick,
        );
        // d(turns)/d(texture widths) along the stripes' direction is the cell count.
        let turn = TAU * o.cells as f32;
        for k in 0..LANES {
            let scale = o.depth * h.fade[k];
            g.sum[k] = v[k].mul_add(scale, g.sum[k]);
            if SLOPE {
                let d = dv[k] * turn * scale;
                g.sx[k] = d.mul_add(h.across.x[k], g.sx[k]);
                g.sy[k] = d.mul_add(h.across.y[k], g.sy[k]);
            }
        }
    }

    /// The heights the gullies `g` add on `ground`.
    #[inline(always)]
    pub(super) fn relief(&self, ground: &Ground, g: &Gullies) -> Block {
        let e = &self.erosion;
        let mut relief = [0.0; LANES];
        for (k, relief) in relief.iter_mut().enumerate() {
            let keep = 1.0 - e.keep * tanh(ground.curvature[k]).abs();
            *relief = 0.5 * e.strength * g.sum[k] * keep;
        }
        relief
    }
}

/// `tanh` by a rational approximation (within 2 % of it), clamped to -1..=1.
#[inline(always)]
pub(super) fn tanh(x: f32) -> f32 {
    let x2 = x * x;
    let t = x * (27.0 + x2) / (27.0 + 9.0 * x2);
    t.clamp(-1.0, 1.0)
}
