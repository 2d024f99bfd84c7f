//! Every build of the kernels this CPU runs gives the portable build's bits, for every
//! function: the square lattice's row kernel, the isotropic sampler, warps by maps and
//! by noises ([`JobControl::limited_to`] picks the build).

use crate::common::{bits, region, window_bits};
use lattice_noise::{
    CellDistance, CellOutput, Cellular, Displacement, Fade, Heightmap, InstructionSet, Isotropy,
    JobControl, NoiseParams, OctaveLaw, Proximity, RandomSource, Region,
    generate_noise_warped_region_into, generate_reference, generate_region, generate_warped_region,
};

/// `p` over `r` in the builds up to `set`.
fn render_in(p: &NoiseParams, r: Region, set: InstructionSet) -> Heightmap {
    generate_region(p, r, &JobControl::limited_to(set)).unwrap()
}

/// `p` over `r` warped by the maps `(wx, wy)` in the builds up to `set`.
fn warped_in(
    p: &NoiseParams,
    r: Region,
    (wx, wy): (&Heightmap, &Heightmap),
    amplitude: f32,
    set: InstructionSet,
) -> Heightmap {
    let control = JobControl::limited_to(set);
    generate_warped_region(p, r, (wx, wy), amplitude, &control).unwrap()
}

/// Smooth warp fields over a `size` texture, in 0..1.
fn fields(size: u32, a: f32, b: f32) -> (Heightmap, Heightmap) {
    let n = (size * size) as usize;
    let x = (0..n)
        .map(|i| 0.5 + a * ((i % 97) as f32 / 97.0 - 0.5))
        .collect();
    let y = (0..n)
        .map(|i| 0.5 + b * ((i % 89) as f32 / 89.0 - 0.5))
        .collect();
    let map = |v| Heightmap::from_data(size, v).unwrap();
    (map(x), map(y))
}

#[test]
fn the_cpu_runs_the_portable_build_and_a_limit_is_kept() {
    let sets = InstructionSet::available();
    assert_eq!(sets[0], InstructionSet::Portable);
    for set in InstructionSet::ALL {
        assert_eq!(JobControl::limited_to(set).widest_build(), set);
    }
    assert_eq!(JobControl::new().widest_build(), InstructionSet::Avx512);
}

/// The AVX-512 and AVX2 row kernels must give the portable bits: FMA is never used
/// implicitly, and the hand-vectorised loops keep the portable order of operations.
/// The sizes, initial steps and displacements reach whole blocks of 8 and of 16 cells
/// at every step the block loops handle, left-over cells, scratch-row and aligned
/// octaves, and steps of 64 (the AVX-512 build's own vectorisation of the cell loop).
#[test]
fn square_lattice_builds_give_the_portable_bits() {
    for proximity in Proximity::ALL {
        for (size, initial_step, displacement) in [
            (96, 32_u32, Displacement::None),
            (100, 32, Displacement::Half),
            (100, 32, Displacement::Quarter),
            (272, 32, Displacement::Half),
            (512, 64, Displacement::None),
            (544, 32, Displacement::Half),
        ] {
            let p = NoiseParams {
                size,
                octaves: initial_step.ilog2() + 1,
                initial_step,
                proximity,
                displacement,
                seed: proximity.index() as i32,
                ..NoiseParams::default()
            };
            let whole = Region::full(size);
            let portable = bits(&render_in(&p, whole, InstructionSet::Portable));
            for set in InstructionSet::available() {
                let what = (proximity, size, initial_step, displacement, set);
                assert!(bits(&render_in(&p, whole, set)) == portable, "{what:?}");
            }
        }
    }
}

/// Every part combination of the isotropic mode, function, source, fade and
/// displacement, tiled or not: every build gives the literal path's bits (each
/// pixel's points drawn on their own).
#[test]
fn isotropic_builds_give_the_literal_paths_bits() {
    let parts = |i: usize| Isotropy {
        round_window: i.is_multiple_of(2) || i % 3 == 1,
        turned_points: i % 3 != 1,
        rotated_octaves: i % 4 != 3,
        shifted_octaves: i.is_multiple_of(3),
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
        let want = bits(&generate_reference(&p).unwrap());
        for set in InstructionSet::available() {
            let got = bits(&render_in(&p, Region::full(p.size), set));
            assert!(got == want, "{p:?} {set:?}");
        }
    }
}

/// The linear functions' round window on unturned grids runs on the row kernel: every
/// build gives the literal path's bits, for every source, fade and displacement, tiled
/// or not, turned or not, with small cells (phase by phase) and wide ones, whole steps
/// that are not powers of two too, and windows of the texture hold the same bits in
/// every build.
#[test]
fn round_window_rows_give_the_literal_paths_bits() {
    let shifted = Isotropy {
        turned_points: false,
        ..Isotropy::FULL
    };
    let unshifted = Isotropy {
        shifted_octaves: false,
        ..Isotropy::FULL
    };
    let mut case = 0;
    for proximity in [Proximity::Gradient, Proximity::Hill] {
        for random in RandomSource::ALL {
            for (isotropy, (initial_step, octaves)) in [Isotropy::FULL, shifted, unshifted]
                .into_iter()
                .zip([(16, 5), (48, 4), (32, 3)])
            {
                case += 1;
                let p = NoiseParams {
                    size: 96,
                    initial_step,
                    octaves,
                    proximity,
                    random,
                    tileable: case % 2 == 1,
                    fade: Fade::ALL[case % 4],
                    displacement: Displacement::ALL[case % 3],
                    isotropy,
                    seed: case as i32,
                    ..NoiseParams::default()
                };
                let want = generate_reference(&p).unwrap();
                for set in InstructionSet::available() {
                    let got = bits(&render_in(&p, Region::full(p.size), set));
                    assert!(got == bits(&want), "{p:?} {set:?}");
                }
                // A window that cuts cells at both ends: only its pixels are summed.
                let r = region(13, 29, 50, 40);
                for set in InstructionSet::available() {
                    let part = render_in(&p, r, set);
                    assert!(bits(&part) == window_bits(&want, r), "{p:?} {set:?}");
                }
            }
        }
    }
}

/// Fractional steps (the classic law), a pan and a warp strong enough that tiles draw
/// points per pixel: still the literal path's bits, in every build, and a warp of 0
/// is no warp.
#[test]
fn off_grid_and_warped_isotropic_layers_agree_too() {
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
    let want = bits(&generate_reference(&p).unwrap());
    let whole = Region::full(p.size);
    let n = (p.size * p.size) as usize;
    let x = Heightmap::from_data(p.size, (0..n).map(|i| (i % 13) as f32 / 13.0).collect());
    let x = x.unwrap();
    for set in InstructionSet::available() {
        assert!(bits(&render_in(&p, whole, set)) == want, "{set:?}");
        for amplitude in [0.0, 2000.0] {
            let warped = bits(&warped_in(&p, whole, (&x, &x), amplitude, set));
            if amplitude == 0.0 {
                assert!(warped == want, "{set:?}");
            }
            let portable = warped_in(&p, whole, (&x, &x), amplitude, InstructionSet::Portable);
            assert!(warped == bits(&portable), "{set:?} {amplitude}");
        }
    }
}

/// A window of an isotropic texture holds exactly the full render's values there.
#[test]
fn isotropic_windows_are_exact() {
    for tileable in [false, true] {
        let p = NoiseParams {
            size: 256,
            tileable,
            isotropy: Isotropy::FULL,
            proximity: Proximity::ALL[4],
            ..NoiseParams::default()
        };
        let full = render_in(&p, Region::full(p.size), InstructionSet::Avx512);
        let r = region(37, 101, 90, 70);
        let part = render_in(&p, r, InstructionSet::Avx512);
        assert!(bits(&part) == window_bits(&full, r), "tileable {tileable}");
    }
}

/// On the square lattice with the square window and no turns (one octave with only
/// the rotation switched on: octave 0 keeps the axes), the isotropic sampler computes
/// the original formula, up to rounding, for every function.
#[test]
fn the_isotropic_samplers_square_lattice_is_the_original() {
    for proximity in Proximity::ALL {
        let mut p = NoiseParams {
            size: 64,
            initial_step: 16,
            octaves: 1,
            proximity,
            displacement: Displacement::Half,
            ..NoiseParams::default()
        };
        let original = generate_reference(&p).unwrap();
        p.isotropy.rotated_octaves = true;
        let hm = render_in(&p, Region::full(p.size), InstructionSet::Avx512);
        for (a, b) in original.data().iter().zip(hm.data()) {
            assert!((a - b).abs() < 1e-4, "{proximity:?}: {a} {b}");
        }
    }
}

/// Warped square lattices: every build gives the portable bits, for every function and
/// source, tiled or not, with grids and with corners drawn per pixel.
#[test]
fn warped_builds_give_the_portable_bits() {
    for (i, proximity) in Proximity::ALL.into_iter().enumerate() {
        let random = RandomSource::ALL[i % RandomSource::ALL.len()];
        let p = NoiseParams {
            size: 72,
            initial_step: 8,
            octaves: 4,
            proximity,
            random,
            tileable: i % 2 == 0,
            fade: Fade::ALL[i % 4],
            displacement: Displacement::ALL[i % 3],
            ..NoiseParams::default()
        };
        // A large amplitude makes the finest octaves draw corners per pixel.
        let amplitude = if i % 3 == 0 { 300.0 } else { 9.5 };
        let (x, y) = fields(p.size, 1.0, 0.8);
        let whole = Region::full(p.size);
        let portable = bits(&warped_in(
            &p,
            whole,
            (&x, &y),
            amplitude,
            InstructionSet::Portable,
        ));
        for set in InstructionSet::available() {
            let got = bits(&warped_in(&p, whole, (&x, &y), amplitude, set));
            assert!(got == portable, "{proximity:?} {random:?} {set:?}");
        }
    }
}

/// Fields that are noises, computed band by band inside the sampler, give the bits of
/// warping by those noises' maps, in every build, over a window and tiled or not, with
/// square, isotropic and cellular fields (each runs where its map does).
#[test]
fn noise_fields_give_the_bits_of_their_maps() {
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
        let r = region(5, 19, 83, 41);
        for set in [InstructionSet::Portable, InstructionSet::Avx512] {
            let control = JobControl::limited_to(set);
            let (mx, my) = (render_in(&fx, r, set), render_in(&fy, r, set));
            let by_maps = warped_in(&p, r, (&mx, &my), 37.0, set);
            let mut by_noise = Heightmap::filled_rect(r.width, r.height, 0.0);
            generate_noise_warped_region_into(&p, r, (&fx, &fy), 37.0, &control, &mut by_noise)
                .unwrap();
            let case = format!("{proximity:?} {isotropy:?} {cellular:?} {set:?}");
            assert!(bits(&by_maps) == bits(&by_noise), "{case}");
        }
    }
}
