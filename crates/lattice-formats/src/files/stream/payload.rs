//! [`Payload`]: what the band producer hands the file writer: bytes, filtered PNG
//! rows (compressed or not), or EXR chunks already compressed.

use super::deflate_pieces::DeflatePiece;
use exr::block::chunk::Chunk;

/// One band, ready for the writer thread.
pub enum Payload {
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
    Chunks(Vec<(usize, Chunk)>),
}
