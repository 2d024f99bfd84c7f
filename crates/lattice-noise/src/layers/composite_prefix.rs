//! [`CompositePrefix`]: the composite of every layer below the top one, kept by the
//! app's cache so that an edit of the top layer costs that layer and one blending pass,
//! not a sweep through the whole stack.

use super::blend_mode::BlendMode;
use super::compositing::{Pass, PassAlpha};
use super::tone::Tone;
use crate::heightmap::Heightmap;
use crate::region::Region;
use std::sync::Arc;

/// Largest window whose prefix is kept (4096^2 floats, 64 MiB): the copy must stay
/// small beside the work it saves, and the memory beside the maps the cache holds.
pub(super) const MAX_PREFIX_PIXELS: usize = 4096 * 4096;

/// One blending pass, owning what it reads ([`Self::pass`] lends it out), compared by
/// what it depends on. Heights are compared by identity: the cache hands out the same
/// `Arc` for as long as a layer's heights are unchanged, and a key holds its `Arc`s, so
/// an address cannot be reused while the key lives.
#[derive(Clone, Debug)]
pub(super) struct PassKey {
    /// The layer's heights.
    pub top: Arc<Heightmap>,
    /// Its levels (curve, terrace), blend mode and opacity.
    pub tone: Tone,
    pub mode: BlendMode,
    pub opacity: f32,
    /// Its mask's heights and tone.
    pub mask: Option<(Arc<Heightmap>, Tone)>,
}

impl PassKey {
    /// The blending pass this key describes.
    pub(super) fn pass(&self) -> Pass<'_> {
        Pass {
            top: self.top.data(),
            tone: &self.tone,
            mode: self.mode,
            alpha: match &self.mask {
                Some((heights, tone)) => PassAlpha::Mask {
                    heights: heights.data(),
                    tone,
                    opacity: self.opacity,
                },
                None => PassAlpha::Uniform(self.opacity),
            },
        }
    }
}

impl PartialEq for PassKey {
    fn eq(&self, other: &Self) -> bool {
        let same_mask = match (&self.mask, &other.mask) {
            (None, None) => true,
            (Some((a, la)), Some((b, lb))) => Arc::ptr_eq(a, b) && la == lb,
            _ => false,
        };
        Arc::ptr_eq(&self.top, &other.top)
            && self.tone == other.tone
            && self.mode == other.mode
            && self.opacity.to_bits() == other.opacity.to_bits()
            && same_mask
    }
}

/// The composite of the passes `key` over `region`.
#[derive(Clone, Debug)]
pub(super) struct CompositePrefix {
    pub region: Region,
    pub key: Vec<PassKey>,
    pub below: Heightmap,
}

impl CompositePrefix {
    /// Whether this is the composite of `key` over `region`.
    pub(super) fn matches(&self, region: Region, key: &[PassKey]) -> bool {
        self.region == region && self.key == key
    }
}
