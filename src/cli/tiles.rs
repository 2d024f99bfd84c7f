//! `lattice-studio tiles`: one `render --region` command per tile of a texture, a line
//! each, for GNU parallel, `xargs -P`, a Slurm array or any job runner; `--manifest`
//! writes the tile list as JSON for engines that import tiled terrain.

use super::override_args::override_args;
use super::overrides::Overrides;
use super::render::{
    output_format, parse_format, parse_levels, resolve_streamed, stream_job, with_measured_levels,
};
use super::stdout::write_stdout;
use crate::engine::Region;
use crate::files::{ExportFormat, write_atomic};
use crate::services::command_line::shell_quote;
use anyhow::bail;
use clap::Args;
use serde::Serialize;
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
pub struct TileEntry {
    /// Row of tiles, from the top.
    pub row: u32,
    /// Column of tiles, from the left.
    pub col: u32,
    /// The tile's file.
    pub path: String,
    /// Its window of the texture.
    pub region: Region,
}

/// The manifest: the texture and its tiles.
#[derive(Debug, Serialize)]
pub struct Manifest {
    /// Side of the whole texture.
    pub size: u32,
    /// Side of a full tile.
    pub tile: u32,
    /// Rows of tiles.
    pub rows: u32,
    /// Columns of tiles.
    pub cols: u32,
    /// The tiles' format id.
    pub format: &'static str,
    /// The levels every tile is mapped with, if any.
    pub levels: Option<(f32, f32)>,
    /// Every tile, row by row.
    pub tiles: Vec<TileEntry>,
}

/// The tiles of a `size` texture cut in `tile`-pixel squares, row by row.
pub fn tile_grid(size: u32, tile: u32, template: &str) -> Vec<TileEntry> {
    let n = size.div_ceil(tile);
    let mut tiles = Vec::with_capacity((n * n) as usize);
    for row in 0..n {
        for col in 0..n {
            let (x, y) = (col * tile, row * tile);
            let region = Region {
                x,
                y,
                width: tile.min(size - x),
                height: tile.min(size - y),
            };
            let path = template
                .replace("{row}", &row.to_string())
                .replace("{col}", &col.to_string());
            tiles.push(TileEntry {
                row,
                col,
                path,
                region,
            });
        }
    }
    tiles
}

/// The program as it was invoked, so the commands run the same binary (a bare
/// `lattice-studio` stays bare, found on each machine's PATH).
fn program() -> String {
    std::env::args()
        .next()
        .unwrap_or_else(|| "lattice-studio".to_owned())
}

/// Runs `tiles`.
pub(super) fn run(args: &TilesArgs) -> anyhow::Result<()> {
    if !(args.out.contains("{row}") && args.out.contains("{col}")) {
        bail!(
            "--out '{}' must contain {{row}} and {{col}}, or every tile would overwrite the same file",
            args.out
        );
    }
    if args.preset.as_deref() == Some(Path::new("-")) {
        bail!(
            "tiles needs the preset as a file that every tile's command reads, not standard input"
        );
    }
    let preset = resolve_streamed(args.preset.as_deref(), &args.overrides)?;
    let format = output_format(args.format, Path::new(&args.out));
    let size = preset.size();
    let job = stream_job(preset, format, None, args.levels, args.exr_half)?;
    let levels = with_measured_levels(job)?.levels();
    let tiles = tile_grid(size, args.tile, &args.out);
    let mut fixed: Vec<String> = Vec::new();
    if let Some(p) = &args.preset {
        fixed.push(shell_quote(&p.to_string_lossy()));
    }
    fixed.extend(["--format".to_owned(), format.id().to_owned()]);
    if let Some((lo, hi)) = levels {
        fixed.push(format!("--levels={lo},{hi}"));
    }
    if args.exr_half {
        fixed.push("--exr-half".to_owned());
    }
    fixed.extend(
        override_args(&args.overrides)
            .iter()
            .map(|a| shell_quote(a)),
    );
    let head = format!("{} render {}", shell_quote(&program()), fixed.join(" "));
    let mut text = String::new();
    for t in &tiles {
        let Region {
            x,
            y,
            width,
            height,
        } = t.region;
        text.push_str(&format!(
            "{head} --region {x},{y},{width},{height} --out {}\n",
            shell_quote(&t.path)
        ));
    }
    if let Some(path) = &args.manifest {
        let n = size.div_ceil(args.tile);
        let manifest = Manifest {
            size,
            tile: args.tile,
            rows: n,
            cols: n,
            format: format.id(),
            levels,
            tiles,
        };
        let json = serde_json::to_string_pretty(&manifest)?;
        write_atomic(path, format!("{json}\n").as_bytes())?;
    }
    Ok(write_stdout(&text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_cover_the_texture_once() {
        let tiles = tile_grid(10, 4, "t/{row}_{col}.png");
        assert_eq!(tiles.len(), 9);
        assert_eq!(tiles[5].path, "t/1_2.png");
        assert_eq!((tiles[5].region.x, tiles[5].region.width), (8, 2));
        let area: usize = tiles.iter().map(|t| t.region.pixels()).sum();
        assert_eq!(area, 100);
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_quote("tiles/0_1.png"), "tiles/0_1.png");
        assert_eq!(shell_quote("my tiles/a.png"), "'my tiles/a.png'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_quote("$HOME"), "'$HOME'");
    }
}
