//! Shared running of the command-line binary.

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

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

/// Waits for `child` at most `limit`, killing it past that (`None`).
pub fn wait_at_most(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs the binary with `args`, reads `bytes` bytes of its stdout and closes it, as
/// `| head -c N` does; returns how it ended (within a minute) and its stderr.
pub fn read_then_close(args: &[&str], bytes: usize) -> (ExitStatus, String) {
    let mut child = bin()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut some = vec![0u8; bytes];
    stdout.read_exact(&mut some).unwrap();
    drop(stdout);
    let status = wait_at_most(&mut child, Duration::from_secs(60)).expect("still running");
    (status, stderr_text(&mut child))
}

/// All that `child` (spawned with a piped stderr) wrote to stderr.
pub fn stderr_text(child: &mut Child) -> String {
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    err
}

/// The number of the `key=value` field `key` on a line that `bench` printed.
pub fn field(line: &str, key: &str) -> f64 {
    let value = line
        .split(&format!("{key}="))
        .nth(1)
        .unwrap_or_else(|| panic!("{key}: {line}"));
    value.split(' ').next().unwrap().parse().unwrap()
}
