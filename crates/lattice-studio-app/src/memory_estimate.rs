//! [`memory_estimate`]: about how much memory the designer needs to show a texture at a
//! given size, said in the size menu before the user switches to a large one.
//!
//! The model counts full-size height maps (4 bytes a pixel): as many as the engine says
//! a render of the stack holds ([`LayerStack::maps_held`]: the output, every layer's
//! heights and warp fields, the spare maps kept for reuse). Measured on `packed-masks`
//! (4 layers, 7 maps) in the release build under Xvfb, peak resident memory: 545 MB at
//! 4096, 1.85 GB at 8192; the model says 0.6 and 2.0 GB. Smaller sizes are dominated by
//! the window itself (about 140 MB).

use crate::engine::LayerStack;

/// The window, fonts, GL buffers and small maps: what a 512 texture needs.
const BASE_BYTES: u64 = 140 << 20;

/// About how many bytes the designer needs to show `stack` at `size` x `size`.
pub(crate) fn memory_estimate(stack: &LayerStack, size: u32) -> u64 {
    let map = u64::from(size) * u64::from(size) * 4;
    BASE_BYTES + stack.maps_held() as u64 * map
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
        // Measured peaks (see the module): 545 MB at 4096, 1.85 GB at 8192.
        for (size, measured) in [(4096, 545e6), (8192, 1.85e9)] {
            let e = memory_estimate(&stack, size) as f64;
            assert!(
                (0.8..1.25).contains(&(e / measured)),
                "{size}: {e} against {measured}"
            );
        }
        assert_eq!(human_bytes(memory_estimate(&stack, 8192)), "2.0 GB");
    }

    #[test]
    fn every_map_the_engine_holds_is_counted() {
        let stack = packed_masks();
        let map = 1024 * 1024 * 4;
        assert_eq!(stack.maps_held(), 7);
        assert_eq!(memory_estimate(&stack, 1024), BASE_BYTES + 7 * map);
        assert_eq!(human_bytes(620_000_000), "620 MB");
    }
}
