//! [`erode_into`]: the erosion filter over a window of heights, one pixel at a time
//! from that pixel's height, slope and curvature alone.

use super::erosion::Erosion;
use super::gully_filter::{Ground, Gullies, GullyFilter, GullyScratch, HeightWindow};
use super::stripe_cells::{Block, LANES};
use crate::kernel::{BlockPick, VectorIsa, VectorWork, on_vector_isa};
use crate::region::Region;

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
    let filter = GullyFilter::new(erosion, size);
    let window = HeightWindow {
        heights: window,
        margin: filter.step,
        stride: width + 2 * filter.step,
    };
    crate::parallel::for_each_chunk_mut(out, width.max(1), RowState::default, |state, y, row| {
        let work = RowWork {
            filter: &filter,
            window: &window,
            at: (region.x, region.y as usize + y),
            y,
            row,
            state,
        };
        on_vector_isa(work, isa);
    });
}

/// A thread's buffers for rows.
#[derive(Default)]
struct RowState {
    tx: Vec<Block>,
    ground: Vec<Ground>,
    gullies: Vec<Gullies>,
    scratch: GullyScratch,
}

/// One row of an [`erode_into`].
struct RowWork<'a> {
    filter: &'a GullyFilter,
    window: &'a HeightWindow<'a>,
    /// Texture position of the row's first pixel.
    at: (u32, usize),
    /// The row, from the region's top.
    y: usize,
    row: &'a mut [f32],
    state: &'a mut RowState,
}

impl VectorWork for RowWork<'_> {
    /// Measured: the filter is most of an eroded render, and AVX-512 runs it in fewer
    /// instructions than AVX2 (see the README's Erosion section).
    const WIDE: bool = true;
    #[inline(always)]
    fn run<P: BlockPick>(self, pick: P) {
        let RowWork {
            filter,
            window,
            at: (x0, ty),
            y,
            row,
            state,
        } = self;
        let width = row.len();
        if width == 0 {
            return;
        }
        let blocks = width.div_ceil(LANES);
        state.tx.clear();
        state.ground.clear();
        for b in 0..blocks {
            // A short last block repeats its last pixel in the spare lanes.
            let x = |k: usize| (b * LANES + k).min(width - 1);
            let mut tx = [0.0; LANES];
            for (k, t) in tx.iter_mut().enumerate() {
                *t = x0 as f32 + x(k) as f32 + 0.5;
            }
            state.tx.push(tx);
            state
                .ground
                .push(window.ground(b * LANES, width, y, filter.per_step));
        }
        state.gullies.clear();
        state.gullies.resize(blocks, Gullies::default());
        let ty = ty as f32 + 0.5;
        filter.add(
            &filter.octaves,
            (&state.tx, ty),
            &state.ground,
            &mut state.gullies,
            &mut state.scratch,
            pick,
        );
        for (b, out) in row.chunks_mut(LANES).enumerate() {
            let heights = window.block(b * LANES, width, y, (0, 0));
            let relief = filter.relief(&state.ground[b], &state.gullies[b]);
            for (k, o) in out.iter_mut().enumerate() {
                *o = heights[k] + relief[k];
            }
        }
    }
}

#[cfg(test)]
#[path = "erosion_filter_tests.rs"]
mod tests;
