//! [`memory_estimate`]: about how much memory the designer needs to show a texture at a
//! given size, said in the size menu before the user switches to a large one.
//!
//! The model counts full-size height maps (4 bytes a pixel): one per layer the render
//! keeps (every shown layer, and every layer another masks with), the composite on
//! screen, the previous render kept for reuse, and one in flight while a new render
//! replaces the old. Measured on `packed-masks` (4 layers) in the release build under
//! Xvfb, peak resident memory: 545 MB at 4096, 1.85 GB at 8192; the model says 0.6 and
//! 2.0 GB. Smaller sizes are dominated by the window itself (about 140 MB).

use crate::engine::LayerStack;

/// The window, fonts, GL buffers and small maps: what a 512 texture needs.
const BASE_BYTES: u64 = 140 << 20;
/// Full-size maps besides the layers': the composite, the previous render kept for
/// reuse, and the one being made.
const EXTRA_MAPS: u64 = 3;

/// About how many bytes the designer needs to show `stack` at `size` x `size`.
pub(crate) fn memory_estimate(stack: &LayerStack, size: u32) -> u64 {
    let layers = stack.layers();
    let kept = layers
        .iter()
        .filter(|l| {
            l.enabled
                || layers
                    .iter()
                    .any(|other| other.enabled && other.mask.as_deref() == Some(l.name.as_str()))
        })
        .count() as u64;
    let map = u64::from(size) * u64::from(size) * 4;
    BASE_BYTES + (kept + EXTRA_MAPS) * map
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
    fn disabled_layers_count_only_as_masks() {
        let mut stack = packed_masks();
        let one = memory_estimate(&stack, 1024);
        let map = 1024 * 1024 * 4;
        stack.layers_mut()[0].enabled = false;
        let masked = stack
            .layers()
            .iter()
            .any(|l| l.mask.as_deref() == Some(stack.layers()[0].name.as_str()));
        let expected = if masked { one } else { one - map };
        assert_eq!(memory_estimate(&stack, 1024), expected);
        assert_eq!(human_bytes(620_000_000), "620 MB");
    }
}
