//! Tests of [`DeflatePiece`] and [`DeflateJoin`]: joined pieces decode to their rows at
//! every padding, literal and run pieces mixed, at any thread count; the checksum.

use super::*;

/// Rows of `line` bytes: smooth high bytes, noisy low ones, and zero runs.
fn rows(count: usize, line: usize, seed: u32) -> Vec<u8> {
    let mut state = seed.wrapping_mul(2654435761).max(1);
    let mut out = Vec::with_capacity(count * (line + 1));
    for y in 0..count {
        out.push((y % 5) as u8);
        for x in 0..line {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let v = match (x + y) % 7 {
                0..=2 => 0,
                3 => (x / 64) as u8,
                _ => state as u8,
            };
            out.push(v);
        }
    }
    out
}

fn joined(pieces: &[DeflatePiece]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut join = DeflateJoin::default();
    for p in pieces {
        out.extend_from_slice(join.chunk_of(&mut p.clone()));
    }
    out.extend_from_slice(&join.finish());
    out
}

#[test]
fn joined_pieces_decode_to_the_rows_at_every_padding() {
    let mut paddings = [false; 8];
    for (seed, line) in (1..40).zip((3..).step_by(37)) {
        let data = rows(5, line, seed);
        let pieces: Vec<DeflatePiece> = data
            .chunks(2 * (line + 1))
            .map(|c| {
                DeflatePiece::compress(c, line + 1, PieceCoding::Literals, Vec::new()).unwrap()
            })
            .collect();
        for p in &pieces {
            paddings[p.padding as usize] = true;
        }
        let stream = joined(&pieces);
        assert_eq!(fdeflate::decompress_to_vec(&stream).unwrap(), data);
        let mut inflated = Vec::new();
        let mut z = flate2::read::ZlibDecoder::new(stream.as_slice());
        std::io::Read::read_to_end(&mut z, &mut inflated).unwrap();
        assert_eq!(inflated, data, "a second decoder, checksum included");
    }
    assert_eq!(paddings, [true; 8], "every padding was met");
}

#[test]
fn literal_and_run_pieces_join_in_any_order() {
    let line = 999;
    // Mostly zeros, as a flat area filters to.
    let flat: Vec<u8> = (0..6 * (line + 1)).map(|i| u8::from(i % 97 == 0)).collect();
    let mut state = 1u32;
    let noisy: Vec<u8> = (0..flat.len())
        .map(|_| {
            state = state.wrapping_mul(1664525).wrapping_add(1013904223);
            (state >> 24) as u8 | 1
        })
        .collect();
    let data = [&flat[..], &noisy, &flat, &noisy, &noisy].concat();
    let pieces: Vec<DeflatePiece> = data
        .chunks(flat.len())
        .map(|c| DeflatePiece::compress(c, line + 1, PieceCoding::Literals, Vec::new()).unwrap())
        .collect();
    let kinds: Vec<bool> = data.chunks(flat.len()).map(LiteralCode::suits).collect();
    assert_eq!(
        kinds,
        [false, true, false, true, true],
        "both kinds are met"
    );
    let stream = joined(&pieces);
    assert_eq!(fdeflate::decompress_to_vec(&stream).unwrap(), data);
    let mut inflated = Vec::new();
    let mut z = flate2::read::ZlibDecoder::new(stream.as_slice());
    std::io::Read::read_to_end(&mut z, &mut inflated).unwrap();
    assert_eq!(inflated, data);
}

#[test]
fn bands_filtered_in_pieces_decode_to_the_image_at_any_thread_count() {
    let line = 300_000;
    // Any bytes: nine unfiltered rows of `line`.
    let image = rows(9, line - 1, 7);
    let compress = || {
        let mut filter = BandFilter::new(line, 2);
        let buffers = PieceBuffers::default();
        let coding = (line, PieceCoding::Literals);
        let mut pieces =
            DeflatePiece::compress_band(&mut filter, &image[..6 * line], coding, &buffers).unwrap();
        // The second band's pieces reuse the first's buffers, given back.
        let first: Vec<Vec<u8>> = pieces.iter().map(|p| p.stream.clone()).collect();
        let second =
            DeflatePiece::compress_band(&mut filter, &image[6 * line..], coding, &buffers).unwrap();
        for (piece, stream) in pieces.iter_mut().zip(first) {
            buffers.give(std::mem::replace(&mut piece.stream, stream));
        }
        pieces.extend(second);
        pieces
    };
    let pieces = compress();
    assert_eq!(pieces.iter().map(|p| p.rows).collect::<Vec<_>>(), [3, 3, 3]);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let single = one.install(compress);
    assert_eq!(joined(&pieces), joined(&single));
    let filtered = fdeflate::decompress_to_vec(&joined(&pieces)).unwrap();
    assert_eq!(
        crate::files::stream::band_filter::tests::unfilter(&filtered, line, 2),
        image
    );
}

#[test]
fn no_pieces_make_an_empty_stream() {
    assert!(
        fdeflate::decompress_to_vec(&joined(&[]))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn adler_combines_as_computed_whole() {
    let data = rows(3, 5000, 3);
    for cut in [0, 1, 5551, 5552, 9000, data.len()] {
        let (a, b) = data.split_at(cut);
        let whole = simd_adler32::adler32(&data.as_slice());
        let parts = adler32_combine(
            simd_adler32::adler32(&a),
            simd_adler32::adler32(&b),
            b.len(),
        );
        assert_eq!(parts, whole, "cut at {cut}");
    }
}
