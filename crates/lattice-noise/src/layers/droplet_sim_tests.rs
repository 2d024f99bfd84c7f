//! Tests of [`super::simulate`]: determinism, where soil goes, and odd input.

use super::*;

/// A cone-shaped hill with ripples, `n` across.
fn hill(n: usize) -> Vec<f32> {
    (0..n * n)
        .map(|i| {
            let (x, y) = (
                (i % n) as f32 / n as f32 - 0.5,
                (i / n) as f32 / n as f32 - 0.5,
            );
            let r = (x * x + y * y).sqrt();
            (1.0 - 2.0 * r).max(0.0) + 0.02 * (x * 40.0).sin() * (y * 37.0).cos()
        })
        .collect()
}

/// The soil of a map, in f64 so the sum of many heights keeps its digits.
fn total(m: &[f32]) -> f64 {
    m.iter().map(|&h| f64::from(h)).sum()
}

fn run(n: usize, wrap: bool, d: &Droplets) -> Vec<f32> {
    let mut map = hill(n);
    simulate(&mut map, n, wrap, d, &JobControl::new()).unwrap();
    map
}

#[test]
fn droplets_carve_the_slopes_the_same_way_every_time() {
    let d = Droplets {
        grid: 128,
        ..Droplets::default()
    };
    let a = run(128, false, &d);
    assert_eq!(a, run(128, false, &d));
    let before = hill(128);
    let moved: f32 = a.iter().zip(&before).map(|(a, b)| (a - b).abs()).sum();
    assert!(moved > 1.0, "{moved}");
    assert!(a.iter().all(|h| h.is_finite()));
    // Soil goes downhill: the summit loses, and what is lost is not made up.
    let top = |m: &[f32]| m[64 * 128 + 64];
    assert!(top(&a) <= top(&before));
    assert!(total(&a) <= total(&before) + 1e-3);
    let other = run(128, false, &Droplets { seed: 1, ..d });
    assert_ne!(a, other);
}

#[test]
fn wrapped_droplets_keep_the_soil_and_flat_ground_stays_flat() {
    let d = Droplets {
        grid: 64,
        ..Droplets::default()
    };
    let a = run(64, true, &d);
    // On a torus no droplet leaves, and each leaves what it carries where it
    // stops: the soil is moved, not lost.
    let (after, before) = (total(&a), total(&hill(64)));
    assert!((after - before).abs() < 1e-3 * before, "{after} {before}");
    let mut flat = vec![0.25; 64 * 64];
    simulate(&mut flat, 64, true, &d, &JobControl::new()).unwrap();
    assert!(flat.iter().all(|&h| h == 0.25));
}

#[test]
fn a_cancelled_simulation_says_so_and_odd_input_is_harmless() {
    let control = JobControl::new();
    control.cancel();
    let mut map = hill(64);
    let d = Droplets::default();
    assert_eq!(
        simulate(&mut map, 64, false, &d, &control),
        Err(EngineError::Cancelled)
    );
    let mut nan = vec![f32::NAN; 16 * 16];
    simulate(&mut nan, 16, false, &d, &JobControl::new()).unwrap();
    let mut short = vec![0.0; 3];
    simulate(&mut short, 16, false, &d, &JobControl::new()).unwrap();
}

#[test]
fn the_brush_weights_sum_to_one() {
    for r in [1.0, 2.5, 8.0] {
        let b = Brush::new(r, 64);
        let total: f32 = b.cells.iter().map(|c| c.2).sum();
        assert!((total - 1.0).abs() < 1e-5, "{r}: {total}");
    }
}
