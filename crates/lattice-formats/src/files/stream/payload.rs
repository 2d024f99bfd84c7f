//! [`Payload`]: what the band producer hands the file writer: bytes, filtered PNG
//! rows (compressed or not), or EXR chunks already compressed.

use super::deflate_pieces::DeflatePiece;

/// A compressed OpenEXR block.
#[cfg(feature = "exr")]
pub(super) type Chunk = exr::block::chunk::Chunk;
/// No OpenEXR in this build (the `exr` feature is off): no chunk is ever made.
#[cfg(not(feature = "exr"))]
pub(super) enum Chunk {}

/// One band, ready for the writer thread.
pub(super) enum Payload {
    /// Bytes to write as they are (raw formats).
    Bytes(Vec<u8>),
    /// A PNG band: its rows filtered (each its filter type byte, then the row), and
    /// the pixels they came from (stored instead when compression does not pay).
    Rows {
        /// Filtered rows, ready to compress.
        filtered: Vec<u8>,
        /// The same rows unfiltered.
        pixels: Vec<u8>,
    },
    /// A large PNG's rows, filtered and compressed in pieces on the pool.
    Deflated(Vec<DeflatePiece>),
    /// Compressed EXR chunks with their block index (increasing y).
    // Never made without the `exr` feature (`Chunk` is then uninhabited).
    #[cfg_attr(not(feature = "exr"), allow(dead_code))]
    Chunks(Vec<(usize, Chunk)>),
}
