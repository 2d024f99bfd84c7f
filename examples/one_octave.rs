//! One generation of one octave, for instruction counting under callgrind.
//! `one_octave STEP [proximity-id] [random-id] [size]`
use lattice_studio::engine::generate_simple;
use lattice_studio::{NoiseParams, Proximity, RandomSource};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let step = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(256);
    let proximity = a
        .get(2)
        .and_then(|s| Proximity::from_id(s))
        .unwrap_or_default();
    let random = a
        .get(3)
        .and_then(|s| RandomSource::from_id(s))
        .unwrap_or_default();
    let size = a.get(4).and_then(|s| s.parse().ok()).unwrap_or(1024);
    let p = NoiseParams {
        size,
        octaves: 1,
        initial_step: step,
        proximity,
        random,
        ..NoiseParams::default()
    };
    let h = generate_simple(&p).ok();
    println!("{:?}", h.map(|h| h.get(1, 1)));
}
