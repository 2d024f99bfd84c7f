//! Hardening of the render-farm commands and of what the command line reports: printed
//! commands that every shell reads as meant, one file per tile, every flag passed on,
//! no "done" after a failure, degenerate presets refused with the limit stated.

use lattice_studio::PresetFiles;
use std::path::Path;

use crate::common;
use common::cli::{bin, ok, one_error_line, read_then_close, run};
use common::farm::{run_in_shell, shells, stitch};
use common::files::{preset_path, read_r32};

#[test]
fn hostile_names_run_exactly_as_meant_in_every_shell() {
    let preset_src = preset_path("layered-terrain.ron");
    for shell in shells() {
        let dir = tempfile::tempdir().unwrap();
        // A preset whose name starts with '-', in a folder with a space and a quote.
        let folder = dir.path().join("it's a $HOME");
        std::fs::create_dir(&folder).unwrap();
        std::fs::copy(&preset_src, folder.join("-p.ron")).unwrap();
        let template = "out dir/$(touch PWNED)`touch PWNED2`;\"q\\ {row}_{col}.r32";
        std::fs::create_dir(dir.path().join("out dir")).unwrap();
        let out = bin()
            .current_dir(dir.path())
            .args(["tiles", "--tile", "48", "--size", "96", "--format", "r32"])
            .args(["--out", template, "--"])
            .arg(Path::new("it's a $HOME").join("-p.ron"))
            .output()
            .unwrap();
        ok(&out);
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        for line in &lines {
            let r = run_in_shell(shell, line, dir.path());
            assert!(r.status.success(), "{shell}: {line}: {r:?}");
        }
        for name in ["PWNED", "PWNED2"] {
            assert!(
                !dir.path().join(name).exists(),
                "{shell} ran a command substitution"
            );
        }
        let whole = dir.path().join("whole.r32");
        let out_arg = whole.as_os_str();
        ok(&run(&[
            "render".as_ref(),
            preset_src.as_os_str(),
            "--size=96".as_ref(),
            "--out".as_ref(),
            out_arg,
        ]));
        let tile = |r: usize, c: usize| {
            dir.path().join(format!(
                "out dir/$(touch PWNED)`touch PWNED2`;\"q\\ {r}_{c}.r32"
            ))
        };
        assert_eq!(stitch(96, 48, tile), read_r32(&whole), "{shell}");
    }
}

#[test]
fn unprintable_names_are_refused_before_anything_is_printed() {
    let dir = tempfile::tempdir().unwrap();
    let out = bin()
        .current_dir(dir.path())
        .args(["tiles", "--tile", "32", "--size", "64"])
        .args(["--out", "a\nb{row}_{col}.png"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(one_error_line(&out).contains("control character"));
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = dir.path().join(std::ffi::OsStr::from_bytes(b"p\xff.ron"));
        std::fs::copy(preset_path("terrain.ron"), &bad).unwrap();
        let out = bin()
            .current_dir(dir.path())
            .args([
                "tiles",
                "--tile",
                "32",
                "--size",
                "64",
                "--out",
                "{row}_{col}.png",
            ])
            .arg(&bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        assert!(one_error_line(&out).contains("not valid UTF-8"));
    }
}

#[test]
fn patterns_that_could_share_a_file_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = |p: &str| dir.path().join(p).to_str().unwrap().to_owned();
    // 12 tiles a side: (1, 11) and (11, 1) would both be "111".
    for pattern in ["{row}{col}.png", "{row}1{col}.png", "t/{row}/../{col}.png"] {
        let out = run(&[
            "tiles",
            "--size",
            "120",
            "--tile",
            "10",
            "--out",
            &d(pattern),
        ]);
        assert_eq!(out.status.code(), Some(1), "{pattern}");
        assert!(out.stdout.is_empty(), "{pattern}");
        assert!(one_error_line(&out).contains("same"), "{pattern}");
    }
    // A tile that would overwrite the preset every tile reads, or the manifest.
    let preset = dir.path().join("0_0.png");
    ok(&run(&[
        "render",
        "--size",
        "64",
        "--out",
        preset.to_str().unwrap(),
    ]));
    let out = run(&[
        "tiles",
        preset.to_str().unwrap(),
        "--tile",
        "32",
        "--out",
        &d("{row}_{col}.png"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(one_error_line(&out).contains("over the preset"));
    let out = run(&[
        "tiles",
        "--size",
        "64",
        "--tile",
        "32",
        "--out",
        &d("{row}_{col}.json"),
        "--manifest",
        &d("1_1.json"),
    ]);
    assert!(one_error_line(&out).contains("over the manifest"));
    let out = run(&[
        "tiles",
        "--size",
        "64",
        "--tile",
        "32",
        "--out",
        &d("{row}_{col}.png"),
        "--manifest",
        "-",
    ]);
    assert!(one_error_line(&out).contains("--manifest -"));
    assert!(!Path::new("-").exists());
    // The manifest naming the preset through a directory that does not exist yet.
    let around = dir.path().join("not-yet/../0_0.png");
    let out = run(&[
        "tiles",
        preset.to_str().unwrap(),
        "--tile",
        "32",
        "--out",
        &d("t_{row}_{col}.png"),
        "--manifest",
        around.to_str().unwrap(),
    ]);
    assert!(one_error_line(&out).contains("overwrite the preset"));
}

/// A pipe closed after the first bytes of a render ends the program with a failure
/// status and no "done" line.
#[test]
fn a_reader_that_goes_away_is_no_success() {
    let args = ["render", "--size", "2048", "--format", "r32", "--out", "-"];
    let (status, err) = read_then_close(&args, 100);
    assert!(!status.success(), "{status:?}");
    assert!(!err.contains("done"), "{err}");
}

/// A list of 268 million tiles (16 px tiles of the largest texture) starts at once and
/// stops when its reader does: the commands are made one at a time, never collected
/// (collected, the list would need tens of GiB before its first line).
#[test]
fn a_list_of_millions_of_tiles_streams() {
    let args = [
        "tiles",
        "--size",
        "262144",
        "--tile",
        "16",
        "--out",
        "t_{row}_{col}.png",
    ];
    let (status, err) = read_then_close(&args, 1 << 20);
    assert!(!status.success(), "{status:?}");
    assert!(!err.contains("done"), "{err}");
}

#[test]
fn format_flags_with_another_format_are_errors() {
    let out = run(&["render", "--size", "16", "--exr-half", "--out", "x.png"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(one_error_line(&out).contains("--exr-half applies to the exr format only"));
    let out = run(&[
        "tiles",
        "--size",
        "16",
        "--tile",
        "8",
        "--exr-half",
        "--out",
        "{row}_{col}.r16",
    ]);
    assert!(one_error_line(&out).contains("--exr-half"));
    assert!(out.stdout.is_empty());
    let out = run(&["render", "--size", "16", "--large-mesh", "--out", "x.png"]);
    assert!(one_error_line(&out).contains("--large-mesh"));
}

#[test]
fn a_huge_mesh_says_its_size_and_needs_confirming() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("m.glb");
    let out = run(&[
        "render",
        "--size",
        "64",
        "--mesh-resolution",
        "8192",
        "--out",
        out_path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let line = one_error_line(&out);
    assert!(
        line.contains("GiB") && line.contains("--large-mesh"),
        "{line}"
    );
    assert!(!out_path.exists());
}

#[test]
fn degenerate_presets_say_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "(version: 2, size: 64, layers: [])",
            "1 to 16 layers, not 0",
        ),
        ("(layers: [])", "1 to 16 layers, not 0"),
        (
            r#"(version: 2, size: 64, layers: [(name: "", noise: (initial_step: 16))])"#,
            "1 to 64 characters",
        ),
        (
            r#"(version: 2, size: 64, layers: [(name: "a", noise: (initial_step: 16))], channels: ["a", "a", "a", "a", "a"])"#,
            "at most 4 channels (R, G, B, A); this one names 5",
        ),
        (
            r#"(version: 2, size: 64, layers: [(name: "a", noise: (initial_step: 16))], channels: ["b"])"#,
            "channel R names layer 'b'",
        ),
        ("(version: 2, size: 300000)", "(1..=262144)"),
    ];
    for (text, want) in cases {
        let preset = dir.path().join("p.ron");
        std::fs::write(&preset, text).unwrap();
        let out_path = dir.path().join("o.png");
        let out = run(&[
            "render",
            preset.to_str().unwrap(),
            "--out",
            out_path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{text}");
        let line = one_error_line(&out);
        assert!(line.contains(want), "{text}: {line}");
        assert!(!out_path.exists(), "{text}");
    }
}

/// A preset of 16 warped, masked layers streams in windows whose layers stay within
/// the heights budget (the wide 16-row band is cut into strips).
#[test]
fn many_layers_stream_within_the_budget() {
    let preset =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sixteen-warped-layers.ron");
    let p = lattice_studio::Preset::load(&preset).unwrap();
    let maps = p.layers.maps_held();
    // The output, each layer's heights and two spares: warp fields that are noises
    // are made band by band inside the warped sampler and hold no map.
    assert_eq!(maps, 1 + 16 + 2);
    let plan = lattice_studio::files::stream::BandPlan::new(
        lattice_studio::engine::Region::full(4096),
        maps,
    );
    assert!(plan.rows_per_band() as usize * 4096 * 4 * maps <= 96 << 20);
    // The band renderer's wide bands equal the whole render's rows.
    let dir = tempfile::tempdir().unwrap();
    let (whole, band) = (dir.path().join("w.r32"), dir.path().join("b.r32"));
    let p = preset.to_str().unwrap();
    ok(&run(&[
        "render",
        p,
        "--size",
        "300",
        "--out",
        whole.to_str().unwrap(),
    ]));
    ok(&run(&[
        "render",
        p,
        "--size",
        "300",
        "--region",
        "0,16,300,20",
        "--out",
        band.to_str().unwrap(),
    ]));
    assert_eq!(read_r32(&band)[..], read_r32(&whole)[300 * 16..300 * 36]);
}
