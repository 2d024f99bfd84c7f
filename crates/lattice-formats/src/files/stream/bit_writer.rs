//! [`BitWriter`]: bits appended to a byte vector lowest first, as deflate packs them,
//! a 64-bit word at a time.

/// Bits appended to a byte vector, lowest first.
pub(super) struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    /// Bytes of `out` written; beyond them, room (zeros) for one more word.
    len: usize,
    word: u64,
    used: u32,
}

impl<'a> BitWriter<'a> {
    /// A writer appending to `out`.
    pub(super) fn new(out: &'a mut Vec<u8>) -> Self {
        let len = out.len();
        Self {
            out,
            len,
            word: 0,
            used: 0,
        }
    }

    /// Makes sure `out` has room for `bytes` more output bytes, zeroed as the room is
    /// made, a little ahead of the writing: zeroing the worst case of a whole piece up
    /// front was a tenth of an export's time.
    pub(super) fn make_room(&mut self, bytes: usize) {
        let need = self.len + bytes;
        if self.out.len() < need {
            self.out.resize(need.max(self.out.len() + (64 << 10)), 0);
        }
    }

    /// Appends the `n` low bits of `bits` (at most 56, nothing above them set).
    #[inline(always)]
    pub(super) fn put(&mut self, bits: u64, n: u32) {
        let mut cursor = self.cursor();
        cursor.put(bits, n);
        let state = cursor.state();
        self.resume(state);
    }

    /// A [`BitCursor`] over the room made; give its [`BitCursor::state`] back to
    /// [`Self::resume`] when done.
    #[inline(always)]
    pub(super) fn cursor(&mut self) -> BitCursor<'_> {
        BitCursor {
            buf: self.out.as_mut_slice(),
            len: self.len,
            word: self.word,
            used: self.used,
        }
    }

    /// Takes back the state of a cursor of [`Self::cursor`].
    #[inline(always)]
    pub(super) fn resume(&mut self, state: CursorState) {
        CursorState(self.len, self.word, self.used) = state;
    }

    /// Writes the last partial byte and cuts the room off; returns the zero bits that
    /// pad that byte.
    pub(super) fn finish(self) -> u32 {
        let padding = (8 - self.used % 8) % 8;
        let len = self.len + usize::from(self.used > 0);
        if let Some(b) = self.out.get_mut(self.len) {
            *b = self.word as u8;
        }
        self.out.truncate(len);
        padding
    }
}

/// A [`BitWriter`]'s state as local values for a hot loop ([`BitWriter::cursor`]):
/// through the writer's `&mut` fields every byte stored could, for the compiler, have
/// changed them, so each `put` read them back from memory, a chain that took three
/// times the time of the shifts themselves.
pub(super) struct BitCursor<'b> {
    buf: &'b mut [u8],
    len: usize,
    word: u64,
    used: u32,
}

/// Where a [`BitCursor`] stopped: bytes written, bits pending and their count.
pub(super) struct CursorState(usize, u64, u32);

impl BitCursor<'_> {
    /// Where the cursor stands, for [`BitWriter::resume`].
    #[inline(always)]
    pub(super) fn state(&self) -> CursorState {
        CursorState(self.len, self.word, self.used)
    }

    /// Appends the `n` low bits of `bits` (at most 56, nothing above them set), within
    /// the room made before.
    #[inline(always)]
    pub(super) fn put(&mut self, bits: u64, n: u32) {
        self.word |= bits << self.used;
        self.used += n;
        // Whole bytes leave, fewer than 8 bits stay: all 8 bytes are stored and the
        // length moves by the whole ones, cheaper than a store of variable length.
        let whole = self.used / 8;
        match self.buf.get_mut(self.len..self.len + 8) {
            Some(dst) => dst.copy_from_slice(&self.word.to_le_bytes()),
            None => debug_assert!(false, "room is made before writing"),
        }
        self.len += whole as usize;
        self.word >>= whole * 8;
        self.used -= whole * 8;
    }
}
