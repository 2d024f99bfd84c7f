//! Times a layered preset at 2048 x 2048 on one thread: a cold render, a render with
//! every layer cached (so only compositing), a render after the top layer's seed
//! changes, and the top layer alone.
//! `cargo run --release --example layer_speed [preset.ron]`
use lattice_studio::engine::{JobControl, LayerCache, Region};
use lattice_studio::files::Preset;
use std::path::PathBuf;
use std::time::Instant;

const SIZE: u32 = 2048;
const REPEAT: usize = 5;

/// The fastest of `REPEAT` timed `step(true)`, in milliseconds, each after an untimed
/// `step(false)` that prepares it.
fn best(mut step: impl FnMut(bool)) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..REPEAT {
        step(false);
        let t = Instant::now();
        step(true);
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    best
}

fn main() -> anyhow::Result<()> {
    let path = std::env::args().nth(1).map_or_else(
        || PathBuf::from("presets/layered-terrain.ron"),
        PathBuf::from,
    );
    let mut stack = Preset::load(&path)?.layers;
    let tileable = stack.tileable();
    stack.set_texture(SIZE, tileable);
    let (n, top) = (stack.len(), stack.len() - 1);
    let shown = stack.layers().iter().filter(|l| l.enabled).count();
    let region = Region::full(SIZE);
    let control = JobControl::new();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    pool.install(|| -> anyhow::Result<()> {
        let mut cache = LayerCache::new();
        let render = |cache: &mut LayerCache, s: &_, solo| {
            std::hint::black_box(cache.render(s, region, solo, &control).ok());
        };
        let cold = best(|timed| match timed {
            false => cache = LayerCache::new(),
            true => render(&mut cache, &stack, None),
        });
        let cached = best(|timed| {
            if timed {
                render(&mut cache, &stack, None);
            }
        });
        let mut changed = stack.clone();
        let mut flip = 0;
        let top_changed = best(|timed| {
            if timed {
                render(&mut cache, &changed, None);
                return;
            }
            render(&mut cache, &stack, None);
            flip += 1;
            changed[top].noise.seed = stack[top].noise.seed.wrapping_add(flip);
        });
        let alone = best(|timed| match timed {
            false => cache = LayerCache::new(),
            true => render(&mut cache, &stack, Some(top)),
        });
        let px = f64::from(SIZE) * f64::from(SIZE);
        println!(
            "{} ({n} layers, {shown} composited), {SIZE}x{SIZE}, 1 thread, best of {REPEAT}",
            path.display()
        );
        println!("cold render:           {cold:8.2} ms");
        println!(
            "all layers cached:     {cached:8.2} ms  ({:.3} ns per pixel per composited layer)",
            cached * 1e6 / px / shown as f64
        );
        println!("top layer changed:     {top_changed:8.2} ms");
        println!("top layer alone:       {alone:8.2} ms");
        Ok(())
    })
}
