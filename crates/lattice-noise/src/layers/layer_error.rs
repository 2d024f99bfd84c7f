//! [`LayerError`]: why a layer stack cannot be rendered as it stands.

use super::blur::MAX_BLUR_RADIUS;
use super::droplets::DropletsError;
use super::erosion::ErosionError;
use super::mask_measure::MaskMeasure;
use super::mask_slope::MaskSlopeError;
use super::terrace::TerraceError;
use crate::limits::{MAX_LAYER_NAME, MAX_LAYERS};
use crate::param_error::ParamError;

/// Why a layer stack is refused (nothing is computed for a refused stack).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayerError {
    /// No layer, or more than [`MAX_LAYERS`].
    #[error("a texture has 1 to {MAX_LAYERS} layers, not {count}")]
    Count {
        /// The refused count.
        count: usize,
    },
    /// A name that is empty, too long or holds control characters.
    #[error(
        "layer name {name:?} must be 1 to {max} characters without control characters",
        max = MAX_LAYER_NAME
    )]
    BadName {
        /// The refused name.
        name: String,
    },
    /// Two layers with the same name (masks and warps refer to layers by name).
    #[error("two layers are named '{name}'; layer names must be unique")]
    DuplicateName {
        /// The repeated name.
        name: String,
    },
    /// A mask, warp source or channel naming a layer that does not exist.
    #[error("layer '{layer}': its {role} '{name}' is not a layer of this texture")]
    UnknownReference {
        /// The layer (or "channel R", ...) that refers.
        layer: String,
        /// What the reference is for ("mask", "warp source", ...).
        role: &'static str,
        /// The name that matches no layer.
        name: String,
    },
    /// Masks and warp sources that refer round in a circle.
    #[error(
        "layers refer to each other in a circle through masks and warp sources: {}",
        cycle.join(" -> ")
    )]
    Cycle {
        /// The layers of the circle, the first repeated at the end.
        cycle: Vec<String>,
    },
    /// A layer setting outside its range.
    #[error("layer '{layer}': {name} {value} is out of range (-{max}..={max})")]
    OutOfRange {
        /// The layer.
        layer: String,
        /// Which setting.
        name: &'static str,
        /// The refused value.
        value: f64,
        /// The largest magnitude accepted.
        max: f64,
    },
    /// Opacity NaN or outside 0..=1.
    #[error("layer '{layer}': opacity {value} is out of range (0..=1)")]
    Opacity {
        /// The layer.
        layer: String,
        /// The refused value.
        value: f32,
    },
    /// A layer's noise (or its warp noise) fails the parameter rules.
    #[error("layer '{layer}'{}: {error}", if *warp { " (warp noise)" } else { "" })]
    Noise {
        /// The layer.
        layer: String,
        /// Whether it is the layer's warp noise that is wrong.
        warp: bool,
        /// What is wrong.
        error: ParamError,
    },
    /// A terrace with a step count or softness out of range.
    #[error("layer '{layer}': {error}")]
    Terrace {
        /// The layer.
        layer: String,
        /// What is wrong.
        error: TerraceError,
    },
    /// A slope mask with bad bounds.
    #[error("layer '{layer}': {error}")]
    MaskSlope {
        /// The layer.
        layer: String,
        /// What is wrong.
        error: MaskSlopeError,
    },
    /// An erosion setting out of range.
    #[error("layer '{layer}': {error}")]
    Erosion {
        /// The layer.
        layer: String,
        /// What is wrong.
        error: ErosionError,
    },
    /// A droplet erosion setting out of range.
    #[error("layer '{layer}': {error}")]
    Droplets {
        /// The layer.
        layer: String,
        /// What is wrong.
        error: DropletsError,
    },
    /// A blur radius that is not a number of pixels in range.
    #[error(
        "layer '{layer}': blur radius {value} is out of range (0..={max} pixels)",
        max = MAX_BLUR_RADIUS
    )]
    Blur {
        /// The layer.
        layer: String,
        /// The refused radius.
        value: f32,
    },
    /// A slope or curvature mask on a layer without a mask layer to measure.
    #[error(
        "layer '{layer}': a {measure} mask needs a mask layer (mask: Some(\"NAME\")) or the stack below (mask_below: true)"
    )]
    SlopeWithoutMask {
        /// The layer.
        layer: String,
        /// What the mask would have measured.
        measure: MaskMeasure,
    },
    /// A mask layer and the stack below both asked for as one layer's mask.
    #[error(
        "layer '{layer}': a mask is another layer (mask) or the stack below (mask_below), not both"
    )]
    MaskTwice {
        /// The layer.
        layer: String,
    },
    /// A warp asked for on a layer whose heights are the stack below.
    #[error(
        "layer '{layer}': its heights are the stack below (heights_below), which is not warped; set its warp amplitude to 0"
    )]
    WarpOfBelow {
        /// The layer.
        layer: String,
    },
    /// A layer number outside the stack.
    #[error("there is no layer {number}; the texture has {count} (1 = bottom)")]
    NoSuchLayer {
        /// The 1-based number asked for.
        number: usize,
        /// Layers in the stack.
        count: usize,
    },
}
