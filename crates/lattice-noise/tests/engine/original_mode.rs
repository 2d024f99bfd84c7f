//! "Original" mode against the original tool's numbers, and the fast kernel against the
//! literal port of the original loops.

use lattice_noise::{Displacement, Fade, NoiseParams, Proximity, RandomSource};
use lattice_noise::{generate_reference, generate_simple};

fn gradient(random: RandomSource, seed: i32, size: u32, octaves: u32, step: u32) -> NoiseParams {
    NoiseParams {
        size,
        seed,
        octaves,
        initial_step: step,
        persistence: 0.5,
        displacement: Displacement::None,
        proximity: Proximity::Gradient,
        fade: Fade::Hermite,
        random,
        ..NoiseParams::default()
    }
}

fn check(p: &NoiseParams, points: &[(u32, u32, f32)]) {
    let h = generate_simple(p).unwrap();
    for &(x, y, want) in points {
        let got = h.get(x, y);
        assert!(
            (got - want).abs() < 1e-4,
            "({x},{y}): got {got}, original {want}"
        );
    }
}

#[test]
fn original_hash_matches_the_original_tool() {
    let p = gradient(RandomSource::OriginalHash, 2024, 256, 5, 64);
    check(
        &p,
        &[
            (37, 11, 0.474136),
            (200, 129, 0.585493),
            (255, 255, 0.488717),
        ],
    );
}

#[test]
fn original_table_matches_the_original_tool() {
    let p = gradient(RandomSource::OriginalTable, 1, 512, 6, 128);
    check(
        &p,
        &[(5, 250, 0.526685), (130, 77, 0.570987), (511, 3, 0.487169)],
    );
}

/// The fast kernel must agree with the literal loops for every function, fade, source
/// and displacement (odd sizes and non-power-of-two steps included).
#[test]
fn fast_kernel_matches_the_literal_loops() {
    let configs = [(64u32, 16u32, 5u32), (50, 12, 4), (33, 33, 6), (96, 24, 4)];
    let mut n = 0;
    for (ci, &(size, step, octaves)) in configs.iter().enumerate() {
        for (pi, proximity) in Proximity::ALL.into_iter().enumerate() {
            let p = NoiseParams {
                size,
                seed: 17 + pi as i32,
                octaves,
                initial_step: step,
                persistence: [0.0, 0.35, 0.5, 1.0][(pi + ci) % 4],
                displacement: Displacement::ALL[(pi + ci) % 3],
                proximity,
                fade: Fade::ALL[(pi + 2 * ci) % 4],
                random: RandomSource::ALL[(pi + ci) % RandomSource::ALL.len()],
                ..NoiseParams::default()
            };
            let fast = generate_simple(&p).unwrap();
            let slow = generate_reference(&p).unwrap();
            for (i, (a, b)) in fast.data().iter().zip(slow.data()).enumerate() {
                let tol = 1e-5 * (1.0 + b.abs());
                assert!(
                    (a - b).abs() <= tol,
                    "{p:?} at {i}: fast {a}, reference {b}"
                );
            }
            n += 1;
        }
    }
    assert_eq!(n, 112);
}
