//! [`TerrainGrid`]: the heightmap's mapped grey resampled to `n x n` mesh vertices,
//! with the positions, normals, texture coordinates and triangles built from it.

use super::axis_filter::{AxisFilter, Sampling};
use super::mesh_error::MeshError;
use super::mesh_options::MAX_RESOLUTION;
use crate::engine::{Heightmap, JobControl};
use crate::pixels::{OutputParams, ToneMap};
use rayon::prelude::*;

/// The surface of a texture as `n x n` vertex heights (the grey 0..1 the texture
/// shows). Only the heights are stored (4 bytes a vertex); positions, normals and
/// triangles are computed when asked, so writers can stream them.
#[derive(Clone, Debug, PartialEq)]
pub struct TerrainGrid {
    n: usize,
    wrap: bool,
    heights: Vec<f32>,
}

impl TerrainGrid {
    /// Maps `hm` through the output mapping `out` (contrast, luminance, levels, clamped
    /// to 0..1) and resamples it to `resolution x resolution` vertices (area average
    /// when shrinking, bilinear when enlarging; see [`AxisFilter`]). With `wrap` (a
    /// tileable texture) the last row and column repeat the first, so copies of the
    /// mesh tile without a seam. Runs on the rayon pool; `control` can cancel it.
    pub fn build(
        hm: &Heightmap,
        out: &OutputParams,
        resolution: u32,
        wrap: bool,
        control: &JobControl,
    ) -> Result<Self, MeshError> {
        if !(2..=MAX_RESOLUTION).contains(&resolution) {
            return Err(MeshError::Resolution {
                value: resolution,
                max: MAX_RESOLUTION,
            });
        }
        let s = hm.size() as usize;
        let n = resolution as usize;
        let sampling = if wrap {
            Sampling::CornersWrapped
        } else {
            Sampling::Corners
        };
        let filter = AxisFilter::new(s, n, sampling);
        let tm = ToneMap::for_heightmap(hm, out);
        let mut heights = vec![0.0f32; n * n];
        control.begin(n);
        heights.par_chunks_mut(n).enumerate().try_for_each_init(
            || (vec![0.0f32; s], vec![0.0f32; n]),
            |(grey, filtered), (j, row)| {
                if control.is_cancelled() {
                    return Err(MeshError::Cancelled);
                }
                row.fill(0.0);
                for &(sy, wy) in filter.taps(j) {
                    for (g, &h) in grey.iter_mut().zip(hm.row(sy)) {
                        *g = tm.grey(h);
                    }
                    filter.apply(grey, filtered);
                    for (o, &f) in row.iter_mut().zip(filtered.iter()) {
                        *o += wy * f;
                    }
                }
                control.step();
                Ok(())
            },
        )?;
        Ok(Self { n, wrap, heights })
    }

    /// Vertices per side.
    pub fn resolution(&self) -> u32 {
        self.n as u32
    }

    /// Whether the grid wraps (its last row and column repeat the first).
    pub fn wraps(&self) -> bool {
        self.wrap
    }

    /// The vertex heights (grey 0..1), row-major, top row first.
    pub fn heights(&self) -> &[f32] {
        &self.heights
    }

    /// Grey 0..1 at vertex column `i`, row `j`.
    #[inline]
    pub fn height(&self, i: usize, j: usize) -> f32 {
        self.heights[j * self.n + i]
    }

    /// Number of vertices, `n^2`.
    pub fn vertex_count(&self) -> u64 {
        (self.n * self.n) as u64
    }

    /// Number of triangles, `2 (n - 1)^2`.
    pub fn triangle_count(&self) -> u64 {
        2 * ((self.n - 1) * (self.n - 1)) as u64
    }

    /// Lowest and highest grey of the grid.
    pub fn height_range(&self) -> (f32, f32) {
        self.heights
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &h| {
                (lo.min(h), hi.max(h))
            })
    }

    /// Horizontal coordinate of vertex column (or row) `i`, -0.5..=0.5.
    #[inline]
    pub fn coord(&self, i: usize) -> f32 {
        i as f32 / (self.n - 1) as f32 - 0.5
    }

    /// Position of vertex `(i, j)`: X right, Y up (`grey * height_scale`), Z down the
    /// image (the top row at -0.5).
    #[inline]
    pub fn position(&self, i: usize, j: usize, height_scale: f32) -> [f32; 3] {
        [
            self.coord(i),
            self.height(i, j) * height_scale,
            self.coord(j),
        ]
    }

    /// Texture coordinates of vertex `(i, j)`: (0, 0) at the image's top left, as glTF
    /// has them.
    #[inline]
    pub fn uv(&self, i: usize, j: usize) -> [f32; 2] {
        let d = (self.n - 1) as f32;
        [i as f32 / d, j as f32 / d]
    }

    /// The slope of the grey along X and Z at vertex `(i, j)`, per unit of width:
    /// central differences inside, one-sided at the edges (wrapping when the grid does).
    pub fn gradient(&self, i: usize, j: usize) -> [f32; 2] {
        let last = self.n - 1;
        let spacing = 1.0 / last as f32;
        // Neighbours along one axis: (lower index, higher index, distance between them).
        let around = |k: usize| -> (usize, usize, f32) {
            if self.wrap && self.n >= 3 {
                // Vertex `last` is vertex 0 of the next copy.
                let lo = if k == 0 { last - 1 } else { k - 1 };
                let hi = if k == last { 1 } else { k + 1 };
                (lo, hi, 2.0 * spacing)
            } else if k == 0 {
                (0, 1, spacing)
            } else if k == last {
                (last - 1, last, spacing)
            } else {
                (k - 1, k + 1, 2.0 * spacing)
            }
        };
        let (x0, x1, dx) = around(i);
        let (z0, z1, dz) = around(j);
        [
            (self.height(x1, j) - self.height(x0, j)) / dx,
            (self.height(i, z1) - self.height(i, z0)) / dz,
        ]
    }

    /// Unit normal of the surface at vertex `(i, j)` for `height_scale`.
    pub fn normal(&self, i: usize, j: usize, height_scale: f32) -> [f32; 3] {
        let [gx, gz] = self.gradient(i, j);
        let v = [-gx * height_scale, 1.0, -gz * height_scale];
        let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        [v[0] / len, v[1] / len, v[2] / len]
    }

    /// The two triangles of cell `(i, j)` (vertex indices `j * n + i`), counter-clockwise
    /// seen from above, so their normals point up.
    #[inline]
    pub fn cell_triangles(&self, i: usize, j: usize) -> [[u32; 3]; 2] {
        let n = self.n as u32;
        let (i, j) = (i as u32, j as u32);
        let a = j * n + i;
        let (b, c, d) = (a + 1, a + n, a + n + 1);
        [[a, c, b], [b, c, d]]
    }

    /// Every triangle, cell by cell, row by row.
    pub fn triangles(&self) -> impl Iterator<Item = [u32; 3]> + '_ {
        let cells = self.n - 1;
        (0..cells)
            .flat_map(move |j| (0..cells).flat_map(move |i| self.cell_triangles(i, j).into_iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heightmap rising left to right from 0 to 1.
    fn ramp_x(size: u32) -> Heightmap {
        let d = (size - 1) as f32;
        let data = (0..size * size).map(|k| (k % size) as f32 / d).collect();
        Heightmap::from_data(size, data).unwrap()
    }

    fn build(hm: &Heightmap, n: u32, wrap: bool) -> TerrainGrid {
        TerrainGrid::build(hm, &OutputParams::default(), n, wrap, &JobControl::new()).unwrap()
    }

    #[test]
    fn counts_and_bounds() {
        let hm = crate::engine::generate_simple(&crate::engine::NoiseParams::default().resized(64))
            .unwrap();
        for n in [2, 17, 64, 100] {
            let g = build(&hm, n, false);
            assert_eq!(g.vertex_count(), u64::from(n * n));
            assert_eq!(g.triangle_count(), 2 * u64::from((n - 1) * (n - 1)));
            assert_eq!(g.triangles().count() as u64, g.triangle_count());
            let max = g.triangles().flatten().max().unwrap();
            assert_eq!(u64::from(max), g.vertex_count() - 1);
        }
        // At full resolution the vertices are the texture's greys, so the bounds are the
        // height range of the mapped texture.
        let g = build(&hm, 64, false);
        let grey = crate::pixels::grey8(&hm, &OutputParams::default());
        let tm = ToneMap::for_heightmap(&hm, &OutputParams::default());
        let want = hm.data().iter().fold((1.0f32, 0.0f32), |(lo, hi), &h| {
            (lo.min(tm.grey(h)), hi.max(tm.grey(h)))
        });
        assert_eq!(g.height_range(), want);
        assert_eq!(grey.dimensions(), (64, 64));
        let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
        for j in 0..64 {
            for i in 0..64 {
                let p = g.position(i, j, 0.25);
                for k in 0..3 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
        }
        assert_eq!((lo[0], hi[0], lo[2], hi[2]), (-0.5, 0.5, -0.5, 0.5));
        assert_eq!((lo[1], hi[1]), (want.0 * 0.25, want.1 * 0.25));
    }

    #[test]
    fn normals_of_a_known_slope() {
        // Grey rises by 1 over the width; at height scale 0.25 the surface rises 0.25
        // per unit to the right, so every normal is (-0.25, 1, 0) normalised.
        let g = build(&ramp_x(33), 33, false);
        let len = (1.0f32 + 0.0625).sqrt();
        for j in 0..33 {
            for i in 0..33 {
                let n = g.normal(i, j, 0.25);
                assert!((n[0] + 0.25 / len).abs() < 1e-4, "{i},{j}: {n:?}");
                assert!((n[1] - 1.0 / len).abs() < 1e-4 && n[2].abs() < 1e-5);
            }
        }
        // Downsampled 4:1 the slope is the same.
        let g = build(&ramp_x(129), 33, false);
        let n = g.normal(16, 16, 0.25);
        assert!((n[0] + 0.25 / len).abs() < 1e-3, "{n:?}");
    }

    #[test]
    fn triangles_face_up_and_match_the_normals() {
        let g = build(&ramp_x(9), 9, false);
        for t in g.triangles() {
            let p: Vec<[f32; 3]> = t
                .iter()
                .map(|&v| g.position(v as usize % 9, v as usize / 9, 0.25))
                .collect();
            let (u, v) = (sub(p[1], p[0]), sub(p[2], p[0]));
            let face = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            let n = g.normal(t[0] as usize % 9, t[0] as usize / 9, 0.25);
            assert!(face[1] > 0.0);
            assert!(face[0] * n[0] + face[1] * n[1] + face[2] * n[2] > 0.0);
        }
    }

    fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    }

    #[test]
    fn wrapped_grids_repeat_their_first_row_and_column() {
        let hm = crate::engine::generate_simple(&crate::engine::NoiseParams {
            size: 64,
            initial_step: 16,
            tileable: true,
            ..Default::default()
        })
        .unwrap();
        let g = build(&hm, 33, true);
        for k in 0..33 {
            assert_eq!(g.height(0, k), g.height(32, k));
            assert_eq!(g.height(k, 0), g.height(k, 32));
            assert_eq!(g.normal(0, k, 0.3), g.normal(32, k, 0.3));
        }
    }

    #[test]
    fn a_cancelled_build_stops() {
        let control = JobControl::new();
        control.cancel();
        let r = TerrainGrid::build(&ramp_x(64), &OutputParams::default(), 64, false, &control);
        assert_eq!(r, Err(MeshError::Cancelled));
    }
}
