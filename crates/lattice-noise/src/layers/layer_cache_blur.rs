//! The blurred heights a [`LayerCache`] renders: a layer's heights over its window
//! grown by the blur's halo, through the Gaussian.

use super::blur::{blur_into, blur_margin};
use super::halo_window::{Edges, toned_window};
use super::layer_cache::LayerCache;
use super::raw_spec::RawSpec;
use super::tone::Tone;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;

impl LayerCache {
    /// The heights of `spec`, whose blur is `spec.blur`, over `region`: the unblurred
    /// heights over the region and the blur's halo (read from the texture, wrapped when
    /// it tiles, the edge pixel's copy past the edges of one that does not, as image
    /// editors blur), through the Gaussian.
    pub(super) fn blurred(
        &mut self,
        spec: &RawSpec,
        region: Region,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        let base = spec.unblurred();
        let margin = blur_margin(spec.blur);
        let window = toned_window(
            self,
            &base,
            &Tone::default(),
            region,
            margin,
            Edges::Copied,
            control,
        )?;
        if control.is_cancelled() {
            return Err(EngineError::Cancelled);
        }
        let mut out = Heightmap::filled_rect(region.width, region.height, 0.0);
        blur_into(&window, region, spec.blur, out.data_mut());
        Ok(out)
    }
}
