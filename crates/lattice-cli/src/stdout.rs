//! Writing to standard output without panicking: a closed pipe (`| head`) or a full disk
//! becomes an error the binary reports once (a closed pipe quietly, with status 141 as
//! `ls` killed by SIGPIPE in `ls | head`: the output is incomplete).

use std::io::Write;

/// Why standard output could not be written (the OS error in the message, not as a
/// `source()`, so a `{:#}` chain says it once).
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output: {0}")]
pub struct StdoutError(pub std::io::Error);

impl StdoutError {
    /// Whether the reader went away (`| head`): the program should end quietly, with a
    /// failure status.
    pub fn is_closed_pipe(&self) -> bool {
        self.0.kind() == std::io::ErrorKind::BrokenPipe
    }
}

/// Writes `text` to standard output and flushes it.
pub fn write_stdout(text: &str) -> Result<(), StdoutError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(StdoutError)
}

/// Writes bytes (a file's content, for `--out -`) to standard output.
pub fn write_stdout_bytes(bytes: &[u8]) -> Result<(), StdoutError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(StdoutError)
}

/// `println!` that returns a [`StdoutError`] instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::stdout::write_stdout(&format!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use outln;
