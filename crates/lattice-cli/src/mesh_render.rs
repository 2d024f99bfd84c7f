//! `render` to a mesh format (glb, OBJ, STL): the heightmap is generated in memory (a
//! mesh needs every vertex's neighbours; its resolution is capped, not its texture) and
//! streamed out as a mesh.

use super::destination::{check_destination, is_stdout};
use super::progress::run_with_progress;
use super::stdout::write_stdout_bytes;
use crate::engine::Preset;
use crate::files::stream::BandRenderer;
use crate::files::{ExportFormat, encode_mesh, export_mesh};
use crate::mesh::{MAX_RESOLUTION, MeshOptions};
use std::io::Write;
use std::path::Path;

/// `--mesh-resolution`: 2..=[`MAX_RESOLUTION`] vertices per side.
pub(super) fn parse_resolution(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (2..=MAX_RESOLUTION).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not a mesh resolution (2..={MAX_RESOLUTION} vertices per side)"
        )),
    }
}

/// `--height-scale`: 0..=16 widths.
pub(super) fn parse_height_scale(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(h) if (0.0..=16.0).contains(&h) => Ok(h),
        _ => Err(format!(
            "'{text}' is not a height scale (a number in 0..=16)"
        )),
    }
}

/// Meshes estimated larger than this need `--large-mesh`.
const LARGE_MESH_BYTES: u64 = 1 << 30;

/// About how many bytes a `resolution` x `resolution` mesh takes in `format`: glb 32
/// bytes a vertex (position, normal, texture coordinates) and 24 a quad (two
/// triangles' u32 indices); OBJ about 90 bytes of text a vertex with its faces; STL two
/// 50-byte triangles a quad.
pub(super) fn estimated_mesh_bytes(format: ExportFormat, resolution: u32) -> u64 {
    let n = u64::from(resolution);
    let (vertices, quads) = (n * n, (n - 1) * (n - 1));
    match format {
        ExportFormat::Obj => vertices * 90,
        ExportFormat::Stl => quads * 100,
        _ => vertices * 32 + quads * 24,
    }
}

/// The mesh flags of `render`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct MeshFlags {
    /// `--mesh-resolution`.
    pub resolution: Option<u32>,
    /// `--height-scale`.
    pub height_scale: Option<f32>,
    /// `--large-mesh`: write a mesh over [`LARGE_MESH_BYTES`].
    pub large: bool,
}

/// Renders `preset` to the mesh format `format` at `out`.
pub(super) fn run(
    preset: &Preset,
    format: ExportFormat,
    out: &Path,
    flags: MeshFlags,
) -> anyhow::Result<()> {
    let mut options = MeshOptions::for_size(preset.size());
    if let Some(n) = flags.resolution {
        options.resolution = n;
    }
    if let Some(h) = flags.height_scale {
        options.height_scale = h;
    }
    options.validate()?;
    let bytes = estimated_mesh_bytes(format, options.resolution);
    let gib = bytes as f64 / f64::from(1u32 << 30);
    let n = options.resolution;
    if bytes > LARGE_MESH_BYTES && !flags.large {
        anyhow::bail!(
            "a {n} x {n} {} mesh is about {gib:.1} GiB; add --large-mesh to write it, or give a \
             smaller --mesh-resolution",
            format.id()
        );
    }
    check_destination(out)?;
    if bytes > LARGE_MESH_BYTES {
        say_before_start(&format!(
            "writing a {n} x {n} {} mesh of about {gib:.1} GiB",
            format.id()
        ));
    }
    let size = preset.size();
    let label = format!("rendering {size}x{size} for {}", format.id());
    let pixels = u64::from(size) * u64::from(size);
    // The "done" line covers the writing too: it appears only once the file is whole.
    run_with_progress(&label, pixels, |control| -> anyhow::Result<()> {
        let heightmap = BandRenderer::new(preset).render_whole(control)?;
        if is_stdout(out) {
            let bytes = encode_mesh(&heightmap, preset, format, &options, out)?;
            write_stdout_bytes(&bytes)?;
        } else {
            export_mesh(&heightmap, preset, format, &options, out)?;
        }
        Ok(())
    })
}

/// A line on stderr before a long job (a stderr that cannot be written is no reason
/// to fail).
pub(super) fn say_before_start(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_meshes_are_the_ones_over_a_gib() {
        // The default resolutions (at most 1024) never need the flag.
        for f in [ExportFormat::Glb, ExportFormat::Obj, ExportFormat::Stl] {
            assert!(estimated_mesh_bytes(f, 1024) < LARGE_MESH_BYTES / 8);
            assert!(estimated_mesh_bytes(f, 8192) > 3 * LARGE_MESH_BYTES);
        }
        assert!(estimated_mesh_bytes(ExportFormat::Glb, 2) > 0);
    }
}
