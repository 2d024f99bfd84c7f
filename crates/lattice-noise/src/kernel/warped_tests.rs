//! Tests of the warped sampler: its builds agree bit for bit, and cells are found by
//! floor division.

use super::super::warp_fields::FieldSource;
use super::super::warp_grid::cell_of;
use super::*;
use crate::cell_distance::CellDistance;
use crate::cell_output::CellOutput;
use crate::cellular::Cellular;
use crate::displacement::Displacement;
use crate::fade::Fade;
use crate::isotropy::Isotropy;
use crate::proximity::Proximity;
use crate::random::RandomSource;

fn fields(size: u32, a: f32, b: f32) -> (Vec<f32>, Vec<f32>) {
    let n = (size * size) as usize;
    let x = (0..n)
        .map(|i| 0.5 + a * ((i % 97) as f32 / 97.0 - 0.5))
        .collect();
    let y = (0..n)
        .map(|i| 0.5 + b * ((i % 89) as f32 / 89.0 - 0.5))
        .collect();
    (x, y)
}

/// The AVX-512, AVX2 and portable builds give the same bits, for every function and
/// source, tiled or not, with grids and with corners drawn per pixel.
#[test]
fn builds_agree_bit_for_bit() {
    let isas = [
        Avx2::detect(),
        Avx2::detect().map(Avx2::without_avx512),
        None,
    ];
    for (i, proximity) in Proximity::ALL.into_iter().enumerate() {
        let random = RandomSource::ALL[i % RandomSource::ALL.len()];
        let tileable = i % 2 == 0;
        let p = NoiseParams {
            size: 72,
            initial_step: 8,
            octaves: 4,
            proximity,
            random,
            tileable,
            fade: Fade::ALL[i % 4],
            displacement: Displacement::ALL[i % 3],
            ..NoiseParams::default()
        };
        // A large amplitude makes the finest octaves draw corners per pixel.
        let amplitude = if i % 3 == 0 { 300.0 } else { 9.5 };
        let (x, y) = fields(p.size, 1.0, 0.8);
        let w = WarpFields {
            source: FieldSource::Maps { x: &x, y: &y },
            amplitude,
        };
        let mut want = None;
        for isa in isas {
            let mut hm = Heightmap::filled(p.size, 0.0);
            let region = Region::full(p.size);
            run_warped_on(&p, region, w, &JobControl::new(), &mut hm, isa);
            let bits: Vec<u32> = hm.data().iter().map(|v| v.to_bits()).collect();
            match &want {
                None => want = Some(bits),
                Some(w) => assert!(*w == bits, "{proximity:?} {random:?} {isa:?}"),
            }
        }
    }
}

/// Fields that are noises, computed band by band inside the sampler, give the bits of
/// warping by those noises' maps, in every build, over a window and tiled or not, with
/// square, isotropic and cellular fields (each runs where its map does).
#[test]
fn noise_fields_match_their_maps() {
    let isas = [Avx2::detect(), None];
    let cells = Cellular {
        output: CellOutput::F2MinusF1,
        distance: CellDistance::Manhattan,
        jitter: 0.8,
    };
    let cases = [Proximity::Gradient, Proximity::MonkeySaddle]
        .into_iter()
        .flat_map(|f| {
            [
                (f, Isotropy::OFF, None),
                (f, Isotropy::FULL, None),
                (f, Isotropy::OFF, Some(cells)),
            ]
        });
    for (i, (proximity, isotropy, cellular)) in cases.enumerate() {
        let p = NoiseParams {
            size: 96,
            initial_step: 16,
            octaves: 4,
            proximity,
            tileable: i % 3 == 1,
            ..NoiseParams::default()
        };
        let field = |seed| NoiseParams {
            seed,
            initial_step: 32,
            fade: Fade::Quintic,
            random: RandomSource::Modern,
            isotropy,
            cellular,
            ..p
        };
        let (fx, fy) = (field(7), field(8));
        let region = Region {
            x: 5,
            y: 19,
            width: 83,
            height: 41,
        };
        for isa in isas {
            let maps = [&fx, &fy].map(|f| {
                let mut m = Heightmap::filled_rect(region.width, region.height, 0.0);
                super::super::run_on(f, region, &JobControl::new(), &mut m, isa);
                m
            });
            let run = |source| {
                let mut hm = Heightmap::filled_rect(region.width, region.height, 0.0);
                let w = WarpFields {
                    source,
                    amplitude: 37.0,
                };
                run_warped_on(&p, region, w, &JobControl::new(), &mut hm, isa);
                hm.data().iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            };
            let by_maps = run(FieldSource::Maps {
                x: maps[0].data(),
                y: maps[1].data(),
            });
            let by_noise = run(FieldSource::Noise { x: &fx, y: &fy });
            let case = format!("{proximity:?} {isotropy:?} {cellular:?} {isa:?}");
            assert!(by_maps == by_noise, "{case}");
        }
    }
}

#[test]
fn cell_of_matches_floor_division() {
    assert_eq!(cell_of(17.5, -4.0, 1.0 / 8.0), 2.0);
    assert_eq!(cell_of(-0.5, 0.0, 0.25), -1.0);
}
