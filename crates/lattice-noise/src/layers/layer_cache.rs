//! [`LayerCache`]: renders a [`LayerStack`] (or one layer of it alone) over a region,
//! keeping each layer's heights so that the next render recomputes only the layers
//! whose noise or warp changed, and those that read them.

use super::cache_core::CacheCore;
use super::composite_prefix::MAX_PREFIX_PIXELS;
use super::layer_stack::LayerStack;
use super::noise_sampler::Kernels;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;

/// Heights already computed, keyed by what they depend on.
#[derive(Clone, Debug, Default)]
pub struct LayerCache(CacheCore<Kernels>);

impl LayerCache {
    /// Largest window (in pixels) whose every layer a cache kept for editing holds;
    /// larger ones are rendered band by band ([`Self::for_editing`]).
    pub const LAYERS_KEPT_UP_TO: usize = MAX_PREFIX_PIXELS;

    /// An empty cache.
    pub fn new() -> Self {
        LayerCache(CacheCore::new())
    }

    /// An empty cache for a texture being edited: it also keeps the composite of the
    /// layers below the top one, so that a change to the top layer's noise re-renders
    /// in about the time of that layer alone. Up to 4096 x 4096 it keeps every layer's
    /// heights too (an edit of blend, opacity or levels is a blending pass); larger
    /// windows are rendered band by band and keep only that composite, so a 4-layer
    /// 8192 texture needs three full maps (with the output and the one shown before),
    /// not eight. Renders that use a cache once (bands of an export) should not pay
    /// for that extra map: use [`Self::new`].
    pub fn for_editing() -> Self {
        LayerCache(CacheCore::for_editing())
    }

    /// Drops every height kept, keeping the memory of up to two of their maps (and of
    /// the last effect's window) for the next render: it computes every layer again,
    /// without a fresh map's page faults. What `bench` times as regenerating.
    pub fn recycle(&mut self) {
        self.0.recycle_maps();
    }

    /// How many heightmaps the cache holds.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the cache holds nothing.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The composite of `stack` over `region` (or, with `solo`, layer `solo` alone: its
    /// levelled heights), bit for bit that window of the whole texture, at any thread
    /// count. Heights of layers unchanged since the last render come from the cache;
    /// everything the render did not use is dropped from it.
    pub fn render(
        &mut self,
        stack: &LayerStack,
        region: Region,
        solo: Option<usize>,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        self.0.render(stack, region, solo, control)
    }

    /// [`Self::render`] into `out`, reusing its memory.
    pub fn render_into(
        &mut self,
        stack: &LayerStack,
        region: Region,
        solo: Option<usize>,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        self.0.render_into(stack, region, solo, control, out)
    }

    /// Layer `i`'s coverage over `region`: its toned heights (levels, curve, terrace,
    /// warp) times its mask (clamped to 0..1), or its toned heights alone without a mask.
    /// Bit for bit that window of the whole texture's, at any thread count.
    pub fn coverage(
        &mut self,
        stack: &LayerStack,
        region: Region,
        i: usize,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        self.0.coverage(stack, region, i, control)
    }
}
