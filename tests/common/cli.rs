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
