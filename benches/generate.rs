//! Generation speed of the lattice engine, with noise-rs Perlin fBm measured in the same
//! run as a peer. `cargo bench` prints criterion's figures, then a summary table with
//! ns per pixel-octave and the speed ratio to noise-rs.
//!
//! `LATTICE_BENCH_SIZE` (default 2048) and `LATTICE_BENCH_QUICK=1` (fewer samples) adjust it.

use criterion::{Criterion, criterion_group};
use lattice_studio::engine::generate_simple;
use lattice_studio::{Fade, NoiseParams, Proximity, RandomSource};
use noise::{Fbm, MultiFractal, NoiseFn, Perlin};
use rayon::prelude::*;
use std::hint::black_box;
use std::time::{Duration, Instant};

const OCTAVES: u32 = 8;

fn size() -> u32 {
    std::env::var("LATTICE_BENCH_SIZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2048)
}

fn params(proximity: Proximity, random: RandomSource) -> NoiseParams {
    let size = size();
    NoiseParams {
        size,
        octaves: OCTAVES,
        initial_step: size / 8,
        proximity,
        fade: Fade::Hermite,
        random,
        ..NoiseParams::default()
    }
}

/// noise-rs Perlin fBm over the same pixel grid, rows in parallel like ours.
fn noise_rs(size: u32) -> Vec<f32> {
    let fbm: Fbm<Perlin> = Fbm::new(0).set_octaves(OCTAVES as usize);
    let mut out = vec![0.0f32; (size * size) as usize];
    let freq = 8.0 / f64::from(size);
    out.par_chunks_mut(size as usize)
        .enumerate()
        .for_each(|(y, row)| {
            for (x, v) in row.iter_mut().enumerate() {
                *v = fbm.get([x as f64 * freq, y as f64 * freq]) as f32;
            }
        });
    out
}

fn pool(threads: usize) -> rayon::ThreadPool {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => panic!("cannot build a {threads}-thread pool: {e}"),
    }
}

fn median_time(reps: usize, mut f: impl FnMut()) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn bench(c: &mut Criterion) {
    let quick = std::env::var("LATTICE_BENCH_QUICK").is_ok();
    let mut g = c.benchmark_group("generate");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(if quick { 2 } else { 6 }));
    for threads in [1usize, 2] {
        let pool = pool(threads);
        let p = params(Proximity::Gradient, RandomSource::OriginalTable);
        g.bench_function(format!("lattice gradient/hermite t{threads}"), |b| {
            pool.install(|| b.iter(|| black_box(generate_simple(&p))))
        });
        g.bench_function(format!("noise-rs perlin fbm t{threads}"), |b| {
            pool.install(|| b.iter(|| black_box(noise_rs(size()))))
        });
    }
    g.finish();

    // A plain summary in the units the issue asks for, with the peer in the same run.
    let size = size();
    let reps = if quick { 3 } else { 5 };
    let pixel_octaves = f64::from(size) * f64::from(size) * f64::from(OCTAVES);
    let ns = |d: Duration| d.as_secs_f64() * 1e9 / pixel_octaves;
    println!("\nsummary: {size}x{size} x {OCTAVES} octaves, median of {reps}, ns per pixel-octave");
    for threads in [1usize, 2] {
        let pool = pool(threads);
        let peer = pool.install(|| median_time(reps, || drop(black_box(noise_rs(size)))));
        println!("  t{threads} noise-rs perlin fbm: {:.3} ns", ns(peer));
        for random in RandomSource::ALL {
            for proximity in Proximity::ALL {
                if random != RandomSource::OriginalTable && proximity != Proximity::Gradient {
                    continue;
                }
                let p = params(proximity, random);
                let d = pool.install(|| median_time(reps, || drop(black_box(generate_simple(&p)))));
                println!(
                    "  t{threads} {:<32} {:<15} {:.3} ns  ({:.1}x faster than noise-rs)",
                    proximity.id(),
                    random.id(),
                    ns(d),
                    peer.as_secs_f64() / d.as_secs_f64()
                );
            }
        }
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
