//! [`LiteralCode`]: a piece of filtered PNG rows written as one deflate block of
//! literals alone, with a Huffman code made for that piece (RFC 1951, section 3.2.7).
//!
//! Why: the filtered rows of a noise texture, 16-bit ones above all, hold almost no
//! repeated strings; what compresses is the skewed spread of byte values. `fdeflate`
//! codes them with a fixed code tuned for photographs and spent half of a 16384 png16
//! export's CPU doing it (2.3-2.9 ns a byte on the default preset's rows, branchy on
//! noisy bytes); a code built from the piece's own histogram writes 9-13% fewer bytes
//! in 1.05 ns a byte (histogram and checksum included), in a branch-free loop. Pieces
//! where runs of zeros abound (flat areas) are left to `fdeflate`, whose runs code them
//! far better; see [`LiteralCode::suits`].

use super::bit_writer::BitWriter;
use super::literal_tables::{LiteralTables, MAX_LITERAL_BITS, PAIRS, put_literals, room};

/// Longest code of the code-length alphabet (RFC 1951: 3-bit lengths).
const MAX_LENGTH_BITS: u8 = 7;
/// Symbols coded: the 256 byte values and the end of block.
const SYMBOLS: usize = 257;
const END_OF_BLOCK: usize = 256;
/// Bytes per group of 4 counted for a piece's histogram ([`LiteralCode::for_bytes`]).
const SAMPLE_STRIDE: usize = 64;
/// Order in which the code-length alphabet's lengths are sent (RFC 1951, 3.2.7).
const LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// The Huffman code of one piece's bytes.
#[derive(Clone, Debug)]
pub(super) struct LiteralCode {
    lengths: [u8; SYMBOLS],
    /// Codes bit-reversed, as deflate sends Huffman codes from their first bit.
    codes: [u16; SYMBOLS],
}

impl LiteralCode {
    /// The code for `bytes`, from the histogram of a sixteenth of them (one aligned
    /// group of 4 in every 64: 16-bit samples keep their mix of high and low bytes),
    /// every byte value counted once more so that each has a code. Counting every
    /// byte cost a fifth of the coding time and saved under 0.1% of the size; a
    /// quarter of them, a tenth of it.
    pub(super) fn for_bytes(bytes: &[u8]) -> Self {
        // Four tables: successive bytes of one value do not wait on each other's count.
        let mut h = [[0u32; 256]; 4];
        for q in bytes.chunks_exact(SAMPLE_STRIDE) {
            h[0][q[0] as usize] += 1;
            h[1][q[1] as usize] += 1;
            h[2][q[2] as usize] += 1;
            h[3][q[3] as usize] += 1;
        }
        let tail = bytes.len() / SAMPLE_STRIDE * SAMPLE_STRIDE;
        for &b in bytes[tail..].iter().step_by(SAMPLE_STRIDE / 4) {
            h[0][b as usize] += 1;
        }
        Self::new(&std::array::from_fn(|i| {
            (h[0][i] + h[1][i] + h[2][i] + h[3][i]).saturating_mul(SAMPLE_STRIDE as u32 / 4) + 1
        }))
    }

    /// Whether `bytes` are better coded as literals than by `fdeflate`: unless runs of
    /// zeros (flat areas filter to them) cover a sixteenth of them, counted as aligned
    /// 8-byte words of zeros, one word in four (runs long enough to matter span
    /// many). Zero bytes alone do not count: half the bytes of a filtered 16-bit
    /// texture are zero high bytes, which literals code in a bit or two.
    pub(super) fn suits(bytes: &[u8]) -> bool {
        let zero_words = bytes
            .chunks_exact(32)
            .filter(|w| u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]) == 0)
            .count();
        zero_words * 32 * 16 <= bytes.len()
    }

    /// The code for bytes of this histogram (a byte value counted 0 times gets no code).
    fn new(histogram: &[u32; 256]) -> Self {
        let mut freq = [0u32; SYMBOLS];
        freq[..256].copy_from_slice(histogram);
        freq[END_OF_BLOCK] = 1;
        let mut lengths = [0u8; SYMBOLS];
        lengths.copy_from_slice(&code_lengths(&freq, MAX_LITERAL_BITS));
        let mut codes = [0u16; SYMBOLS];
        canonical_codes(&lengths, &mut codes);
        Self { lengths, codes }
    }

    /// Appends to `out` one non-final dynamic block holding `bytes` (rows of `row`
    /// bytes, the last may be shorter) as literals, and returns how many zero bits pad
    /// its last byte.
    pub(super) fn write_block(&self, bytes: &[u8], row: usize, out: &mut Vec<u8>) -> u32 {
        let mut bits = BitWriter::new(out);
        bits.make_room(room(1024));
        self.write_header(&mut bits);
        let singles: [u32; 256] =
            std::array::from_fn(|b| u32::from(self.codes[b]) | u32::from(self.lengths[b]) << 16);
        PAIRS.with_borrow_mut(|pairs| {
            self.fill_pairs(pairs);
            let tables = LiteralTables {
                pairs,
                singles: &singles,
            };
            put_literals(&tables, bytes, row.max(1), &mut bits);
        });
        bits.put(
            u64::from(self.codes[END_OF_BLOCK]),
            u32::from(self.lengths[END_OF_BLOCK]),
        );
        bits.finish()
    }

    /// The codes of every pair of bytes `(a, b)` at `a << 8 | b`: `a`'s code then `b`'s
    /// in the low 32 bits, their length above.
    fn fill_pairs(&self, pairs: &mut Vec<u64>) {
        pairs.resize(1 << 16, 0);
        for (a, run) in pairs.chunks_exact_mut(256).enumerate() {
            let (code_a, len_a) = (u64::from(self.codes[a]), u64::from(self.lengths[a]));
            for ((p, &code_b), &len_b) in run.iter_mut().zip(&self.codes).zip(&self.lengths) {
                *p = code_a | u64::from(code_b) << len_a | (len_a + u64::from(len_b)) << 32;
            }
        }
    }

    /// The block header: not final, dynamic codes; 257 literal/length codes, two
    /// distance codes of one bit (never used: a complete code every decoder accepts),
    /// and the code lengths coded with the code-length alphabet (no repeat codes: the
    /// header is about 150 bytes of a 1 MiB piece).
    fn write_header(&self, bits: &mut BitWriter<'_>) {
        let mut sent = self.lengths.to_vec();
        sent.extend_from_slice(&[1, 1]);
        let mut freq = [0u32; 19];
        for &l in &sent {
            freq[l as usize] += 1;
        }
        let cl_lengths = code_lengths(&freq, MAX_LENGTH_BITS);
        let mut cl_codes = [0u16; 19];
        canonical_codes(&cl_lengths, &mut cl_codes);
        let count = LENGTH_ORDER
            .iter()
            .rposition(|&s| cl_lengths[s] != 0)
            .map_or(4, |last| (last + 1).max(4));
        bits.put(0b100, 3); // BFINAL 0, BTYPE 10 (dynamic), low bit first
        bits.put((SYMBOLS - 257) as u64, 5);
        bits.put(2 - 1, 5);
        bits.put((count - 4) as u64, 4);
        for &s in &LENGTH_ORDER[..count] {
            bits.put(u64::from(cl_lengths[s]), 3);
        }
        for &l in &sent {
            bits.put(
                u64::from(cl_codes[l as usize]),
                u32::from(cl_lengths[l as usize]),
            );
        }
    }
}

/// Huffman code lengths of at most `max_bits` for symbols of frequencies `freq`
/// (0 for a symbol that never occurs). At least two symbols get a code, so the code is
/// complete. Too long a code is limited as zlib and miniz do ([`limit_lengths`]): one
/// build and a pass over the lengths' counts. Flattening the frequencies and building
/// again until the code fitted, as this did before, took a few rounds of sorting per
/// piece, 3% of a 16384 png16 export.
fn code_lengths(freq: &[u32], max_bits: u8) -> Vec<u8> {
    let mut f: Vec<u64> = freq.iter().map(|&n| u64::from(n)).collect();
    // One symbol alone (or none) gets company: two 1-bit codes make a complete code.
    let missing = 2usize.saturating_sub(f.iter().filter(|&&n| n > 0).count());
    for n in f.iter_mut().filter(|n| **n == 0).take(missing) {
        *n = 1;
    }
    let mut lengths = huffman_lengths(&f);
    if lengths.iter().any(|&l| l > max_bits) {
        limit_lengths(&f, &mut lengths, max_bits);
    }
    lengths
}

/// Makes the complete code `lengths` (of symbols of frequencies `freq`) no longer
/// than `max_bits`: the lengths over it are cut to it, then, while the code is
/// over-full, a code of the longest length goes and a shorter code becomes two of one
/// bit more (each step takes one unit from the Kraft sum, counted in units of
/// 2^-max_bits, until it is exactly full). The counts per length are then handed out
/// again, the shortest to the most frequent symbols.
fn limit_lengths(freq: &[u64], lengths: &mut [u8], max_bits: u8) {
    let max = usize::from(max_bits);
    let mut count = vec![0u64; max + 1];
    for &l in lengths.iter().filter(|&&l| l > 0) {
        count[usize::from(l).min(max)] += 1;
    }
    let mut total: u64 = (1..=max).map(|i| count[i] << (max - i)).sum();
    while total > 1 << max {
        count[max] -= 1;
        if let Some(i) = (1..max).rev().find(|&i| count[i] > 0) {
            count[i] -= 1;
            count[i + 1] += 2;
        }
        total -= 1;
    }
    let mut order: Vec<usize> = (0..lengths.len()).filter(|&s| lengths[s] > 0).collect();
    order.sort_unstable_by_key(|&s| std::cmp::Reverse((freq[s], std::cmp::Reverse(s))));
    let mut symbols = order.into_iter();
    for (len, &n) in count.iter().enumerate().skip(1) {
        for s in symbols.by_ref().take(n as usize) {
            lengths[s] = len as u8;
        }
    }
}

/// Unlimited Huffman code lengths (the two-queue construction over the symbols sorted
/// by frequency, ties by symbol, so the result depends on the frequencies alone).
fn huffman_lengths(freq: &[u64]) -> Vec<u8> {
    let mut leaves: Vec<usize> = (0..freq.len()).filter(|&s| freq[s] > 0).collect();
    leaves.sort_unstable_by_key(|&s| (freq[s], s));
    // Nodes: leaves first (indices 0..n), then internal ones in the order made.
    let n = leaves.len();
    let mut weight: Vec<u64> = leaves.iter().map(|&s| freq[s]).collect();
    let mut parent = vec![usize::MAX; n];
    let (mut next_leaf, mut next_inner) = (0, n);
    let take = |weight: &Vec<u64>, next_leaf: &mut usize, next_inner: &mut usize| {
        let inner_ready = *next_inner < weight.len();
        if *next_leaf < n && (!inner_ready || weight[*next_leaf] <= weight[*next_inner]) {
            *next_leaf += 1;
            *next_leaf - 1
        } else {
            *next_inner += 1;
            *next_inner - 1
        }
    };
    for _ in 1..n {
        let a = take(&weight, &mut next_leaf, &mut next_inner);
        let b = take(&weight, &mut next_leaf, &mut next_inner);
        let node = weight.len();
        weight.push(weight[a] + weight[b]);
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
    }
    // Depths from the root (the last node) down: every parent comes after its children.
    let mut depth = vec![0u8; weight.len()];
    for node in (0..weight.len().saturating_sub(1)).rev() {
        depth[node] = depth[parent[node]].saturating_add(1);
    }
    let mut lengths = vec![0u8; freq.len()];
    for (i, &s) in leaves.iter().enumerate() {
        lengths[s] = depth[i];
    }
    lengths
}

/// Writes to `codes` the canonical codes of `lengths` (RFC 1951, 3.2.2), bit-reversed
/// for sending.
fn canonical_codes(lengths: &[u8], codes: &mut [u16]) {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (code, &l) in codes.iter_mut().zip(lengths) {
        if l > 0 {
            *code = next[l as usize].reverse_bits() >> (16 - l);
            next[l as usize] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole zlib stream of `bytes` (rows of `row` bytes) as one literal block and
    /// an empty final block.
    fn zlib_of(bytes: &[u8], row: usize) -> Vec<u8> {
        let code = LiteralCode::for_bytes(bytes);
        let mut out = vec![0x78, 0x01];
        let padding = code.write_block(bytes, row, &mut out);
        // An empty stored block to the byte boundary, then an empty final block.
        if padding < 3 {
            out.push(0);
        }
        out.extend_from_slice(&[0, 0, 0xff, 0xff, 0x03, 0x00]);
        out.extend_from_slice(&simd_adler32::adler32(&bytes).to_be_bytes());
        out
    }

    fn inflate(stream: &[u8]) -> Vec<u8> {
        let mut inflated = Vec::new();
        let mut z = flate2::read::ZlibDecoder::new(stream);
        std::io::Read::read_to_end(&mut z, &mut inflated).unwrap();
        assert_eq!(fdeflate::decompress_to_vec(stream).unwrap(), inflated);
        inflated
    }

    fn noise(len: usize, seed: u32, spread: u32) -> Vec<u8> {
        let mut s = seed.max(1);
        (0..len)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                // Skewed: small values common, as in filtered rows.
                ((s % spread) * (s % 3) / 2) as u8
            })
            .collect()
    }

    #[test]
    fn blocks_decode_to_their_bytes() {
        let cases: Vec<Vec<u8>> = vec![
            vec![],
            vec![7],
            vec![0; 1000],
            (0..=255).collect(),
            noise(1 << 16, 3, 256),
            noise(100_003, 9, 17),
            noise(4097, 5, 2),
        ];
        let mut paddings = [false; 8];
        for bytes in cases.iter().chain(
            &(1..40)
                .map(|n| noise(n * 13, n as u32, 200))
                .collect::<Vec<_>>(),
        ) {
            // Rows of odd and even lengths: the filter byte alone, then pairs.
            for row in [1, 2, 7, 33, 4096] {
                let stream = zlib_of(bytes, row);
                assert_eq!(
                    &inflate(&stream),
                    bytes,
                    "{} bytes, rows of {row}",
                    bytes.len()
                );
            }
            let code = LiteralCode::for_bytes(bytes);
            paddings[code.write_block(bytes, 33, &mut Vec::new()) as usize] = true;
        }
        assert_eq!(paddings, [true; 8], "every padding was met");
    }

    #[test]
    fn lengths_stay_within_their_limit_and_the_code_is_complete() {
        // Fibonacci frequencies make the deepest unlimited codes.
        let mut fib = vec![1u32, 1];
        while fib.len() < 40 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        for (freq, max) in [(fib.clone(), 14u8), (fib[..19].to_vec(), 7)] {
            let lengths = code_lengths(&freq, max);
            assert!(
                lengths.iter().all(|&l| (1..=max).contains(&l)),
                "{lengths:?}"
            );
            let kraft: f64 = lengths.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
            assert_eq!(kraft, 1.0, "a complete code");
        }
        assert_eq!(code_lengths(&[0, 5, 0], 7), [1, 1, 0]);
        assert_eq!(code_lengths(&[0, 0, 0], 7), [1, 1, 0]);
    }

    #[test]
    fn skewed_bytes_take_fewer_bits_than_fdeflate() {
        let bytes = noise(1 << 20, 11, 64);
        let ours = zlib_of(&bytes, 4097).len();
        let theirs = fdeflate::compress_to_vec(&bytes).len();
        assert!(ours < theirs, "{ours} against {theirs}");
    }

    #[test]
    fn flat_pieces_are_left_to_runs() {
        assert!(!LiteralCode::suits(&[0; 64]));
        let mut bytes = noise(4000, 2, 255);
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = if i % 2 == 0 { 0 } else { *b | 1 };
        }
        assert!(LiteralCode::suits(&bytes), "zero bytes between others");
        bytes[..200].fill(0);
        assert!(LiteralCode::suits(&bytes), "a short run");
        bytes[..300].fill(0);
        assert!(!LiteralCode::suits(&bytes), "runs over a sixteenth");
    }
}
