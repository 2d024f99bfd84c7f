//! `lattice-studio tiles`: one `render --region` command per tile of a texture, a line
//! each, for GNU parallel, `xargs -P`, a Slurm array or any job runner; `--manifest`
//! writes the tile list as JSON for engines that import tiled terrain.

use super::forwarded_flags::forwarded_overrides;
use super::overrides::Overrides;
use super::render::{
    output_format, parse_format, parse_levels, refuse_exr_half, resolve_streamed, stream_job,
    with_measured_levels,
};
use super::stdout::StdoutError;
use super::tile_template::{TileTemplate, normalized};
use crate::command_text::shell_word::{UnprintableWord, shell_quote, shell_quote_os};
use crate::engine::Region;
use crate::files::{ExportFormat, shown, write_atomic_streamed};
use anyhow::bail;
use clap::{ArgMatches, Args};
use serde::Serialize;
use std::ffi::OsStr;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Arguments of `tiles`.
#[derive(Args, Debug)]
pub struct TilesArgs {
    /// Preset file (RON), or a PNG exported by Lattice Studio; without one the defaults.
    #[arg(value_name = "PRESET.ron|PNG")]
    pub preset: Option<PathBuf>,
    /// Side of a tile in pixels (the last row and column of tiles are smaller when it
    /// does not divide the size).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..))]
    pub tile: u32,
    /// Path of each tile, with `{row}` and `{col}` (0-based) in it, e.g.
    /// 'tiles/{row}_{col}.png'.
    #[arg(long, short, value_name = "TEMPLATE")]
    pub out: String,
    /// Format of the tiles (default: from the template's extension, else png).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub format: Option<ExportFormat>,
    /// Fixed levels for every tile; by default, with auto-levels or normalise on, the
    /// whole texture's levels are measured here once and passed to every tile.
    #[arg(long, value_name = "MIN,MAX", allow_hyphen_values = true, value_parser = parse_levels)]
    pub levels: Option<(f32, f32)>,
    /// EXR tiles: 16-bit half floats.
    #[arg(long)]
    pub exr_half: bool,
    /// Also write the tile list as JSON to this file (size, format, levels, and each
    /// tile's row, column, path and region).
    #[arg(long, value_name = "FILE")]
    pub manifest: Option<PathBuf>,
    /// Parameter flags that override the preset (passed on to every tile).
    #[command(flatten)]
    pub overrides: Overrides,
}

/// One tile of the manifest.
#[derive(Debug, Serialize)]
pub(crate) struct TileEntry {
    /// Row of tiles, from the top.
    pub row: u32,
    /// Column of tiles, from the left.
    pub col: u32,
    /// The tile's file.
    pub path: String,
    /// Its window of the texture.
    pub region: Region,
}

/// The manifest's head: the texture and its grid (the tiles follow, one by one).
#[derive(Debug, Serialize)]
struct ManifestHead {
    size: u32,
    tile: u32,
    rows: u32,
    cols: u32,
    format: &'static str,
    levels: Option<(f32, f32)>,
}

/// The tiles of a `size` texture cut in `tile`-pixel squares, row by row, made one at a
/// time (a list of millions of tiles takes no memory).
pub(crate) fn tile_grid(
    size: u32,
    tile: u32,
    template: &TileTemplate,
) -> impl Iterator<Item = TileEntry> + '_ {
    let n = size.div_ceil(tile);
    (0..n).flat_map(move |row| {
        (0..n).map(move |col| {
            let (x, y) = (col * tile, row * tile);
            TileEntry {
                row,
                col,
                path: template.path(row, col),
                region: Region {
                    x,
                    y,
                    width: tile.min(size - x),
                    height: tile.min(size - y),
                },
            }
        })
    })
}

/// The program as it was invoked, so the commands run the same binary (a bare
/// `lattice-studio` stays bare, found on each machine's PATH).
fn program() -> Result<String, UnprintableWord> {
    let arg0 = std::env::args_os().next();
    let arg0 = arg0.as_deref().unwrap_or(OsStr::new("lattice-studio"));
    shell_quote_os(arg0, "the program's path")
}

/// Refuses paths of the command's other files that a tile would overwrite.
fn check_own_files(args: &TilesArgs, template: &TileTemplate, n: u32) -> anyhow::Result<()> {
    let named = [("preset", &args.preset), ("manifest", &args.manifest)];
    for (what, path) in named {
        if let Some(path) = path
            && let Some((row, col)) = template.tile_of(path, n)
        {
            bail!(
                "--out '{}' would write tile ({row}, {col}) over the {what} {}; choose another pattern",
                args.out,
                shown(path)
            );
        }
    }
    if let (Some(p), Some(m)) = (&args.preset, &args.manifest)
        && same_file_name(p, m)
    {
        bail!(
            "--manifest {} would overwrite the preset; choose another file",
            shown(m)
        );
    }
    Ok(())
}

/// Whether two paths name the same file (lexically, as the tiles' names are compared,
/// or as the same existing file).
fn same_file_name(a: &Path, b: &Path) -> bool {
    matches!((normalized(a), normalized(b)), (Some(x), Some(y)) if x == y)
        || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Runs `tiles`; `matches` is clap's record of its command line, whose parameter flags
/// every tile's command repeats.
pub(super) fn run(args: &TilesArgs, matches: &ArgMatches) -> anyhow::Result<()> {
    let template = TileTemplate::parse(&args.out)?;
    if args.preset.as_deref() == Some(Path::new("-")) {
        bail!(
            "tiles needs the preset as a file that every tile's command reads, not standard input"
        );
    }
    if args.manifest.as_deref() == Some(Path::new("-")) {
        bail!(
            "--manifest - would mix the manifest with the commands on standard output; give a file"
        );
    }
    let preset = resolve_streamed(args.preset.as_deref(), &args.overrides)?;
    let format = output_format(args.format, Path::new(&args.out));
    refuse_exr_half(args.exr_half, format)?;
    let size = preset.size();
    let n = size.div_ceil(args.tile);
    check_own_files(args, &template, n)?;
    // Every word is checked before anything is measured or written.
    let mut head = vec![program()?, "render".to_owned()];
    head.extend(["--format".to_owned(), format.id().to_owned()]);
    head.extend(forwarded_overrides(matches)?);
    let preset_word = match &args.preset {
        Some(p) => Some(shell_quote_os(p.as_os_str(), "the preset path")?),
        None => None,
    };
    // Tiles' paths differ only in digits, which quote as themselves: one path shows
    // whether every one can be printed.
    shell_quote(&template.path(0, 0), "the tile path")?;
    let job = stream_job(preset, format, None, args.levels, args.exr_half)?;
    let levels = with_measured_levels(job)?.levels();
    if let Some((lo, hi)) = levels {
        head.push(format!("--levels={lo},{hi}"));
    }
    if args.exr_half {
        head.push("--exr-half".to_owned());
    }
    let head = head.join(" ");
    // The preset goes last, after `--`, so a name starting with `-` stays a file name.
    let tail = preset_word.map(|p| format!(" -- {p}")).unwrap_or_default();
    if let Some(path) = &args.manifest {
        let head = ManifestHead {
            size,
            tile: args.tile,
            rows: n,
            cols: n,
            format: format.id(),
            levels,
        };
        write_atomic_streamed(path, |w| {
            write_manifest(w, &head, tile_grid(size, args.tile, &template))
        })?;
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    for t in tile_grid(size, args.tile, &template) {
        let Region {
            x,
            y,
            width,
            height,
        } = t.region;
        // Quotes as tile (0, 0)'s did (checked above).
        let path = shell_quote(&t.path, "the tile path")?;
        writeln!(
            out,
            "{head} --region {x},{y},{width},{height} --out={path}{tail}"
        )
        .map_err(StdoutError)?;
    }
    out.flush().map_err(StdoutError)?;
    Ok(())
}

/// The manifest as JSON, a tile a line.
fn write_manifest(
    w: &mut dyn Write,
    head: &ManifestHead,
    tiles: impl Iterator<Item = TileEntry>,
) -> std::io::Result<()> {
    let head = serde_json::to_string(head)?;
    // `{"size":...,"levels":...}` opened up to take the tiles as its last field.
    let open = head.strip_suffix('}').unwrap_or(&head);
    writeln!(w, "{open},\"tiles\":[")?;
    for (i, t) in tiles.enumerate() {
        let sep = if i == 0 { "" } else { ",\n" };
        write!(w, "{sep}{}", serde_json::to_string(&t)?)?;
    }
    writeln!(w, "\n]}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_cover_the_texture_once() {
        let template = TileTemplate::parse("t/{row}_{col}.png").unwrap();
        let tiles: Vec<TileEntry> = tile_grid(10, 4, &template).collect();
        assert_eq!(tiles.len(), 9);
        assert_eq!(tiles[5].path, "t/1_2.png");
        assert_eq!((tiles[5].region.x, tiles[5].region.width), (8, 2));
        let area: usize = tiles.iter().map(|t| t.region.pixels()).sum();
        assert_eq!(area, 100);
    }

    #[test]
    fn the_manifest_is_json_with_every_tile() {
        let template = TileTemplate::parse("t/{row}_{col}.png").unwrap();
        let head = ManifestHead {
            size: 10,
            tile: 4,
            rows: 3,
            cols: 3,
            format: "png",
            levels: Some((-0.5, 1.0)),
        };
        let mut bytes = Vec::new();
        write_manifest(&mut bytes, &head, tile_grid(10, 4, &template)).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(v["size"], 10);
        assert_eq!(v["levels"][0], -0.5);
        assert_eq!(v["tiles"].as_array().unwrap().len(), 9);
        assert_eq!(v["tiles"][5]["path"], "t/1_2.png");
        assert_eq!(v["tiles"][5]["region"]["width"], 2);
    }
}
