//! The largest values the engine accepts, shared by validation and its error messages.

/// Largest texture side accepted (16384^2 floats are 1 GiB of heightmap).
pub const MAX_SIZE: u32 = 16_384;
/// Most octaves accepted (a 16384 texture has 15 octaves of step >= 1).
pub const MAX_OCTAVES: u32 = 32;
/// Most layers a texture may have.
pub const MAX_LAYERS: usize = 16;
/// Longest layer name, in characters.
pub const MAX_LAYER_NAME: usize = 64;
