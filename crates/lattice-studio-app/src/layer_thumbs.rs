//! [`LayerThumbs`]: a small picture of each layer for the Layers panel, rendered off
//! the UI thread and cached by the layer's parameters.

use crate::engine::Preset;
use crate::engine::{BlendMode, Layer, LayerStack, NoiseParams, WarpSource};
use crate::pixels::OutputParams;
use crate::thumbnail_cache::{ThumbnailCache, ThumbnailState};
use image::RgbaImage;
use std::sync::Arc;

/// Thumbnail side in pixels.
pub(crate) const LAYER_THUMB: u32 = 40;
/// Smallest first step of a layer's thumbnail, in thumbnail pixels.
const MIN_THUMB_STEP: u32 = 4;

/// The thumbnail renders and their uploaded textures, by layer index.
pub(crate) struct LayerThumbs {
    cache: ThumbnailCache,
    textures: Vec<Option<(Arc<RgbaImage>, egui::TextureHandle)>>,
}

impl Default for LayerThumbs {
    fn default() -> Self {
        Self {
            cache: ThumbnailCache::new(LAYER_THUMB),
            textures: Vec::new(),
        }
    }
}

impl std::fmt::Debug for LayerThumbs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LayerThumbs").finish_non_exhaustive()
    }
}

/// Layer `i` of `stack` as a texture of its own: its noise, levels, curve, terrace and
/// own warp, times its mask when it has one (its coverage: where a material layer of
/// constant height lies), auto-levelled so every layer shows its structure (blends,
/// warps by other layers and masks by the stack below are left out: they need the rest
/// of the stack). A layer whose heights are the stack below shows those heights.
fn alone(stack: &LayerStack, i: usize) -> Preset {
    let l = &stack[i];
    if l.heights_below {
        return from_below(stack, i);
    }
    if let Some(p) = l
        .mask
        .as_deref()
        .and_then(|m| stack.index_of(m))
        .and_then(|j| masked(stack, i, j))
    {
        return p;
    }
    let mut noise = stack.texture_noise(&l.noise);
    // A layer of fine detail (scree, grain) shrunk to the thumbnail would have every
    // step under a pixel and render flat, a black square: it is shown zoomed in
    // instead, its first step at least MIN_THUMB_STEP thumbnail pixels.
    let least = (MIN_THUMB_STEP * noise.size).div_ceil(LAYER_THUMB);
    if noise.initial_step < least {
        noise.initial_step = least.min(noise.size);
        // The zoomed step seldom divides the size, which tiling needs; a thumbnail
        // shows no edge to tile across, so it is drawn untiled rather than not at all.
        noise.tileable = false;
    }
    let mut layer = own_part(l, noise.clone());
    layer.name = "thumbnail".into();
    let mut p = Preset::from_noise(noise);
    p.layers[0] = layer;
    p.output = OutputParams {
        auto_levels: true,
        ..OutputParams::default()
    };
    p
}

/// Layer `i`, whose heights are the stack below: the stack up to it, with it blended
/// normally at full opacity without a mask, so the composite is its own heights (the
/// stack below through its erosion, blur and tone), auto-levelled.
fn from_below(stack: &LayerStack, i: usize) -> Preset {
    let mut layers = stack.below(i + 1);
    let l = &mut layers[i];
    l.enabled = true;
    l.blend = BlendMode::Normal;
    l.opacity = 1.0;
    l.mask = None;
    l.mask_below = false;
    l.mask_slope = None;
    auto_levelled(stack.texture_noise(&stack.bottom().noise), layers)
}

/// A preset of `layers` (named after `noise`), auto-levelled so its structure shows.
fn auto_levelled(noise: NoiseParams, layers: LayerStack) -> Preset {
    let mut p = Preset::from_noise(noise);
    p.layers = layers;
    p.output = OutputParams {
        auto_levels: true,
        ..OutputParams::default()
    };
    p
}

/// Layer `l` with `noise`, its tone, its own warp, its erosion and blur, normal blend
/// and no mask (not its droplets: a thumbnail would run their whole simulation).
fn own_part(l: &Layer, noise: NoiseParams) -> Layer {
    let mut layer = Layer::new(l.name.clone(), noise);
    layer.levels = l.levels;
    layer.curve = l.curve;
    layer.terrace = l.terrace;
    layer.warp = l
        .warp
        .clone()
        .filter(|w| matches!(w.source, WarpSource::Noise(_)));
    layer.erosion = l.erosion;
    layer.blur = l.blur;
    layer
}

/// Layer `i`'s coverage at the texture's scale: the layer over nothing through its mask
/// (layer `j`, not composited), so each pixel is its height times its mask; `None` when
/// the two do not make a stack (a layer masking itself).
fn masked(stack: &LayerStack, i: usize, j: usize) -> Option<Preset> {
    let (l, m) = (&stack[i], &stack[j]);
    let mut mask = own_part(m, stack.texture_noise(&m.noise));
    mask.enabled = false;
    let mut top = own_part(l, stack.texture_noise(&l.noise));
    top.mask = l.mask.clone();
    top.mask_slope = l.mask_slope;
    let layers = LayerStack::from_layers(stack.size(), stack.tileable(), vec![mask, top]).ok()?;
    layers.validate().ok()?;
    Some(auto_levelled(stack.texture_noise(&m.noise), layers))
}

impl LayerThumbs {
    /// The texture of layer `i`'s thumbnail, once rendered (`None` while it renders).
    pub(crate) fn get(
        &mut self,
        ctx: &egui::Context,
        stack: &LayerStack,
        i: usize,
    ) -> Option<egui::TextureId> {
        let img = match self.cache.get(&alone(stack, i)) {
            ThumbnailState::Ready(img) => img,
            ThumbnailState::Pending | ThumbnailState::Failed(_) => return None,
        };
        if self.textures.len() <= i {
            self.textures.resize_with(i + 1, || None);
        }
        if let Some((shown, tex)) = &self.textures[i]
            && Arc::ptr_eq(shown, &img)
        {
            return Some(tex.id());
        }
        let size = [img.width() as usize, img.height() as usize];
        let colour = egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw());
        let tex = ctx.load_texture(format!("layer:{i}"), colour, egui::TextureOptions::LINEAR);
        let id = tex.id();
        self.textures[i] = Some((img, tex));
        Some(id)
    }

    /// Whether thumbnails are still rendering (the panel repaints until they arrive).
    pub(crate) fn is_busy(&self) -> bool {
        self.cache.is_busy()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::PresetFiles as _;
    use crate::thumbnail_cache::render_thumbnail;
    use std::path::Path;

    /// Every layer of every shipped preset shows something: no flat thumbnail.
    #[test]
    fn every_shipped_layer_has_a_thumbnail_with_structure() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../presets");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "ron") {
                continue;
            }
            let preset = Preset::load(&path).unwrap();
            for i in 0..preset.layers.len() {
                let img = render_thumbnail(&alone(&preset.layers, i), LAYER_THUMB).unwrap();
                let greys: Vec<u8> = img.pixels().map(|p| p.0[0]).collect();
                let (lo, hi) = (greys.iter().min().unwrap(), greys.iter().max().unwrap());
                assert!(
                    hi - lo > 64,
                    "{}: layer {i} thumbnail spans only {lo}..{hi}",
                    path.display()
                );
                seen += 1;
            }
        }
        assert!(seen > 20, "{seen} layers");
    }

    /// A layer whose heights are the stack below shows them: the thumbnail of
    /// `eroded-highlands`' top layer is the eroded texture itself (both are the
    /// composite of the whole stack, auto-levelled).
    #[test]
    fn a_layer_of_heights_from_below_shows_the_stack_below_through_it() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../presets/eroded-highlands.ron");
        let preset = Preset::load(&path).unwrap();
        let top = preset.layers.len() - 1;
        assert!(preset.layers[top].heights_below);
        let thumb = render_thumbnail(&alone(&preset.layers, top), LAYER_THUMB).unwrap();
        let mut whole = preset.clone();
        whole.output = OutputParams {
            auto_levels: true,
            ..OutputParams::default()
        };
        let texture = render_thumbnail(&whole, LAYER_THUMB).unwrap();
        assert_eq!(thumb, texture);
    }
}
