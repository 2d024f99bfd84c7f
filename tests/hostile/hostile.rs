//! The command line under hostile conditions: interrupted exports, planted symlinks,
//! special files, long names, closed and full output, decompression bombs, absurd
//! thread counts, control characters in paths, lenient parsing. One test per class.
#![cfg(unix)]

use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::cli::{bin, ok, one_error_line, read_then_close, run, stderr_text, wait_at_most};

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Waits for `child`, killing it after `limit`; `None` when it had to be killed.
fn signal(child: &Child, name: &str) {
    let ok = Command::new("kill")
        .args([format!("-{name}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

/// The last chunk of every PNG: IEND, empty, and its CRC.
const PNG_END: [u8; 12] = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82];

#[test]
fn an_interrupted_export_leaves_nothing_and_exits_with_the_signal_code() {
    for (name, code) in [("TERM", 143), ("INT", 130)] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("big.png");
        let mut child = bin()
            .args(["render", "--size", "16384", "--format", "png16", "--out"])
            .arg(&out)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The export takes about 6 s here (16384 px): the signal comes mid-way.
        std::thread::sleep(Duration::from_millis(1500));
        signal(&child, name);
        let status = wait_at_most(&mut child, Duration::from_secs(60)).unwrap();
        // A machine fast enough to finish first leaves the whole file, nothing else.
        if status.success() {
            assert_eq!(entries(dir.path()), ["big.png"]);
            continue;
        }
        assert_eq!(status.code(), Some(code), "SIG{name}");
        // A signal landing between the file's completion (it appears whole, under its
        // name, in one step) and the exit leaves that whole file; anything else must be
        // gone.
        let left = entries(dir.path());
        if !left.is_empty() {
            assert_eq!(left, ["big.png"]);
            let bytes = std::fs::read(&out).unwrap();
            assert!(
                bytes.ends_with(&PNG_END),
                "SIG{name}: an unfinished PNG was left"
            );
        }
    }
}

#[test]
fn a_planted_symlink_is_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, b"precious").unwrap();
    let out = dir.path().join("attack.png");
    let mut child = bin()
        .args(["render", "--size", "1024", "--out"])
        .arg(&out)
        .spawn()
        .unwrap();
    // The temporary name an export used to take: `.NAME.PID.tmp`.
    symlink(
        &victim,
        dir.path().join(format!(".attack.png.{}.tmp", child.id())),
    )
    .unwrap();
    assert!(wait_at_most(&mut child, Duration::from_secs(120)).is_some_and(|s| s.success()));
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert!(std::fs::read(&out).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn special_targets_are_refused_links_are_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.png");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let out = run(&["render", "--size", "32", "--out", fifo.to_str().unwrap()]);
    assert!(one_error_line(&out).contains("FIFO"));
    let null_link = dir.path().join("null.png");
    symlink("/dev/null", &null_link).unwrap();
    let out = run(&[
        "render",
        "--size",
        "32",
        "--out",
        null_link.to_str().unwrap(),
    ]);
    assert!(one_error_line(&out).contains("character device"));
    // A FIFO given as the preset is refused, not waited on.
    let mut child = bin()
        .args(["render", fifo.to_str().unwrap(), "--out", "/dev/null/x.png"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(20));
    assert!(
        status.is_some_and(|s| !s.success()),
        "hung on a FIFO preset"
    );

    // A symlink to a regular file: the file is replaced, the link stays, modes are kept.
    let real = dir.path().join("real.png");
    std::fs::write(&real, b"old").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.png");
    symlink(&real, &link).unwrap();
    ok(&run(&[
        "render",
        "--size",
        "32",
        "--out",
        link.to_str().unwrap(),
    ]));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(std::fs::read(&real).unwrap().starts_with(b"\x89PNG"));
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert!(fifo.exists() && entries(dir.path()).len() == 4);

    // `--out -` writes the file to standard output.
    let out = run(&["render", "--size", "32", "--format", "r32", "--out", "-"]);
    ok(&out);
    assert_eq!(out.stdout.len(), 32 * 32 * 4);
}

#[test]
fn a_250_byte_file_name_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(format!("{}.png", "n".repeat(246)));
    ok(&run(&[
        "render",
        "--size",
        "32",
        "--out",
        out.to_str().unwrap(),
    ]));
    ok(&run(&[
        "render",
        "--size",
        "32",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert_eq!(entries(dir.path()).len(), 1);
}

#[test]
fn closed_and_full_output_never_panic() {
    for args in [
        &["list"][..],
        &["bench", "--size", "64", "--repeat", "30"][..],
    ] {
        // Read one byte, then close the pipe, as `| head -c 1` does.
        let (status, err) = read_then_close(args, 1);
        // Quiet either way: a success when everything was written before the reader
        // left (it fits the pipe's buffer), else 141 (128 + SIGPIPE), as the output is
        // incomplete.
        assert!(
            status.success() || status.code() == Some(141),
            "{args:?}: {status:?} {err}"
        );
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full else { return };
    let out = bin()
        .arg("list")
        .stdout(full.try_clone().unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(one_error_line(&out).contains("No space left"));
    // An error that cannot even be printed still ends normally.
    let out = bin()
        .args(["render", "--bogus"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A PNG whose compressed preset chunk inflates to `size` bytes of spaces.
fn bomb(size: usize) -> Vec<u8> {
    let mut info = png::Info::with_size(1, 1);
    info.color_type = png::ColorType::Grayscale;
    info.bit_depth = png::BitDepth::Eight;
    let mut chunk = png::text_metadata::ITXtChunk::new("lattice-studio-preset", " ".repeat(size));
    chunk.compressed = true;
    info.utf8_text.push(chunk);
    let mut bytes = Vec::new();
    let mut w = png::Encoder::with_info(&mut bytes, info)
        .unwrap()
        .write_header()
        .unwrap();
    w.write_image_data(&[0]).unwrap();
    w.finish().unwrap();
    bytes
}

#[test]
fn a_decompression_bomb_is_refused_early() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bomb.png");
    std::fs::write(&path, bomb(256 << 20)).unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() < 2 << 20);
    let start = Instant::now();
    let out = run(&["render", path.to_str().unwrap(), "--out", "/dev/null/x.png"]);
    let line = one_error_line(&out);
    assert!(line.contains("cannot read PNG"), "{line}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );

    // What cannot be loaded again is not saved: a ramp with too many stops.
    let stops: Vec<String> = (0..300)
        .map(|i| format!("{}:ff0000", i as f32 / 300.0))
        .collect();
    let out = run(&["render", "--ramp", &stops.join(","), "--out", "x.png"]);
    assert!(one_error_line(&out).contains("at most 256"));
}

#[test]
fn absurd_thread_counts_are_refused_or_capped() {
    let out = run(&["bench", "--threads", "65535", "--size", "64"]);
    assert!(one_error_line(&out).contains("8 per core"));
    let mut child = bin()
        .args(["bench", "--size", "64", "--repeat", "1"])
        .env("RAYON_NUM_THREADS", "99999999999")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    let err = stderr_text(&mut child);
    assert!(status.is_some_and(|s| s.success()), "{err}");
    assert!(err.contains("RAYON_NUM_THREADS ignored"), "{err}");
}

#[test]
fn every_error_is_one_line_and_says_the_os_error_once() {
    let dir = tempfile::tempdir().unwrap();
    let weird = dir.path().join("no\ndir").join("x\n.png");
    let out = run(&["render", "--size", "32", "--out", weird.to_str().unwrap()]);
    let line = one_error_line(&out);
    assert!(line.contains("no\\ndir"), "{line}");
    let missing = dir.path().join("missing\n.ron");
    let out = run(&["render", missing.to_str().unwrap(), "--out", "x.png"]);
    let line = one_error_line(&out);
    assert_eq!(line.matches("os error 2").count(), 1, "{line}");
}

#[test]
fn lenient_input_is_refused() {
    let out = run(&["render", "--tint", "+f+f+f", "--out", "x.png"]);
    assert!(one_error_line(&out).contains("not a colour"));
    let out = run(&["render", "--ramp", "0:+f+f+f", "--out", "x.png"]);
    assert!(one_error_line(&out).contains("ramp stop"));
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("typo.ron");
    std::fs::write(&typo, "(\n  noise: (\n    persistance: 0.5,\n  ),\n)\n").unwrap();
    let out = run(&["render", typo.to_str().unwrap(), "--out", "x.png"]);
    let line = one_error_line(&out);
    assert!(
        line.contains("persistance") && line.contains("line 3"),
        "{line}"
    );
    let bom = dir.path().join("bom.ron");
    std::fs::write(
        &bom,
        "\u{feff}(name: \"bom\", noise: (size: 32, initial_step: 8))\n",
    )
    .unwrap();
    let png = dir.path().join("bom.png");
    ok(&run(&[
        "render",
        bom.to_str().unwrap(),
        "--out",
        png.to_str().unwrap(),
    ]));
    // A typo for a command is not a preset to open in a window.
    let out = bin().arg("bogus").env_remove("DISPLAY").output().unwrap();
    assert!(one_error_line(&out).contains("unknown command"));
}
