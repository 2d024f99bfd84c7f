//! [`Solid`]: the terrain as a closed, printable solid: the surface, four walls down to
//! a flat base, and the base. Millimetres, Z up, as slicers expect STL files.

use super::terrain_grid::TerrainGrid;

/// Side of the printed tile in millimetres.
pub const STL_WIDTH_MM: f32 = 100.0;
/// Thickness of the base under grey 0, in millimetres.
pub const STL_BASE_MM: f32 = 5.0;

/// A closed triangle mesh around a [`TerrainGrid`]: every edge is shared by exactly two
/// triangles that run along it in opposite directions, and every normal points out.
#[derive(Clone, Copy, Debug)]
pub struct Solid<'a> {
    grid: &'a TerrainGrid,
    height_scale: f32,
}

impl<'a> Solid<'a> {
    /// The solid of `grid` with grey 1 standing `height_scale` widths above grey 0.
    pub fn new(grid: &'a TerrainGrid, height_scale: f32) -> Self {
        Self { grid, height_scale }
    }

    /// Number of triangles: the surface's `2 (n - 1)^2`, two per edge segment of the
    /// walls, and one per edge segment for the base (a fan around its centre).
    pub fn triangle_count(&self) -> u64 {
        let edge = 4 * (u64::from(self.grid.resolution()) - 1);
        self.grid.triangle_count() + 2 * edge + edge
    }

    /// The top of vertex `(i, j)` in millimetres: X right, Y up the image, Z up.
    fn top(&self, i: usize, j: usize) -> [f32; 3] {
        // The glTF frame turned so that its Y (up) becomes Z: a rotation, so triangles
        // keep their winding.
        let [x, y, z] = self.grid.position(i, j, self.height_scale);
        [
            (x + 0.5) * STL_WIDTH_MM,
            (0.5 - z) * STL_WIDTH_MM,
            STL_BASE_MM + y * STL_WIDTH_MM,
        ]
    }

    fn bottom(&self, i: usize, j: usize) -> [f32; 3] {
        let [x, y, _] = self.top(i, j);
        [x, y, 0.0]
    }

    /// The boundary of the surface in the direction its own triangles run along it:
    /// down the left column, right along the bottom row, up the right column, left
    /// along the top row.
    fn rim(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let last = self.grid.resolution() as usize - 1;
        let left = (0..last).map(|j| (0, j));
        let bottom = (0..last).map(move |i| (i, last));
        let right = (1..=last).rev().map(move |j| (last, j));
        let top = (1..=last).rev().map(|i| (i, 0));
        left.chain(bottom).chain(right).chain(top)
    }

    /// Calls `emit` with every triangle's three corners, counter-clockwise seen from
    /// outside; stops at the first error.
    pub fn for_each_triangle<E>(
        &self,
        mut emit: impl FnMut([[f32; 3]; 3]) -> Result<(), E>,
    ) -> Result<(), E> {
        let n = self.grid.resolution() as usize;
        for j in 0..n - 1 {
            for i in 0..n - 1 {
                for t in self.grid.cell_triangles(i, j) {
                    let p = t.map(|v| self.top(v as usize % n, v as usize / n));
                    emit(p)?;
                }
            }
        }
        let rim: Vec<(usize, usize)> = self.rim().collect();
        let half = STL_WIDTH_MM * 0.5;
        let centre = [half, half, 0.0];
        for (k, &(ai, aj)) in rim.iter().enumerate() {
            let (bi, bj) = rim[(k + 1) % rim.len()];
            let (at, bt) = (self.top(ai, aj), self.top(bi, bj));
            let (ab, bb) = (self.bottom(ai, aj), self.bottom(bi, bj));
            // The wall runs along the rim edge a -> b the other way (b -> a) on top.
            emit([bt, at, ab])?;
            emit([bt, ab, bb])?;
            // The base fans out from its centre, again against the wall's b -> a.
            emit([centre, bb, ab])?;
        }
        Ok(())
    }
}

/// The unit normal of a triangle from its corners (counter-clockwise seen from the
/// side it points to); zero for a degenerate triangle.
pub fn facet_normal(p: &[[f32; 3]; 3]) -> [f32; 3] {
    let u = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
    let v = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
    let c = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).sqrt();
    if len > 0.0 {
        c.map(|x| x / len)
    } else {
        [0.0; 3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{JobControl, NoiseParams, generate_simple};
    use crate::pixels::OutputParams;
    use std::collections::HashMap;

    fn solid_triangles(n: u32, scale: f32) -> (TerrainGrid, Vec<[[f32; 3]; 3]>) {
        let hm = generate_simple(&NoiseParams {
            size: 48,
            initial_step: 16,
            ..NoiseParams::default()
        })
        .unwrap();
        let grid = TerrainGrid::build(&hm, &OutputParams::default(), n, false, &JobControl::new())
            .unwrap();
        let mut tris = Vec::new();
        Solid::new(&grid, scale)
            .for_each_triangle(|t| {
                tris.push(t);
                Ok::<(), ()>(())
            })
            .unwrap();
        (grid, tris)
    }

    #[test]
    fn the_solid_is_closed_and_faces_out() {
        for n in [2, 5, 24, 48] {
            let (grid, tris) = solid_triangles(n, 0.25);
            assert_eq!(tris.len() as u64, Solid::new(&grid, 0.25).triangle_count());
            // Every directed edge appears once and its reverse once: closed and
            // consistently oriented.
            let key = |p: [f32; 3]| p.map(f32::to_bits);
            let mut edges: HashMap<([u32; 3], [u32; 3]), u32> = HashMap::new();
            for t in &tris {
                for k in 0..3 {
                    *edges.entry((key(t[k]), key(t[(k + 1) % 3]))).or_default() += 1;
                }
            }
            for (&(a, b), &count) in &edges {
                assert_eq!(count, 1, "edge used {count} times the same way");
                assert_eq!(edges.get(&(b, a)), Some(&1), "edge without a partner");
            }
            // Outward normals give a positive volume (divergence theorem): the prism
            // of the base plus the terrain's mean height.
            let volume: f64 = tris
                .iter()
                .map(|t| {
                    let [a, b, c] = t.map(|p| p.map(f64::from));
                    (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                        + a[2] * (b[0] * c[1] - b[1] * c[0]))
                        / 6.0
                })
                .sum();
            let w = f64::from(STL_WIDTH_MM);
            let floor = w * w * f64::from(STL_BASE_MM);
            let (lo, hi) = grid.height_range();
            let (lo, hi) = (f64::from(lo) * 0.25 * w, f64::from(hi) * 0.25 * w);
            assert!(
                volume > floor + w * w * lo * 0.99 && volume < floor + w * w * hi * 1.01,
                "{volume}"
            );
        }
    }

    #[test]
    fn facet_normals() {
        let n = facet_normal(&[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]);
        assert_eq!(n, [0.0, 0.0, 1.0]);
        assert_eq!(facet_normal(&[[1.0; 3]; 3]), [0.0; 3]);
    }
}
