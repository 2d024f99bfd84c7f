//! Golden images: small renders of shipped presets compared pixel for pixel with PNGs
//! in `tests/golden/`. Run with `UPDATE_GOLDEN=1` to rewrite them after an intended change.

use lattice_studio::PresetFiles;
use lattice_studio::engine::generate_simple;
use lattice_studio::pixels::grey8;
use lattice_studio::{NoiseParams, Preset};
use std::path::Path;

/// (golden file stem, preset file, size): original sources, the modern hash, several
/// proximity functions, fades and displacements, and tiling.
const CASES: &[(&str, &str, u32)] = &[
    ("default-128", "default.ron", 128),
    ("clouds-64", "clouds.ron", 64),
    ("marble-ridges-64", "marble-ridges.ron", 64),
    ("crystal-64", "crystal.ron", 64),
    ("hyperbolic-plains-64", "hyperbolic-plains.ron", 64),
    ("displaced-grid-64", "displaced-grid.ron", 64),
    ("seamless-stone-64", "seamless-stone.ron", 64),
];

use crate::common;
use common::files::{golden_dir, preset_path};

fn render(preset: &str, size: u32) -> image::GrayImage {
    let path = preset_path(preset);
    let p = Preset::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let noise: NoiseParams = p.noise().resized(size);
    let hm = generate_simple(&noise).unwrap_or_else(|e| panic!("{preset}: {e}"));
    grey8(&hm, &p.output)
}

/// Compares `got` with the golden PNG; returns a description of the difference.
fn compare(got: &image::GrayImage, golden: &Path) -> Result<(), String> {
    let want = image::open(golden)
        .map_err(|e| {
            format!(
                "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
                golden.display()
            )
        })?
        .into_luma8();
    if want.dimensions() != got.dimensions() {
        return Err(format!(
            "{}: size {:?}, rendered {:?}",
            golden.display(),
            want.dimensions(),
            got.dimensions()
        ));
    }
    let diffs: Vec<i32> = want
        .as_raw()
        .iter()
        .zip(got.as_raw())
        .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
        .filter(|&d| d > 0)
        .collect();
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}: {} of {} pixels differ (largest difference {})",
            golden.display(),
            diffs.len(),
            want.as_raw().len(),
            diffs.iter().max().copied().unwrap_or(0)
        ))
    }
}

#[test]
fn renders_match_golden_images() {
    let update = std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    let dir = golden_dir();
    let mut failures = Vec::new();
    for &(stem, preset, size) in CASES {
        let img = render(preset, size);
        let golden = dir.join(format!("{stem}.png"));
        if update {
            img.save(&golden).unwrap();
            continue;
        }
        if let Err(e) = compare(&img, &golden) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_changed_seed_is_caught() {
    // Guards the comparison itself: a different texture must not pass as the golden one.
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        return;
    }
    let golden = golden_dir().join("default-128.png");
    let path = preset_path("default.ron");
    let mut noise = Preset::load(&path).unwrap().noise().resized(128);
    noise.seed += 1;
    let img = grey8(
        &generate_simple(&noise).unwrap(),
        &lattice_studio::OutputParams::default(),
    );
    let err = compare(&img, &golden).unwrap_err();
    assert!(err.contains("pixels differ"), "{err}");
}
