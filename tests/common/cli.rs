//! Shared running of the command-line binary.

use std::process::{Command, Output};

/// Runs `lattice-studio` with `args` and collects its output.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lattice-studio"))
        .args(args)
        .output()
        .unwrap()
}

/// Asserts a zero exit, showing stderr otherwise.
pub fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "exit {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The binary as a command to configure (stdin, stdout, environment).
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_lattice-studio"))
}

/// The one line a failed command wrote to stderr (asserts it is exactly one line).
pub fn one_error_line(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "not one line: {err:?}");
    assert!(err.starts_with("error: "), "{err:?}");
    err
}
