//! The filtered heights a [`LayerCache`](super::LayerCache) renders, for the effects that read a pixel's
//! neighbours (erosion, blur): a layer's heights over its window grown by the effect's
//! halo, through the effect; and for the droplets, which read the whole texture at
//! their grid's size.

use super::blur::{blur_into, blur_margin};
use super::cache_core::CacheCore;
use super::droplet_grid::DropletGrid;
use super::erosion::Erosion;
use super::erosion_filter::erode_into;
use super::halo_window::{Edges, toned_window};
use super::noise_sampler::NoiseSampler;
use super::raw_spec::{DropletSpec, RawSpec};
use super::tone::Tone;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;

impl<S: NoiseSampler> CacheCore<S> {
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
        let mut out = self.spare_map();
        self.eroded_into(spec, erosion, region, control, &mut out)?;
        Ok(out)
    }

    /// [`Self::eroded`] written into `out` (reshaped to the region).
    pub(super) fn eroded_into(
        &mut self,
        spec: &RawSpec,
        erosion: &Erosion,
        region: Region,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        let size = spec.noise.size;
        let margin = erosion.step(size) as usize;
        self.filtered_into(
            &spec.uneroded(),
            (region, margin, Edges::Continued),
            control,
            |window, out| erode_into(window, region, size, erosion, out),
            out,
        )
    }

    /// The heights of `spec`, whose droplets are `droplets`, over `region`: its
    /// heights without them over the region, plus what the droplets carved on their
    /// grid (simulated once for every region and size, see [`DropletGrid`]).
    pub(super) fn simulated(
        &mut self,
        spec: &RawSpec,
        droplets: &DropletSpec,
        region: Region,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        let carved = DropletGrid::of(droplets, self, control)?;
        let base = self.heights(&spec.unsimulated(), region, control)?;
        let mut out = Heightmap::clone(&base);
        carved.add_to(spec.noise.size, region, out.data_mut());
        Ok(out)
    }

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
        let margin = blur_margin(spec.blur);
        self.filtered(
            &spec.unblurred(),
            (region, margin, Edges::Copied),
            control,
            |window, out| blur_into(window, region, spec.blur, out),
        )
    }

    /// `region`'s pixels as `filter` makes them from the heights of `base` over the
    /// region grown by `margin` pixels, past untiled edges as `edges` says (see
    /// [`toned_window`]), in a spare map's memory.
    fn filtered(
        &mut self,
        base: &RawSpec,
        halo: (Region, usize, Edges),
        control: &JobControl,
        filter: impl FnOnce(&[f32], &mut [f32]),
    ) -> Result<Heightmap, EngineError> {
        let mut out = self.spare_map();
        self.filtered_into(base, halo, control, filter, &mut out)?;
        Ok(out)
    }

    /// [`Self::filtered`] written into `out`, reshaped to the region: every pixel is the
    /// filter's, so what `out` held before may stay in it until then.
    fn filtered_into(
        &mut self,
        base: &RawSpec,
        (region, margin, edges): (Region, usize, Edges),
        control: &JobControl,
        filter: impl FnOnce(&[f32], &mut [f32]),
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        let halo = (region, margin, edges);
        toned_window(self, base, &Tone::default(), halo, control, |window| {
            if control.is_cancelled() {
                return Err(EngineError::Cancelled);
            }
            out.reshape_rect(region.width, region.height);
            filter(window, out.data_mut());
            Ok(())
        })?
    }
}
