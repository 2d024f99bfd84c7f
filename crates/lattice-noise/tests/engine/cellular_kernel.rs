//! The cellular kernel: every build's row path gives the point sampler's bits, the
//! point path's builds agree, windows are exact, and the points sit where they should
//! (cell centres without jitter, uniform over cells with it, wrapping when tiled).

use crate::common::{bits, region, window_bits};
use lattice_noise::{
    CellDistance, CellOutput, Cellular, Displacement, Heightmap, InstructionSet, JobControl,
    NoiseParams, OctaveLaw, RandomSource, Region, generate_reference, generate_region,
    generate_warped_region,
};

/// `p` over `r` in the builds up to `set`.
fn render(p: &NoiseParams, r: Region, set: InstructionSet) -> Heightmap {
    generate_region(p, r, &JobControl::limited_to(set)).unwrap()
}

/// The whole texture of `p` in the widest build.
fn whole(p: &NoiseParams) -> Heightmap {
    render(p, Region::full(p.size), InstructionSet::Avx512)
}

fn cellular(i: usize) -> Cellular {
    Cellular {
        output: CellOutput::ALL[i % CellOutput::ALL.len()],
        distance: CellDistance::ALL[(i / 2) % CellDistance::ALL.len()],
        jitter: [1.0, 0.6, 0.0, 0.85][i % 4],
    }
}

/// Every output, metric, random source, displacement, tiled or not: the row path's
/// builds give the point sampler's bits (the reference looks every cell up per pixel).
#[test]
fn row_builds_agree_with_the_point_sampler() {
    for i in 0..24 {
        let p = NoiseParams {
            size: 128,
            initial_step: [32, 16, 64][i % 3],
            octaves: 6,
            random: RandomSource::ALL[i % RandomSource::ALL.len()],
            tileable: i % 2 == 1,
            displacement: Displacement::ALL[i % 3],
            seed: i as i32,
            cellular: Some(cellular(i)),
            ..NoiseParams::default()
        };
        let want = bits(&generate_reference(&p).unwrap());
        for set in InstructionSet::available() {
            let got = bits(&render(&p, Region::full(p.size), set));
            assert!(got == want, "{p:?} {set:?}");
        }
    }
}

/// The point path (warped, panned or fractional lattices) in lanes: every build gives
/// the portable build's bits, for every output, metric and random source, tiled or
/// not, with warps small (the lanes share cells) and large (their cells scatter).
#[test]
fn point_builds_agree_with_the_portable_build() {
    for i in 0..24 {
        let p = NoiseParams {
            size: 128,
            initial_step: [32, 16, 64][i % 3],
            octaves: 5,
            random: RandomSource::ALL[i % RandomSource::ALL.len()],
            tileable: i % 2 == 1,
            origin: if i % 3 == 1 { [0.3, -1.2] } else { [0.0; 2] },
            seed: i as i32,
            cellular: Some(cellular(i)),
            ..NoiseParams::default()
        };
        let side = p.size as usize;
        // Smooth waves plus a hash, so some lanes share cells and others do not.
        let field = |k: usize| {
            let values = (0..side * side)
                .map(|j| {
                    let (x, y) = ((j % side) as f32, (j / side) as f32);
                    let hash = ((j * 2_654_435_761 + k) % 1000) as f32 / 1000.0;
                    0.5 + 0.4 * ((x + 2.0 * y + k as f32) * 0.07).sin() + 0.1 * (hash - 0.5)
                })
                .collect();
            Heightmap::from_data(p.size, values).unwrap()
        };
        let (x, y) = (field(i), field(i + 7));
        let amplitude = [3.0, 40.0, 0.0][i % 3];
        let run = |set| {
            let control = JobControl::limited_to(set);
            let r = Region::full(p.size);
            bits(&generate_warped_region(&p, r, (&x, &y), amplitude, &control).unwrap())
        };
        let want = run(InstructionSet::Portable);
        for set in InstructionSet::available() {
            assert!(run(set) == want, "{i} {set:?}");
        }
    }
}

/// Windows at odd places give the full render's pixels, and panned or fractional
/// lattices (the point path) too.
#[test]
fn windows_are_exact() {
    for (i, origin, lacunarity) in [
        (0, [0.0, 0.0], 2.0),
        (1, [0.3, -1.7], 2.0),
        (2, [0.0; 2], 1.7),
    ] {
        let p = NoiseParams {
            size: 200,
            initial_step: 40,
            octaves: 5,
            origin,
            lacunarity,
            octave_law: if lacunarity == 2.0 {
                OctaveLaw::Original
            } else {
                OctaveLaw::Classic
            },
            random: RandomSource::Modern,
            cellular: Some(cellular(i)),
            ..NoiseParams::default()
        };
        let full = whole(&p);
        for r in [
            region(0, 0, 7, 5),
            region(37, 81, 100, 33),
            region(161, 3, 39, 197),
            region(199, 199, 1, 1),
        ] {
            let part = render(&p, r, InstructionSet::Avx512);
            assert!(bits(&part) == window_bits(&full, r), "{i} {r:?}");
        }
    }
}

/// With no jitter the points sit at the cells' centres: distances are plain geometry.
#[test]
fn jitter_zero_puts_points_at_cell_centres() {
    for (distance, corner) in [
        (CellDistance::Euclidean, 0.5f32.hypot(0.5)),
        (CellDistance::Manhattan, 1.0),
        (CellDistance::Chebyshev, 0.5),
    ] {
        let p = NoiseParams {
            size: 64,
            initial_step: 16,
            octaves: 1,
            cellular: Some(Cellular {
                output: CellOutput::F1,
                distance,
                jitter: 0.0,
            }),
            ..NoiseParams::default()
        };
        let amp = p.amplitude(0, 16.0);
        let hm = render(&p, Region::full(64), InstructionSet::Portable);
        let f1 = |x, y| (hm.get(x, y) - 0.5) / amp + 0.45;
        assert!(f1(8, 8).abs() < 1e-6, "{distance:?}");
        assert!(f1(24, 40).abs() < 1e-6, "{distance:?}");
        assert!(
            (f1(16, 16) - corner).abs() < 1e-5,
            "{distance:?} {}",
            f1(16, 16)
        );
    }
}

/// A tileable cellular texture wraps: the jump from the last column to the first (and
/// row) is no larger than the jumps between neighbours inside (for the outputs that
/// are continuous; cell values jump at every cell edge).
#[test]
fn tileable_cellular_wraps_without_a_seam() {
    for i in 0..4 {
        let size = 96;
        let p = NoiseParams {
            size,
            initial_step: 32,
            octaves: 4,
            tileable: true,
            random: RandomSource::ALL[i + 1],
            cellular: Some(cellular(i)),
            ..NoiseParams::default()
        };
        let hm = whole(&p);
        let (mut inner, mut wrap) = (0.0f32, 0.0f32);
        for a in 0..size {
            for b in 1..size {
                inner = inner
                    .max((hm.get(b, a) - hm.get(b - 1, a)).abs())
                    .max((hm.get(a, b) - hm.get(a, b - 1)).abs());
            }
            wrap = wrap
                .max((hm.get(0, a) - hm.get(size - 1, a)).abs())
                .max((hm.get(a, 0) - hm.get(a, size - 1)).abs());
        }
        assert!(wrap <= inner, "{i}: wrap {wrap} inner {inner}");
    }
}

/// Every random source spreads the points over whole cells: the mean F1 is that of
/// uniformly placed points (0.43 cells at jitter 1), whatever range the source's own
/// numbers have (the original table's lie in -0.5..0.5, libnoise's gradients on a
/// circle).
#[test]
fn every_source_places_points_uniformly() {
    for random in RandomSource::ALL {
        let p = NoiseParams {
            size: 256,
            initial_step: 4,
            octaves: 1,
            random,
            cellular: Some(Cellular::default()),
            ..NoiseParams::default()
        };
        let amp = p.amplitude(0, 4.0);
        let hm = whole(&p);
        let n = hm.data().len() as f32;
        let mean = hm
            .data()
            .iter()
            .map(|h| (h - 0.5) / amp + 0.45)
            .sum::<f32>()
            / n;
        assert!((0.41..0.45).contains(&mean), "{random:?}: mean F1 {mean}");
    }
}
