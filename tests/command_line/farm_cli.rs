//! The render-farm workflow through the binary: `tiles` prints commands that, run by a
//! shell, render tiles stitching to the whole render; `stats` prints levels that
//! `--levels` takes back to the same bytes as auto-levels; big sizes and bad windows.

use crate::common;

use common::cli::{ok, one_error_line, run};
use common::files::{preset_path, read_r32};
use std::process::Command;

#[test]
fn tiles_commands_render_tiles_that_stitch_to_the_whole_texture() {
    tiles_stitch_to_the_whole_render(&[]);
}

/// The isotropic mode's turned grids are exact in windows too, and `tiles` passes the
/// flag on (tileable: the turned grids' periodic numbers as well).
#[test]
fn isotropic_tiles_stitch_to_the_whole_texture() {
    tiles_stitch_to_the_whole_render(&["--isotropic", "--tileable"]);
}

/// `tiles` with `extra` flags prints commands whose tiles stitch to `render` with them.
fn tiles_stitch_to_the_whole_render(extra: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let preset = preset_path("terrain.ron");
    let preset = preset.to_str().unwrap();
    let d = dir.path().to_str().unwrap();
    let template = format!("{d}/t {{row}}_{{col}}.r32"); // a space: quoted in the commands
    let manifest = format!("{d}/manifest.json");
    let whole = format!("{d}/whole.r32");
    let size = if extra.is_empty() { "200" } else { "256" };
    let mut args = vec!["render", preset, "--size", size, "--out", &whole];
    args.extend(extra);
    ok(&run(&args));
    let mut args = vec![
        "tiles",
        preset,
        "--size",
        size,
        "--tile",
        "64",
        "--out",
        &template,
        "--manifest",
        &manifest,
    ];
    args.extend(extra);
    let out = run(&args);
    ok(&out);
    let commands = String::from_utf8(out.stdout).unwrap();
    let n: usize = size.parse().unwrap();
    let count = n.div_ceil(64) * n.div_ceil(64);
    assert_eq!(commands.lines().count(), count, "{commands}");
    for line in commands.lines() {
        assert!(
            line.contains(" render ") && line.contains("--region "),
            "{line}"
        );
        for flag in extra {
            assert!(line.contains(&format!("{flag}=true")), "{flag}: {line}");
        }
        let status = Command::new("sh").arg("-c").arg(line).status().unwrap();
        assert!(status.success(), "{line}");
    }
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    assert_eq!(manifest["size"], n);
    assert_eq!(manifest["format"], "r32");
    let tiles = manifest["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), count);
    let mut stitched = vec![f32::NAN; n * n];
    for t in tiles {
        let r = &t["region"];
        let [x, y, w, h] = ["x", "y", "width", "height"].map(|k| r[k].as_u64().unwrap() as usize);
        let tile = read_r32(std::path::Path::new(t["path"].as_str().unwrap()));
        assert_eq!(tile.len(), w * h);
        for row in 0..h {
            stitched[(y + row) * n + x..][..w].copy_from_slice(&tile[row * w..][..w]);
        }
    }
    let whole = read_r32(std::path::Path::new(&whole));
    let same = stitched
        .iter()
        .zip(&whole)
        .all(|(a, b)| a.to_bits() == b.to_bits());
    assert!(same, "stitched tiles differ from the whole render");
}

#[test]
fn tiles_pass_the_global_levels_to_every_tile() {
    let preset = preset_path("terrain.ron"); // auto-levels on
    let out = run(&[
        "tiles",
        preset.to_str().unwrap(),
        "--size",
        "128",
        "--tile",
        "64",
        "--out",
        "{row}_{col}.png",
        "--format",
        "png16",
    ]);
    ok(&out);
    let stats = run(&["stats", preset.to_str().unwrap(), "--size", "128"]);
    ok(&stats);
    let text = String::from_utf8(stats.stdout).unwrap();
    let value = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{key} ")))
            .unwrap()
            .to_owned()
    };
    let levels = format!("--levels={},{}", value("min"), value("max"));
    let commands = String::from_utf8(out.stdout).unwrap();
    assert_eq!(commands.lines().count(), 4);
    assert!(
        commands.lines().all(|l| l.contains(&levels)),
        "{commands} lacks {levels}"
    );
}

#[test]
fn levels_from_stats_give_the_auto_levels_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let preset = preset_path("terrain.ron");
    let preset = preset.to_str().unwrap();
    let stats = run(&["stats", preset, "--size", "300"]);
    ok(&stats);
    let text = String::from_utf8(stats.stdout).unwrap();
    let get = |k: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{k} ")))
            .unwrap()
            .to_owned()
    };
    assert_eq!((get("width"), get("height")), ("300".into(), "300".into()));
    let levels = format!("{},{}", get("min"), get("max"));
    let auto = dir.path().join("auto.png");
    let fixed = dir.path().join("fixed.png");
    let other = dir.path().join("other.png");
    let args = |out: &std::path::Path| {
        vec![
            "render".to_owned(),
            preset.to_owned(),
            "--size".into(),
            "300".into(),
            "--format".into(),
            "png16".into(),
            "--out".into(),
            out.to_str().unwrap().to_owned(),
        ]
    };
    ok(&run(&args(&auto)));
    let mut a = args(&fixed);
    a.extend(["--levels".into(), levels]);
    ok(&run(&a));
    let mut a = args(&other);
    a.extend(["--levels".into(), "-1,2".into()]);
    ok(&run(&a));
    let read = |p| std::fs::read(p).unwrap();
    assert!(
        read(&auto) == read(&fixed),
        "--levels from stats differ from auto-levels"
    );
    assert!(read(&auto) != read(&other), "--levels had no effect");
}

#[test]
fn streamed_sizes_and_windows_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.r32");
    let out = out.to_str().unwrap();
    // A corner of a texture larger than the in-memory limit.
    ok(&run(&[
        "render",
        "--size",
        "100000",
        "--region",
        "99990,0,10,20",
        "--out",
        out,
    ]));
    assert_eq!(std::fs::metadata(out).unwrap().len(), 10 * 20 * 4);
    std::fs::remove_file(out).unwrap();
    let e = one_error_line(&run(&["render", "--size", "262145", "--out", out]));
    assert!(e.contains("262144"), "{e}");
    let e = one_error_line(&run(&[
        "render", "--size", "64", "--region", "60,0,8,8", "--out", out,
    ]));
    assert!(e.contains("does not fit"), "{e}");
    let e = one_error_line(&run(&["render", "--region", "1,2,3", "--out", out]));
    assert!(e.contains("X,Y,W,H"), "{e}");
    let e = one_error_line(&run(&["tiles", "--tile", "8", "--out", "a.png"]));
    assert!(e.contains("{row}"), "{e}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
