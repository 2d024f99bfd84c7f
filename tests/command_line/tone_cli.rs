//! Curves and terraces from the command line: a layer's curve and terrace reshape its
//! heights as the formulas say, the texture curve reshapes the grey only, `none`
//! takes them away, and bad values are refused in one line.

use lattice_studio::PresetFiles;
use lattice_studio::engine::{Curve, Terrace};
use std::path::Path;

use crate::common;
use common::cli::{ok, one_error_line, run};
use common::files::read_r32;

fn render(dir: &Path, name: &str, format: &str, extra: &[&str]) -> std::path::PathBuf {
    let out = dir.join(name);
    let mut args = vec![
        "render",
        "--size",
        "96",
        "--format",
        format,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    ok(&run(&args));
    out
}

fn grey16(path: &Path) -> Vec<u16> {
    image::open(path).unwrap().into_luma16().into_raw()
}

#[test]
fn a_layer_curve_and_terrace_reshape_each_height() {
    let dir = tempfile::tempdir().unwrap();
    let plain = read_r32(&render(dir.path(), "plain.r32", "r32", &[]));
    let spec = "0:0,0.4:0.1,1:1";
    let toned = read_r32(&render(
        dir.path(),
        "toned.r32",
        "r32",
        &["--curve", spec, "--terrace", "5,0.5"],
    ));
    let curve = Curve::parse(spec).unwrap();
    let terrace = Terrace::parse("5,0.5").unwrap();
    assert_eq!(plain.len(), toned.len());
    for (h, t) in plain.iter().zip(&toned) {
        assert_eq!(t.to_bits(), terrace.apply(curve.apply(*h)).to_bits());
    }
    // `none` takes a preset's curve away again.
    let mut p = lattice_studio::Preset::default();
    p.layers[0].curve = Some(curve);
    let file = dir.path().join("curved.ron");
    std::fs::write(&file, p.to_ron()).unwrap();
    let out = dir.path().join("undone.r32");
    ok(&run(&[
        "render",
        file.to_str().unwrap(),
        "--size",
        "96",
        "--curve",
        "none",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert_eq!(read_r32(&out), plain);
}

#[test]
fn the_texture_curve_reshapes_the_grey_not_the_heights() {
    let dir = tempfile::tempdir().unwrap();
    let inverted = ["--texture-curve", "0:1,1:0"];
    let plain = grey16(&render(dir.path(), "plain.png", "png16", &[]));
    let curved = grey16(&render(dir.path(), "curved.png", "png16", &inverted));
    for (p, c) in plain.iter().zip(&curved) {
        assert!(
            (i32::from(*p) + i32::from(*c) - 65535).abs() <= 1,
            "{p} {c}"
        );
    }
    // Raw heights keep their values.
    let a = read_r32(&render(dir.path(), "a.r32", "r32", &[]));
    let b = read_r32(&render(dir.path(), "b.r32", "r32", &inverted));
    assert_eq!(a, b);
    // The PNG holds its preset, curve included.
    let p = lattice_studio::Preset::load(&dir.path().join("curved.png")).unwrap();
    assert_eq!(p.output.curve.map(|c| c.spec()).as_deref(), Some("0:1,1:0"));
}

#[test]
fn bad_curves_and_terraces_are_one_line_errors() {
    for (flag, value, says) in [
        ("--curve", "0:0", "2 to 16 points"),
        ("--curve", "0.5:0,0.2:1", "increasing x"),
        ("--curve", "0:0,2:1", "x in 0..=1"),
        ("--texture-curve", "zero", "X:Y,X:Y"),
        ("--terrace", "0", "1 to 256 steps"),
        ("--terrace", "4,2", "0..=1"),
    ] {
        let out = run(&["render", "--size", "32", "--out", "-", flag, value]);
        assert!(!out.status.success());
        let line = one_error_line(&out);
        assert!(line.contains(says), "{flag} {value}: {line}");
    }
}
