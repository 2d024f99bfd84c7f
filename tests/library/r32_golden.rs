//! Every shipped preset keeps its exact heights: the R32 bytes of each one at its own
//! size hash to the value recorded in `tests/golden/r32-fnv1a64.txt` (written from the
//! build before the layered architecture; `UPDATE_GOLDEN=1` rewrites it, for a change
//! that means to alter the heights and says so).

use lattice_studio::PresetFiles;
use lattice_studio::engine::JobControl;
use lattice_studio::{ExportFormat, Preset, encode};
use std::fmt::Write as _;
use std::path::Path;

use crate::common;
use common::files::{golden_dir, preset_files};

/// 64-bit FNV-1a: enough to tell any change of the bytes, no dependency.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn every_shipped_preset_keeps_its_r32_bytes() {
    let mut table = String::new();
    for path in preset_files() {
        let preset = Preset::load(&path).unwrap_or_else(|e| panic!("{e}"));
        // Through the one entry point front ends use: version 1 presets are one-layer
        // stacks and must give exactly the heights they always had.
        let hm = preset.generate(&JobControl::new()).unwrap();
        let bytes = encode(&hm, &preset.output, ExportFormat::R32, Path::new("x.r32")).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        writeln!(table, "{name} {} {:016x}", hm.size(), fnv1a64(&bytes)).unwrap();
    }
    let file = golden_dir().join("r32-fnv1a64.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&file, &table).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&file).unwrap();
    let diff: Vec<String> = table
        .lines()
        .filter(|l| !want.lines().any(|w| w == *l))
        .map(str::to_owned)
        .collect();
    assert!(
        diff.is_empty(),
        "heights changed (name size hash):\n{}",
        diff.join("\n")
    );
    assert_eq!(
        table.lines().count(),
        want.lines().count(),
        "preset set changed"
    );
}

#[test]
fn the_hash_sees_one_flipped_bit() {
    assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_ne!(fnv1a64(&[0, 0, 0, 1]), fnv1a64(&[0, 0, 0, 0]));
}

/// The engine crate's `sample` example, built into this test.
#[allow(dead_code)]
#[path = "../../crates/lattice-noise/examples/sample.rs"]
mod sample;

#[test]
fn the_engine_sample_example_gives_the_r32_heights() {
    let dir = tempfile::tempdir().unwrap();
    // A plain layer, layered stacks with masks and warps, channels, a classic one and an
    // eroded one (each pixel reads a halo), at their own size and at another (the
    // example resizes as `render --size` does).
    for (name, size) in [
        ("default", 256),
        ("layered-terrain", 384),
        ("warped-marble", 512),
        ("packed-masks", 256),
        ("crystal-veins", 320),
        ("value-noise-layers", 256),
        ("eroded-mountains", 300),
    ] {
        let preset = common::files::preset_path(&format!("{name}.ron"));
        let out = dir.path().join(format!("{name}.r32"));
        let size_text = size.to_string();
        common::cli::ok(&common::cli::run(&[
            "render".as_ref(),
            preset.as_os_str(),
            "--size".as_ref(),
            size_text.as_ref(),
            "--format".as_ref(),
            "r32".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ]));
        let heights = common::files::read_r32(&out);
        for (x, y) in [
            (0, 0),
            (size - 1, size - 1),
            (size / 3, size / 2 + 7),
            (5, size - 2),
        ] {
            let args: Vec<String> = [
                preset.display().to_string(),
                size_text.clone(),
                x.to_string(),
                y.to_string(),
            ]
            .into();
            let got = sample::height_at(&args).unwrap();
            let want = heights[(y * size + x) as usize];
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "{name} at {x},{y}: {got:?} {want:?}"
            );
        }
    }
    let e = sample::height_at(&["x".into(), "1".into()]).unwrap_err();
    assert!(e.starts_with("usage: sample PRESET SIZE X Y"), "{e}");
}
