//! Wavefront OBJ of a terrain grid, streamed line by line: positions, texture
//! coordinates, normals and triangles, with the preset in a comment at the top.

use crate::mesh::TerrainGrid;
use std::io::{self, Write};

/// Writes the grid as OBJ text: Y up, one unit wide, grey 1 at `height_scale`. OBJ's
/// texture V runs up the image, so it is `1 - v` of the glTF coordinates. The preset's
/// RON text, when given, is written as comment lines (`# `), so the file says what made
/// it.
pub(super) fn write_obj(
    w: &mut dyn Write,
    grid: &TerrainGrid,
    height_scale: f32,
    preset_ron: Option<&str>,
) -> io::Result<()> {
    let n = grid.resolution() as usize;
    writeln!(
        w,
        "# Lattice Studio terrain: {n} x {n} vertices, {} triangles",
        grid.triangle_count()
    )?;
    writeln!(
        w,
        "# Y up; the texture spans -0.5..0.5 in X and Z (top row at -Z); grey 1 at Y = {height_scale}"
    )?;
    if let Some(ron) = preset_ron {
        writeln!(w, "# lattice-studio-preset (RON):")?;
        for line in ron.lines() {
            // A comment ends at the line break; no other character can end it early.
            writeln!(w, "# {}", line.replace('\r', ""))?;
        }
    }
    writeln!(w, "o terrain")?;
    for j in 0..n {
        for i in 0..n {
            let [x, y, z] = grid.position(i, j, height_scale);
            writeln!(w, "v {x} {y} {z}")?;
        }
    }
    for j in 0..n {
        for i in 0..n {
            let [u, v] = grid.uv(i, j);
            writeln!(w, "vt {u} {}", 1.0 - v)?;
        }
    }
    for j in 0..n {
        for i in 0..n {
            let [x, y, z] = grid.normal(i, j, height_scale);
            writeln!(w, "vn {x} {y} {z}")?;
        }
    }
    for [a, b, c] in grid.triangles() {
        // OBJ counts from 1; position, texture and normal share the index.
        let (a, b, c) = (a + 1, b + 1, c + 1);
        writeln!(w, "f {a}/{a}/{a} {b}/{b}/{b} {c}/{c}/{c}")?;
    }
    Ok(())
}
