//! The renders of a [`LayerStack`] that keep nothing between them (exports, bands,
//! one-off windows), and how many maps such a render holds at once.

use super::cache_core::{MAX_SPARE, check_region};
use super::layer_cache::LayerCache;
use super::layer_stack::LayerStack;
use super::raw_spec::RawSpec;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::kernel::SlopeSampler;
use crate::region::Region;

impl LayerStack {
    /// At most how many heightmaps of a region's size a render of this stack holds at
    /// once through [`LayerCache::new`]: the output, every layer's heights (masks are
    /// layers) and their warp fields, and the spare maps kept for reuse. Streamed
    /// exports size their bands by it, so memory stays bounded at any layer count.
    pub fn maps_held(&self) -> usize {
        if self.is_single_noise() {
            return 1;
        }
        // A slope mask holds its window of toned heights, the heights of that window
        // (the cache keeps them apart from the region's) and the mask itself.
        // A mask by the stack below renders that stack through a cache of its own.
        let layers: usize = (0..self.len())
            .map(|i| {
                let below = if self[i].mask_below {
                    self.below(i).maps_held()
                } else {
                    0
                };
                RawSpec::of_layer(self, i).maps()
                    + 3 * usize::from(self[i].mask_slope.is_some())
                    + below
            })
            .sum();
        1 + layers + MAX_SPARE
    }

    /// Whether the texture is exactly one layer's noise: a single enabled plain layer
    /// of its own noise without warp, erosion, droplets or blur, rendered by the noise kernels
    /// straight into the output.
    pub fn is_single_noise(&self) -> bool {
        let l = self.bottom();
        self.len() == 1
            && l.enabled
            && !l.heights_below
            && l.is_plain()
            && l.active_warp().is_none()
            && l.active_erosion().is_none()
            && l.active_droplets().is_none()
            && l.active_blur() == 0.0
    }

    /// The exact slopes of the composite when it is one noise ([`Self::is_single_noise`],
    /// not cellular); see [`crate::Preset::slope_sampler`].
    pub fn slope_sampler(&self) -> Result<Option<SlopeSampler>, EngineError> {
        if !self.is_single_noise() {
            return Ok(None);
        }
        Ok(SlopeSampler::new(&self.bottom().noise)?)
    }

    /// [`Self::slope_sampler`] holding only the octaves a grid of samples `spacing`
    /// pixels apart resolves ([`SlopeSampler::resolved`]): what normal maps and the lit
    /// view take their exact slopes from.
    pub fn resolved_slopes(&self, spacing: f64) -> Result<Option<SlopeSampler>, EngineError> {
        if !self.is_single_noise() {
            return Ok(None);
        }
        Ok(SlopeSampler::resolved(&self.bottom().noise, spacing)?)
    }

    /// The composite over `region` (see [`LayerCache::render`]), without keeping a
    /// cache. A texture of one plain layer goes straight through the noise kernels, so
    /// it costs and gives exactly what the noise alone does.
    pub fn generate_region(
        &self,
        region: Region,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        check_region(self, region)?;
        // Zeroed memory comes from the OS untouched: a fresh map costs no clearing pass.
        let mut out = Heightmap::filled_rect(region.width, region.height, 0.0);
        self.generate_region_into(region, control, &mut out)?;
        Ok(out)
    }

    /// [`Self::generate_region`] into `out`, reusing its memory (see
    /// [`crate::generate_into`]).
    pub fn generate_region_into(
        &self,
        region: Region,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        LayerCache::new().render_into(self, region, None, control, out)
    }
}
