//! Progress of a long command-line job on stderr: an `indicatif` bar (percentage,
//! throughput, ETA) when stderr is a terminal, one summary line when it is not (a log,
//! a farm's job output), nothing for a job done within a second.

use crate::engine::JobControl;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Jobs done sooner than this print nothing.
const QUIET_FOR: Duration = Duration::from_secs(1);
/// How often the bar follows the job.
const POLL: Duration = Duration::from_millis(50);

/// Runs `job` on a scoped thread and reports its progress (read from the
/// [`JobControl`] it is given) as `label`, for a job over `pixels` pixels. The closing
/// "done" line is printed only when the job succeeded: a failed one says only its
/// error (reported once, by the caller).
pub(crate) fn run_with_progress<T: Send, E: Send>(
    label: &str,
    pixels: u64,
    job: impl FnOnce(&JobControl) -> Result<T, E> + Send,
) -> anyhow::Result<T>
where
    anyhow::Error: From<E>,
{
    let control = JobControl::new();
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    // The bar follows the job from the start (so its rate and ETA are right) but is
    // drawn only once the job has run for a second.
    let bar = terminal.then(|| new_bar(label, pixels));
    let mut shown = false;
    let result = std::thread::scope(|scope| {
        let handle = scope.spawn(|| job(&control));
        while !handle.is_finished() {
            std::thread::sleep(POLL);
            let Some(bar) = &bar else { continue };
            bar.set_position((f64::from(control.progress()) * pixels as f64) as u64);
            if !shown && start.elapsed() >= QUIET_FOR {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                shown = true;
            }
        }
        handle.join()
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let Ok(value) = result else {
        anyhow::bail!("{label}: the job crashed");
    };
    let value = value?;
    let elapsed = start.elapsed();
    if elapsed >= QUIET_FOR {
        let secs = elapsed.as_secs_f64();
        let mut err = std::io::stderr().lock();
        // A progress line that fails to print is not worth failing the render.
        let _ = writeln!(
            err,
            "{label}: done in {secs:.1} s ({:.0} Mpx/s)",
            pixels as f64 / secs / 1e6
        );
        let _ = err.flush();
    }
    Ok(value)
}

fn new_bar(label: &str, pixels: u64) -> ProgressBar {
    let style = ProgressStyle::with_template(
        "{msg} [{bar:30}] {percent:>3}% {mpx} Mpx/s, {elapsed_precise} elapsed, ETA {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .with_key(
        "mpx",
        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0}", state.per_sec() / 1e6);
        },
    )
    .progress_chars("=> ");
    let bar = ProgressBar::with_draw_target(Some(pixels), ProgressDrawTarget::hidden());
    bar.set_style(style);
    bar.set_message(label.to_owned());
    bar
}
