//! Tests of the isotropic mode's sampler: every build agrees with the literal path
//! (each pixel's points drawn on their own) bit for bit, windows are exact, and the
//! shapes it evaluates in cells are the functions' own.

use super::super::avx2::Avx2;
use super::super::warp_fields::{FieldSource, WarpFields};
use super::super::warped::run_warped_on;
use crate::displacement::Displacement;
use crate::fade::Fade;
use crate::heightmap::Heightmap;
use crate::isotropy::Isotropy;
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::octave_law::OctaveLaw;
use crate::proximity::Proximity;
use crate::random::RandomSource;
use crate::region::Region;

fn isas() -> [Option<Avx2>; 3] {
    [
        Avx2::detect(),
        Avx2::detect().map(Avx2::without_avx512),
        None,
    ]
}

fn bits(hm: &Heightmap) -> Vec<u32> {
    hm.data().iter().map(|v| v.to_bits()).collect()
}

/// Every part combination, function, source, fade and displacement, tiled or not:
/// the sampler's builds give the literal path's bits.
#[test]
fn builds_agree_with_the_literal_path() {
    let parts = |i: usize| Isotropy {
        round_window: i.is_multiple_of(2) || i % 3 == 1,
        turned_points: i % 3 != 1,
        rotated_octaves: i % 4 != 3,
    };
    for (i, proximity) in Proximity::ALL.into_iter().enumerate() {
        let p = NoiseParams {
            size: 80,
            initial_step: 16,
            octaves: 5,
            proximity,
            random: RandomSource::ALL[i % RandomSource::ALL.len()],
            tileable: i % 2 == 1,
            fade: Fade::ALL[i % 4],
            displacement: Displacement::ALL[i % 3],
            isotropy: if i % 5 == 0 { Isotropy::FULL } else { parts(i) },
            seed: i as i32,
            ..NoiseParams::default()
        };
        let want = bits(&crate::kernel::reference(&p));
        for isa in isas() {
            let mut hm = Heightmap::filled(p.size, 0.0);
            super::super::run_on(&p, Region::full(p.size), &JobControl::new(), &mut hm, isa);
            assert!(bits(&hm) == want, "{p:?} {isa:?}");
        }
    }
}

/// Fractional steps (the classic law), a pan and a warp strong enough that tiles draw
/// points per pixel: still the literal path's bits, in every build.
#[test]
fn off_grid_and_warped_layers_agree_too() {
    let p = NoiseParams {
        size: 96,
        initial_step: 24,
        octaves: 5,
        octave_law: OctaveLaw::Classic,
        lacunarity: 1.9,
        origin: [0.37, -2.5],
        random: RandomSource::Permutation,
        proximity: Proximity::ALL[11],
        isotropy: Isotropy::FULL,
        ..NoiseParams::default()
    };
    let want = bits(&crate::kernel::reference(&p));
    let n = (p.size * p.size) as usize;
    let x: Vec<f32> = (0..n).map(|i| (i % 13) as f32 / 13.0).collect();
    for isa in isas() {
        let mut hm = Heightmap::filled(p.size, 0.0);
        super::super::run_on(&p, Region::full(p.size), &JobControl::new(), &mut hm, isa);
        assert!(bits(&hm) == want, "{isa:?}");
        for amplitude in [0.0, 2000.0] {
            let w = WarpFields {
                source: FieldSource::Maps { x: &x, y: &x },
                amplitude,
            };
            let mut warped = Heightmap::filled(p.size, 0.0);
            let region = Region::full(p.size);
            run_warped_on(&p, region, w, &JobControl::new(), &mut warped, isa);
            if amplitude == 0.0 {
                assert!(bits(&warped) == want, "{isa:?}");
            }
            let mut again = Heightmap::filled(p.size, 0.0);
            let single = Isotropy::FULL;
            let q = NoiseParams {
                isotropy: single,
                ..p.clone()
            };
            run_warped_on(&q, region, w, &JobControl::new(), &mut again, None);
            assert!(bits(&warped) == bits(&again), "{isa:?} {amplitude}");
        }
    }
}

/// A window of the texture holds exactly the full render's values there.
#[test]
fn windows_are_exact() {
    for tileable in [false, true] {
        let p = NoiseParams {
            size: 256,
            tileable,
            isotropy: Isotropy::FULL,
            proximity: Proximity::ALL[4],
            ..NoiseParams::default()
        };
        let mut full = Heightmap::filled(p.size, 0.0);
        let whole = Region::full(p.size);
        super::super::run(&p, whole, &JobControl::new(), &mut full);
        let r = Region {
            x: 37,
            y: 101,
            width: 90,
            height: 70,
        };
        let mut part = Heightmap::filled_rect(r.width, r.height, 0.0);
        super::super::run(&p, r, &JobControl::new(), &mut part);
        for y in 0..r.height as usize {
            let at = (r.y as usize + y) * 256 + r.x as usize;
            let want = &full.data()[at..at + r.width as usize];
            let got = &part.data()[y * r.width as usize..][..r.width as usize];
            assert!(
                want.iter()
                    .zip(got)
                    .all(|(a, b)| a.to_bits() == b.to_bits())
            );
        }
    }
}

/// On the square lattice with the square window and no turns (one octave with only
/// the rotation switched on: octave 0 keeps the axes), the sampler computes the
/// original formula, up to rounding, for every function.
#[test]
fn the_square_lattice_is_the_original() {
    for proximity in Proximity::ALL {
        let mut p = NoiseParams {
            size: 64,
            initial_step: 16,
            octaves: 1,
            proximity,
            displacement: Displacement::Half,
            ..NoiseParams::default()
        };
        let original = crate::kernel::reference(&p);
        p.isotropy.rotated_octaves = true;
        let mut hm = Heightmap::filled(p.size, 0.0);
        super::super::run(&p, Region::full(p.size), &JobControl::new(), &mut hm);
        for (a, b) in original.data().iter().zip(hm.data()) {
            assert!((a - b).abs() < 1e-4, "{proximity:?}: {a} {b}");
        }
    }
}
