//! [`Payload`]: what the band producer hands the file writer: encoded bytes, or EXR
//! chunks already compressed.

use exr::block::chunk::Chunk;

/// One band, ready for the writer thread.
pub enum Payload {
    /// Bytes to write (raw formats) or to filter and compress (PNG), in order.
    Bytes(Vec<u8>),
    /// Compressed EXR chunks with their block index (increasing y).
    Chunks(Vec<(usize, Chunk)>),
}
