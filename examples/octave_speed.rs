//! Per-step timing of single octaves, to see which inner loop dominates.
//! `cargo run --release --example octave_speed [proximity-id]`
use lattice_studio::engine::generate_simple;
use lattice_studio::{NoiseParams, Proximity, RandomSource};
use std::time::Instant;

fn main() {
    let prox = std::env::args()
        .nth(1)
        .and_then(|id| Proximity::from_id(&id))
        .unwrap_or(Proximity::Gradient);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    for random in RandomSource::ALL {
        for step in [1u32, 2, 4, 8, 16, 64, 256] {
            let p = NoiseParams {
                size: 2048,
                octaves: 1,
                initial_step: step,
                proximity: prox,
                random,
                ..NoiseParams::default()
            };
            let mut best = f64::MAX;
            pool.install(|| {
                for _ in 0..5 {
                    let t = Instant::now();
                    std::hint::black_box(generate_simple(&p).ok());
                    best = best.min(t.elapsed().as_secs_f64());
                }
            });
            println!(
                "{:<15} step {step:>4}: {:.3} ns/px",
                random.id(),
                best * 1e9 / (2048.0 * 2048.0)
            );
        }
    }
}
