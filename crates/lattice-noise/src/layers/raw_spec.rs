//! [`RawSpec`]: everything a layer's heights depend on before its levels, blend and
//! mask: its noise (with the texture's size and tiling) and its warp, resolved down to
//! the noises of the warp fields, or the stack below it, then its erosion and blur. Two equal specs render equal heights, so a spec is
//! the key of the layer cache: a layer whose spec did not change is not recomputed.

use super::blur::blur_margin;
use super::erosion::Erosion;
use super::layer_stack::LayerStack;
use super::warp::WarpSource;
use crate::noise_params::NoiseParams;

/// The heights of one noise, sampled plainly or at warped positions, or of the stack
/// below a layer.
#[derive(Clone, Debug, PartialEq)]
pub struct RawSpec {
    /// The noise sampled (with [`Self::below`], only the texture's size and tiling).
    pub noise: NoiseParams,
    /// The stack whose composite the heights are, in place of the noise
    /// ([`super::Layer::heights_below`]).
    pub below: Option<Box<LayerStack>>,
    /// Its domain warp, if it moves anything.
    pub warp: Option<Box<WarpSpec>>,
    /// The erosion filter run on those heights, if it changes any.
    pub erosion: Option<Erosion>,
    /// The radius in pixels of the Gaussian blur run last (0: none).
    pub blur: f32,
}

/// A resolved domain warp: the amplitude and the specs of its two fields.
#[derive(Clone, Debug, PartialEq)]
pub struct WarpSpec {
    /// Pixels of displacement per unit of field.
    pub amplitude: f32,
    /// The field moving `x`.
    pub x: RawSpec,
    /// The field moving `y`.
    pub y: RawSpec,
}

impl WarpSpec {
    /// Whether both fields are plain noises (unwarped): the warped sampler then makes
    /// them band by band itself, holding no map of them.
    pub fn fields_are_noises(&self) -> bool {
        self.x.is_plain_noise() && self.y.is_plain_noise()
    }
}

impl RawSpec {
    /// The spec of layer `i` of `stack`, whose references must be valid (no circle:
    /// see [`LayerStack::validate`]). A warp noise gives the fields seeds `s` and
    /// `s + 1`; a warp source layer gives its own heights and the same with its seed
    /// plus one (warped as that layer is).
    pub fn of_layer(stack: &LayerStack, i: usize) -> RawSpec {
        Self::of_layer_depth(stack, i, 0)
    }

    fn of_layer_depth(stack: &LayerStack, i: usize, depth: usize) -> RawSpec {
        let layer = &stack[i];
        let erosion = layer.erosion.filter(Erosion::is_active);
        if layer.heights_below {
            // The noise is not read: the default one keeps the key of a layer whose
            // unused noise is edited unchanged.
            return RawSpec {
                noise: stack.texture_noise(&NoiseParams::default()),
                below: Some(Box::new(stack.below(i))),
                warp: None,
                erosion,
                blur: layer.active_blur(),
            };
        }
        let noise = stack.texture_noise(&layer.noise);
        // A valid stack has no circle, so a chain is at most as long as the stack;
        // the depth guard keeps an unvalidated one from recursing without end.
        let warp = layer
            .active_warp()
            .filter(|_| depth <= stack.len())
            .and_then(|w| {
                let x = match &w.source {
                    WarpSource::Noise(n) => RawSpec {
                        noise: stack.texture_noise(n),
                        below: None,
                        warp: None,
                        erosion: None,
                        blur: 0.0,
                    },
                    WarpSource::Layer(name) => {
                        let j = stack.index_of(name)?;
                        Self::of_layer_depth(stack, j, depth + 1)
                    }
                };
                let y = x.reseeded();
                Some(Box::new(WarpSpec {
                    amplitude: w.amplitude,
                    x,
                    y,
                }))
            });
        RawSpec {
            noise,
            below: None,
            warp,
            erosion,
            blur: layer.active_blur(),
        }
    }

    /// At most how many heightmaps rendering this spec holds: its own and, warped, its
    /// fields' (fields that are plain noises are made band by band inside the warped
    /// sampler, and cost none).
    pub fn maps(&self) -> usize {
        // Eroded: the heights of the window grown by the erosion's halo (kept by the
        // cache), that window's copy the filter reads, and the eroded heights.
        let eroded = if self.erosion.is_some() { 2 } else { 0 };
        // Blurred: three maps of a window grown by the blur's halo (the heights the
        // cache keeps, their copy, and the pass along rows), each counted as many maps
        // as such a window of the shortest band (16 rows) is worth.
        let halo = blur_margin(self.blur);
        let blurred = if halo > 0 {
            3 * (1 + (2 * halo).div_ceil(16))
        } else {
            0
        };
        // The stack below renders through a cache of its own, into the map counted above.
        let below = self.below.as_ref().map_or(0, |b| b.maps_held());
        1 + eroded
            + blurred
            + below
            + self.warp.as_ref().map_or(0, |w| {
                if w.fields_are_noises() {
                    return 0;
                }
                w.x.maps() + w.y.maps()
            })
    }

    /// Whether it is a noise sampled plainly: no warp, erosion or blur, not the stack
    /// below.
    pub fn is_plain_noise(&self) -> bool {
        self.below.is_none() && self.warp.is_none() && self.erosion.is_none() && self.blur == 0.0
    }

    /// The same spec without its blur: the heights the blur reads.
    pub fn unblurred(&self) -> RawSpec {
        RawSpec {
            blur: 0.0,
            ..self.clone()
        }
    }

    /// The same spec without its erosion (nor the blur after it): the heights the
    /// filter reads.
    pub fn uneroded(&self) -> RawSpec {
        RawSpec {
            erosion: None,
            blur: 0.0,
            ..self.clone()
        }
    }

    /// The same spec with the noise's seed plus one (the second warp field; a field
    /// that is the stack below has no seed, and both fields are that composite).
    fn reseeded(&self) -> RawSpec {
        let mut out = self.clone();
        out.noise.seed = out.noise.seed.wrapping_add(1);
        out
    }
}
