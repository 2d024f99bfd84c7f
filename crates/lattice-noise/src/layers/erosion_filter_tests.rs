use super::*;

#[test]
fn sine_and_cosine_hold_over_the_half_turn() {
    for i in -100..=100 {
        let a = i as f32 * std::f32::consts::FRAC_PI_2 / 100.0;
        let (s, c) = sin_cos(a);
        assert!(
            (s - a.sin()).abs() < 1e-6 && (c - a.cos()).abs() < 1e-6,
            "{a}"
        );
    }
    for x in [-5.0f32, -1.0, -0.3, 0.0, 0.3, 1.0, 5.0] {
        assert!((tanh(x) - x.tanh()).abs() < 0.025, "{x}");
    }
}

#[test]
fn the_profile_is_a_cosine_bent_to_a_sharp_crest() {
    for i in 0..40 {
        let t = i as f32 / 40.0 - 0.5;
        let (v, d) = profile(t, 0.0);
        let phase = TAU * t;
        assert!((v - phase.cos()).abs() < 1e-5, "{t}");
        assert!((d + phase.sin()).abs() < 1e-5, "{t}");
        // Sharp: 1 - 2 |sin(phase / 2)|, crest 1 at 0 and trough -1 half a turn away.
        let (v, _) = profile(t, 1.0);
        assert!(
            (v - (1.0 - 2.0 * (phase / 2.0).sin().abs())).abs() < 1e-5,
            "{t}"
        );
    }
    // Whole turns apart, the same bits.
    assert_eq!(profile(0.375, 0.7), profile(2.375, 0.7));
}

/// The pattern of one octave (8 cells, seed 7) at `LANES` points along x from `qx`,
/// row `qy`, for stripes across (0.6, 0.8).
fn pattern(qx: f32, qy: f32) -> (Block, Block) {
    let across = Across {
        x: [0.6; LANES],
        y: [0.8; LANES],
    };
    let q: Block = std::array::from_fn(|k| qx + 0.01 * k as f32);
    stripes(&q, qy, 8, 7, &across, 0.8)
}

#[test]
fn derivatives_per_turn_match_differences_of_the_pattern() {
    // The blend weights are left out of the derivative, so compare loosely, on points
    // near cell centres where the weights hardly change.
    for &(qx, qy) in &[(3.45f32, 4.5f32), (0.5, 0.55), (6.5, 2.45)] {
        let h = 1e-3f32;
        let (_, dv) = pattern(qx, qy);
        let (a, _) = pattern(qx + h * 0.6, qy + h * 0.8);
        let (b, _) = pattern(qx - h * 0.6, qy - h * 0.8);
        let numeric = (a[0] - b[0]) / (2.0 * h) / TAU;
        assert!(
            (numeric - dv[0]).abs() < 0.1 + 0.2 * dv[0].abs(),
            "{numeric} {}",
            dv[0]
        );
    }
}

#[test]
fn stripes_continue_across_the_wrap_at_the_cell_count() {
    // The texture's points lie in 0..8 cells; the pattern just inside its right (or
    // bottom) edge runs on into the one just inside its left (or top) edge.
    let across = Across {
        x: [0.6; LANES],
        y: [0.8; LANES],
    };
    let row = |qx: f32, qy: f32| stripes(&[qx; LANES], qy, 8, 3, &across, 0.8);
    for &(a, b) in &[
        ((7.9995f32, 3.3f32), (0.0005f32, 3.3f32)),
        ((5.1, 7.9995), (5.1, 0.0005)),
    ] {
        let (va, _) = row(a.0, a.1);
        let (vb, _) = row(b.0, b.1);
        assert!(
            (va[0] - vb[0]).abs() < 0.02,
            "{a:?} {b:?}: {} {}",
            va[0],
            vb[0]
        );
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

#[test]
fn floor_is_the_library_floor_on_the_filter_range() {
    for x in [
        -2.5f32, -1.0, -0.999, 0.0, 0.3, 0.5, 1.5, 2.5, 1.0, 7.99, 131_071.5, -3.0e-8, 4.0e6,
    ] {
        assert_eq!(floor(x).to_bits(), x.floor().to_bits(), "{x}");
    }
    for c in [0.0f32, 1.0, 7.0, 1023.0, 131_071.0] {
        assert_eq!(whole(c), c as u32);
    }
    assert_eq!((wrap(-1.0, 8), wrap(8.0, 8), wrap(3.0, 8)), (7, 0, 3));
}
