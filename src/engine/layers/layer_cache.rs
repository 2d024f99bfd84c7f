//! [`LayerCache`]: renders a [`LayerStack`] (or one layer of it alone) over a region,
//! keeping each layer's heights so that the next render recomputes only the layers
//! whose noise or warp changed, and those that read them.

use super::compositing::{Alpha, Pass, PassAlpha, blend_into, composite_into};
use super::layer_stack::LayerStack;
use super::raw_spec::RawSpec;
use crate::engine::engine_error::EngineError;
use crate::engine::generation::{generate_region_into, generate_warped_region};
use crate::engine::heightmap::Heightmap;
use crate::engine::job_control::JobControl;
use crate::engine::region::Region;
use std::sync::Arc;

/// Heights already computed, keyed by what they depend on.
#[derive(Clone, Debug, Default)]
pub struct LayerCache {
    entries: Vec<Entry>,
}

#[derive(Clone, Debug)]
struct Entry {
    spec: RawSpec,
    region: Region,
    heights: Arc<Heightmap>,
    /// Used by the render in progress (entries not used are dropped after it).
    used: bool,
}

impl LayerCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many heightmaps the cache holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the cache holds nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The composite of `stack` over `region` (or, with `solo`, layer `solo` alone: its
    /// levelled heights), bit for bit that window of the whole texture, at any thread
    /// count. Heights of layers whose [`RawSpec`] is unchanged since the last render
    /// come from the cache; everything the render did not use is dropped from it.
    pub fn render(
        &mut self,
        stack: &LayerStack,
        region: Region,
        solo: Option<usize>,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        stack.validate()?;
        check_region(stack, region)?;
        for e in &mut self.entries {
            e.used = false;
        }
        let result = self.composite(stack, region, solo, control);
        self.entries.retain(|e| e.used);
        result
    }

    fn composite(
        &mut self,
        stack: &LayerStack,
        region: Region,
        solo: Option<usize>,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        let shown: Vec<usize> = match solo {
            Some(i) if i < stack.len() => vec![i],
            _ => (0..stack.len()).filter(|&i| stack[i].enabled).collect(),
        };
        let mut out = Heightmap::filled_rect(region.width, region.height, 0.0);
        if solo.is_some() {
            for &i in &shown {
                let top = self.heights(&RawSpec::of_layer(stack, i), region, control)?;
                blend_into(
                    out.data_mut(),
                    top.data(),
                    stack[i].levels.map(),
                    Default::default(),
                    Alpha::One,
                );
            }
            return Ok(out);
        }
        // Every layer's heights (and its mask's) first, then one blending sweep.
        let mut maps = Vec::with_capacity(shown.len());
        for &i in &shown {
            let layer = &stack[i];
            let top = self.heights(&RawSpec::of_layer(stack, i), region, control)?;
            let mask = match layer.mask.as_deref().and_then(|m| stack.index_of(m)) {
                Some(j) => Some((
                    j,
                    self.heights(&RawSpec::of_layer(stack, j), region, control)?,
                )),
                None => None,
            };
            maps.push((i, top, mask));
        }
        let passes: Vec<Pass<'_>> = maps
            .iter()
            .map(|(i, top, mask)| {
                let layer = &stack[*i];
                Pass {
                    top: top.data(),
                    levels: layer.levels.map(),
                    mode: layer.blend,
                    alpha: match mask {
                        Some((j, heights)) => PassAlpha::Mask {
                            heights: heights.data(),
                            levels: stack[*j].levels.map(),
                            opacity: layer.opacity,
                        },
                        None => PassAlpha::Uniform(layer.opacity),
                    },
                }
            })
            .collect();
        composite_into(out.data_mut(), &passes);
        Ok(out)
    }

    /// The heights of `spec` over `region`, from the cache or computed (with the warp
    /// fields it needs) and cached.
    fn heights(
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
        let heights = match &spec.warp {
            None => {
                // Zeroed memory comes from the OS untouched; only the kernel writes it.
                let mut map = Heightmap::filled_rect(region.width, region.height, 0.0);
                generate_region_into(&spec.noise, region, control, &mut map)?;
                map
            }
            Some(w) => {
                let wx = self.heights(&w.x, region, control)?;
                let wy = self.heights(&w.y, region, control)?;
                generate_warped_region(&spec.noise, region, (&wx, &wy), w.amplitude, control)?
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

impl LayerStack {
    /// Whether the texture is exactly one layer's noise: a single enabled plain layer
    /// without warp, rendered by the noise kernels straight into the output.
    pub fn is_single_noise(&self) -> bool {
        let l = self.bottom();
        self.len() == 1 && l.enabled && l.is_plain() && l.active_warp().is_none()
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

    /// [`Self::generate_region`] into `out`, reusing its memory when the texture is a
    /// single noise (see [`crate::engine::generate_into`]).
    pub fn generate_region_into(
        &self,
        region: Region,
        control: &JobControl,
        out: &mut Heightmap,
    ) -> Result<(), EngineError> {
        if self.is_single_noise() {
            self.validate()?;
            let noise = self.texture_noise(&self.bottom().noise);
            return generate_region_into(&noise, region, control, out);
        }
        *out = LayerCache::new().render(self, region, None, control)?;
        Ok(())
    }
}

impl LayerCache {
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
fn check_region(stack: &LayerStack, region: Region) -> Result<(), EngineError> {
    if region.fits(stack.size()) {
        return Ok(());
    }
    let Region {
        x,
        y,
        width,
        height,
    } = region;
    Err(crate::engine::param_error::ParamError::Region {
        x,
        y,
        width,
        height,
        size: stack.size(),
    }
    .into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generation::generate_region;
    use crate::engine::layers::blend_mode::BlendMode;
    use crate::engine::layers::layer::Layer;
    use crate::engine::layers::levels::Levels;
    use crate::engine::layers::warp::{Warp, WarpSource};
    use crate::engine::noise_params::NoiseParams;
    use crate::engine::proximity::Proximity;

    fn noise(seed: i32, proximity: Proximity) -> NoiseParams {
        NoiseParams {
            size: 128,
            seed,
            octaves: 4,
            initial_step: 32,
            proximity,
            ..NoiseParams::default()
        }
    }

    /// Three layers using every feature: levels, a mask, warps by a noise and by a layer.
    fn stack(tileable: bool) -> LayerStack {
        let base = noise(1, Proximity::Gradient);
        let mut ridges = Layer::new("ridges", noise(2, Proximity::GradientRigged));
        ridges.blend = BlendMode::Max;
        ridges.opacity = 0.8;
        ridges.mask = Some("base".into());
        ridges.levels = Levels {
            gain: 1.5,
            offset: -0.1,
            invert: false,
        };
        ridges.warp = Some(Warp::with_default_noise(&ridges.noise, 12.0));
        let mut veins = Layer::new("veins", noise(3, Proximity::TriangularEdgeTwo));
        veins.blend = BlendMode::Overlay;
        veins.warp = Some(Warp {
            amplitude: -20.0,
            source: WarpSource::Layer("ridges".into()),
        });
        let layers = vec![Layer::new("base", base), ridges, veins];
        LayerStack::from_layers(128, tileable, layers).unwrap()
    }

    fn render(s: &LayerStack, region: Region) -> Heightmap {
        LayerCache::new()
            .render(s, region, None, &JobControl::new())
            .unwrap()
    }

    #[test]
    fn one_plain_layer_is_its_noise_bit_for_bit() {
        let s = LayerStack::single(noise(9, Proximity::MonkeySaddle));
        let region = Region::full(128);
        let want = generate_region(&s[0].noise, region, &JobControl::new()).unwrap();
        assert_eq!(render(&s, region), want);
    }

    #[test]
    fn windows_are_exactly_the_whole_and_threads_do_not_matter() {
        for tileable in [false, true] {
            let s = stack(tileable);
            let whole = render(&s, Region::full(128));
            for (x, y, w, h) in [(0, 0, 128, 17), (13, 40, 50, 9), (127, 127, 1, 1)] {
                let part = render(
                    &s,
                    Region {
                        x,
                        y,
                        width: w,
                        height: h,
                    },
                );
                for r in 0..h {
                    let row = &whole.row(y + r)[x as usize..(x + w) as usize];
                    assert_eq!(part.row(r), row, "tileable {tileable}, window at {x},{y}");
                }
            }
            let one = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap();
            assert_eq!(one.install(|| render(&s, Region::full(128))), whole);
        }
    }

    #[test]
    fn a_zero_amplitude_is_no_warp() {
        let mut s = stack(false);
        s[1].warp.as_mut().unwrap().amplitude = 0.0;
        s[2].warp.as_mut().unwrap().amplitude = 0.0;
        let mut plain = s.clone();
        plain[1].warp = None;
        plain[2].warp = None;
        assert_eq!(
            render(&s, Region::full(128)),
            render(&plain, Region::full(128))
        );
        assert_ne!(
            render(&stack(false), Region::full(128)),
            render(&plain, Region::full(128))
        );
    }

    #[test]
    fn a_warped_tileable_texture_has_no_seam() {
        let mut s = stack(true);
        s[0].warp = Some(Warp::with_default_noise(&s[0].noise, 30.0));
        let map = render(&s, Region::full(128));
        let n = 128;
        let step = |a: f32, b: f32| f64::from((a - b).abs());
        let (mut seam, mut inside) = (0.0, 0.0);
        for i in 0..n {
            seam += step(map.get(0, i), map.get(n - 1, i)) + step(map.get(i, 0), map.get(i, n - 1));
            inside += step(map.get(63, i), map.get(64, i)) + step(map.get(i, 63), map.get(i, 64));
        }
        assert!(seam < 2.0 * inside, "seam {seam} vs inside {inside}");
    }

    #[test]
    fn only_changed_layers_and_their_dependents_are_recomputed() {
        let mut s = stack(false);
        let mut cache = LayerCache::new();
        let region = Region::full(128);
        let control = JobControl::new();
        let first = cache.render(&s, region, None, &control).unwrap();
        let held: Vec<_> = cache
            .entries
            .iter()
            .map(|e| Arc::clone(&e.heights))
            .collect();
        // Blend, opacity and levels need no new heights.
        s[2].opacity = 0.5;
        s[2].blend = BlendMode::Difference;
        cache.render(&s, region, None, &control).unwrap();
        assert!(
            cache
                .entries
                .iter()
                .all(|e| held.iter().any(|h| Arc::ptr_eq(h, &e.heights)))
        );
        // A new seed on the ridges recomputes them and the veins they warp, not the base
        // nor the ridges' own warp fields.
        s[1].noise.seed = 77;
        cache.render(&s, region, None, &control).unwrap();
        let kept = cache
            .entries
            .iter()
            .filter(|e| held.iter().any(|h| Arc::ptr_eq(h, &e.heights)))
            .count();
        assert_eq!(kept, 3, "base and the two warp fields of the ridges");
        s[1].noise.seed = 2;
        s[2].opacity = 1.0;
        s[2].blend = BlendMode::Overlay;
        assert_eq!(cache.render(&s, region, None, &control).unwrap(), first);
    }

    #[test]
    fn solo_shows_one_levelled_layer_and_disabled_layers_still_feed_others() {
        let mut s = stack(false);
        let region = Region::full(128);
        let solo = LayerCache::new()
            .render(&s, region, Some(0), &JobControl::new())
            .unwrap();
        assert_eq!(
            solo,
            generate_region(&s[0].noise, region, &JobControl::new()).unwrap()
        );
        let before = render(&s, region);
        s[0].enabled = false;
        let without = render(&s, region);
        assert_ne!(before, without);
        s[1].enabled = false;
        s[2].enabled = false;
        assert!(render(&s, region).data().iter().all(|&v| v == 0.0));
    }

    #[test]
    fn circles_and_unknown_names_are_refused_before_any_work() {
        let mut s = stack(false);
        s[0].mask = Some("veins".into());
        let e = LayerCache::new()
            .render(&s, Region::full(128), None, &JobControl::new())
            .unwrap_err()
            .to_string();
        assert!(e.contains("circle") && e.contains("veins"), "{e}");
        let e = LayerCache::new()
            .render(&stack(false), Region::full(129), None, &JobControl::new())
            .unwrap_err();
        assert!(e.to_string().contains("129"), "{e}");
    }
}
