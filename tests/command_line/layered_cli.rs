//! Layered textures on the command line beyond the layer flags: the copied command line
//! (a here-document read by `render -`), packed exports streamed in tiles, and standard
//! input's limits.

use lattice_studio::PresetFiles;
use lattice_studio::command_text::command_line::to_command_line;
use lattice_studio::{ExportFormat, Preset};
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use crate::common;
use common::cli::{bin, field, ok, one_error_line, run};
use common::files::preset_path;

/// The decoded pixels of a PNG, as 16-bit RGBA.
fn pixels(path: &Path) -> image::ImageBuffer<image::Rgba<u16>, Vec<u16>> {
    image::open(path).unwrap().into_rgba16()
}

#[test]
fn the_copied_command_line_of_a_layered_preset_renders_it() {
    let dir = tempfile::tempdir().unwrap();
    let source = preset_path("layered-terrain.ron");
    let mut preset = Preset::load(&source).unwrap();
    preset.layers = preset.layers.resized(128);
    let saved = dir.path().join("small.ron");
    preset.save(&saved).unwrap();
    let reference = dir.path().join("reference.png");
    ok(&run(&[
        "render",
        saved.to_str().unwrap(),
        "--format",
        "png16",
        "--out",
        reference.to_str().unwrap(),
    ]));

    let copied = dir.path().join("copied.png");
    let cmd = to_command_line(&preset, &copied, ExportFormat::Png16).unwrap();
    assert!(cmd.starts_with("lattice-studio render - "), "{cmd}");
    // The shell finds `lattice-studio` where cargo built it.
    let exe = Path::new(env!("CARGO_BIN_EXE_lattice-studio"));
    let path = format!(
        "{}:{}",
        exe.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &cmd])
        .env("PATH", path)
        .output()
        .unwrap();
    ok(&out);
    assert_eq!(pixels(&copied), pixels(&reference));
}

#[test]
fn packed_tiles_stitch_to_the_whole_packed_texture() {
    let dir = tempfile::tempdir().unwrap();
    let masks = preset_path("packed-masks.ron");
    let render = |out: &Path, region: Option<String>| {
        let mut args = vec![
            "render".to_owned(),
            masks.to_str().unwrap().to_owned(),
            "--size".to_owned(),
            "96".to_owned(),
            "--format".to_owned(),
            "packed16".to_owned(),
            "--out".to_owned(),
            out.to_str().unwrap().to_owned(),
        ];
        if let Some(r) = region {
            args.extend(["--region".to_owned(), r]);
        }
        ok(&run(&args));
        pixels(out)
    };
    let whole = render(&dir.path().join("whole.png"), None);
    for (x, y) in [(0, 0), (48, 0), (0, 48), (48, 48)] {
        let tile = render(
            &dir.path().join(format!("{x}_{y}.png")),
            Some(format!("{x},{y},48,48")),
        );
        for (tx, ty, px) in tile.enumerate_pixels() {
            assert_eq!(
                px,
                whole.get_pixel(x + tx, y + ty),
                "tile {x},{y} at {tx},{ty}"
            );
        }
    }
}

#[test]
fn standard_input_takes_ron_only_and_not_for_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.png");
    let feed = |bytes: &[u8]| {
        let mut child = bin()
            .args([
                "render",
                "-",
                "--size",
                "32",
                "--out",
                out.to_str().unwrap(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The binary may stop reading early (too large); a broken pipe is expected then.
        let _ = child.stdin.take().unwrap().write_all(bytes);
        child.wait_with_output().unwrap()
    };
    let ron = std::fs::read(preset_path("warped-marble.ron")).unwrap();
    ok(&feed(&ron));
    assert!(out.exists());

    let e = one_error_line(&feed(&[0xff, 0xfe, 0x00]));
    assert!(e.contains("<standard input>") && e.contains("UTF-8"), "{e}");
    let e = one_error_line(&feed(&vec![b' '; (1 << 20) + 10]));
    assert!(e.contains("larger than"), "{e}");

    let e = one_error_line(&run(&[
        "tiles",
        "-",
        "--size",
        "64",
        "--tile",
        "32",
        "--out",
        "t/{row}_{col}.png",
    ]));
    assert!(e.contains("standard input"), "{e}");
}

#[test]
fn bench_times_a_layered_textures_edits_as_the_designer_renders_them() {
    let preset = preset_path("packed-masks.ron");
    let args = [
        "bench",
        preset.to_str().unwrap(),
        "--size",
        "64",
        "--repeat",
        "3",
    ];
    let out = run(&[&args[..], &["--threads", "1"]].concat());
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let line = |start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{start} missing:\n{text}"))
    };
    let cached = line("every layer cached");
    assert!(field(cached, "ns_per_pixel_layer") > 0.0, "{cached}");
    for start in [
        "every layer cached",
        "top layer's seed changed",
        "that layer alone",
    ] {
        let ms = field(line(start), "median_ms");
        assert!(ms.is_finite() && ms > 0.0, "{text}");
    }

    // A texture of one layer has no layers to cache.
    let plain = preset_path("default.ron");
    let out = run(&[
        "bench",
        plain.to_str().unwrap(),
        "--size",
        "32",
        "--repeat",
        "1",
    ]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("top layer"), "{text}");
}

#[test]
fn bench_designer_times_each_kind_of_edit_and_says_the_peak_memory() {
    let out = run(&[
        "bench",
        preset_path("packed-masks.ron").to_str().unwrap(),
        "--size",
        "256",
        "--repeat",
        "2",
        "--designer",
    ]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    for start in [
        "designer at 256x256 (4 layers",
        "opened: ms=",
        "top layer's seed changed: median_ms=",
        "bottom layer's seed changed: ms=",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(start)),
            "{start}:\n{text}"
        );
    }
    let peak = text
        .lines()
        .find_map(|l| l.strip_prefix("peak memory: "))
        .unwrap_or_else(|| panic!("no peak:\n{text}"));
    if cfg!(target_os = "linux") {
        let mib: u64 = peak.split(' ').next().unwrap().parse().unwrap();
        assert!(mib > 0 && peak.contains("MiB"), "{peak}");
    }
    assert!(
        !text.contains("every layer cached"),
        "only the designer's renders"
    );
    let both = run(&["bench", "--designer", "--all-proximity"]);
    assert_eq!(both.status.code(), Some(2));
}
