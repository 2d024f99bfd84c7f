//! The output mapping a preset carries: how its heightmap becomes pixels (tone
//! mapping, tint, colour ramp, normal-map relief). Data and checks only; the pixels
//! themselves are made by the formats layer.

mod color_ramp;
mod normal_convention;
mod normal_slopes;
mod output_error;
mod output_params;

pub use color_ramp::{BUILTIN_IDS, ColorRamp, MAX_STOPS, RampSampler, RampStop, hex_bytes};
pub use normal_convention::{DEFAULT_STRENGTH, NormalConvention};
pub use normal_slopes::NormalSlopes;
pub use output_error::OutputError;
pub use output_params::OutputParams;
