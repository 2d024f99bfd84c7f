//! A preset sampled as a game would: a pixel and a window are those of the whole
//! texture, and points outside or wrong buffers are errors.

use lattice_noise::{
    EngineError, JobControl, Layer, NoiseParams, ParamError, Preset, Proximity, Region,
};

fn two_layers() -> Preset {
    let mut p = Preset::default();
    let top = Layer::new(
        "top",
        NoiseParams {
            proximity: Proximity::CurvatureRigged,
            seed: 9,
            ..NoiseParams::default()
        },
    );
    p.layers.insert(1, top).unwrap();
    p
}

#[test]
fn a_pixel_and_a_window_are_those_of_the_whole_texture() {
    for p in [Preset::default(), two_layers()] {
        let whole = p.generate(&JobControl::new()).unwrap();
        for (x, y) in [(0, 0), (17, 3), (255, 255), (100, 200)] {
            assert_eq!(p.sample(x, y).unwrap().to_bits(), whole.get(x, y).to_bits());
        }
        let region = Region {
            x: 30,
            y: 40,
            width: 50,
            height: 7,
        };
        let mut out = vec![f32::NAN; region.pixels()];
        p.fill_region(region, &mut out).unwrap();
        for (i, v) in out.iter().enumerate() {
            let (x, y) = (30 + i as u32 % 50, 40 + i as u32 / 50);
            assert_eq!(v.to_bits(), whole.get(x, y).to_bits());
        }
    }
}

#[test]
fn points_outside_and_wrong_buffers_are_errors() {
    let p = Preset::default();
    assert!(matches!(
        p.sample(p.size(), 0),
        Err(EngineError::Param(ParamError::Region { .. }))
    ));
    let region = Region::full(p.size());
    let e = p.fill_region(region, &mut [0.0; 3]).unwrap_err();
    assert!(e.to_string().contains("3 values"), "{e}");
}
