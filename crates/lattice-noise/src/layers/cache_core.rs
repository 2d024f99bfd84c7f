//! [`CacheCore`]: what a [`LayerCache`](super::LayerCache) is, generic over how it
//! samples noises ([`NoiseSampler`]): renders a [`LayerStack`] (or one layer of it
//! alone) over a region, keeping each layer's heights so that the next render
//! recomputes only the layers whose noise or warp changed, and those that read them.

use super::banded_prefix::{BAND_PIXELS, BandedPrefix};
use super::composite_prefix::{CompositePrefix, MAX_PREFIX_PIXELS, PassKey};
use super::compositing::{Pass, Start, composite_into};
use super::layer_stack::LayerStack;
use super::noise_sampler::NoiseSampler;
use super::raw_spec::RawSpec;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;
use std::marker::PhantomData;
use std::sync::Arc;

/// Heights already computed, keyed by what they depend on, and noises sampled by `S`.
#[derive(Clone, Debug)]
pub(crate) struct CacheCore<S> {
    /// How noises are sampled.
    sampler: PhantomData<S>,
    entries: Vec<Entry>,
    /// Keep the composite below the top layer ([`Self::for_editing`]).
    keep_prefix: bool,
    pub(super) prefix: Option<CompositePrefix>,
    /// Larger windows are rendered band by band when kept for editing, keeping only
    /// the composite below the top layer ([`Self::composite_banded`]).
    banded_above: usize,
    /// Pixels per band of those renders.
    pub(super) band_pixels: usize,
    pub(super) banded: Option<BandedPrefix>,
    /// Maps of heights no longer used, whose memory the next unwarped layer computed
    /// reuses: a fresh 2048 x 2048 map costs its page faults, as much as a few octaves.
    pub(super) spare: Vec<Heightmap>,
    /// The memory of the last window an effect read (with its halo), for the next.
    pub(super) window: Vec<f32>,
}

/// Spare maps kept at most (each at most [`MAX_PREFIX_PIXELS`]).
pub(super) const MAX_SPARE: usize = 2;

#[derive(Clone, Debug)]
struct Entry {
    spec: RawSpec,
    region: Region,
    heights: Arc<Heightmap>,
    /// Used by the render in progress (entries not used are dropped after it).
    used: bool,
}

impl<S: NoiseSampler> Default for CacheCore<S> {
    fn default() -> Self {
        Self {
            sampler: PhantomData,
            entries: Vec::new(),
            keep_prefix: false,
            prefix: None,
            banded_above: MAX_PREFIX_PIXELS,
            band_pixels: BAND_PIXELS,
            banded: None,
            spare: Vec::new(),
            window: Vec::new(),
        }
    }
}

impl<S: NoiseSampler> CacheCore<S> {
    /// An empty cache ([`LayerCache::new`](super::LayerCache::new)).
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// An empty cache for a texture being edited
    /// ([`LayerCache::for_editing`](super::LayerCache::for_editing)).
    pub(crate) fn for_editing() -> Self {
        Self {
            keep_prefix: true,
            ..Self::default()
        }
    }

    /// [`Self::for_editing`] that renders windows of more than `pixels` band by band,
    /// in bands of `band_pixels`: small textures then take the large ones' path.
    #[cfg(test)]
    pub(super) fn banded_above(pixels: usize, band_pixels: usize) -> Self {
        Self {
            banded_above: pixels,
            band_pixels,
            ..Self::for_editing()
        }
    }

    /// How many heightmaps the cache holds.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the cache holds nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The composite of `stack` over `region`, or layer `solo` alone
    /// ([`LayerCache::render`](super::LayerCache::render)). Heights of layers whose
    /// [`RawSpec`] is unchanged since the last render come from the cache; everything
    /// the render did not use is dropped from it.
    pub(crate) fn render(
        &mut self,
        stack: &LayerStack,
        region: Region,
        solo: Option<usize>,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        let mut out = Heightmap::filled_rect(0, 0, 0.0);
        self.render_into(stack, region, solo, control, &mut out)?;
        Ok(out)
    }

    /// [`Self::render`] into `out`, reusing its memory.
    pub(crate) fn render_into(
        &mut self,
        stack: &LayerStack,
        region: Region,
        solo: Option<usize>,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        stack.validate()?;
        check_region(stack, region)?;
        if solo.is_none() && stack.is_single_noise() {
            // One plain layer is exactly its noise: straight through the kernels into
            // `out`, the cache left as it is for the next stack.
            let noise = stack.texture_noise(&stack.bottom().noise);
            return S::region_into(&noise, region, control, out);
        }
        for e in &mut self.entries {
            e.used = false;
        }
        let result = self.composite(stack, region, solo, control, out);
        for e in std::mem::take(&mut self.entries) {
            if e.used {
                self.entries.push(e);
            } else if self.spare.len() < MAX_SPARE && e.heights.data().len() <= MAX_PREFIX_PIXELS {
                self.spare.extend(Arc::try_unwrap(e.heights).ok());
            }
        }
        result
    }

    fn composite(
        &mut self,
        stack: &LayerStack,
        region: Region,
        solo: Option<usize>,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        let shown: Vec<usize> = match solo {
            Some(i) if i < stack.len() => vec![i],
            _ => (0..stack.len()).filter(|&i| stack[i].enabled).collect(),
        };
        if self.keep_prefix && region.pixels() > self.banded_above {
            return self.composite_banded(stack, region, &shown, solo.is_some(), control, out);
        }
        // Back to a size whose layers are kept: a large composite is stale memory.
        self.banded = None;
        out.reshape_rect(region.width, region.height);
        if solo.is_some() {
            // The layer's levelled heights alone: a plain pass onto zeros.
            let tops = self.pass_keys(stack, &shown, true, region, control)?;
            let passes: Vec<Pass<'_>> = tops.iter().map(PassKey::pass).collect();
            composite_into(out.data_mut(), Start::Zero, &passes);
            return Ok(());
        }
        // One plain layer over zeros is its heights: made straight into `out`, with no
        // copy and no cache entry, when the cache is not kept for editing.
        if let [i] = shown[..]
            && !self.keep_prefix
            && stack[i].is_plain()
        {
            let spec = RawSpec::of_layer(stack, i);
            if spec.below.is_none()
                && spec.droplets.is_none()
                && spec.blur == 0.0
                && spec.warp.as_ref().is_none_or(|w| w.fields_are_noises())
            {
                // An eroded layer too: its filter writes `out` instead of a map that
                // is then copied into it.
                return match &spec.erosion {
                    Some(erosion) => self.eroded_into(&spec, erosion, region, control, out),
                    None => made_into::<S>(&spec, region, control, out),
                };
            }
        }
        // Every layer's heights (and its mask's) first, then one blending sweep.
        let keys = self.pass_keys(stack, &shown, false, region, control)?;
        let passes: Vec<Pass<'_>> = keys.iter().map(PassKey::pass).collect();
        let n = passes.len();
        let keep = self.keep_prefix && n >= 2 && out.data().len() <= MAX_PREFIX_PIXELS;
        if !keep {
            self.prefix = None;
            composite_into(out.data_mut(), Start::Zero, &passes);
            return Ok(());
        }
        // The layers below the top one, from the last render when they are unchanged;
        // the top pass then runs on them alone (the same operations per pixel, in the
        // same order, as one sweep through every pass).
        let below = &keys[..n - 1];
        if let Some(p) = self.prefix.as_ref().filter(|p| p.matches(region, below)) {
            composite_into(
                out.data_mut(),
                Start::Below(p.below.data()),
                &passes[n - 1..],
            );
            return Ok(());
        }
        let mut prefix = self
            .prefix
            .take()
            .map_or_else(|| Heightmap::filled_rect(0, 0, 0.0), |p| p.below);
        prefix.reshape_rect(region.width, region.height);
        composite_into(prefix.data_mut(), Start::Zero, &passes[..n - 1]);
        composite_into(
            out.data_mut(),
            Start::Below(prefix.data()),
            &passes[n - 1..],
        );
        self.prefix = Some(CompositePrefix {
            region,
            key: below.to_vec(),
            below: prefix,
        });
        Ok(())
    }

    /// The heights of `spec` over `region`, from the cache or computed (with the warp
    /// fields it needs) and cached.
    pub(super) fn heights(
        &mut self,
        spec: &RawSpec,
        region: Region,
        control: &JobControl,
    ) -> Result<Arc<Heightmap>, EngineError> {
        if let Some(e) = self
            .entries
            .iter_mut()
            .find(|e| e.region == region && e.spec == *spec)
        {
            e.used = true;
            let heights = Arc::clone(&e.heights);
            self.keep_fields(spec, region);
            return Ok(heights);
        }
        let heights = match (&spec.erosion, &spec.warp) {
            _ if spec.blur > 0.0 => self.blurred(spec, region, control)?,
            _ if let Some(d) = &spec.droplets => self.simulated(spec, d, region, control)?,
            (Some(erosion), _) => self.eroded(spec, erosion, region, control)?,
            (None, Some(w)) if !w.fields_are_noises() => {
                let wx = self.heights(&w.x, region, control)?;
                let wy = self.heights(&w.y, region, control)?;
                S::warped_region(&spec.noise, region, (&wx, &wy), w.amplitude, control)?
            }
            // Through a cache of its own: this one is in the middle of the render that
            // reads it (as masks by the stack below are).
            _ if let Some(below) = &spec.below => {
                self.sub_cache().render(below, region, None, control)?
            }
            _ => {
                let mut map = self.spare_map();
                made_into::<S>(spec, region, control, &mut map)?;
                map
            }
        };
        let heights = Arc::new(heights);
        self.entries.push(Entry {
            spec: spec.clone(),
            region,
            heights: Arc::clone(&heights),
            used: true,
        });
        Ok(heights)
    }
}

/// The heights of `spec` (unwarped, or warped by fields that are noises) into `out`,
/// holding no other map: warp fields that are noises are made band by band inside the
/// warped sampler.
fn made_into<S: NoiseSampler>(
    spec: &RawSpec,
    region: Region,
    control: &JobControl,
    out: &mut Heightmap,
) -> Result<(), EngineError> {
    match &spec.warp {
        None => S::region_into(&spec.noise, region, control, out),
        Some(w) => {
            let fields = (&w.x.noise, &w.y.noise);
            S::noise_warped_region_into(&spec.noise, region, fields, w.amplitude, control, out)
        }
    }
}

impl<S: NoiseSampler> CacheCore<S> {
    /// A spare map's memory, or zeroed memory the OS hands out untouched (only the
    /// kernels write it).
    pub(super) fn spare_map(&mut self) -> Heightmap {
        self.spare
            .pop()
            .unwrap_or_else(|| Heightmap::filled_rect(0, 0, 0.0))
    }

    /// A cache for a render inside this one's (the stack below a layer), holding the
    /// heights this one already has: the layers under that layer, computed for the
    /// composite over the same window, are not computed again. The same heights, so
    /// the same bits.
    pub(super) fn sub_cache(&self) -> Self {
        // Its render marks what it uses afresh.
        Self {
            entries: self.entries.clone(),
            ..Self::new()
        }
    }

    /// Drops every map kept but the banded composite below the top layer.
    pub(super) fn drop_maps(&mut self) {
        self.entries.clear();
        self.spare.clear();
        self.window = Vec::new();
        self.prefix = None;
    }

    /// Moves the maps of the render just made into the spares (as many as are kept),
    /// for a next render of another window of the same size (the next band).
    pub(super) fn recycle_maps(&mut self) {
        for e in std::mem::take(&mut self.entries) {
            if self.spare.len() < MAX_SPARE {
                self.spare.extend(Arc::try_unwrap(e.heights).ok());
            }
        }
    }

    /// Marks the warp fields `spec` was computed from as used, so a layer taken from
    /// the cache keeps them for when only it changes.
    fn keep_fields(&mut self, spec: &RawSpec, region: Region) {
        if let Some(w) = &spec.warp {
            for field in [&w.x, &w.y] {
                if let Some(e) = self
                    .entries
                    .iter_mut()
                    .find(|e| e.region == region && e.spec == *field)
                {
                    e.used = true;
                }
                self.keep_fields(field, region);
            }
        }
    }
}

/// Refuses a region outside the texture.
pub(super) fn check_region(stack: &LayerStack, region: Region) -> Result<(), EngineError> {
    if region.fits(stack.size()) {
        return Ok(());
    }
    let Region {
        x,
        y,
        width,
        height,
    } = region;
    Err(crate::param_error::ParamError::Region {
        x,
        y,
        width,
        height,
        size: stack.size(),
    }
    .into())
}

#[cfg(test)]
#[path = "cache_core_tests.rs"]
pub(crate) mod tests;
