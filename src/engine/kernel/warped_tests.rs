//! Tests of the warped sampler: its builds agree bit for bit, and cells are found by
//! floor division.

use super::super::warp_grid::cell_of;
use super::*;
use crate::engine::displacement::Displacement;
use crate::engine::proximity::Proximity;
use crate::engine::random::RandomSource;

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
            x: &x,
            y: &y,
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

#[test]
fn cell_of_matches_floor_division() {
    assert_eq!(cell_of(17.5, -4.0, 1.0 / 8.0), 2.0);
    assert_eq!(cell_of(-0.5, 0.0, 0.25), -1.0);
}
