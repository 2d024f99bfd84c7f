//! [`BandedPrefix`]: the composite below the top layer that a cache kept for editing
//! holds for a texture rendered band by band (see `banded_edit.rs`), keyed by what its
//! passes depend on.

use super::blend_mode::BlendMode;
use super::layer_stack::LayerStack;
use super::mask_slope::MaskSlope;
use super::raw_spec::RawSpec;
use super::tone::Tone;
use crate::heightmap::Heightmap;
use crate::region::Region;

/// Pixels per band: its maps (one per layer, mask and warp field it needs) take a few
/// MiB, small beside the full maps, while a band is still long work for the threads.
pub(super) const BAND_PIXELS: usize = 1 << 20;

/// What one blending pass depends on, compared by value (no heights are kept to
/// compare by identity): the layer's spec, tone, blend and opacity, and its mask's.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PassSpec {
    spec: RawSpec,
    tone: Tone,
    mode: BlendMode,
    opacity_bits: u32,
    mask: Option<(RawSpec, Tone, Option<MaskSlope>)>,
    /// A mask by the stack below (its slope ramp, if any): the stack below is the
    /// key's passes before this one.
    mask_below: Option<Option<MaskSlope>>,
}

impl PassSpec {
    /// The pass of layer `i` of `stack` in its composite.
    pub(super) fn of(stack: &LayerStack, i: usize) -> Self {
        let layer = &stack[i];
        let mask = layer
            .mask
            .as_deref()
            .and_then(|m| stack.index_of(m))
            .map(|j| {
                (
                    RawSpec::of_layer(stack, j),
                    stack[j].tone(),
                    layer.mask_slope,
                )
            });
        Self {
            spec: RawSpec::of_layer(stack, i),
            tone: layer.tone(),
            mode: layer.blend,
            opacity_bits: layer.opacity.to_bits(),
            mask,
            mask_below: layer.mask_below.then_some(layer.mask_slope),
        }
    }
}

/// The composite of the layers below the top one over a region, for
/// `LayerCache::composite_banded`.
#[derive(Clone, Debug)]
pub(super) struct BandedPrefix {
    pub region: Region,
    pub key: Vec<PassSpec>,
    pub below: Heightmap,
}
