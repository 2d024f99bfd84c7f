//! The `lattice-studio` binary: no arguments opens the designer, subcommands run headless.

use clap::Parser;
use lattice_studio::cli::{self, Cli};
use lattice_studio::services::PreviewKind;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match Cli::try_parse() {
        Ok(args) => args,
        Err(err) if !err.use_stderr() => {
            // --help and --version: clap prints them to stdout as usual.
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            eprintln!("{}", cli::one_line_error(&err));
            return ExitCode::from(2);
        }
    };
    let result = match &args.command {
        None => run_gui(args.preset, args.view),
        Some(command) => cli::run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // `{:#}` joins the context chain on one line.
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Opens the designer window on `preset` (or the default preset), in the 2D or 3D view
/// (else the one used last).
#[cfg(feature = "app")]
fn run_gui(preset: Option<PathBuf>, view: Option<PreviewKind>) -> anyhow::Result<()> {
    lattice_studio::app::run(preset, view)
}

/// This build has no window: say so, and what it can do instead.
#[cfg(not(feature = "app"))]
fn run_gui(_preset: Option<PathBuf>, _view: Option<PreviewKind>) -> anyhow::Result<()> {
    anyhow::bail!(
        "this build of lattice-studio has no designer window (built without the `app` \
         feature); use a subcommand: render, list or bench (see --help)"
    )
}
