//! [`LayerStack`]: a texture's layers, bottom to top, and the rules they obey together.

use super::blur::{MAX_BLUR_RADIUS, blur_radius_is_valid};
use super::layer::Layer;
use super::layer_error::LayerError;
use super::references;
use super::warp::WarpSource;
use crate::limits::MAX_LAYERS;
use crate::noise_params::NoiseParams;
use std::ops::{Index, IndexMut};

/// The layers of a texture, bottom first: never empty, at most [`MAX_LAYERS`].
///
/// The texture's size and tiling are the bottom layer's: every layer and warp noise is
/// rendered and checked with them ([`Self::texture_noise`]), and the setters here write
/// them into all layers at once so the stored values agree. References between layers (masks, warp sources) go by
/// name and must not form a circle.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerStack {
    layers: Vec<Layer>,
}

impl Default for LayerStack {
    fn default() -> Self {
        Self::single(NoiseParams::default())
    }
}

impl Index<usize> for LayerStack {
    type Output = Layer;
    fn index(&self, i: usize) -> &Layer {
        &self.layers[i]
    }
}

impl IndexMut<usize> for LayerStack {
    fn index_mut(&mut self, i: usize) -> &mut Layer {
        &mut self.layers[i]
    }
}

impl LayerStack {
    /// A one-layer stack: exactly the texture `noise` describes (a version 1 preset).
    pub fn single(noise: NoiseParams) -> Self {
        Self {
            layers: vec![Layer::new("Layer 1", noise)],
        }
    }

    /// A stack of `layers` (bottom first), each given the texture's `size` and tiling.
    /// Refuses an empty list; everything else is for [`Self::validate`].
    pub fn from_layers(size: u32, tileable: bool, layers: Vec<Layer>) -> Result<Self, LayerError> {
        if layers.is_empty() {
            return Err(LayerError::Count { count: 0 });
        }
        let mut stack = Self { layers };
        stack.set_texture(size, tileable);
        Ok(stack)
    }

    /// The layers, bottom first.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// Which layers a render of the stack reads, bottom first: the enabled ones and
    /// those they read (masks, warp sources, the stack below). A disabled layer that
    /// nothing reads is never rendered, so it costs nothing.
    pub fn read_layers(&self) -> Vec<bool> {
        references::read_under(&self.layers, self.layers.len())
    }

    /// The layers, bottom first, to edit in place (their number stays).
    pub fn layers_mut(&mut self) -> &mut [Layer] {
        &mut self.layers
    }

    /// How many layers (at least 1).
    pub fn len(&self) -> usize {
        self.layers.len()
    }

    /// Always false: a stack has at least one layer.
    pub fn is_empty(&self) -> bool {
        self.layers.is_empty()
    }

    /// Layer `i` (0 = bottom), if there is one.
    pub fn get(&self, i: usize) -> Option<&Layer> {
        self.layers.get(i)
    }

    /// Layer `i` to edit, if there is one.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut Layer> {
        self.layers.get_mut(i)
    }

    /// The bottom layer (its noise holds the texture's size and tiling).
    pub fn bottom(&self) -> &Layer {
        &self.layers[0]
    }

    /// The bottom layer, to edit.
    pub fn bottom_mut(&mut self) -> &mut Layer {
        &mut self.layers[0]
    }

    /// The layer called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        references::index_of(&self.layers, name)
    }

    /// Layer number `number` (1 = bottom), or an error saying how many there are.
    pub fn by_number(&self, number: usize) -> Result<usize, LayerError> {
        if (1..=self.len()).contains(&number) {
            Ok(number - 1)
        } else {
            Err(LayerError::NoSuchLayer {
                number,
                count: self.len(),
            })
        }
    }

    /// The stack with layer `i` and those above it left out of the composite (still
    /// there as mask and warp sources): what layer `i` is blended onto, which
    /// [`Layer::mask_below`] masks by and [`Layer::heights_below`] reads. Those layers'
    /// own heights and masks from the stack below go (with their ramps): out of the
    /// composite they mask nothing, and kept they would make the stack below of a stack
    /// below without end.
    pub fn below(&self, i: usize) -> LayerStack {
        let mut below = self.clone();
        for l in below.layers.iter_mut().skip(i) {
            l.enabled = false;
            // Heights from the stack below, read by a layer under `i`, are a circle
            // (refused); cleared, the stack below of a stack below ends.
            l.heights_below = false;
            if l.mask_below {
                l.mask_below = false;
                l.mask_slope = None;
            }
        }
        below
    }

    /// The texture's side in pixels.
    pub fn size(&self) -> u32 {
        self.bottom().noise.size
    }

    /// Whether the texture tiles.
    pub fn tileable(&self) -> bool {
        self.bottom().noise.tileable
    }

    /// Sets size and tiling on every layer and warp noise, as they are (no rescaling).
    pub fn set_texture(&mut self, size: u32, tileable: bool) {
        for layer in &mut self.layers {
            for noise in noises_mut(layer) {
                noise.size = size;
                noise.tileable = tileable;
            }
        }
    }

    /// Switches tiling for the whole texture.
    pub fn set_tileable(&mut self, tileable: bool) {
        self.set_texture(self.size(), tileable);
    }

    /// The texture at another size with the same look: every initial step keeps its
    /// fraction of the size (see [`NoiseParams::resized`]), and warp amplitudes, blur
    /// radii (at most [`MAX_BLUR_RADIUS`]) and the scales of slope and curvature masks
    /// scale.
    pub fn resized(&self, size: u32) -> LayerStack {
        let ratio = size as f32 / self.size().max(1) as f32;
        let mut out = self.clone();
        for layer in &mut out.layers {
            for noise in noises_mut(layer) {
                *noise = noise.resized(size);
            }
            if let Some(w) = &mut layer.warp {
                w.amplitude *= ratio;
            }
            // A blur keeps its share of the texture up to the largest radius rendered;
            // a refused radius stays as it was, for the checks to name.
            if blur_radius_is_valid(layer.blur) {
                layer.blur = (layer.blur * ratio).min(MAX_BLUR_RADIUS);
            }
            layer.mask_slope = layer.mask_slope.map(|m| m.resized(ratio));
        }
        out
    }

    /// `noise` with the texture's size and tiling (the bottom layer's): what every
    /// layer and warp noise of the stack renders with, whatever it holds itself.
    pub fn texture_noise(&self, noise: &NoiseParams) -> NoiseParams {
        NoiseParams {
            size: self.size(),
            tileable: self.tileable(),
            ..noise.clone()
        }
    }

    /// Checks every layer (with the texture's size and tiling), the count, unique
    /// names and the references between layers.
    pub fn validate(&self) -> Result<(), LayerError> {
        if self.is_empty() || self.len() > MAX_LAYERS {
            return Err(LayerError::Count { count: self.len() });
        }
        let (size, tileable) = (self.size(), self.tileable());
        for (i, layer) in self.layers.iter().enumerate() {
            let mut layer = layer.clone();
            for noise in noises_mut(&mut layer) {
                noise.size = size;
                noise.tileable = tileable;
            }
            layer.validate()?;
            if self.layers[..i].iter().any(|l| l.name == layer.name) {
                return Err(LayerError::DuplicateName { name: layer.name });
            }
        }
        references::check(&self.layers)
    }

    /// A name no layer has: `base`, else `base 2`, `base 3`, ...
    pub fn unique_name(&self, base: &str) -> String {
        if self.index_of(base).is_none() {
            return base.to_owned();
        }
        (2..)
            .map(|n| format!("{base} {n}"))
            .find(|name| self.index_of(name).is_none())
            .unwrap_or_else(|| base.to_owned())
    }

    /// Inserts `layer` at index `at` (clamped to the top), renamed if its name is taken.
    pub fn insert(&mut self, at: usize, mut layer: Layer) -> Result<usize, LayerError> {
        if self.len() >= MAX_LAYERS {
            return Err(LayerError::Count {
                count: self.len() + 1,
            });
        }
        layer.name = self.unique_name(&layer.name);
        let (size, tileable) = (self.size(), self.tileable());
        for noise in noises_mut(&mut layer) {
            noise.size = size;
            noise.tileable = tileable;
        }
        let at = at.min(self.len());
        self.layers.insert(at, layer);
        Ok(at)
    }

    /// Removes layer `i` (not the last one left). Masks on it are dropped and warps that
    /// read it removed; returns the names of the layers so changed.
    pub fn remove(&mut self, i: usize) -> Result<Vec<String>, LayerError> {
        if self.len() <= 1 || i >= self.len() {
            return Err(LayerError::Count {
                count: self.len().saturating_sub(1),
            });
        }
        let gone = self.layers.remove(i).name;
        let mut changed = Vec::new();
        for layer in &mut self.layers {
            let masked = layer.mask.as_deref() == Some(gone.as_str());
            let warped = layer.warp.as_ref().and_then(|w| w.source_layer()) == Some(gone.as_str());
            if masked {
                layer.mask = None;
                layer.mask_slope = None;
            }
            if warped {
                layer.warp = None;
            }
            if masked || warped {
                changed.push(layer.name.clone());
            }
        }
        Ok(changed)
    }

    /// Renames layer `i`, and every reference to it.
    pub fn rename(&mut self, i: usize, name: &str) -> Result<(), LayerError> {
        let Some(old) = self.layers.get(i).map(|l| l.name.clone()) else {
            return Err(LayerError::NoSuchLayer {
                number: i + 1,
                count: self.len(),
            });
        };
        if old == name {
            return Ok(());
        }
        if self.index_of(name).is_some() {
            return Err(LayerError::DuplicateName { name: name.into() });
        }
        let mut probe = self.layers[i].clone();
        probe.name = name.to_owned();
        probe.validate()?;
        for layer in &mut self.layers {
            if layer.name == old {
                layer.name = name.to_owned();
            }
            if layer.mask.as_deref() == Some(old.as_str()) {
                layer.mask = Some(name.to_owned());
            }
            if let Some(WarpSource::Layer(source)) = layer.warp.as_mut().map(|w| &mut w.source)
                && *source == old
            {
                *source = name.to_owned();
            }
        }
        Ok(())
    }

    /// Moves layer `from` to index `to` (both clamped to the stack).
    pub fn move_layer(&mut self, from: usize, to: usize) {
        if from < self.len() {
            let layer = self.layers.remove(from);
            let to = to.min(self.len());
            self.layers.insert(to, layer);
        }
    }
}

/// The noises of a layer, to edit: its own and its warp noise.
fn noises_mut(layer: &mut Layer) -> impl Iterator<Item = &mut NoiseParams> {
    let warp = match layer.warp.as_mut().map(|w| &mut w.source) {
        Some(WarpSource::Noise(n)) => Some(n),
        _ => None,
    };
    std::iter::once(&mut layer.noise).chain(warp)
}

#[cfg(test)]
#[path = "layer_stack_tests.rs"]
mod tests;
