//! `render` to a mesh format (glb, OBJ, STL): the heightmap is generated in memory (a
//! mesh needs every vertex's neighbours; its resolution is capped, not its texture) and
//! streamed out as a mesh.

use super::destination::{check_destination, is_stdout};
use super::progress::run_with_progress;
use super::stdout::write_stdout_bytes;
use crate::files::{ExportFormat, Preset, encode_mesh, export_mesh};
use crate::mesh::{MAX_RESOLUTION, MeshOptions};
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

/// Renders `preset` to the mesh format `format` at `out`; `flags` are
/// `--mesh-resolution` and `--height-scale` when given.
pub(super) fn run(
    preset: &Preset,
    format: ExportFormat,
    out: &Path,
    flags: (Option<u32>, Option<f32>),
) -> anyhow::Result<()> {
    let mut options = MeshOptions::for_size(preset.size());
    if let Some(n) = flags.0 {
        options.resolution = n;
    }
    if let Some(h) = flags.1 {
        options.height_scale = h;
    }
    options.validate()?;
    check_destination(out)?;
    let size = preset.size();
    let label = format!("rendering {size}x{size} for {}", format.id());
    let pixels = u64::from(size) * u64::from(size);
    let heightmap = run_with_progress(&label, pixels, |control| preset.generate(control))??;
    if is_stdout(out) {
        let bytes = encode_mesh(&heightmap, preset, format, &options, out)?;
        write_stdout_bytes(&bytes)?;
    } else {
        export_mesh(&heightmap, preset, format, &options, out)?;
    }
    Ok(())
}
