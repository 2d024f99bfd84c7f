//! The masks a [`LayerCache`] renders: a layer's mask over a region (its mask layer's
//! heights, or their slope), and a layer's coverage (its heights times its mask), which
//! packed channels hold.

use super::compositing::mask_into;
use super::halo_window::{Edges, toned_window};
use super::layer_cache::LayerCache;
use super::layer_stack::LayerStack;
use super::mask_measure::MaskMeasure;
use super::mask_slope::slope_mask_into;
use super::raw_spec::RawSpec;
use super::tone::Tone;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;
use std::sync::Arc;

impl LayerCache {
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
        let Some(j) = layer.mask.as_deref().and_then(|m| stack.index_of(m)) else {
            return Ok(None);
        };
        let spec = RawSpec::of_layer(stack, j);
        let tone = stack[j].tone();
        let Some(slope) = &layer.mask_slope else {
            return Ok(Some((self.heights(&spec, region, control)?, tone)));
        };
        // A copied edge pixel would read as a crease all along the border.
        let edges = match slope.measure {
            MaskMeasure::Slope => Edges::Copied,
            MaskMeasure::Curvature => Edges::Continued,
        };
        let window = toned_window(self, &spec, &tone, region, 1, edges, control)?;
        let mut m = Heightmap::filled_rect(region.width, region.height, 0.0);
        slope_mask_into(
            &window,
            region.width as usize,
            stack.size(),
            slope,
            m.data_mut(),
        );
        Ok(Some((Arc::new(m), Tone::default())))
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
