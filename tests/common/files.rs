//! Shared paths and readers: the shipped presets, the golden images, raw heightmaps.

use std::path::{Path, PathBuf};

/// The crate's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A shipped preset by file name (`"default.ron"`).
pub fn preset_path(name: &str) -> PathBuf {
    root().join("presets").join(name)
}

/// Every shipped preset file, sorted.
pub fn preset_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("presets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

/// The folder of golden images and figures.
pub fn golden_dir() -> PathBuf {
    root().join("tests").join("golden")
}

/// The floats of a raw little-endian R32 file.
pub fn read_r32(path: &Path) -> Vec<f32> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
