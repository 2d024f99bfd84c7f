//! [`ViewMesh`]: a terrain mesh ready for the GPU, built off the UI thread.

use super::relief::Relief;
use crate::engine::{Heightmap, JobControl};
use crate::mesh::{MeshError, TerrainGrid};
use crate::pixels::OutputParams;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Floats per vertex: x, z, grey, and the grey's slope along x and z (the shader makes
/// the height and the normal from them, so the height scale needs no rebuild).
pub(crate) const FLOATS_PER_VERTEX: usize = 5;

/// Most triangles drawn while the camera moves. A software renderer (Mesa's llvmpipe)
/// spends its time on triangle setup, about 0.6 us a triangle on 2 cores, so a 512 x 512
/// mesh (522k triangles) is drawn with every fourth vertex per side (32k triangles,
/// about 20 ms) while it turns, and in full once it stops.
pub(crate) const MOVING_TRIANGLE_BUDGET: u64 = 1 << 15;

/// A mesh for the 3D view.
#[derive(Debug)]
pub struct ViewMesh {
    /// The job that built it.
    pub id: u64,
    /// Vertices per side.
    pub resolution: u32,
    /// [`FLOATS_PER_VERTEX`] floats per vertex, row-major.
    pub vertices: Vec<f32>,
    /// Three indices per triangle.
    pub indices: Vec<u32>,
    /// Triangles over every `k`-th vertex (k, indices), drawn while the camera moves,
    /// when the full mesh has more than [`MOVING_TRIANGLE_BUDGET`] triangles.
    pub coarse: Option<(u32, Vec<u32>)>,
    /// Lowest and highest grey.
    pub height_range: (f32, f32),
    /// How rugged the surface is (what the height scale is fitted to).
    pub relief: Relief,
    /// How long building took.
    pub elapsed: Duration,
}

impl ViewMesh {
    /// Builds the mesh of `hm` under the output mapping `out` at `resolution` vertices
    /// per side (the same grid the exports use); `wrap` for tileable textures.
    pub fn build(
        id: u64,
        hm: &Heightmap,
        out: &OutputParams,
        resolution: u32,
        wrap: bool,
        control: &JobControl,
    ) -> Result<Self, MeshError> {
        let start = Instant::now();
        let grid = TerrainGrid::build(hm, out, resolution, wrap, control)?;
        let n = resolution as usize;
        let mut vertices = vec![0.0f32; n * n * FLOATS_PER_VERTEX];
        vertices
            .par_chunks_mut(n * FLOATS_PER_VERTEX)
            .enumerate()
            .for_each(|(j, row)| {
                for (i, v) in row.chunks_exact_mut(FLOATS_PER_VERTEX).enumerate() {
                    let [gx, gz] = grid.gradient(i, j);
                    v.copy_from_slice(&[grid.coord(i), grid.coord(j), grid.height(i, j), gx, gz]);
                }
            });
        if control.is_cancelled() {
            return Err(MeshError::Cancelled);
        }
        let indices: Vec<u32> = grid.triangles().flatten().collect();
        let full = grid.triangle_count();
        let stride = (full as f64 / MOVING_TRIANGLE_BUDGET as f64).sqrt().ceil() as usize;
        let coarse = (stride > 1).then(|| (stride as u32, coarse_indices(n, stride)));
        let at =
            |i: usize, j: usize| &vertices[(j * n + i) * FLOATS_PER_VERTEX..][..FLOATS_PER_VERTEX];
        let relief = Relief::of_grid(n, |i, j| at(i, j)[2], |i, j| at(i, j)[3].hypot(at(i, j)[4]));
        Ok(Self {
            id,
            resolution,
            vertices,
            indices,
            coarse,
            height_range: grid.height_range(),
            relief,
            elapsed: start.elapsed(),
        })
    }
}

/// Triangles over the vertices of every `stride`-th row and column (and the last ones, so
/// the coarse mesh covers the same square), wound as the full mesh's.
fn coarse_indices(n: usize, stride: usize) -> Vec<u32> {
    let mut keep: Vec<usize> = (0..n).step_by(stride).collect();
    if keep.last() != Some(&(n - 1)) {
        keep.push(n - 1);
    }
    let mut out = Vec::with_capacity((keep.len() - 1).pow(2) * 6);
    for w in keep.windows(2) {
        let (j0, j1) = (w[0], w[1]);
        for v in keep.windows(2) {
            let (i0, i1) = (v[0], v[1]);
            let id = |i: usize, j: usize| (j * n + i) as u32;
            let (a, b, c, d) = (id(i0, j0), id(i1, j0), id(i0, j1), id(i1, j1));
            out.extend_from_slice(&[a, c, b, b, c, d]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_carry_position_grey_and_slope() {
        let data: Vec<f32> = (0..16).map(|k| (k % 4) as f32 / 3.0).collect();
        let hm = Heightmap::from_data(4, data).unwrap();
        let m = ViewMesh::build(
            7,
            &hm,
            &OutputParams::default(),
            4,
            false,
            &JobControl::new(),
        )
        .unwrap();
        assert_eq!(m.vertices.len(), 16 * FLOATS_PER_VERTEX);
        assert_eq!(m.indices.len(), 3 * 18);
        // Vertex (3, 1): x = 0.5, z = 1/3 - 0.5, grey 1, slope 1 per unit along x.
        let v = &m.vertices[(4 + 3) * FLOATS_PER_VERTEX..][..FLOATS_PER_VERTEX];
        assert_eq!(v[0], 0.5);
        assert!((v[1] + 1.0 / 6.0).abs() < 1e-6 && (v[2] - 1.0).abs() < 1e-6);
        assert!((v[3] - 1.0).abs() < 1e-5 && v[4].abs() < 1e-6, "{v:?}");
        assert_eq!(m.height_range, (0.0, 1.0));
        assert!(m.coarse.is_none());
    }

    #[test]
    fn big_meshes_get_a_coarse_version_within_the_budget() {
        let hm = Heightmap::filled(512, 0.5);
        let m = ViewMesh::build(
            1,
            &hm,
            &OutputParams::default(),
            512,
            false,
            &JobControl::new(),
        )
        .unwrap();
        let (stride, coarse) = m.coarse.unwrap();
        assert_eq!(stride, 4);
        assert!(coarse.len() as u64 / 3 <= MOVING_TRIANGLE_BUDGET);
        // The corners are kept, every index is a real vertex.
        assert!(coarse.contains(&0) && coarse.contains(&(512 * 512 - 1)));
        assert!(coarse.iter().all(|&i| (i as usize) < 512 * 512));
        // Odd counts keep their last row and column.
        let c = coarse_indices(5, 3);
        assert_eq!(
            c,
            vec![
                0, 15, 3, 3, 15, 18, 3, 18, 4, 4, 18, 19, 15, 20, 18, 18, 20, 23, 18, 23, 19, 19,
                23, 24
            ]
        );
    }
}
