//! The command line's texture-artist features: normal maps, colour ramps, tiling
//! errors, PNGs as presets, and "Copy as command line" commands that really reproduce.

use lattice_studio::PresetFiles;
use lattice_studio::command_text::command_line::to_command_line;
use lattice_studio::engine::generate_simple;
use lattice_studio::{ColorRamp, ExportFormat, NormalConvention, Preset, Proximity, RandomSource};
use std::path::Path;

use crate::common;
use common::cli::{ok, run};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn normal_map_with_strength_and_convention() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("n.png");
    ok(&run(&[
        "render",
        "--out",
        s(&out),
        "--size",
        "64",
        "--tileable",
        "--format",
        "normal",
        "--normal-strength",
        "4.5",
        "--normal-convention",
        "directx",
    ]));
    let img = image::open(&out).unwrap();
    assert_eq!(img.color(), image::ColorType::Rgb8);
    let p = Preset::load(&out).unwrap();
    assert_eq!(p.output.normal_strength, 4.5);
    assert_eq!(p.output.normal_convention, NormalConvention::DirectX);
    assert!(p.noise().tileable);
}

#[test]
fn ramp_by_name_colours_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.png");
    ok(&run(&[
        "render",
        "--out",
        s(&out),
        "--size",
        "32",
        "--ramp",
        "lava",
        "--format",
        "color-alpha",
    ]));
    let img = image::open(&out).unwrap().into_rgba8();
    let mut preset = Preset::default();
    preset.layers = preset.layers.resized(32);
    preset.output.ramp = ColorRamp::builtin("lava");
    let hm = generate_simple(preset.noise()).unwrap();
    assert_eq!(img, lattice_studio::pixels::rgba_ramp(&hm, &preset.output));
    let bad = run(&["render", "--out", s(&out), "--ramp", "banana"]);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("banana") && err.contains("terrain"), "{err}");
}

#[test]
fn impossible_tiling_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.png");
    let r = run(&[
        "render",
        "--out",
        s(&out),
        "--size",
        "384",
        "--initial-step",
        "256",
        "--tileable",
    ]);
    assert!(!r.status.success());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("cannot tile exactly"), "{err}");
    assert!(!out.exists());
}

#[test]
fn an_exported_png_works_as_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.png");
    ok(&run(&[
        "render",
        "--out",
        s(&first),
        "--size",
        "48",
        "--seed",
        "9",
        "--proximity",
        "hill",
        "--contrast",
        "1.3",
    ]));
    // Render again from the PNG, as raw heights, and compare with the library.
    let again = dir.path().join("again.r32");
    ok(&run(&["render", s(&first), "--out", s(&again)]));
    let p = Preset::load(&first).unwrap();
    assert_eq!((p.noise().size, p.noise().seed), (48, 9));
    assert_eq!(p.noise().proximity, Proximity::Hill);
    assert_eq!(p.output.contrast, 1.3);
    let want: Vec<u8> = generate_simple(p.noise())
        .unwrap()
        .data()
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(std::fs::read(&again).unwrap(), want);
}

/// Splits a POSIX command line (bare words, single quotes and `\'`, which is all
/// `to_command_line` emits).
fn shell_words(cmd: &str) -> Vec<String> {
    let (mut words, mut cur, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    let mut chars = cmd.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if !quoted => {
                cur.extend(chars.next());
                any = true;
            }
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

#[test]
fn copied_command_line_reproduces_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let mut preset = Preset::default();
    preset.noise_mut().size = 64;
    preset.noise_mut().initial_step = 16;
    preset.noise_mut().seed = -3;
    preset.noise_mut().persistence = 0.37;
    preset.noise_mut().random = RandomSource::Modern;
    preset.noise_mut().tileable = true;
    preset.output.contrast = 1.7;
    preset.output.luminance = -0.2;
    preset.output.tint = [1, 2, 3];
    preset.output.normal_strength = 2.25;
    preset.output.ramp = ColorRamp::parse("0.2:ff000080,0.8:00ff00").ok();
    let out = dir.path().join("it's here.png");
    let cmd = to_command_line(&preset, &out, ExportFormat::Color).unwrap();
    let words = shell_words(&cmd);
    assert_eq!(words[..2], ["lattice-studio", "render"]);
    ok(&run(&words[1..]));
    let back = Preset::load(&out).unwrap();
    assert_eq!(back.noise(), preset.noise());
    assert_eq!(back.output, preset.output);
}
