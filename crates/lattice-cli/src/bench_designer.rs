//! `bench --designer`: a layered texture edited as the designer's generation thread
//! renders it (a cache kept for editing, the map on screen alive while the next one
//! renders), with the times of each kind of edit and the peak memory of the process.
//! Nothing else runs first, so the peak is that of the designer's renders.

use crate::engine::{Heightmap, JobControl, LayerCache, LayerStack, Region};
use std::time::Instant;

/// What the designer's renders of a stack cost (see [`time_designer_edits`]).
pub(super) struct DesignerTimes {
    /// The texture opened, in milliseconds.
    pub open: f64,
    /// Each edit of the top layer's seed, in milliseconds.
    pub top_edits: Vec<f64>,
    /// The bottom layer's seed changed after them, in milliseconds.
    pub bottom: f64,
    /// The process's peak resident memory after them, where the system says it.
    pub peak_bytes: Option<u64>,
}

/// Renders `stack` the way the designer does: opened, the top layer's seed changed
/// `repeat` times, then the bottom layer's.
pub(super) fn time_designer_edits(
    stack: &LayerStack,
    repeat: u32,
) -> anyhow::Result<DesignerTimes> {
    let top = stack.len() - 1;
    let mut designer = Designer {
        cache: LayerCache::for_editing(),
        shown: None,
        region: Region::full(stack.size()),
        control: JobControl::new(),
    };
    let open = designer.show(stack)?;
    let mut edited = stack.clone();
    let mut top_edits = Vec::with_capacity(repeat as usize);
    for i in 1..=repeat {
        edited[top].noise.seed = stack[top].noise.seed.wrapping_add(i as i32);
        top_edits.push(designer.show(&edited)?);
    }
    edited[0].noise.seed = stack[0].noise.seed.wrapping_add(1);
    let bottom = designer.show(&edited)?;
    Ok(DesignerTimes {
        open,
        top_edits,
        bottom,
        peak_bytes: peak_resident_bytes(),
    })
}

/// The designer's generation thread, as far as memory goes.
struct Designer {
    cache: LayerCache,
    /// The last render, which the window shows (and exports) until the next is done.
    shown: Option<Heightmap>,
    region: Region,
    control: JobControl,
}

impl Designer {
    /// Renders `stack` and shows it; the time taken, in milliseconds.
    fn show(&mut self, stack: &LayerStack) -> anyhow::Result<f64> {
        let start = Instant::now();
        let out = self.cache.render(stack, self.region, None, &self.control)?;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        // The map shown before is dropped only now, as the window drops it.
        self.shown = Some(std::hint::black_box(out));
        Ok(ms)
    }
}

/// The process's peak resident memory (`VmHWM` on Linux), in bytes.
fn peak_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peak_is_read_where_the_system_says_it() {
        if cfg!(target_os = "linux") {
            let peak = peak_resident_bytes().unwrap();
            // A test binary with its threads takes at least a megabyte.
            assert!(peak > 1 << 20, "{peak}");
        }
    }
}
