//! [`memory_estimate`]: about how much memory the designer needs to show a texture at a
//! given size, said in the size menu before the user switches to a large one.
//!
//! The model counts full-size height maps (4 bytes a pixel) as the engine does for a
//! cache kept for editing ([`LayerStack::editing_bytes`]). Up to 4096 that is the output,
//! every layer's heights and warp fields and the spare maps kept for reuse (which stand
//! for the map on screen); above 4096 the engine renders in bands and keeps only the
//! composite below the top layer, so the output, that composite, a band's maps, and the
//! map on screen while the next one renders. Measured on `packed-masks` (4 layers, 7
//! maps) in the release build under Xvfb, peak resident memory: 545 MB at 4096 (the
//! model says 0.6 GB); at 8192, after four edits of the top layer, 2.04 GB before the
//! banded renders and 968 MB with them (the model says 981 MB; the 3D view's buffers,
//! held in memory by Mesa's software renderer, add about 75 MB). Smaller sizes are
//! dominated by the window itself (about 140 MB).

use crate::engine::{LayerCache, LayerStack, Region};

/// The window, fonts, GL buffers and small maps: what a 512 texture needs.
const BASE_BYTES: u64 = 140 << 20;

/// About how many bytes the designer needs to show `stack` at `size` x `size`.
pub(crate) fn memory_estimate(stack: &LayerStack, size: u32) -> u64 {
    let pixels = Region::full(size).pixels();
    let engine = stack.editing_bytes(pixels);
    // The map on screen while the next one renders, beyond the spares below 4096.
    let shown = if pixels > LayerCache::LAYERS_KEPT_UP_TO {
        pixels as u64 * 4
    } else {
        0
    };
    BASE_BYTES + engine + shown
}

/// `bytes` for people: "1.9 GB", "620 MB".
pub(crate) fn human_bytes(bytes: u64) -> String {
    let mb = bytes as f64 / 1e6;
    if mb >= 1000.0 {
        format!("{:.1} GB", mb / 1000.0)
    } else {
        format!("{mb:.0} MB")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Preset;
    use crate::files::PresetFiles as _;

    fn packed_masks() -> LayerStack {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../presets/packed-masks.ron");
        Preset::load(&path).unwrap().layers
    }

    #[test]
    fn the_estimate_is_near_what_was_measured() {
        let stack = packed_masks();
        // Measured peaks (see the module): 545 MB at 4096, 968 MB at 8192.
        for (size, measured) in [(4096, 545e6), (8192, 968e6)] {
            let e = memory_estimate(&stack, size) as f64;
            assert!(
                (0.8..1.25).contains(&(e / measured)),
                "{size}: {e} against {measured}"
            );
        }
        assert_eq!(human_bytes(memory_estimate(&stack, 8192)), "981 MB");
        assert!(
            memory_estimate(&stack, 8192) < 1 << 30,
            "a 4-layer 8192 stack in 1 GiB"
        );
    }

    #[test]
    fn every_map_the_engine_holds_is_counted() {
        let stack = packed_masks();
        let map = 1024 * 1024 * 4;
        assert_eq!(stack.maps_held(), 7);
        assert_eq!(memory_estimate(&stack, 1024), BASE_BYTES + 7 * map);
        // Above 4096: the output, the composite below the top, the map on screen, and
        // one band of every map.
        let big = 8192 * 8192 * 4;
        let engine = stack.editing_bytes(8192 * 8192);
        assert!((2 * big..2 * big + big / 8).contains(&engine), "{engine}");
        assert_eq!(memory_estimate(&stack, 8192), BASE_BYTES + engine + big);
        assert_eq!(human_bytes(620_000_000), "620 MB");
    }
}
