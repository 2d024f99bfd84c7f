//! [`LiteralTables`]: the code tables a piece's literals are written from, and the
//! loop that writes them ([`put_literals`]), the hot part of a 16-bit PNG export.

use super::bit_writer::{BitCursor, BitWriter};
use std::cell::RefCell;

/// Longest literal code: four codes and the at most 7 bits left over fit one 64-bit
/// buffer, so the loop writes once per four bytes.
pub(super) const MAX_LITERAL_BITS: u8 = 14;

thread_local! {
    /// Each thread's table of pair codes (`LiteralCode::fill_pairs`, 512 KiB), made
    /// anew for each piece in memory allocated once.
    pub(super) static PAIRS: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// The code tables [`put_literals`] reads.
pub(super) struct LiteralTables<'a> {
    /// From `LiteralCode::fill_pairs`.
    pub(super) pairs: &'a [u64],
    /// A byte's code in the low 16 bits, its length above.
    pub(super) singles: &'a [u32; 256],
}

/// Appends the codes of `bytes`, rows of `row` bytes, to `bits`; with BMI2 where the
/// CPU has it.
pub(super) fn put_literals(
    t: &LiteralTables<'_>,
    bytes: &[u8],
    row: usize,
    bits: &mut BitWriter<'_>,
) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") {
        #[allow(unsafe_code)]
        // SAFETY: the CPU has BMI2 (checked just above), the one feature it is built for.
        return unsafe { put_literals_bmi2(t, bytes, row, bits) };
    }
    put_literals_portable(t, bytes, row, bits);
}

/// [`put_literals_portable`] compiled for BMI2: the loop is a chain of shifts by
/// variable counts, one instruction each with BMI2's `shlx`/`shrx` where the base
/// build's `shl r, cl` takes three.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn put_literals_bmi2(t: &LiteralTables<'_>, bytes: &[u8], row: usize, bits: &mut BitWriter<'_>) {
    put_literals_portable(t, bytes, row, bits);
}

/// [`put_literals`] for any CPU; inlined into the BMI2 build. Two table reads give
/// four codes (at most 56 bits), joined in a register and stored at once. Each row's
/// filter byte goes alone, so the pairs are the 16-bit samples, whose high bytes take
/// few values: the rows of the pair table in use stay in the first-level cache.
#[inline(always)]
fn put_literals_portable(
    t: &LiteralTables<'_>,
    bytes: &[u8],
    row: usize,
    bits: &mut BitWriter<'_>,
) {
    let single = |bits: &mut BitCursor<'_>, b: u8| {
        let e = t.singles[usize::from(b)];
        bits.put(u64::from(e & 0xffff), e >> 16);
    };
    // Exactly 2^16 long, so a pair's index needs no bounds check in the loop.
    let pairs = &t.pairs[..1 << 16];
    let pair = |a: u8, b: u8| pairs[usize::from(a) << 8 | usize::from(b)];
    for line in bytes.chunks(row) {
        bits.make_room(room(line.len()));
        let Some((&first, rest)) = line.split_first() else {
            continue;
        };
        let mut cursor = bits.cursor();
        single(&mut cursor, first);
        let mut quads = rest.chunks_exact(4);
        for q in &mut quads {
            let (x, y) = (pair(q[0], q[1]), pair(q[2], q[3]));
            let n = (x >> 32) as u32;
            cursor.put(
                (x & 0xffff_ffff) | (y & 0xffff_ffff) << n,
                n + (y >> 32) as u32,
            );
        }
        for &b in quads.remainder() {
            single(&mut cursor, b);
        }
        let state = cursor.state();
        bits.resume(state);
    }
}

/// Output bytes that `bytes` input bytes can take at their longest code, with a spare
/// word for [`BitWriter::put`]'s whole-word stores.
pub(super) fn room(bytes: usize) -> usize {
    bytes * usize::from(MAX_LITERAL_BITS) / 8 + 16
}
