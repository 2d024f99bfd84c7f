//! Times a layered preset at 2048 x 2048 on one thread, rendering as the app does: a
//! cold render, a render with every layer cached (so only compositing), a render after
//! the top layer's seed changes, and the same change to the top layer as a texture of
//! its own.
//! `cargo run --release --example layer_speed [preset.ron [threads]]` (one thread by
//! default).
use lattice_studio::engine::{BlendMode, Heightmap, JobControl, LayerCache, LayerStack, Region};
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
    let threads = std::env::args()
        .nth(2)
        .map_or(Ok(1), |t| t.parse::<usize>())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    pool.install(|| -> anyhow::Result<()> {
        // As the app's generation thread renders: into a map of the last render, with a
        // cache that keeps the composite below the top layer; one plain noise straight
        // through the kernels.
        let mut out = Heightmap::filled(SIZE, 0.0);
        let mut render = |cache: &mut LayerCache, s: &LayerStack| {
            let done = if s.is_single_noise() {
                s.generate_region_into(region, &control, &mut out)
            } else {
                cache.render_into(s, region, None, &control, &mut out)
            };
            std::hint::black_box(done.ok());
        };
        let mut cache = LayerCache::for_editing();
        let cold = best(|timed| match timed {
            false => cache = LayerCache::for_editing(),
            true => render(&mut cache, &stack),
        });
        // Compositing every layer: a one-use cache keeps no composite below the top.
        let mut plain = LayerCache::new();
        render(&mut plain, &stack);
        let cached = best(|timed| {
            if timed {
                render(&mut plain, &stack);
            }
        });
        // A slider on the top layer: its seed changes before every timed render.
        let mut slide = |cache: &mut LayerCache, s: &LayerStack, top: usize| {
            let mut changed = s.clone();
            let mut flip = 0;
            best(|timed| {
                if timed {
                    render(cache, &changed);
                    return;
                }
                render(cache, s);
                flip += 1;
                changed[top].noise.seed = s[top].noise.seed.wrapping_add(flip);
            })
        };
        let top_changed = slide(&mut cache, &stack, top);
        // The top layer as a texture of its own (no blend, mask or levels), edited alike.
        let mut own = stack[top].clone();
        own.blend = BlendMode::Normal;
        own.opacity = 1.0;
        own.mask = None;
        own.levels = Default::default();
        let alone_stack = LayerStack::from_layers(SIZE, tileable, vec![own])?;
        let alone = slide(&mut LayerCache::for_editing(), &alone_stack, 0);
        let px = f64::from(SIZE) * f64::from(SIZE);
        println!(
            "{} ({n} layers, {shown} composited), {SIZE}x{SIZE}, {threads} thread(s), best of {REPEAT}",
            path.display()
        );
        println!("cold render:           {cold:8.2} ms");
        println!(
            "all layers cached:     {cached:8.2} ms  ({:.3} ns per pixel per composited layer)",
            cached * 1e6 / px / shown as f64
        );
        println!("top layer changed:     {top_changed:8.2} ms");
        println!("top layer alone:       {alone:8.2} ms  (its seed changed likewise)");
        Ok(())
    })
}
