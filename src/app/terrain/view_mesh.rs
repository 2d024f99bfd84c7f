//! [`ViewMesh`]: a terrain mesh ready for the GPU, built off the UI thread.

use crate::engine::{Heightmap, JobControl};
use crate::mesh::{MeshError, TerrainGrid};
use crate::pixels::OutputParams;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Floats per vertex: x, z, grey, and the grey's slope along x and z (the shader makes
/// the height and the normal from them, so the height scale needs no rebuild).
pub const FLOATS_PER_VERTEX: usize = 5;

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
    /// Lowest and highest grey.
    pub height_range: (f32, f32),
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
        Ok(Self {
            id,
            resolution,
            vertices,
            indices,
            height_range: grid.height_range(),
            elapsed: start.elapsed(),
        })
    }
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
    }
}
