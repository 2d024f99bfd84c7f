//! The octave loop, organised for speed.
//!
//! The original loops grid cell by grid cell and calls four proximity and four fade
//! delegates per pixel, drawing each corner's random numbers once per pixel. Here:
//! - the texture is cut into bands of rows, processed in parallel; within a band, row
//!   by row, every octave is added (in the original order) to a row buffer that stays
//!   in the L1 cache;
//! - each corner's random numbers are drawn once per corner row (not per pixel) into
//!   structure-of-arrays rows, kept per octave and reused by all pixel rows of a grid
//!   cell, across bands too;
//! - the fade is separable: `f(u/l)` and `f(1 - u/l)` are tabulated once per octave and
//!   multiplied by the row's `f(v/l)` once per row;
//! - the proximity function is a type parameter, so every inner loop is specialised and
//!   vectorised (the loop shapes per function kind and step are in `row_kernel`).
//!
//! Each pixel's value is computed by the same sequence of f32 operations whatever the
//! band or thread, so results are bit-identical at any thread count.

mod array_of;
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx2_memory;
#[cfg(target_arch = "x86_64")]
mod avx2_transpose;
mod avx512;
#[cfg(target_arch = "x86_64")]
mod band_source;
mod block;
mod block_pick;
mod cell_locate;
mod cell_plan;
mod cell_point;
mod cell_row;
mod cell_sampler;
mod cell_search;
mod cellular_bands;
mod dual;
#[cfg(target_arch = "x86_64")]
mod f32x16;
#[cfg(target_arch = "x86_64")]
mod f32x8;
mod free_octave;
mod grid_corners;
mod grid_octave;
mod grid_row;
mod isa_dispatch;
mod mean_kernel;
mod octave;
mod plan;
mod reference;
mod round_cells;
mod round_octave;
mod round_row;
mod round_simd;
mod round_window;
mod row_bands;
mod row_copy;
mod row_kernel;
mod row_parts;
mod sample_lane;
#[cfg(target_arch = "x86_64")]
mod simd_lane;
mod simd_rows;
mod slope_rows;
mod slope_sampler;
mod tile_positions;
mod tile_sampler;
mod turned_grid;
mod turned_octave;
mod turned_sample;
mod vector_work;
mod warp_fields;
mod warp_grid;
mod warped;
mod window_table;

#[cfg(test)]
pub(crate) use block_pick::PortablePick;
pub(crate) use block_pick::{BlockPick, PICK_LANES};
pub(super) use reference::reference;
pub use slope_sampler::{HeightSlope, SlopeSampler};
pub(crate) use vector_work::{VectorIsa, VectorWork, on_vector_isa};
pub(super) use warp_fields::{FieldSource, WarpFields};
pub(super) use warped::run_warped;

use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::region::Region;
use avx2::Avx2;
use plan::Plan;
use row_bands::Runner;

/// Runs the fast kernel for `region` into `hm` (already the region's shape; every value
/// is overwritten); the caller validated `p` and `region` and checks for cancellation.
pub(super) fn run(p: &NoiseParams, region: Region, control: &JobControl, hm: &mut Heightmap) {
    run_on(p, region, control, hm, Avx2::within(control.widest_build()));
}

/// [`run`] with the instruction sets `isa` allows (`None`: the portable build).
fn run_on(
    p: &NoiseParams,
    region: Region,
    control: &JobControl,
    hm: &mut Heightmap,
    isa: Option<Avx2>,
) {
    if let Some(c) = p.cellular {
        cellular_bands::run_cellular(p, c, region, None, control, hm, isa);
        return;
    }
    let plan = Plan::new(p, region);
    if !plan.runs_on_rows() {
        let still = WarpFields {
            source: FieldSource::Still,
            amplitude: 0.0,
        };
        warped::run_warped_on(p, region, still, control, hm, isa);
        return;
    }
    p.proximity.visit(Runner {
        plan: &plan,
        control,
        data: hm.data_mut(),
        isa,
    });
}
