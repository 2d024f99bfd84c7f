//! The `lattice-studio` binary, run as a user would: every format, every class of bad
//! input, flags over presets, and the `list` and `bench` commands.

use lattice_studio::PresetFiles;
use lattice_studio::engine::generate_simple;
use lattice_studio::{NoiseParams, Preset, Proximity};
use std::path::PathBuf;

use crate::common;
use common::cli::{bin, ok, run};
use common::files::{preset_path as preset, read_r32};

fn heights(params: &NoiseParams) -> Vec<f32> {
    generate_simple(params).unwrap().data().to_vec()
}

#[test]
fn renders_every_format_with_the_right_size_and_values() {
    let dir = tempfile::tempdir().unwrap();
    let d = |n: &str| dir.path().join(n);
    let s = |p: &PathBuf| p.to_str().unwrap().to_owned();
    let common = ["--size", "40", "--initial-step", "16", "--seed", "3"];
    for (file, format) in [
        ("a.png", "png"),
        ("t.png", "png-transparent"),
        ("w.png", "png16"),
        ("h.r16", "r16"),
        ("h.r32", "r32"),
    ] {
        let mut args = vec!["render", "--out"];
        let out = s(&d(file));
        args.push(&out);
        args.extend(["--format", format]);
        args.extend(common);
        let out = run(&args);
        ok(&out);
        // A quick render is silent: no progress line, no warnings.
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let grey = image::open(d("a.png")).unwrap();
    assert_eq!(grey.color(), image::ColorType::L8);
    let grey = grey.into_luma8();
    assert_eq!(grey.dimensions(), (40, 40));
    let rgba = image::open(d("t.png")).unwrap().into_rgba8();
    assert_eq!(rgba.dimensions(), (40, 40));
    let g16 = image::open(d("w.png")).unwrap();
    assert_eq!(g16.color(), image::ColorType::L16);
    let g16 = g16.into_luma16();
    let r16: Vec<u16> = std::fs::read(d("h.r16"))
        .unwrap()
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(r16.len(), 40 * 40);
    assert_eq!(r16.as_slice(), g16.as_raw().as_slice());
    for (i, (&g, px)) in grey.as_raw().iter().zip(rgba.pixels()).enumerate() {
        assert_eq!(px.0, [255, 255, 255, g], "pixel {i}");
        // 16-bit and 8-bit greys come from the same mapped value.
        let wide = f32::from(g16.as_raw()[i]) / 65535.0 * 255.0;
        assert!((wide - f32::from(g)).abs() <= 0.5 + 1e-3, "pixel {i}");
    }
    // R32 holds the unmapped heights, exactly what the library generates.
    let want = NoiseParams {
        size: 40,
        initial_step: 16,
        seed: 3,
        ..NoiseParams::default()
    };
    assert_eq!(read_r32(&d("h.r32")), heights(&want));
}

#[test]
fn format_follows_the_extension_when_not_given() {
    let dir = tempfile::tempdir().unwrap();
    let raw = dir.path().join("x.r32");
    ok(&run(&[
        "render",
        "--size",
        "16",
        "--out",
        raw.to_str().unwrap(),
    ]));
    assert_eq!(std::fs::metadata(&raw).unwrap().len(), 16 * 16 * 4);
    let odd = dir.path().join("x.img");
    ok(&run(&[
        "render",
        "--size",
        "16",
        "--out",
        odd.to_str().unwrap(),
    ]));
    let img = image::load_from_memory(&std::fs::read(&odd).unwrap()).unwrap();
    assert_eq!(img.color(), image::ColorType::L8);
}

/// Runs a command that must fail: non-zero exit, one `error:` line, no file left.
/// `render` gets an `--out` in a fresh directory unless it has one.
pub(crate) fn refused(args: &[&str], expect: &str) {
    check_refused(
        args,
        expect,
        args[0] == "render" && !args.contains(&"--out"),
    );
}

fn check_refused(args: &[&str], expect: &str, add_out: bool) {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out.png");
    let mut all: Vec<&str> = args.to_vec();
    let out_str = out_path.to_str().unwrap().to_owned();
    if add_out {
        all.extend(["--out", &out_str]);
    }
    let out = run(&all);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(
        stderr.to_lowercase().contains(expect),
        "{args:?}: {stderr} lacks {expect}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "{args:?} left a file"
    );
}

#[test]
fn bad_numbers_are_refused() {
    refused(&["render", "--size", "0"], "size 0");
    refused(&["render", "--size", "262145"], "out of range");
    refused(&["render", "--size", "abc"], "not a whole number");
    refused(&["render", "--initial-step", "0"], "initial step 0");
    refused(
        &["render", "--size", "64", "--initial-step", "65"],
        "initial step 65",
    );
    refused(&["render", "--octaves", "99"], "octaves 99");
    refused(&["render", "--persistence", "NaN"], "finite");
    refused(&["render", "--persistence", "1.5"], "persistence");
    refused(&["render", "--contrast", "nan"], "finite");
    refused(&["render", "--luminance", "inf"], "finite");
    refused(&["render", "--seed", "x"], "invalid value");
}

#[test]
fn unknown_ids_are_refused_with_the_valid_ones() {
    refused(&["render", "--proximity", "banana"], "displaced-parabola");
    refused(&["render", "--fade", "smooth"], "quintic");
    refused(&["render", "--random", "mt"], "original-table");
    refused(&["render", "--displacement", "third"], "quarter");
    refused(&["render", "--format", "tiff"], "png16");
    refused(&["render", "--bogus"], "--bogus");
    check_refused(&["render"], "--out", false);
}

#[test]
fn unwritable_destinations_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir").join("x.png");
    refused(
        &["render", "--size", "16", "--out", missing.to_str().unwrap()],
        "does not exist",
    );
    assert!(!missing.exists());
    refused(
        &[
            "render",
            "--size",
            "16",
            "--out",
            dir.path().to_str().unwrap(),
        ],
        "directory",
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn broken_presets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bad_syntax = dir.path().join("syntax.ron");
    std::fs::write(&bad_syntax, "(noise: (seed: 3,\n").unwrap();
    let bad_id = dir.path().join("id.ron");
    std::fs::write(&bad_id, "(\n  noise: (\n    fade: wobbly,\n  ),\n)\n").unwrap();
    let bad_value = dir.path().join("value.ron");
    std::fs::write(&bad_value, "(noise: (size: 64, initial_step: 128))").unwrap();
    refused(&["render", bad_syntax.to_str().unwrap()], "syntax.ron");
    refused(&["render", bad_id.to_str().unwrap()], "line 3");
    refused(&["render", bad_value.to_str().unwrap()], "initial step 128");
    refused(&["render", "/no/such/preset.ron"], "preset.ron");
    refused(&["bench", bad_id.to_str().unwrap()], "wobbly");
    refused(&["bench", "--octaves", "0"], "nothing to time");
    refused(&["bench", "--repeat", "0"], "repeat");
}

#[test]
fn flags_override_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.r32");
    let clouds = preset("clouds.ron");
    ok(&run(&[
        "render",
        clouds.to_str().unwrap(),
        "--size",
        "32",
        "--seed",
        "99",
        "--proximity",
        "hill",
        "--out",
        out.to_str().unwrap(),
    ]));
    let mut want = Preset::load(&clouds).unwrap().noise().resized(32);
    let before = heights(&want);
    want.seed = 99;
    want.proximity = Proximity::Hill;
    let got = read_r32(&out);
    assert_eq!(got, heights(&want));
    assert_ne!(got, before);
}

#[test]
fn size_flag_scales_the_initial_step_unless_given() {
    let dir = tempfile::tempdir().unwrap();
    let scaled = dir.path().join("s.r32");
    let fixed = dir.path().join("f.r32");
    let default = preset("default.ron");
    let d = default.to_str().unwrap();
    ok(&run(&[
        "render",
        d,
        "--size",
        "64",
        "--out",
        scaled.to_str().unwrap(),
    ]));
    ok(&run(&[
        "render",
        d,
        "--size",
        "64",
        "--initial-step",
        "64",
        "--out",
        fixed.to_str().unwrap(),
    ]));
    // The default preset is 512 px with step 128: a quarter of the texture.
    let base = NoiseParams::default();
    assert_eq!((base.size, base.initial_step), (512, 128));
    let quarter = NoiseParams {
        size: 64,
        initial_step: 16,
        ..base.clone()
    };
    let whole = NoiseParams {
        size: 64,
        initial_step: 64,
        ..base
    };
    assert_eq!(read_r32(&scaled), heights(&quarter));
    assert_eq!(read_r32(&fixed), heights(&whole));
}

#[test]
fn list_names_every_id() {
    let out = run(&["list"]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let first_words: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for p in Proximity::ALL {
        assert!(first_words.contains(&p.id()), "{} missing", p.id());
    }
    assert_eq!(Proximity::ALL.len(), 28);
    for id in [
        "hermite",
        "quintic",
        "original-table",
        "modern",
        "half",
        "r32",
    ] {
        assert!(first_words.contains(&id), "{id} missing");
    }
}

#[test]
fn a_preset_without_subcommand_is_accepted() {
    // Without a display the window cannot open: the arguments were accepted (not a usage
    // error, exit 2) and the failure is reported on one line, without a panic.
    let out = bin()
        .arg(preset("clouds.ron"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains("window"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn octaves_auto_reaches_one_pixel_and_info_says_how_many() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("auto.r32");
    let d = preset("default.ron");
    let d = d.to_str().unwrap();
    let args = ["render", d, "--size", "2048", "--octaves", "auto"];
    ok(&run(
        &[&args[..], &["--out", out.to_str().unwrap()]].concat()
    ));
    let mut want = NoiseParams::default().resized(2048);
    want.auto_octaves = true;
    // Step 512 down to 1: ten octaves where the preset's own count stops at 8.
    assert_eq!(want.octave_count(), 10);
    assert_eq!(read_r32(&out), heights(&want));

    // A PNG carries the preset with the flag, and `info` prints the count it gives.
    let saved = dir.path().join("auto.png");
    ok(&run(
        &[&args[..], &["--out", saved.to_str().unwrap()]].concat()
    ));
    let info = run(&["info", saved.to_str().unwrap()]);
    ok(&info);
    let text = String::from_utf8_lossy(&info.stdout);
    assert!(text.contains("auto: 10 octaves"), "{text}");
}

#[test]
fn droplets_are_announced_before_they_run_shown_by_info_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let terrain = preset("layered-terrain.ron");
    let terrain = terrain.to_str().unwrap();
    let out = dir.path().join("carved.png");
    let flags = [
        "--size",
        "64",
        "--layer",
        "3",
        "--heights",
        "below",
        "--droplets",
        "0.5",
    ];
    let r = run(&[
        &["render", terrain][..],
        &flags,
        &["--out", out.to_str().unwrap()],
    ]
    .concat());
    ok(&r);
    let stderr = String::from_utf8_lossy(&r.stderr);
    let say = "layer 'ridges': simulating 131072 droplets on a 512 x 512 grid first (3 MiB)";
    assert!(stderr.lines().next() == Some(say), "{stderr}");
    // A disabled layer that nothing reads simulates nothing, so nothing is announced.
    let text = std::fs::read_to_string(terrain).unwrap();
    let disabled = text.replacen("name: \"ridges\",", "name: \"ridges\", enabled: false,", 1);
    assert_ne!(disabled, text);
    let off = dir.path().join("off.ron");
    std::fs::write(&off, disabled).unwrap();
    let r = run(&[
        &["render", off.to_str().unwrap()][..],
        &flags,
        &["--out", dir.path().join("off.png").to_str().unwrap()],
    ]
    .concat());
    ok(&r);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(!stderr.contains("simulating"), "{stderr}");
    // The PNG carries the preset with the simulation, and `info` describes it.
    let info = run(&["info", out.to_str().unwrap()]);
    ok(&info);
    let text = String::from_utf8_lossy(&info.stdout);
    assert!(
        text.contains("droplets 0.5/px on a 512 x 512 grid (64 steps, radius 2)"),
        "{text}"
    );
    // `bench` times the render that simulates against one that finds it kept.
    let bench = run(&[&["bench", terrain][..], &flags, &["--repeat", "1"]].concat());
    ok(&bench);
    let text = String::from_utf8_lossy(&bench.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("droplets: first render "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains(" ms (simulating), then "), "{line}");
    refused(
        &[&["render", terrain][..], &["--droplets", "9"]].concat(),
        "droplets '9' must be a number of droplets per grid pixel in 0..=8",
    );
}
