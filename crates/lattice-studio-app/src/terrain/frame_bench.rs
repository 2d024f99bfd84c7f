//! [`FrameBench`]: with `LATTICE_STUDIO_3D_BENCH=1` the 3D view turns by itself, as
//! under a mouse drag, and prints frame times to stderr (how the 3D view's speed is
//! measured, e.g. under Xvfb with Mesa's software renderer); `=full` times the full
//! mesh instead of the one drawn while moving.

use std::time::{Duration, Instant};

/// Frames per printed summary.
const BATCH: usize = 120;

/// Collects the time between frames while the camera turns.
#[derive(Debug, Default)]
pub(super) struct FrameBench {
    last: Option<Instant>,
    frames: Vec<Duration>,
}

impl FrameBench {
    /// A bench when the environment variable asks for one.
    pub(super) fn from_env() -> Option<Self> {
        std::env::var_os("LATTICE_STUDIO_3D_BENCH")
            .filter(|v| !v.is_empty() && v != "0")
            .map(|_| Self::default())
    }

    /// Records a frame; every [`BATCH`] frames returns the summary line.
    pub(super) fn frame(&mut self, resolution: u32) -> Option<String> {
        let now = Instant::now();
        if let Some(last) = self.last.replace(now) {
            self.frames.push(now - last);
        }
        if self.frames.len() < BATCH {
            return None;
        }
        let mut ms: Vec<f64> = self
            .frames
            .drain(..)
            .map(|d| d.as_secs_f64() * 1e3)
            .collect();
        ms.sort_by(f64::total_cmp);
        let median = ms[ms.len() / 2];
        Some(format!(
            "3d-bench: {resolution}x{resolution} vertices, {} frames, median {median:.1} ms \
             ({:.1} fps), p90 {:.1} ms, max {:.1} ms",
            ms.len(),
            1000.0 / median,
            ms[ms.len() * 9 / 10],
            ms[ms.len() - 1]
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarises_every_batch() {
        let mut b = FrameBench::default();
        let lines: Vec<String> = (0..=BATCH).filter_map(|_| b.frame(64)).collect();
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].starts_with("3d-bench: 64x64 vertices, 120 frames"),
            "{}",
            lines[0]
        );
    }
}
