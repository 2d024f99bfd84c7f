//! Helpers of the render-farm tests: printed commands run in real shells, and tiles
//! stitched back into one texture.

use super::files::read_r32;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `line` with `shell -c` in `dir`.
pub fn run_in_shell(shell: &str, line: &str, dir: &Path) -> std::process::Output {
    Command::new(shell)
        .args(["-c", line])
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The shells on this machine to feed printed commands to (bash and sh always; zsh,
/// dash and fish where installed, as CI installs them).
pub fn shells() -> Vec<&'static str> {
    ["bash", "sh", "dash", "zsh", "fish"]
        .into_iter()
        .filter(|s| Command::new(s).args(["-c", "true"]).output().is_ok())
        .collect()
}

/// Stitches `n` x `n` r32 tiles of a `size` texture named by `path(row, col)`.
pub fn stitch(size: usize, tile: usize, path: impl Fn(usize, usize) -> PathBuf) -> Vec<f32> {
    let n = size.div_ceil(tile);
    let mut whole = vec![f32::NAN; size * size];
    for row in 0..n {
        for col in 0..n {
            let t = read_r32(&path(row, col));
            let w = tile.min(size - col * tile);
            for (y, line) in t.chunks(w).enumerate() {
                let at = (row * tile + y) * size + col * tile;
                whole[at..at + w].copy_from_slice(line);
            }
        }
    }
    whole
}
