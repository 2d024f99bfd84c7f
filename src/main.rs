//! The `lattice-studio` binary: no arguments opens the designer, subcommands run headless.

use clap::{CommandFactory, FromArgMatches};
use lattice_studio::cli::stdout::StdoutError;
use lattice_studio::cli::{self, Cli};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit status when the reader of standard output went away: 128 + SIGPIPE.
const CLOSED_PIPE_STATUS: u8 = 141;

fn main() -> ExitCode {
    cli::interrupt::install();
    if let Some(warning) = cli::threads::init_global_pool() {
        say(&format!("warning: {warning}"));
    }
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m).map(|args| (args, m)));
    let (args, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(err) if !err.use_stderr() => {
            // --help and --version go to stdout; a closed pipe there is not an error.
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            say(&cli::one_line_error(&err));
            return ExitCode::from(2);
        }
    };
    let result = match &args.command {
        None => open_designer(args.preset, args.view),
        Some(command) => cli::run(command, &matches),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `| head` closed the pipe: stop quietly, but not as a success (the output is
        // incomplete), with the status a shell gives `ls` killed by SIGPIPE there.
        Err(err)
            if err
                .downcast_ref::<StdoutError>()
                .is_some_and(StdoutError::is_closed_pipe) =>
        {
            ExitCode::from(CLOSED_PIPE_STATUS)
        }
        Err(err) => {
            // `{:#}` joins the context chain on one line.
            say(&format!("error: {err:#}"));
            ExitCode::FAILURE
        }
    }
}

/// One line on stderr, control characters escaped; a stderr that cannot be written
/// (`2>/dev/full`) is not worth a panic.
fn say(message: &str) {
    let line = lattice_studio::files::one_line(message);
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// A lone argument that is neither a command nor a file is a typo, not a preset to open.
fn open_designer(preset: Option<PathBuf>, view: Option<String>) -> anyhow::Result<()> {
    if let Some(path) = &preset
        && std::fs::symlink_metadata(path).is_err()
    {
        anyhow::bail!(
            "'{}': unknown command, and no such preset file (commands: render, stats, tiles, list, \
             bench; see --help)",
            lattice_studio::files::shown(path)
        );
    }
    run_gui(preset, view)
}

/// Opens the designer window on `preset` (or the default preset), in the 2D or 3D view
/// (else the one used last).
#[cfg(feature = "app")]
fn run_gui(preset: Option<PathBuf>, view: Option<String>) -> anyhow::Result<()> {
    // clap took only the ids of `cli::VIEWS`, which are the preview kinds' ids.
    let view = view
        .as_deref()
        .and_then(lattice_studio::app::PreviewKind::from_id);
    lattice_studio::app::run(preset, view)
}

/// This build has no window: say so, and what it can do instead.
#[cfg(not(feature = "app"))]
fn run_gui(_preset: Option<PathBuf>, _view: Option<String>) -> anyhow::Result<()> {
    anyhow::bail!(
        "this build of lattice-studio has no designer window (built without the `app` \
         feature); use a subcommand: render, stats, tiles, list or bench (see --help)"
    )
}
