//! A window of a texture (`generate_region`) holds exactly the pixels of that window of
//! the whole texture: every proximity function and random source, grid displacements,
//! tiling, the classic law's fractional steps and a panned lattice; bands of one row,
//! single pixels, windows that start inside a cell.

use lattice_noise::{
    Displacement, EngineError, Heightmap, JobControl, NoiseParams, OctaveLaw, ParamError,
    Proximity, RandomSource, Region,
};
use lattice_noise::{generate_region, generate_simple};

/// The windows checked on a `size` texture.
fn windows(size: u32) -> Vec<Region> {
    let r = |x, y, width, height| Region {
        x,
        y,
        width,
        height,
    };
    vec![
        Region::full(size),
        Region::band(size, 0, 1),
        Region::band(size, 17, 16),
        Region::band(size, size - 3, 3),
        r(1, 1, 1, 1),
        r(size - 1, size - 1, 1, 1),
        r(5, 9, 33, 21),
        r(size / 2 - 7, size / 3, size / 2, 13),
        r(31, 0, size - 31, size),
    ]
}

fn assert_windows_match(p: &NoiseParams, what: &str) {
    let full = generate_simple(p).unwrap_or_else(|e| panic!("{what}: {e}"));
    for region in windows(p.size) {
        let part = generate_region(p, region, &JobControl::new()).unwrap();
        assert_eq!((part.width(), part.height()), (region.width, region.height));
        for row in 0..region.height {
            let want =
                &full.row(region.y + row)[region.x as usize..(region.x + region.width) as usize];
            let got = part.row(row);
            let same = want
                .iter()
                .zip(got)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(same, "{what}, {region:?}, row {row}");
        }
    }
}

fn base() -> NoiseParams {
    NoiseParams {
        size: 100,
        octaves: 6,
        initial_step: 32,
        ..NoiseParams::default()
    }
}

#[test]
fn every_proximity_function_in_windows() {
    for proximity in Proximity::ALL {
        for displacement in Displacement::ALL {
            let p = NoiseParams {
                proximity,
                displacement,
                seed: proximity.index() as i32,
                ..base()
            };
            assert_windows_match(&p, &format!("{proximity:?} {displacement:?}"));
        }
    }
}

#[test]
fn every_random_source_in_windows() {
    for random in RandomSource::ALL {
        for tileable in [false, true] {
            let p = NoiseParams {
                random,
                tileable,
                size: 128,
                seed: -7,
                ..base()
            };
            assert_windows_match(&p, &format!("{random:?} tileable {tileable}"));
        }
    }
}

#[test]
fn classic_law_and_panned_lattices_in_windows() {
    let classic = NoiseParams {
        octave_law: OctaveLaw::Classic,
        lacunarity: 2.5,
        proximity: Proximity::Hill,
        ..base()
    };
    assert_windows_match(&classic, "classic law");
    let panned = NoiseParams {
        origin: [0.37, -2.25],
        proximity: Proximity::Gradient,
        ..base()
    };
    assert_windows_match(&panned, "panned");
    let step_one = NoiseParams {
        initial_step: 4,
        octaves: 3,
        ..base()
    };
    assert_windows_match(&step_one, "down to step 1");
}

#[test]
fn windows_outside_the_texture_are_refused() {
    let p = base();
    for region in [
        Region::band(100, 99, 2),
        Region {
            x: 90,
            y: 0,
            width: 11,
            height: 1,
        },
        Region {
            x: 0,
            y: 0,
            width: 0,
            height: 5,
        },
    ] {
        let err = generate_region(&p, region, &JobControl::new()).unwrap_err();
        assert!(
            matches!(err, EngineError::Param(ParamError::Region { .. })),
            "{err}"
        );
        assert!(err.to_string().contains("does not fit"), "{err}");
    }
    let _: Heightmap = generate_region(&p, Region::band(100, 99, 1), &JobControl::new()).unwrap();
}
