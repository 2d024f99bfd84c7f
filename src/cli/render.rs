//! `lattice-studio render`: preset + flags -> one file.

use super::overrides::Overrides;
use super::stdout::write_stdout_bytes;
use crate::engine::NoiseParams;
use crate::engine::{Heightmap, JobControl, generate};
use crate::files::Preset;
use crate::files::{
    AtomicFile, ExportFormat, encode_mesh, encode_with_preset, export_mesh, export_with_preset,
};
use crate::mesh::{MAX_RESOLUTION, MeshOptions};
use anyhow::bail;
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Renders after this long get a progress line on stderr.
const QUIET_FOR: Duration = Duration::from_secs(1);
const POLL: Duration = Duration::from_millis(50);

/// Arguments of `render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Preset file (RON), or a PNG exported by Lattice Studio (its embedded preset is
    /// used); without one the defaults apply.
    #[arg(value_name = "PRESET.ron|PNG")]
    pub preset: Option<PathBuf>,
    /// Output file, written atomically (a failed or interrupted render leaves no file
    /// and keeps an old one); `-` writes to standard output, for pipes.
    #[arg(long, short, value_name = "FILE")]
    pub out: PathBuf,
    /// png, png-transparent, png16, r16, r32, normal (RGB normal map), color (RGB through
    /// the colour ramp), color-alpha (RGBA), or a mesh of the surface: glb (glTF binary,
    /// with the coloured texture when a ramp is set), obj, stl (closed solid for 3D
    /// printing) (default: from the extension, else png). PNGs carry the preset, so they
    /// can be rendered again or opened in the app; meshes record it too.
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
    /// Parameter flags that override the preset.
    #[command(flatten)]
    pub overrides: Overrides,
}

fn parse_format(id: &str) -> Result<ExportFormat, String> {
    ExportFormat::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = ExportFormat::ALL.iter().map(|f| f.id()).collect();
        format!("unknown format '{id}'; valid ids: {}", ids.join(", "))
    })
}

fn parse_resolution(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (2..=MAX_RESOLUTION).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not a mesh resolution (2..={MAX_RESOLUTION} vertices per side)"
        )),
    }
}

fn parse_height_scale(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(h) if (0.0..=16.0).contains(&h) => Ok(h),
        _ => Err(format!(
            "'{text}' is not a height scale (a number in 0..=16)"
        )),
    }
}

/// The mesh options of `args` for a texture of `size` pixels; an error when mesh flags
/// are given for an image format (they would be silently ignored).
fn mesh_options(args: &RenderArgs, format: ExportFormat, size: u32) -> anyhow::Result<MeshOptions> {
    if !format.is_mesh() && (args.mesh_resolution.is_some() || args.height_scale.is_some()) {
        bail!(
            "--mesh-resolution and --height-scale apply to the mesh formats (glb, obj, stl), not {}",
            format.id()
        );
    }
    let mut options = MeshOptions::for_size(size);
    if let Some(n) = args.mesh_resolution {
        options.resolution = n;
    }
    if let Some(h) = args.height_scale {
        options.height_scale = h;
    }
    Ok(options)
}

/// Loads the preset (or the defaults) and applies the flags; shared with `bench`.
pub(super) fn resolve(preset: Option<&Path>, overrides: &Overrides) -> anyhow::Result<Preset> {
    let base = match preset {
        Some(path) => Preset::load(path)?,
        None => Preset::default(),
    };
    Ok(overrides.applied(&base)?)
}

/// The format `render` writes: the flag, else the extension, else 8-bit PNG.
pub fn output_format(flag: Option<ExportFormat>, out: &Path) -> ExportFormat {
    flag.or_else(|| ExportFormat::from_path(out))
        .unwrap_or_default()
}

/// `--out -`: the file goes to standard output.
fn is_stdout(out: &Path) -> bool {
    out.as_os_str() == "-"
}

/// Refuses an output that cannot be written before spending time on the render.
fn check_destination(out: &Path) -> anyhow::Result<()> {
    if is_stdout(out) {
        if std::io::stdout().is_terminal() {
            bail!("--out -: standard output is a terminal; redirect it to a file or a pipe");
        }
        return Ok(());
    }
    Ok(AtomicFile::check(out)?)
}

/// Runs `render`.
pub(super) fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let preset = resolve(args.preset.as_deref(), &args.overrides)?;
    let format = output_format(args.format, &args.out);
    let options = mesh_options(args, format, preset.noise.size)?;
    check_destination(&args.out)?;
    let heightmap = generate_with_progress(&preset.noise)?;
    if is_stdout(&args.out) {
        let bytes = if format.is_mesh() {
            encode_mesh(&heightmap, &preset, format, &options, &args.out)?
        } else {
            encode_with_preset(&heightmap, &preset, format, &args.out)?
        };
        write_stdout_bytes(&bytes)?;
    } else if format.is_mesh() {
        export_mesh(&heightmap, &preset, format, &options, &args.out)?;
    } else {
        export_with_preset(&heightmap, &preset, format, &args.out)?;
    }
    Ok(())
}

/// Generates on a worker thread and, if it is still busy after a second, shows the
/// percentage done on stderr (a quick render prints nothing). On a terminal the line
/// updates in place; otherwise a line is printed every 10 %.
pub fn generate_with_progress(params: &NoiseParams) -> anyhow::Result<Heightmap> {
    let control = JobControl::new();
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let mut last_shown: Option<u32> = None;
    let result = std::thread::scope(|scope| {
        let job = scope.spawn(|| generate(params, &control));
        while !job.is_finished() {
            std::thread::sleep(POLL);
            if start.elapsed() < QUIET_FOR {
                continue;
            }
            let pct = (control.progress() * 100.0) as u32;
            let shown = if terminal { pct } else { pct / 10 * 10 };
            if last_shown != Some(shown) {
                last_shown = Some(shown);
                let (lead, end) = if terminal { ("\r", "") } else { ("", "\n") };
                let mut err = std::io::stderr().lock();
                // A progress line that fails to print is not worth failing the render.
                let _ = write!(
                    err,
                    "{lead}rendering {s}x{s}: {shown:3}%{end}",
                    s = params.size
                );
                let _ = err.flush();
            }
        }
        job.join()
    });
    if last_shown.is_some() {
        eprintln!(
            "{}rendering {s}x{s}: done in {:.1} s",
            if terminal { "\r" } else { "" },
            start.elapsed().as_secs_f64(),
            s = params.size
        );
    }
    match result {
        Ok(r) => Ok(r?),
        Err(_) => bail!("the generator crashed"),
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
    fn missing_directory_is_refused_early() {
        assert!(check_destination(Path::new("/nonexistent-dir-xyz/a.png")).is_err());
        assert!(check_destination(Path::new("a.png")).is_ok());
        assert!(check_destination(Path::new("/")).is_err());
        assert!(check_destination(Path::new("/dev/null")).is_err());
    }
}
