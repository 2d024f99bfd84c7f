//! Ctrl+C and `kill`: remove the temporary file of an export in progress, then exit with
//! the shell's code for the signal (130 for SIGINT, 143 for SIGTERM).
//!
//! The handler runs on a normal thread (signal-hook's iterator), so it may take locks
//! and touch files. On Linux exports write unnamed temporary files that vanish with the
//! process anyway; the named ones of other systems are in [`temp_registry`].

#[cfg(unix)]
use crate::files::temp_registry;

/// Installs the handler (once, at start-up). Does nothing where signals are not Unix's.
pub fn install() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        use signal_hook::iterator::Signals;
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else {
            return; // without a handler the default action still stops the program
        };
        let spawned = std::thread::Builder::new()
            .name("signals".to_owned())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    temp_registry::remove_all();
                    std::process::exit(128 + signal);
                }
            });
        // No thread, no handler: the default action still stops the program.
        drop(spawned);
    }
}
