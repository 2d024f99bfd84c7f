//! The headless command line: `render`, `stats`, `tiles`, `list` and `bench` (clap
//! derive).
//!
//! `main.rs` parses [`Cli`]; with no subcommand it opens the designer, otherwise it
//! hands the [`Command`] to [`run`]. Errors surface here as `anyhow` (this is an edge).

#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(unreachable_pub)]

// The layers below, under the names the command line's modules use.
use lattice_formats::{command_text, files, mesh, pixels};
use lattice_noise as engine;

mod bench;
mod bench_designer;
mod bench_layers;
mod destination;
mod forwarded_flags;
mod info;
pub mod interrupt;
mod layer_flags;
mod list;
mod mesh_render;
mod octave_flags;
mod overrides;
mod progress;
mod render;
mod stats;
pub mod stdout;
pub mod threads;
mod tile_template;
mod tiles;

pub use bench::BenchArgs;
pub use info::InfoArgs;
pub use layer_flags::LayerFlags;
pub use overrides::Overrides;
pub use render::RenderArgs;
pub use stats::StatsArgs;
pub use tiles::TilesArgs;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// `lattice-studio [PRESET]` opens the designer; subcommands work without a window.
#[derive(Debug, Parser)]
#[command(
    name = "lattice-studio",
    version,
    about = "Texture designer for generic lattice noise (Perlin, value noise and 26 more)",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Preset to open in the designer (RON file).
    #[arg(value_name = "PRESET")]
    pub preset: Option<PathBuf>,
    /// Open the designer with the flat (2d) or the 3D terrain (3d) preview.
    #[arg(long, value_name = "2d|3d", value_parser = clap::builder::PossibleValuesParser::new(VIEWS))]
    pub view: Option<String>,
    /// A headless command; without one the designer window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The headless commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Render a texture to a file (PNG, 16-bit PNG, RGBA PNG, R16, R32, normal or colour
    /// map, EXR), band by band at any size up to 262144, whole or one --region of it; or
    /// its surface to a mesh (glb, OBJ, STL).
    Render(RenderArgs),
    /// Print min, max, mean and standard deviation of a texture of any size.
    Stats(StatsArgs),
    /// Print one `render --region` command per tile, a line each (for GNU parallel,
    /// xargs -P, Slurm arrays).
    Tiles(TilesArgs),
    /// List the ids of proximity functions, fades, random sources, displacements and formats.
    List,
    /// Time the generator: warm-up, then R timed runs and a summary line.
    Bench(BenchArgs),
    /// Print a preset's texture and its layers, one line per layer (1 = bottom).
    Info(InfoArgs),
}

/// The ids `--view` takes: the designer's previews (its `PreviewKind` ids), checked
/// against them by a test, as the window is not part of the command line.
pub const VIEWS: [&str; 2] = ["2d", "3d"];

/// Runs a headless command; `matches` is clap's record of the whole command line (from
/// which `tiles` repeats the flags it was given).
pub fn run(command: &Command, matches: &clap::ArgMatches) -> anyhow::Result<()> {
    match command {
        Command::Render(args) => render::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Tiles(args) => {
            let empty = clap::ArgMatches::default();
            tiles::run(args, matches.subcommand_matches("tiles").unwrap_or(&empty))
        }
        Command::List => Ok(stdout::write_stdout(&list::listing())?),
        Command::Bench(args) => bench::run(args),
        Command::Info(args) => info::run(args),
    }
}

/// Squeezes a clap error into one line (`error: ...`), dropping the usage and tips, so
/// every bad-input class reports the same way.
pub fn one_line_error(err: &clap::Error) -> String {
    let text = err.to_string();
    let parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with("Usage:")
                && !l.starts_with("For more information")
                && !l.starts_with("tip:")
        })
        .collect();
    let line = parts.join(" ");
    if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn preset_without_subcommand_is_accepted() {
        let cli = Cli::try_parse_from(["lattice-studio", "presets/clouds.ron"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.preset, Some(PathBuf::from("presets/clouds.ron")));
        let cli = Cli::try_parse_from(["lattice-studio", "list"]).unwrap();
        assert!(matches!(cli.command, Some(Command::List)));
        let cli =
            Cli::try_parse_from(["lattice-studio", "presets/terrain.ron", "--view", "3d"]).unwrap();
        assert_eq!(cli.view.as_deref(), Some("3d"));
        assert!(Cli::try_parse_from(["lattice-studio", "--view", "4d"]).is_err());
    }

    #[test]
    fn clap_errors_fit_on_one_line() {
        let err = Cli::try_parse_from(["lattice-studio", "render", "--out", "x.png", "--bogus"])
            .unwrap_err();
        let line = one_line_error(&err);
        assert!(
            line.starts_with("error: ") && !line.contains('\n'),
            "{line}"
        );
        assert!(line.contains("--bogus"), "{line}");
    }
}
