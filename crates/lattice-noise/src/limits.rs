//! The largest values the engine accepts, shared by validation and its error messages.

/// Largest texture side held in memory whole (16384^2 floats are 1 GiB of heightmap):
/// the limit of [`generate`](super::generate), the app and in-memory exports.
pub const MAX_SIZE: u32 = 16_384;
/// Largest texture side rendered window by window ([`generate_region`](super::generate_region),
/// streamed exports): a 262144^2 texture is 256 GiB of floats, never held at once.
pub const MAX_STREAMED_SIZE: u32 = 262_144;
/// Most pixels one window may hold (the in-memory limit, [`MAX_SIZE`] squared).
pub const MAX_REGION_PIXELS: u64 = MAX_SIZE as u64 * MAX_SIZE as u64;
/// Most octaves accepted (a 16384 texture has 15 octaves of step >= 1).
pub const MAX_OCTAVES: u32 = 32;
/// Most layers a texture may have.
pub const MAX_LAYERS: usize = 16;
/// Longest layer name, in characters.
pub const MAX_LAYER_NAME: usize = 64;
