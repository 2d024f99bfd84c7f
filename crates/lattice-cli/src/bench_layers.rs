//! `bench` on a layered texture: what the designer's re-renders cost. The app keeps
//! every layer's heights (and the composite below the top layer) between renders, so
//! the figures that matter to an artist are compositing alone and an edit of the top
//! layer, beside that layer rendered as a texture of its own.

use crate::engine::{Heightmap, JobControl, Layer, LayerCache, LayerStack, Region, WarpSource};
use std::time::Instant;

/// Renders a stack as the app's generation thread does: into the map of the last
/// render, through a cache.
struct Renderer {
    cache: LayerCache,
    out: Heightmap,
    region: Region,
    control: JobControl,
}

impl Renderer {
    fn new(cache: LayerCache, size: u32) -> Self {
        Self {
            cache,
            out: Heightmap::filled(size, 0.0),
            region: Region::full(size),
            control: JobControl::new(),
        }
    }

    fn render(&mut self, stack: &LayerStack) -> anyhow::Result<()> {
        let (region, control) = (self.region, &self.control);
        self.cache
            .render_into(stack, region, None, control, &mut self.out)?;
        // Keep the result observable so the work cannot be optimised away.
        std::hint::black_box(&self.out);
        Ok(())
    }

    /// The times of `repeat` renders of `stack` with the seed of layer `layer` changed,
    /// each after an untimed render of `stack` itself (the state before the edit), in
    /// milliseconds.
    fn time_edits(
        &mut self,
        stack: &LayerStack,
        layer: usize,
        repeat: u32,
    ) -> anyhow::Result<Vec<f64>> {
        let mut changed = stack.clone();
        let mut times = Vec::with_capacity(repeat as usize);
        for i in 1..=repeat {
            self.render(stack)?;
            changed[layer].noise.seed = stack[layer].noise.seed.wrapping_add(i as i32);
            let start = Instant::now();
            self.render(&changed)?;
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        Ok(times)
    }
}

/// Times of the renders [`time_layer_edits`] makes, in milliseconds.
pub(super) struct EditTimes {
    /// Every layer cached: compositing alone.
    pub cached: Vec<f64>,
    /// The top layer's seed changed.
    pub edited: Vec<f64>,
    /// That layer as a texture of its own, its seed changed alike.
    pub alone: Vec<f64>,
}

/// Times a stack of at least two layers as the designer re-renders it: every layer
/// cached, the top layer's seed changed, and that layer as a texture of its own
/// changed alike, `repeat` times each.
pub(super) fn time_layer_edits(stack: &LayerStack, repeat: u32) -> anyhow::Result<EditTimes> {
    let size = stack.size();
    let top = stack.len() - 1;

    // A one-use cache keeps no composite below the top: every layer is blended.
    let mut plain = Renderer::new(LayerCache::new(), size);
    plain.render(stack)?;
    let mut cached = Vec::with_capacity(repeat as usize);
    for _ in 0..repeat {
        let start = Instant::now();
        plain.render(stack)?;
        cached.push(start.elapsed().as_secs_f64() * 1e3);
    }

    let edited = Renderer::new(LayerCache::for_editing(), size).time_edits(stack, top, repeat)?;

    // The top layer alone: its noise and its own warp noise, without blend, opacity,
    // levels or mask (a warp that reads another layer is left out).
    let layer = &stack[top];
    let mut own = Layer::new(layer.name.clone(), layer.noise.clone());
    own.warp = layer
        .warp
        .clone()
        .filter(|w| matches!(w.source, WarpSource::Noise(_)));
    let alone = LayerStack::from_layers(size, stack.tileable(), vec![own])?;
    let alone = Renderer::new(LayerCache::for_editing(), size).time_edits(&alone, 0, repeat)?;
    Ok(EditTimes {
        cached,
        edited,
        alone,
    })
}
