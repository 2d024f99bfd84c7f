//! How fast the designer shows large textures: the real app driven headless (egui_kittest,
//! no GPU, so the texture upload is not included; the status bar of the real window
//! shows the full figure).
//!
//! ```sh
//! cargo run --release --example preview_latency -- 8192
//! ```
//!
//! Prints, for a texture of the given size (default 8192): the time from a change (a new
//! seed) to the full image reaching the UI thread, and during a simulated drag (a change
//! every 16 ms for three seconds) how often a fresh image arrived.

use egui_kittest::Harness;
use lattice_studio::Preset;
use lattice_studio::app::{Command, LatticeApp, ScriptedPicker};
use std::time::{Duration, Instant};

fn step(h: &mut Harness<'_, LatticeApp>) {
    h.step();
    std::thread::sleep(Duration::from_millis(1));
}

fn main() {
    let size: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8192);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 820.0))
        .build_eframe(|cc| LatticeApp::new(cc, None, Box::new(ScriptedPicker::default())));
    let mut preset = Preset::default();
    preset.layers = preset.layers.resized(size);
    let settle = |h: &mut Harness<'_, LatticeApp>| {
        while !h.state().is_up_to_date() {
            step(h);
        }
    };
    h.state().push(Command::SetParams(Box::new(preset.clone())));
    step(&mut h);
    settle(&mut h);

    let mut finals = Vec::new();
    for seed in 1..=5 {
        preset.noise_mut().seed = seed;
        h.state().push(Command::SetParams(Box::new(preset.clone())));
        let start = Instant::now();
        step(&mut h);
        settle(&mut h);
        finals.push(start.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let list: Vec<String> = finals.iter().map(|d| format!("{:.0}", ms(*d))).collect();
    println!(
        "{size} px: change -> full image on the UI thread: {} ms",
        list.join(", ")
    );

    // A drag: a new seed every 16 ms; note when a newer image arrives.
    let mut arrivals = Vec::new();
    let mut last_seen = h.state().state().renders_received;
    let start = Instant::now();
    let mut next_change = start;
    let mut seed = 100;
    while start.elapsed() < Duration::from_secs(3) {
        if Instant::now() >= next_change {
            seed += 1;
            preset.noise_mut().seed = seed;
            h.state().push(Command::SetParams(Box::new(preset.clone())));
            next_change += Duration::from_millis(16);
        }
        step(&mut h);
        let seen = h.state().state().renders_received;
        if seen != last_seen {
            last_seen = seen;
            arrivals.push(start.elapsed());
        }
    }
    let gaps: Vec<f64> = arrivals.windows(2).map(|w| ms(w[1] - w[0])).collect();
    let worst = gaps.iter().copied().fold(0.0, f64::max);
    let first = arrivals.first().map_or(f64::NAN, |d| ms(*d));
    println!(
        "{size} px drag, 3 s: {} images, first after {first:.0} ms, mean gap {:.0} ms, worst gap {worst:.0} ms",
        arrivals.len(),
        gaps.iter().sum::<f64>() / gaps.len().max(1) as f64
    );
}
