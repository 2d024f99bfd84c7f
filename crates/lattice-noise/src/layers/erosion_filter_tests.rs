use super::super::gully_filter::tanh;
use super::*;

#[test]
fn tanh_is_close_to_the_library_tanh() {
    for x in [-5.0f32, -1.0, -0.3, 0.0, 0.3, 1.0, 5.0] {
        assert!((tanh(x) - x.tanh()).abs() < 0.025, "{x}");
    }
}

#[test]
fn every_build_gives_the_portable_bits() {
    let e = Erosion::default();
    let size = 96u32;
    let m = e.step(size) as usize;
    let region = Region {
        x: 5,
        y: 9,
        width: 37,
        height: 11,
    };
    let (w, h) = (37 + 2 * m, 11 + 2 * m);
    let window: Vec<f32> = (0..w * h)
        .map(|i| {
            let (x, y) = ((i % w) as f32, (i / w) as f32);
            0.5 + 0.3 * (0.11 * x).sin() * (0.07 * y + 1.0).cos() + 0.002 * x
        })
        .collect();
    let mut wide = vec![0.0; 37 * 11];
    let mut portable = vec![0.0; 37 * 11];
    erode_on(&window, region, size, &e, &mut wide, VectorIsa::detect());
    erode_on(
        &window,
        region,
        size,
        &e,
        &mut portable,
        VectorIsa::portable(),
    );
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&wide), bits(&portable));
    assert!(wide.iter().zip(&window[m * w + m..]).any(|(a, b)| a != b));
}

#[test]
fn flat_ground_keeps_its_heights_and_slopes_get_gullies() {
    let e = Erosion::default();
    let size = 64u32;
    let m = e.step(size) as usize;
    let region = Region {
        x: 0,
        y: 0,
        width: 16,
        height: 16,
    };
    let n = 16 + 2 * m;
    let flat = vec![0.5f32; n * n];
    let mut out = vec![0.0; 256];
    erode_into(&flat, region, size, &e, &mut out);
    assert!(out.iter().all(|&v| v == 0.5));
    // A plane rising along x: the gullies run along x, so heights vary along y.
    let plane: Vec<f32> = (0..n * n).map(|i| 0.1 * (i % n) as f32).collect();
    erode_into(&plane, region, size, &e, &mut out);
    let column: Vec<f32> = (0..16)
        .map(|y| out[y * 16 + 5] - 0.1 * (5 + m) as f32)
        .collect();
    let spread = column.iter().fold(0.0f32, |a, &v| a.max(v.abs()));
    assert!(spread > 0.01 && spread <= e.strength, "{column:?}");
}
