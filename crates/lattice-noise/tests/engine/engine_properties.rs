//! Properties of the engine that hold for any seed: exact values at lattice points,
//! bilinear interpolation as a special case, determinism across thread counts, and
//! cancellation.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use lattice_noise::{EngineError, Fade, NoiseParams, Proximity, RandomSource};
use lattice_noise::{JobControl, generate, generate_simple};

fn base() -> NoiseParams {
    NoiseParams {
        size: 128,
        seed: 99,
        octaves: 6,
        initial_step: 32,
        ..NoiseParams::default()
    }
}

#[test]
fn gradient_is_exactly_half_at_lattice_points_of_every_octave() {
    for random in RandomSource::ALL {
        for fade in Fade::ALL {
            let p = NoiseParams {
                random,
                fade,
                ..base()
            };
            let h = generate_simple(&p).unwrap();
            let mut checked = 0;
            let mut off_lattice_differs = false;
            for y in (0..128).step_by(32) {
                for x in (0..128).step_by(32) {
                    assert_eq!(h.get(x, y), 0.5, "{random:?} {fade:?} ({x},{y})");
                    checked += 1;
                    off_lattice_differs |= h.get(x + 3, y + 5) != 0.5;
                }
            }
            assert_eq!(checked, 16);
            assert!(off_lattice_differs, "the texture is not flat elsewhere");
        }
    }
}

#[test]
fn hill_with_linear_fade_is_bilinear_interpolation_of_the_corners() {
    for random in RandomSource::ALL {
        let step = 16u32;
        let p = NoiseParams {
            size: 64,
            octaves: 1,
            initial_step: step,
            proximity: Proximity::Hill,
            fade: Fade::Linear,
            random,
            ..base()
        };
        let h = generate_simple(&p).unwrap();
        // Corner values are the heights at lattice points; the far edge has no lattice
        // point inside the texture, so interpolate only inside complete cells.
        for y in 0..48u32 {
            for x in 0..48u32 {
                let (x0, y0) = (x / step * step, y / step * step);
                let (fx, fy) = ((x - x0) as f64 / 16.0, (y - y0) as f64 / 16.0);
                let c = |dx: u32, dy: u32| f64::from(h.get(x0 + dx, y0 + dy));
                let want = c(0, 0) * (1.0 - fx) * (1.0 - fy)
                    + c(step, 0) * fx * (1.0 - fy)
                    + c(0, step) * (1.0 - fx) * fy
                    + c(step, step) * fx * fy;
                let got = f64::from(h.get(x, y));
                assert!(
                    (got - want).abs() < 1e-6,
                    "{random:?} ({x},{y}): {got} vs {want}"
                );
            }
        }
    }
}

// Without the `rayon` feature every band runs on the calling thread: one thread count.
#[cfg(feature = "rayon")]
#[test]
fn identical_bits_at_any_thread_count() {
    use lattice_noise::Displacement;
    let mut cases = vec![base()];
    for (i, proximity) in [
        Proximity::Gradient,
        Proximity::CurvatureRigged,
        Proximity::Hill,
    ]
    .into_iter()
    .enumerate()
    {
        cases.push(NoiseParams {
            size: 200,
            initial_step: 50,
            octaves: 7,
            proximity,
            displacement: Displacement::ALL[i],
            random: RandomSource::ALL[i],
            ..base()
        });
    }
    for p in cases {
        let what = format!("{p:?}");
        assert_same_bits_at_thread_counts(&[1, 2, 3, 5], &what, || generate_simple(&p).unwrap());
    }
}

#[test]
fn a_cancelled_job_stops_with_cancelled() {
    let control = JobControl::new();
    control.cancel();
    let p = NoiseParams {
        size: 4096,
        initial_step: 1024,
        ..base()
    };
    assert!(matches!(
        generate(&p, &control),
        Err(EngineError::Cancelled)
    ));
    assert!(control.progress() < 1.0);

    // Cancelled from another thread while running: returns (with Cancelled) instead of
    // finishing the 8192 texture.
    let control = std::sync::Arc::new(JobControl::new());
    let c2 = std::sync::Arc::clone(&control);
    let p = NoiseParams {
        size: 8192,
        initial_step: 2048,
        octaves: 11,
        ..base()
    };
    let job = std::thread::spawn(move || generate(&p, &c2).map(|_| ()));
    while control.progress() == 0.0 {
        std::thread::yield_now();
    }
    control.cancel();
    let result = job.join().unwrap();
    assert!(matches!(result, Err(EngineError::Cancelled)), "{result:?}");
}

#[test]
fn progress_reaches_one() {
    let control = JobControl::new();
    generate(&base(), &control).unwrap();
    assert_eq!(control.progress(), 1.0);
}

/// Panning the lattice by whole cells of octave 0 shifts the texture by that many pixels:
/// the per-pixel free path agrees with the grid kernel.
#[test]
fn panning_by_whole_cells_shifts_the_texture() {
    for random in RandomSource::ALL {
        for proximity in [Proximity::Gradient, Proximity::TriangularEdgeTwo] {
            let p = NoiseParams {
                random,
                proximity,
                size: 96,
                initial_step: 16,
                octaves: 4,
                ..base()
            };
            let moved = NoiseParams {
                origin: [1.0, 2.0],
                ..p.clone()
            };
            let (a, b) = (
                generate_simple(&p).unwrap(),
                generate_simple(&moved).unwrap(),
            );
            for y in 0..64 {
                for x in 0..80 {
                    let (want, got) = (a.get(x + 16, y + 32), b.get(x, y));
                    assert!(
                        (want - got).abs() < 1e-5,
                        "{random:?} {proximity:?} ({x},{y})"
                    );
                }
            }
        }
    }
}

#[test]
fn classic_law_with_fractional_lacunarity() {
    use lattice_noise::OctaveLaw;
    let p = NoiseParams {
        octave_law: OctaveLaw::Classic,
        lacunarity: 2.5,
        persistence: 0.5,
        ..base()
    };
    let a = generate_simple(&p).unwrap();
    let b = generate_simple(&p).unwrap();
    assert_eq!(a, b, "deterministic");
    let s = a.stats();
    assert!(s.std_dev > 0.01 && s.non_finite == 0, "{s:?}");
    // Lacunarity 2 keeps whole steps (the grid kernel): gradient noise is still exactly
    // 0.5 on the lattice points of every octave.
    let grid = NoiseParams {
        lacunarity: 2.0,
        ..p.clone()
    };
    let h = generate_simple(&grid).unwrap();
    assert!(h.get(0, 0) == 0.5 && h.stats().std_dev > 0.01);
}
