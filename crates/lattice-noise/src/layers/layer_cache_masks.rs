//! The masks a [`LayerCache`](super::LayerCache) renders: a layer's mask over a region (its mask layer's
//! heights, or their slope), and a layer's coverage (its heights times its mask), which
//! packed channels hold.

use super::cache_core::CacheCore;
use super::compositing::mask_into;
use super::halo_window::{Edges, toned_window, window_of};
use super::layer_stack::LayerStack;
use super::mask_measure::MaskMeasure;
use super::mask_slope::{MaskSlope, slope_mask_into};
use super::noise_sampler::NoiseSampler;
use super::raw_spec::RawSpec;
use super::tone::Tone;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;
use std::sync::Arc;

impl<S: NoiseSampler> CacheCore<S> {
    /// Layer `i`'s mask over `region`, as heights and the tone that makes them the mask
    /// (clamped to 0..1 by the compositor): its mask layer's heights and tone, or their
    /// slope through its ramp (already 0..1, with the identity tone). `None` without a
    /// mask.
    pub(super) fn mask_of(
        &mut self,
        stack: &LayerStack,
        i: usize,
        region: Region,
        control: &JobControl,
    ) -> Result<Option<(Arc<Heightmap>, Tone)>, EngineError> {
        let layer = &stack[i];
        if layer.mask_below {
            return below_mask(self.sub_cache(), stack, i, region, control).map(Some);
        }
        let Some(j) = layer.mask.as_deref().and_then(|m| stack.index_of(m)) else {
            return Ok(None);
        };
        let spec = RawSpec::of_layer(stack, j);
        let tone = stack[j].tone();
        let Some(slope) = &layer.mask_slope else {
            return Ok(Some((self.heights(&spec, region, control)?, tone)));
        };
        let margin = slope.step();
        let halo = (region, margin, edges(slope));
        let mask = toned_window(self, &spec, &tone, halo, control, |window| {
            slope_mask(window, region, stack.size(), slope)
        })?;
        Ok(Some((mask, Tone::default())))
    }

    /// Layer `i`'s coverage over `region` ([`LayerCache::coverage`](super::LayerCache::coverage)).
    pub(crate) fn coverage(
        &mut self,
        stack: &LayerStack,
        region: Region,
        i: usize,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        let mut out = self.render(stack, region, Some(i), control)?;
        if let Some((heights, tone)) = self.mask_of(stack, i, region, control)? {
            // The mask as compositing makes it (full opacity).
            let mut mask = vec![0.0; heights.data().len()];
            mask_into(&mut mask, heights.data(), &tone, 1.0);
            for (o, m) in out.data_mut().iter_mut().zip(mask) {
                *o *= m;
            }
        }
        Ok(out)
    }
}

/// Layer `i`'s mask by the stack below it ([`crate::layers::Layer::mask_below`]): the
/// composite of the enabled layers under it over `region`, or its slope (curvature)
/// through the layer's ramp, read over a window with its halo (the ramp's step), so a region is exactly
/// that window of the whole. Rendered through `cache`, one of its own (the caller's is
/// in the middle of the whole stack's render, and keeps what that render uses) holding
/// the heights the caller's has ([`CacheCore::sub_cache`]).
fn below_mask<S: NoiseSampler>(
    mut cache: CacheCore<S>,
    stack: &LayerStack,
    i: usize,
    region: Region,
    control: &JobControl,
) -> Result<(Arc<Heightmap>, Tone), EngineError> {
    let below = stack.below(i);
    let mut render = |piece| cache.render(&below, piece, None, control).map(Arc::new);
    let Some(slope) = &stack[i].mask_slope else {
        return Ok((render(region)?, Tone::default()));
    };
    let texture = (stack.size(), stack.tileable());
    let halo = (region, slope.step(), edges(slope));
    let window = window_of(texture, &Tone::default(), halo, render, Vec::new())?;
    Ok((
        slope_mask(&window, region, stack.size(), slope),
        Tone::default(),
    ))
}

/// What a slope mask's window holds past an untiled edge: a copied edge pixel would
/// read as a crease all along the border of a curvature mask.
fn edges(slope: &MaskSlope) -> Edges {
    match slope.measure {
        MaskMeasure::Slope => Edges::Copied,
        MaskMeasure::Curvature => Edges::Continued,
    }
}

/// The mask `slope` makes of `window` (`region` with its step of halo) in a texture of
/// `size` pixels, already 0..1.
fn slope_mask(window: &[f32], region: Region, size: u32, slope: &MaskSlope) -> Arc<Heightmap> {
    let mut m = Heightmap::filled_rect(region.width, region.height, 0.0);
    slope_mask_into(window, region.width as usize, size, slope, m.data_mut());
    Arc::new(m)
}
