//! `lattice-studio render`: preset + flags -> one file, streamed band by band (any size
//! up to 262144, memory flat), whole or one `--region` of the texture.

use super::destination::{check_destination, is_stdout};
use super::mesh_render::{self, MeshFlags, parse_height_scale, parse_resolution};
use super::overrides::Overrides;
use super::progress::run_with_progress;
use super::stdout::StdoutError;
use crate::engine::Region;
use crate::engine::{LayerStack, Preset};
use crate::files::PresetFiles;
use crate::files::{ExportFormat, StreamJob};
use anyhow::bail;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Preset file (RON), or a PNG exported by Lattice Studio (its embedded preset is
    /// used), or `-` for RON text on standard input; without one the defaults apply.
    #[arg(value_name = "PRESET.ron|PNG|-")]
    pub preset: Option<PathBuf>,
    /// Output file, written atomically (a failed or interrupted render leaves no file
    /// and keeps an old one); `-` writes to standard output, for pipes.
    #[arg(long, short, value_name = "FILE")]
    pub out: PathBuf,
    /// png, png-transparent, png16, r16, r32, normal (RGB normal map), color (RGB through
    /// the colour ramp), color-alpha (RGBA), exr (OpenEXR float heights), packed /
    /// packed16 (up to four layers in R, G, B, A), or a mesh of the surface: glb (glTF
    /// binary, with the coloured texture when a ramp is set), obj, stl (closed solid for
    /// 3D printing) (default: from the extension, else png). PNGs carry the preset, so
    /// they can be rendered again or opened in the app; meshes record it too.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub format: Option<ExportFormat>,
    /// Mesh formats: vertices per side, 2..=8192 (default: the size, at most 1024).
    /// Fewer than the texture's pixels average the pixels each vertex stands for.
    #[arg(long, value_name = "N", value_parser = parse_resolution)]
    pub mesh_resolution: Option<u32>,
    /// Mesh formats: height of white (grey 1) above black, relative to the mesh's width,
    /// 0..=16 (default 0.25).
    #[arg(long, value_name = "H", value_parser = parse_height_scale)]
    pub height_scale: Option<f32>,
    /// Mesh formats: write a mesh estimated over 1 GiB (without it such a mesh is
    /// refused, with its size).
    #[arg(long)]
    pub large_mesh: bool,
    /// Only the window X,Y,W,H of the --size texture: its pixels equal that window of
    /// the whole render, bit for bit (tiles for a render farm; see `tiles`).
    #[arg(long, value_name = "X,Y,W,H", value_parser = parse_region)]
    pub region: Option<Region>,
    /// Fixed levels: heights MIN..MAX stretched to the full grey range (auto-levels is
    /// turned on), instead of the texture's measured range; with --normalize, MAX is
    /// the divisor. `tiles` passes the whole texture's levels to every tile this way.
    #[arg(long, value_name = "MIN,MAX", allow_hyphen_values = true, value_parser = parse_levels)]
    pub levels: Option<(f32, f32)>,
    /// EXR: 16-bit half floats instead of 32-bit floats.
    #[arg(long)]
    pub exr_half: bool,
    /// Parameter flags that override the preset.
    #[command(flatten)]
    pub overrides: Overrides,
}

/// A `--format` id.
pub(super) fn parse_format(id: &str) -> Result<ExportFormat, String> {
    ExportFormat::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = ExportFormat::ALL.iter().map(|f| f.id()).collect();
        format!("unknown format '{id}'; valid ids: {}", ids.join(", "))
    })
}

/// `X,Y,W,H` in whole pixels.
pub(super) fn parse_region(s: &str) -> Result<Region, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let nums: Option<Vec<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
    match nums.as_deref() {
        Some(&[x, y, width, height]) if width > 0 && height > 0 => Ok(Region {
            x,
            y,
            width,
            height,
        }),
        _ => Err(format!(
            "'{s}' is not a region; expected X,Y,W,H in whole pixels, W and H above 0"
        )),
    }
}

/// `MIN,MAX`, finite, MIN at most MAX (equal: the levels of a flat texture, which
/// `tiles` measures and passes on like any other).
pub(super) fn parse_levels(s: &str) -> Result<(f32, f32), String> {
    let nums: Option<Vec<f32>> = s.split(',').map(|p| p.trim().parse().ok()).collect();
    match nums.as_deref() {
        Some(&[lo, hi]) if lo.is_finite() && hi.is_finite() && lo <= hi => Ok((lo, hi)),
        _ => Err(format!(
            "'{s}' is not a pair of levels; expected MIN,MAX, finite, MIN at most MAX"
        )),
    }
}

/// Loads the preset (or the defaults) and applies the flags, at sizes held in memory;
/// shared with `bench`.
pub(super) fn resolve(preset: Option<&Path>, overrides: &Overrides) -> anyhow::Result<Preset> {
    Ok(overrides.applied(&load(preset)?)?)
}

/// [`resolve`] for streamed commands (`render`, `stats`, `tiles`): sizes up to 262144.
pub(super) fn resolve_streamed(
    preset: Option<&Path>,
    overrides: &Overrides,
) -> anyhow::Result<Preset> {
    Ok(overrides.applied_streamed(&load(preset)?)?)
}

fn load(preset: Option<&Path>) -> anyhow::Result<Preset> {
    Ok(match preset {
        // `-`: RON text on standard input (how a copied layered command line carries
        // its preset).
        Some(path) if path == Path::new("-") => {
            Preset::read_from(std::io::stdin().lock(), Path::new("<standard input>"))?
        }
        Some(path) => Preset::load(path)?,
        None => Preset::default(),
    })
}

/// The format `render` writes: the flag, else the extension, else 8-bit PNG.
pub(crate) fn output_format(flag: Option<ExportFormat>, out: &Path) -> ExportFormat {
    flag.or_else(|| ExportFormat::from_path(out))
        .unwrap_or_default()
}

/// The job `render` runs: preset, format, window, levels. With `--levels` and neither
/// auto-levels nor normalise on, auto-levels is turned on (fixed levels stretch).
pub(super) fn stream_job(
    mut preset: Preset,
    format: ExportFormat,
    region: Option<Region>,
    levels: Option<(f32, f32)>,
    half: bool,
) -> anyhow::Result<StreamJob> {
    if levels.is_some() && !preset.output.auto_levels && !preset.output.normalize {
        preset.output.auto_levels = true;
    }
    let size = preset.size();
    let job = StreamJob::new(preset, format)
        .with_region(region.unwrap_or(Region::full(size)))
        .with_levels(levels)
        .with_half_float(half);
    job.check()?;
    Ok(job)
}

/// Measures the whole texture's levels when the job needs them (auto-levels or
/// normalise on a mapped format, no `--levels`), showing progress.
pub(super) fn with_measured_levels(job: StreamJob) -> anyhow::Result<StreamJob> {
    if !job.needs_levels() {
        return Ok(job);
    }
    let size = u64::from(job.preset().size());
    let levels = run_with_progress("measuring levels", size * size, |control| {
        job.measure_levels(control)
    })?;
    Ok(job.with_levels(Some(levels)))
}

/// Refuses mesh flags with an image format, and image-only flags with a mesh format
/// (either would be silently ignored).
fn refuse_misplaced_flags(args: &RenderArgs, format: ExportFormat) -> anyhow::Result<()> {
    if !format.is_mesh()
        && (args.mesh_resolution.is_some() || args.height_scale.is_some() || args.large_mesh)
    {
        bail!(
            "--mesh-resolution, --height-scale and --large-mesh apply to the mesh formats (glb, \
             obj, stl), not {}",
            format.id()
        );
    }
    if format.is_mesh() && (args.region.is_some() || args.levels.is_some()) {
        bail!(
            "--region and --levels apply to the image formats, not {}",
            format.id()
        );
    }
    refuse_exr_half(args.exr_half, format)
}

/// Refuses `--exr-half` with a format other than EXR (it would be silently ignored).
pub(super) fn refuse_exr_half(half: bool, format: ExportFormat) -> anyhow::Result<()> {
    if half && format != ExportFormat::Exr {
        bail!(
            "--exr-half applies to the exr format only, not {}",
            format.id()
        );
    }
    Ok(())
}

/// Runs `render`.
pub(super) fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let format = output_format(args.format, &args.out);
    refuse_misplaced_flags(args, format)?;
    if format.is_mesh() {
        let preset = resolve(args.preset.as_deref(), &args.overrides)?;
        say_droplets(&preset.layers);
        let flags = MeshFlags {
            resolution: args.mesh_resolution,
            height_scale: args.height_scale,
            large: args.large_mesh,
        };
        return mesh_render::run(&preset, format, &args.out, flags);
    }
    let preset = resolve_streamed(args.preset.as_deref(), &args.overrides)?;
    check_destination(&args.out)?;
    let job = stream_job(preset, format, args.region, args.levels, args.exr_half)?;
    say_droplets(&job.preset().layers);
    let job = with_measured_levels(job)?;
    let Region { width, height, .. } = job.region();
    let label = format!("rendering {width}x{height} {}", format.id());
    let pixels = u64::from(width) * u64::from(height);
    if is_stdout(&args.out) {
        let mut sink = StdoutSink::default();
        return run_with_progress(&label, pixels, |control| {
            let written = job.write_unseekable(&mut sink, &args.out, control);
            // Standard output failing (a reader gone, `| head`) is reported as what it is,
            // not as a failed export; the binary ends with a non-zero status either way.
            match (written, sink.failed) {
                (Ok(()), _) => Ok(()),
                (Err(_), Some(kind)) => Err(anyhow::Error::from(StdoutError(kind.into()))),
                (Err(e), None) => Err(e.into()),
            }
        });
    }
    run_with_progress(&label, pixels, |control| job.export(&args.out, control))?;
    Ok(())
}

/// Says, before a render whose stack simulates droplets, what each simulation runs and
/// the memory it holds (it runs once, on the whole texture at its grid's size, before
/// the first pixel); a layer the render does not read simulates nothing.
fn say_droplets(stack: &LayerStack) {
    let read = stack.read_layers();
    for (layer, _) in stack.layers().iter().zip(read).filter(|(_, read)| *read) {
        if let Some(d) = layer.active_droplets() {
            mesh_render::say_before_start(&format!(
                "layer '{}': simulating {} droplets on a {g} x {g} grid first ({:.0} MiB)",
                layer.name,
                d.count(),
                d.memory() as f64 / f64::from(1u32 << 20),
                g = d.grid
            ));
        }
    }
}

/// Standard output that remembers how a write failed, so a closed pipe is reported as
/// one (quietly) rather than as a failed export.
#[derive(Default)]
struct StdoutSink {
    failed: Option<std::io::ErrorKind>,
}

impl StdoutSink {
    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            self.failed = Some(e.kind());
        }
        r
    }
}

impl Write for StdoutSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = std::io::stdout().lock().write(buf);
        self.note(r)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        let r = std::io::stdout().lock().write_all(buf);
        self.note(r)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = std::io::stdout().lock().flush();
        self.note(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_comes_from_flag_then_extension_then_png() {
        let p = Path::new("a.r32");
        assert_eq!(output_format(None, p), ExportFormat::R32);
        assert_eq!(
            output_format(Some(ExportFormat::Png16), p),
            ExportFormat::Png16
        );
        assert_eq!(output_format(None, Path::new("a.tif")), ExportFormat::Png);
    }

    #[test]
    fn regions_and_levels_parse_strictly() {
        let r = parse_region("128, 0,64,32").unwrap();
        assert_eq!((r.x, r.y, r.width, r.height), (128, 0, 64, 32));
        for bad in ["1,2,3", "1,2,3,4,5", "0,0,0,4", "-1,0,4,4", "a,b,c,d"] {
            assert!(parse_region(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_levels("-0.25,1.5"), Ok((-0.25, 1.5)));
        assert_eq!(parse_levels("0.5,0.5"), Ok((0.5, 0.5)));
        for bad in ["2,1", "nan,1", "inf,1", "0", "0,1,2"] {
            assert!(parse_levels(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn missing_directory_is_refused_early() {
        assert!(check_destination(Path::new("/nonexistent-dir-xyz/a.png")).is_err());
        assert!(check_destination(Path::new("a.png")).is_ok());
        assert!(check_destination(Path::new("/")).is_err());
        assert!(check_destination(Path::new("/dev/null")).is_err());
    }
}
