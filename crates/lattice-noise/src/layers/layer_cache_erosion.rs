//! The eroded heights a [`LayerCache`] renders: a layer's heights over its window grown
//! by the erosion's halo, through the erosion filter.

use super::erosion::Erosion;
use super::erosion_filter::erode_into;
use super::halo_window::{Edges, toned_window};
use super::layer_cache::LayerCache;
use super::raw_spec::RawSpec;
use super::tone::Tone;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;

impl LayerCache {
    /// The heights of `spec`, whose erosion is `erosion`, over `region`: the uneroded
    /// heights over the region and the erosion's halo (read from the texture, wrapped
    /// when it tiles; past the edges of one that does not, continued along the line
    /// through the edge pixel, so the edge shows no false slope or crease), through the
    /// filter.
    pub(super) fn eroded(
        &mut self,
        spec: &RawSpec,
        erosion: &Erosion,
        region: Region,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        let base = spec.uneroded();
        let margin = erosion.step(spec.noise.size) as usize;
        let window = toned_window(
            self,
            &base,
            &Tone::default(),
            region,
            margin,
            Edges::Continued,
            control,
        )?;
        if control.is_cancelled() {
            return Err(EngineError::Cancelled);
        }
        let mut out = Heightmap::filled_rect(region.width, region.height, 0.0);
        erode_into(&window, region, spec.noise.size, erosion, out.data_mut());
        Ok(out)
    }
}
