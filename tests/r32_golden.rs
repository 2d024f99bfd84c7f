//! Every shipped preset keeps its exact heights: the R32 bytes of each one at its own
//! size hash to the value recorded in `tests/golden/r32-fnv1a64.txt` (written from the
//! build before the layered architecture; `UPDATE_GOLDEN=1` rewrites it, for a change
//! that means to alter the heights and says so).

use lattice_studio::engine::JobControl;
use lattice_studio::{ExportFormat, Preset, encode};
use std::fmt::Write as _;
use std::path::Path;

mod common;
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
