//! [`RawSpec`]: everything a layer's heights depend on before its levels, blend and
//! mask: its noise (with the texture's size and tiling) and its warp, resolved down to
//! the noises of the warp fields, or the stack below it, then its erosion and blur. Two
//! equal specs render equal heights, so a spec is the key of the layer cache: a layer
//! whose spec did not change is not recomputed.

use super::blur::blur_margin;
use super::droplets::Droplets;
use super::erosion::Erosion;
use super::layer::Layer;
use super::layer_stack::LayerStack;
use super::references;
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
    /// The droplet erosion run after the filter, if it runs any droplet.
    pub droplets: Option<Box<DropletSpec>>,
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

/// A layer's simulation: its droplets and the heights they run on (the layer's
/// heights without the simulation and blur, at the grid's size).
#[derive(Clone, Debug, PartialEq)]
pub struct DropletSpec {
    /// The droplets.
    pub droplets: Droplets,
    /// The heights at the grid's size.
    pub base: RawSpec,
}

/// The stack below layer `i` as its heights read it: [`LayerStack::below`] with the
/// layers that composite does not read (the layer itself, those above it and disabled
/// ones under it, unless an enabled layer under it reads them) blanked, so an edit of
/// one of them keeps the key, and the cached heights.
fn read_below(stack: &LayerStack, i: usize) -> LayerStack {
    let mut below = stack.below(i);
    let read = references::read_under(below.layers(), i);
    let blank = blank_noise(stack);
    for (j, read) in read.into_iter().enumerate() {
        if !read {
            let name = std::mem::take(&mut below[j].name);
            below[j] = Layer {
                enabled: false,
                ..Layer::new(name, blank.clone())
            };
        }
    }
    below
}

/// A noise valid at the texture's size and tiling, standing for one that is not read.
fn blank_noise(stack: &LayerStack) -> NoiseParams {
    stack.texture_noise(&NoiseParams {
        octaves: 1,
        initial_step: 1,
        ..NoiseParams::default()
    })
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
        let droplets = layer.active_droplets().map(|d| {
            // The same layer at the grid's size, without the simulation and the blur
            // that comes after it: the heights the droplets run on.
            let mut small = stack.resized(d.grid);
            small[i].droplets = None;
            small[i].blur = 0.0;
            Box::new(DropletSpec {
                droplets: *d,
                base: Self::of_layer_depth(&small, i, depth),
            })
        });
        if layer.heights_below {
            // The noise is not read: a blank one keeps the key of a layer whose unused
            // noise is edited unchanged.
            return RawSpec {
                noise: blank_noise(stack),
                below: Some(Box::new(read_below(stack, i))),
                warp: None,
                erosion,
                droplets,
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
                        droplets: None,
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
            droplets,
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
        // Simulated: the heights the carving is added to (the grid is kept apart, see
        // `droplet_grid`).
        let simulated = usize::from(self.droplets.is_some());
        1 + eroded
            + simulated
            + blurred
            + below
            + self.warp.as_ref().map_or(0, |w| {
                if w.fields_are_noises() {
                    return 0;
                }
                w.x.maps() + w.y.maps()
            })
    }

    /// Whether it is a noise sampled plainly: no warp, erosion, droplets or blur, not
    /// the stack below.
    pub fn is_plain_noise(&self) -> bool {
        self.below.is_none()
            && self.warp.is_none()
            && self.erosion.is_none()
            && self.droplets.is_none()
            && self.blur == 0.0
    }

    /// The same spec without its blur: the heights the blur reads.
    pub fn unblurred(&self) -> RawSpec {
        RawSpec {
            blur: 0.0,
            ..self.clone()
        }
    }

    /// The same spec without its erosion (nor the droplets and blur after it): the
    /// heights the filter reads.
    pub fn uneroded(&self) -> RawSpec {
        RawSpec {
            erosion: None,
            droplets: None,
            blur: 0.0,
            ..self.clone()
        }
    }

    /// The same spec without its droplets (nor the blur after them): the heights the
    /// carving is added to.
    pub fn unsimulated(&self) -> RawSpec {
        RawSpec {
            droplets: None,
            blur: 0.0,
            ..self.clone()
        }
    }

    /// The same spec with the noise's seed plus one (the second warp field). A field
    /// that is the stack below reads no seed: both fields are that composite, one key,
    /// rendered once.
    fn reseeded(&self) -> RawSpec {
        let mut out = self.clone();
        if out.below.is_none() {
            out.noise.seed = out.noise.seed.wrapping_add(1);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ground, hills, a layer eroding the two, and snow on top.
    fn stack() -> LayerStack {
        let noise = |seed| NoiseParams {
            size: 64,
            seed,
            initial_step: 16,
            ..NoiseParams::default()
        };
        let mut carved = Layer::new("carved", noise(3));
        carved.heights_below = true;
        let layers = vec![
            Layer::new("ground", noise(1)),
            Layer::new("hills", noise(2)),
            carved,
            Layer::new("snow", noise(4)),
        ];
        LayerStack::from_layers(64, false, layers).unwrap()
    }

    /// The key of heights from the stack below changes with what that composite reads,
    /// and only with it: an edit of the layer itself or of one above keeps the cached
    /// heights.
    #[test]
    fn heights_from_below_are_keyed_by_what_they_read() {
        let s = stack();
        let key = |s: &LayerStack| RawSpec::of_layer(s, 2);
        let mut edited = s.clone();
        edited[2].noise.seed = 30;
        edited[3].noise.seed = 40;
        edited[3].opacity = 0.5;
        assert_eq!(key(&edited), key(&s));
        let mut below = s.clone();
        below[1].noise.seed = 20;
        assert_ne!(key(&below), key(&s));
        // A layer above that a layer under it reads (the ground masked by the snow).
        let mut masked = s.clone();
        masked[0].mask = Some("snow".into());
        masked.validate().unwrap();
        let mut snow = masked.clone();
        snow[3].noise.seed = 40;
        assert_ne!(key(&snow), key(&masked));
        // A warp by it: both fields are the one composite, one key.
        let mut warped = s.clone();
        warped[3].warp = Some(crate::layers::Warp {
            amplitude: 4.0,
            source: WarpSource::Layer("carved".into()),
        });
        let w = RawSpec::of_layer(&warped, 3).warp.unwrap();
        assert!(w.x.below.is_some());
        assert_eq!(w.x, w.y);
        // A disabled layer under it is not read.
        let mut off = s.clone();
        off[1].enabled = false;
        let mut off_edited = off.clone();
        off_edited[1].noise.seed = 20;
        assert_eq!(key(&off_edited), key(&off));
    }
}
