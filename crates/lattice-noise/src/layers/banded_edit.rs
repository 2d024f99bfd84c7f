//! Renders for editing a texture too large to keep every layer's heights: above 4096 x
//! 4096 a 4-layer stack's maps alone take a gigabyte. The composite is made band by
//! band (each band's layer heights made, blended and dropped), and only the composite
//! below the top layer is kept, so an edit of the top layer's noise still costs that
//! layer and one blending pass. The app then holds three full maps: that composite,
//! the new output and the one on screen.

use super::banded_prefix::{BAND_PIXELS, BandedPrefix, PassSpec};
use super::blend_mode::BlendMode;
use super::cache_core::CacheCore;
use super::composite_prefix::{MAX_PREFIX_PIXELS, PassKey};
use super::compositing::{Pass, Start, composite_into};
use super::layer_stack::LayerStack;
use super::noise_sampler::NoiseSampler;
use super::raw_spec::RawSpec;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;

impl<S: NoiseSampler> CacheCore<S> {
    /// The composite of the layers `shown` of `stack` over `region` (with `solo`, the
    /// one layer shown levelled on its own) into `out`, band by band, keeping only the
    /// composite below the top layer: the same bits as [`Self::render`] holding
    /// every layer, at a fraction of the memory.
    pub(super) fn composite_banded(
        &mut self,
        stack: &LayerStack,
        region: Region,
        shown: &[usize],
        solo: bool,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        // Nothing else is kept at this size: maps of earlier (smaller) renders go first.
        self.drop_maps();
        out.reshape_rect(region.width, region.height);
        let split = if solo {
            0
        } else {
            shown.len().saturating_sub(1)
        };
        let (below, top) = shown.split_at(split);
        let key: Vec<PassSpec> = below.iter().map(|&i| PassSpec::of(stack, i)).collect();
        // Solo (or one layer shown) needs no composite below; the one kept stays for
        // when the stack is shown again.
        let old = (!below.is_empty()).then(|| self.banded.take()).flatten();
        let kept = old
            .as_ref()
            .is_some_and(|p| p.region == region && p.key == key);
        let mut prefix = (!below.is_empty()).then(|| {
            // A stale composite's memory is rewritten, not allocated again.
            let mut map = old.map_or_else(|| Heightmap::filled_rect(0, 0, 0.0), |p| p.below);
            map.reshape_rect(region.width, region.height);
            map
        });
        let rows = (self.band_pixels / region.width.max(1) as usize).max(1) as u32;
        let plan = BandPlan {
            stack,
            region,
            rows,
            below,
            top,
            solo,
        };
        let result = match prefix.as_mut() {
            Some(p) if !kept => plan.run::<S>(Some(p), None, control, out),
            p => plan.run::<S>(None, p.map(|p| &*p), control, out),
        };
        // A composite half made is not kept; one kept whole stays (a cancelled edit of
        // the top layer leaves it as it was).
        if let Some(below) = prefix.filter(|_| result.is_ok() || kept) {
            self.banded = Some(BandedPrefix { region, key, below });
        }
        result
    }

    /// The passes of the layers `shown` over `region`: in the composite (their blend,
    /// opacity and mask), or with `solo` each levelled on its own (blended normally onto
    /// zeros at full opacity, without a mask), which is what solo shows.
    pub(super) fn pass_keys(
        &mut self,
        stack: &LayerStack,
        shown: &[usize],
        solo: bool,
        region: Region,
        control: &JobControl,
    ) -> Result<Vec<PassKey>, EngineError> {
        shown
            .iter()
            .map(|&i| {
                let layer = &stack[i];
                let top = self.heights(&RawSpec::of_layer(stack, i), region, control)?;
                let tone = layer.tone();
                Ok(if solo {
                    PassKey {
                        top,
                        tone,
                        mode: BlendMode::Normal,
                        opacity: 1.0,
                        mask: None,
                    }
                } else {
                    PassKey {
                        top,
                        tone,
                        mode: layer.blend,
                        opacity: layer.opacity,
                        mask: self.mask_of(stack, i, region, control)?,
                    }
                })
            })
            .collect()
    }
}

impl LayerStack {
    /// At most how many bytes a render of this stack over a window of `pixels` holds
    /// through a cache kept for editing ([`LayerCache::for_editing`](super::LayerCache::for_editing)), its output
    /// included: up to 4096 x 4096 the maps of [`Self::maps_held`], above it the output,
    /// the composite below the top layer and one band's maps.
    pub fn editing_bytes(&self, pixels: usize) -> u64 {
        let map = pixels as u64 * 4;
        if pixels <= MAX_PREFIX_PIXELS || self.is_single_noise() {
            return self.maps_held() as u64 * map;
        }
        2 * map + self.maps_held() as u64 * BAND_PIXELS as u64 * 4
    }
}

/// The bands of one banded render: which layers make the composite below the top one
/// and which are blended on it.
struct BandPlan<'a> {
    stack: &'a LayerStack,
    region: Region,
    rows: u32,
    below: &'a [usize],
    top: &'a [usize],
    solo: bool,
}

impl BandPlan<'_> {
    /// Renders every band into `out`: the layers below the top one into `make` (the
    /// composite below, made anew) or read from `kept`, then the top ones onto it.
    fn run<S: NoiseSampler>(
        &self,
        mut make: Option<&mut Heightmap>,
        kept: Option<&Heightmap>,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        let Self {
            stack,
            region,
            rows,
            below,
            top,
            solo,
        } = *self;
        let mut bands = CacheCore::<S>::new();
        let width = region.width as usize;
        control.begin(region.height.div_ceil(rows) as usize);
        for y in (0..region.height).step_by(rows as usize) {
            if control.is_cancelled() {
                return Err(EngineError::Cancelled);
            }
            let band = Region {
                y: region.y + y,
                height: rows.min(region.height - y),
                ..region
            };
            let at = y as usize * width..(y + band.height) as usize * width;
            // Each band's own control: progress counts bands, not each layer's rows.
            let inner = JobControl::new();
            let start = match (make.as_deref_mut(), kept) {
                (Some(p), _) => {
                    let p = &mut p.data_mut()[at.clone()];
                    let keys = bands.pass_keys(stack, below, false, band, &inner)?;
                    let passes: Vec<Pass<'_>> = keys.iter().map(PassKey::pass).collect();
                    composite_into(p, Start::Zero, &passes);
                    Start::Below(&*p)
                }
                (None, Some(p)) => Start::Below(&p.data()[at.clone()]),
                (None, None) => Start::Zero,
            };
            let keys = bands.pass_keys(stack, top, solo, band, &inner)?;
            let passes: Vec<Pass<'_>> = keys.iter().map(PassKey::pass).collect();
            composite_into(&mut out.data_mut()[at], start, &passes);
            drop(keys);
            // The band's maps serve the next band.
            bands.recycle_maps();
            control.step();
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "banded_edit_tests.rs"]
mod tests;
