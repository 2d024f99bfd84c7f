//! [`PieceBuffers`]: the byte buffers of compressed pieces, handed back by the writer
//! thread once written and reused by the next pieces.
//!
//! Why: a piece's stream is about a mebibyte, above glibc's threshold for mapping each
//! allocation afresh, so a new buffer per piece paid its page faults and the kernel's
//! zeroing every time: with the pieces' row buffers also made per piece, a 16384 png16
//! export took 0.37-0.59 s of system time against 0.21-0.26 s with both reused.

use std::sync::Mutex;

/// Buffers kept at most: enough for the pieces in flight between the pool and the
/// writer (a band's pieces and the bands queued ahead of the writer).
const KEPT: usize = 32;

/// Spare byte buffers shared by the pieces' compressors and the writer of one export.
#[derive(Debug, Default)]
pub(super) struct PieceBuffers {
    spare: Mutex<Vec<Vec<u8>>>,
}

impl PieceBuffers {
    /// An empty buffer: a spare one if there is one, else a new one.
    pub(super) fn take(&self) -> Vec<u8> {
        // A poisoned lock only means a thread panicked while holding it: its list is
        // still a list of buffers, but a fresh buffer is as good.
        let spare = self.spare.lock().ok().and_then(|mut s| s.pop());
        let mut buf = spare.unwrap_or_default();
        buf.clear();
        buf
    }

    /// Keeps `buf` for a later [`Self::take`], unless enough are kept already.
    pub(super) fn give(&self, buf: Vec<u8>) {
        if let Ok(mut spare) = self.spare.lock()
            && spare.len() < KEPT
        {
            spare.push(buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_come_back_empty_and_the_spares_are_bounded() {
        let pool = PieceBuffers::default();
        let mut buf = pool.take();
        buf.extend_from_slice(&[1, 2, 3]);
        let at = buf.as_ptr();
        pool.give(buf);
        let again = pool.take();
        assert!(again.is_empty());
        assert_eq!(again.as_ptr(), at, "the same allocation is reused");
        for _ in 0..KEPT + 5 {
            pool.give(vec![0; 4]);
        }
        assert_eq!(pool.spare.lock().unwrap().len(), KEPT);
    }
}
