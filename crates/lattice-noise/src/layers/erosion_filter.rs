//! [`erode_into`]: the erosion filter's loop over a window of heights, one pixel at a
//! time from that pixel's height, slope and curvature alone.

use super::erosion::Erosion;
use super::stripe_cells::{Across, Block, LANES, mix, stripes};
use crate::kernel::{VectorIsa, VectorWork, on_vector_isa};
use crate::region::Region;

/// Slope, in heights per texture width, at which the gullies reach half their depth:
/// flat ground (and the undefined direction of a summit) keeps its shape.
const SLOPE_HALF: f32 = 3.0;
/// Curvature, in the unit of curvature masks (hundreds of heights per texture width
/// squared), that `keep` measures peaks and valley floors by: about the curvature of the
/// convexest tenth of a four-octave landform.
const CURVATURE_UNIT: f32 = 3.0;
/// Two pi, for phases in turns.
const TAU: f32 = std::f32::consts::TAU;

/// Fills `out` (`region`'s pixels, row-major) with the heights of `window` (the region
/// grown by `erosion.step(size)` pixels on every side, see
/// [`super::halo_window::toned_window`]) eroded by `erosion`, for a `size` texture.
/// Every pixel reads only its own height and the four at one step from it, so any
/// window of the texture gives that window of the whole, bit for bit, at any thread
/// count and in every instruction set's build.
pub(super) fn erode_into(
    window: &[f32],
    region: Region,
    size: u32,
    erosion: &Erosion,
    out: &mut [f32],
) {
    erode_on(window, region, size, erosion, out, VectorIsa::detect());
}

/// [`erode_into`] in the builds `isa` allows.
fn erode_on(
    window: &[f32],
    region: Region,
    size: u32,
    erosion: &Erosion,
    out: &mut [f32],
    isa: VectorIsa,
) {
    let width = region.width as usize;
    let filter = Filter::new(erosion, size);
    crate::parallel::for_each_chunk_mut(
        out,
        width.max(1),
        || (),
        |_, y, row| {
            let work = RowWork {
                filter: &filter,
                window,
                region,
                y,
                row,
            };
            on_vector_isa(work, isa);
        },
    );
}

/// One row of an [`erode_into`], block by block.
struct RowWork<'a> {
    filter: &'a Filter,
    window: &'a [f32],
    region: Region,
    /// The row, from the region's top.
    y: usize,
    row: &'a mut [f32],
}

impl VectorWork for RowWork<'_> {
    /// Measured: the filter is most of an eroded render, and AVX-512 runs it in fewer
    /// instructions than AVX2 (see the README's Erosion section).
    const WIDE: bool = true;
    #[inline(always)]
    fn run(self) {
        let RowWork {
            filter,
            window,
            region,
            y,
            row,
        } = self;
        let width = row.len();
        let m = filter.step;
        let stride = width + 2 * m;
        let at = |dy: usize| &window[(y + dy) * stride..][..stride];
        let (up, mid, down) = (at(0), at(m), at(2 * m));
        let ty = region.y as f32 + y as f32 + 0.5;
        for (b, out) in row.chunks_mut(LANES).enumerate() {
            // A short last block repeats its last pixel in the spare lanes.
            let x = |k: usize| (b * LANES + k).min(width - 1);
            let c: Block = std::array::from_fn(|k| mid[x(k) + m]);
            let ground = Ground::measure(
                &c,
                [
                    &std::array::from_fn(|k| mid[x(k)]),
                    &std::array::from_fn(|k| mid[x(k) + 2 * m]),
                    &std::array::from_fn(|k| up[x(k) + m]),
                    &std::array::from_fn(|k| down[x(k) + m]),
                ],
                filter.per_step,
            );
            let tx: Block = std::array::from_fn(|k| region.x as f32 + x(k) as f32 + 0.5);
            let relief = filter.relief(&tx, ty, &ground);
            for (k, o) in out.iter_mut().enumerate() {
                *o = c[k] + relief[k];
            }
        }
    }
}

/// The slope and curvature of the ground at a block of pixels.
#[derive(Clone, Copy, Debug)]
struct Ground {
    /// Gradient, heights per texture width.
    gx: Block,
    gy: Block,
    /// Minus the Laplacian, in [`CURVATURE_UNIT`]s.
    curvature: Block,
}

impl Ground {
    /// From the heights `c` and the heights one step left, right, up and down;
    /// `per_step` is the texture's size over the step.
    #[inline(always)]
    fn measure(c: &Block, [l, r, u, d]: [&Block; 4], per_step: f32) -> Ground {
        let half = 0.5 * per_step;
        let square = per_step * per_step * 1e-2;
        Ground {
            gx: std::array::from_fn(|k| (r[k] - l[k]) * half),
            gy: std::array::from_fn(|k| (d[k] - u[k]) * half),
            curvature: std::array::from_fn(|k| {
                -((l[k] + r[k] + u[k] + d[k] - 4.0 * c[k]) * square) / CURVATURE_UNIT
            }),
        }
    }
}

/// An [`Erosion`] prepared for one texture size.
struct Filter {
    erosion: Erosion,
    /// The step of the differences, in pixels.
    step: usize,
    /// The texture's size over the step.
    per_step: f32,
    /// Per octave: cells per pixel, cells across the texture, and the octave's seed.
    octaves: Vec<(f32, u32, u32)>,
}

impl Filter {
    fn new(erosion: &Erosion, size: u32) -> Filter {
        let octaves = (0..erosion.octave_count(size))
            .map(|o| {
                let cells = erosion.cells.saturating_mul(1 << o);
                let seed = mix(o ^ mix(erosion.seed));
                (cells as f32 / size as f32, cells, seed)
            })
            .collect();
        let step = erosion.step(size);
        Filter {
            erosion: *erosion,
            step: step as usize,
            per_step: size as f32 / step as f32,
            octaves,
        }
    }

    /// The heights the filter adds at texture points (`tx`, `ty`), in pixels, on
    /// `ground`.
    #[inline(always)]
    fn relief(&self, tx: &Block, ty: f32, ground: &Ground) -> Block {
        let e = &self.erosion;
        let follow = e.branching * e.strength;
        let (mut sum, mut sx, mut sy) = ([0.0f32; LANES], [0.0f32; LANES], [0.0f32; LANES]);
        let mut depth = 1.0f32;
        for &(per_pixel, cells, seed) in &self.octaves {
            // The slope this octave runs down: the ground's and the coarser gullies'.
            let mut across = Across {
                x: [0.0; LANES],
                y: [0.0; LANES],
            };
            let mut fade = [0.0f32; LANES];
            for k in 0..LANES {
                let gx = ground.gx[k] + follow * sx[k];
                let gy = ground.gy[k] + follow * sy[k];
                let slope = (gx * gx + gy * gy).sqrt();
                let inv = if slope > 0.0 { 1.0 / slope } else { 0.0 };
                // Stripes vary across the slope: along (-gy, gx).
                across.x[k] = -gy * inv;
                across.y[k] = gx * inv;
                fade[k] = slope / (slope + SLOPE_HALF);
            }
            let qx: Block = std::array::from_fn(|k| tx[k] * per_pixel);
            let (v, dv) = stripes(&qx, ty * per_pixel, cells, seed, &across, e.sharpness);
            // d(turns)/d(texture widths) along the stripes' direction is the cell count.
            let turn = TAU * cells as f32;
            for k in 0..LANES {
                let scale = depth * fade[k];
                let d = dv[k] * turn * scale;
                sum[k] += v[k] * scale;
                sx[k] += d * across.x[k];
                sy[k] += d * across.y[k];
            }
            depth *= e.detail;
        }
        std::array::from_fn(|k| {
            let keep = 1.0 - e.keep * tanh(ground.curvature[k]).abs();
            0.5 * e.strength * sum[k] * keep
        })
    }
}

/// `tanh` by a rational approximation (within 2 % of it), clamped to -1..=1.
#[inline(always)]
fn tanh(x: f32) -> f32 {
    let x2 = x * x;
    let t = x * (27.0 + x2) / (27.0 + 9.0 * x2);
    t.clamp(-1.0, 1.0)
}

#[cfg(test)]
#[path = "erosion_filter_tests.rs"]
mod tests;
