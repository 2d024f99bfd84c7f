//! Cellular layers through the public API: the same bits at any thread count, warped
//! windows exact, presets that name it read back, and a warp that moves the cells.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use crate::common::bits;
use lattice_noise::{
    CellDistance, CellOutput, Cellular, Heightmap, JobControl, NoiseParams, RandomSource, Region,
    generate_noise_warped_region_into, generate_simple,
};

fn cellular(output: CellOutput, distance: CellDistance) -> NoiseParams {
    NoiseParams {
        size: 256,
        initial_step: 64,
        random: RandomSource::Modern,
        cellular: Some(Cellular {
            output,
            distance,
            jitter: 0.9,
        }),
        ..NoiseParams::default()
    }
}

#[test]
#[cfg(feature = "rayon")]
fn the_same_bits_at_any_thread_count() {
    for (i, output) in CellOutput::ALL.into_iter().enumerate() {
        let p = cellular(output, CellDistance::ALL[i % 3]);
        let what = format!("{output:?}");
        assert_same_bits_at_thread_counts(&[1, 2, 3], &what, || generate_simple(&p).unwrap());
    }
}

/// A warped cellular window is the full warped render's window (their tiles of
/// columns fall differently), and the warp moves the cells (the result differs from
/// the unwarped one).
#[test]
fn warped_windows_are_exact() {
    let p = NoiseParams {
        size: 320,
        tileable: true,
        ..cellular(CellOutput::F2MinusF1, CellDistance::Euclidean)
    };
    let field = |seed| NoiseParams {
        seed,
        initial_step: 64,
        octaves: 3,
        tileable: true,
        ..NoiseParams::default().resized(320)
    };
    let (fx, fy) = (field(1), field(2));
    let control = JobControl::new();
    let warped = |r: Region| {
        let mut out = Heightmap::filled_rect(0, 0, 0.0);
        generate_noise_warped_region_into(&p, r, (&fx, &fy), 40.0, &control, &mut out).unwrap();
        out
    };
    let full = warped(Region::full(320));
    assert!(bits(&full) != bits(&generate_simple(&p).unwrap()));
    let r = Region {
        x: 77,
        y: 130,
        width: 231,
        height: 70,
    };
    let part = warped(r);
    for row in 0..r.height as usize {
        let at = (r.y as usize + row) * 320 + r.x as usize;
        let want = &full.data()[at..at + r.width as usize];
        let got = &part.data()[row * r.width as usize..][..r.width as usize];
        assert!(
            want.iter()
                .zip(got)
                .all(|(a, b)| a.to_bits() == b.to_bits()),
            "row {row}"
        );
    }
}

/// Jitter out of range is refused with the limit in the message.
#[test]
fn jitter_out_of_range_is_refused() {
    let mut p = cellular(CellOutput::F1, CellDistance::Euclidean);
    p.cellular = p.cellular.map(|c| Cellular { jitter: 1.5, ..c });
    let e = p.validate().unwrap_err().to_string();
    assert!(e.contains("jitter") && e.contains("0..=1"), "{e}");
}
