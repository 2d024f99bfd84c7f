//! `lattice-studio bench`: times the generator on a rayon pool of a chosen size.

use super::bench_designer::time_designer_edits;
use super::bench_layers::time_layer_edits;
use super::overrides::Overrides;
use super::render::resolve;
use super::stdout::outln;
use super::threads::parse_threads;
use crate::engine::NoiseParams;
use crate::engine::{
    HeightSlope, Heightmap, InstructionSet, JobControl, LayerCache, LayerStack, Proximity, Region,
    SlopeSampler,
};
use anyhow::{Context, bail};
use clap::Args;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Preset file (RON); without one the defaults apply.
    #[arg(value_name = "PRESET.ron")]
    pub preset: Option<PathBuf>,
    /// Worker threads (default: one per core; at most 8 per core).
    #[arg(long, value_name = "T", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Timed runs after the warm-up.
    #[arg(long, value_name = "R", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub repeat: u32,
    /// Sample the noises in this build of the kernels: portable, avx2 or avx512
    /// (default: the widest this CPU runs). The same pixels, at that build's speed.
    #[arg(long, value_name = "BUILD", value_parser = parse_build)]
    pub build: Option<InstructionSet>,
    /// Run every proximity function in turn, one summary line each.
    #[arg(long)]
    pub all_proximity: bool,
    /// Time only the designer's renders: the texture opened, the top layer's seed
    /// changed R times, then the bottom layer's; and the peak memory they took.
    #[arg(long, conflicts_with = "all_proximity")]
    pub designer: bool,
    /// Parameter flags that override the preset.
    #[command(flatten)]
    pub overrides: Overrides,
}

/// The timings of one configuration.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BenchSummary {
    /// Median wall time of the timed runs, in milliseconds.
    pub median_ms: f64,
    /// Median time per pixel per computed octave, in nanoseconds.
    pub ns_per_pixel_octave: f64,
}

impl std::fmt::Display for BenchSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "median_ms={:.3} ns_per_pixel_octave={:.4}",
            self.median_ms, self.ns_per_pixel_octave
        )
    }
}

/// The median (mean of the middle two for an even count); `None` when empty.
pub(crate) fn median(values: &[f64]) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

/// Pixel-octaves of one generation: every pixel times the octaves actually computed.
pub(crate) fn pixel_octaves(params: &NoiseParams) -> u64 {
    let side = u64::from(params.size);
    side * side * params.steps().count() as u64
}

/// Pixel-octaves of a stack: those of every layer's own noise (warp fields and masks
/// are counted in the time, not in the work, so a warped layer's figure includes them).
pub(crate) fn stack_pixel_octaves(stack: &LayerStack) -> u64 {
    (0..stack.len())
        .map(|i| pixel_octaves(&stack.texture_noise(&stack[i].noise)))
        .sum()
}

/// A build of the kernels by its name.
fn parse_build(s: &str) -> Result<InstructionSet, String> {
    let names = InstructionSet::ALL.map(InstructionSet::name);
    InstructionSet::ALL
        .into_iter()
        .find(|b| b.name() == s)
        .ok_or_else(|| format!("'{s}' is not a build of the kernels ({})", names.join(", ")))
}

/// Times `repeat` generations after a warm-up. `reuse`: into one map through one cache
/// whose heights are dropped between runs (each computes every layer again, in memory
/// it holds), as the app regenerates and as FastNoise2 writes into a caller's buffer;
/// otherwise into a fresh map with a fresh cache, as a one-shot render does.
fn time_one(
    stack: &LayerStack,
    (repeat, build): (u32, InstructionSet),
    reuse: bool,
    print_each: bool,
) -> anyhow::Result<BenchSummary> {
    let work = stack_pixel_octaves(stack).max(1);
    let control = JobControl::limited_to(build);
    let region = Region::full(stack.size());
    let mut hm = Heightmap::filled(stack.size(), 0.0);
    let mut cache = LayerCache::new();
    cache.render_into(stack, region, None, &control, &mut hm)?;
    let mut times = Vec::with_capacity(repeat as usize);
    for i in 1..=repeat {
        if reuse {
            cache.recycle();
        } else {
            hm = Heightmap::filled(1, 0.0);
        }
        let start = Instant::now();
        if reuse {
            cache.render_into(stack, region, None, &control, &mut hm)?;
        } else {
            hm = stack.generate_region(region, &control)?;
        }
        let ms = start.elapsed().as_secs_f64() * 1e3;
        // Keep the result observable so the work cannot be optimised away.
        std::hint::black_box(&hm);
        if print_each {
            outln!("run {i}: {ms:.3} ms")?;
        }
        times.push(ms);
    }
    let median_ms = median(&times).unwrap_or(0.0);
    Ok(BenchSummary {
        median_ms,
        ns_per_pixel_octave: median_ms * 1e6 / work as f64,
    })
}

/// Runs `bench`.
pub(super) fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let preset = resolve(args.preset.as_deref(), &args.overrides)?;
    let stack = &preset.layers;
    if stack_pixel_octaves(stack) == 0 {
        bail!("nothing to time: no octave has a step of at least 1 pixel (octaves is 0)");
    }
    // Always an explicit count: rayon's default would read RAYON_NUM_THREADS unchecked.
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")?;
    let p = &stack.texture_noise(preset.noise());
    // What runs: the build asked for, or the widest below it this CPU has.
    let widest = InstructionSet::widest();
    let build = args.build.map_or(widest, |b| b.min(widest));
    let timing = (args.repeat, build);
    if stack.len() > 1 || !stack.is_single_noise() {
        let warped = (0..stack.len())
            .filter(|&i| stack[i].active_warp().is_some())
            .count();
        outln!(
            "layers: {} ({warped} warped); times per pixel-octave of the layers' own noises",
            stack.len()
        )?;
    }
    outln!(
        "bench: {s}x{s}, {o} octaves computed, initial step {st}, {f}, {r}, {t} threads, {n} runs, \
         build {b}",
        s = p.size,
        o = p.steps().count(),
        st = p.initial_step,
        f = p.fade.id(),
        r = p.random.id(),
        t = pool.current_num_threads(),
        n = args.repeat,
        b = build.name(),
    )?;
    pool.install(|| {
        if args.designer {
            print_designer_edits(stack, args.repeat)?;
        } else if args.all_proximity {
            for proximity in Proximity::ALL {
                let mut stack = stack.clone();
                stack.bottom_mut().noise.proximity = proximity;
                let summary = time_one(&stack, timing, true, false)?;
                outln!("{} {summary}", proximity.id())?;
            }
        } else {
            match p.cellular {
                Some(c) => outln!("cellular: {}", c.spec())?,
                None => outln!("proximity: {}", p.proximity.id())?,
            }
            // Before the timings: their summary line stays the last one.
            print_droplet_cost(stack)?;
            print_exact_slope_cost(stack, timing)?;
            let fresh = time_one(stack, timing, false, false)?;
            outln!("fresh map each run: {fresh}")?;
            outln!("regenerating into the same map:")?;
            let summary = time_one(stack, timing, true, true)?;
            outln!("{summary}")?;
            print_erosion_cost(stack, timing, &summary)?;
            if stack.len() >= 2 {
                print_layer_edits(stack, args.repeat)?;
            }
        }
        Ok(())
    })
}

/// For a stack with erosion: times the same stack with every erosion's strength at 0
/// in the same run, and prints both and what the erosion costs per pixel.
fn print_erosion_cost(
    stack: &LayerStack,
    timing: (u32, InstructionSet),
    eroded: &BenchSummary,
) -> anyhow::Result<()> {
    if !(0..stack.len()).any(|i| stack[i].active_erosion().is_some()) {
        return Ok(());
    }
    let mut plain = stack.clone();
    for i in 0..plain.len() {
        plain[i].set_erosion_strength(0.0);
    }
    let uneroded = time_one(&plain, timing, true, false)?;
    let pixels = f64::from(stack.size()).powi(2);
    let per_pixel = |s: &BenchSummary| s.median_ms * 1e6 / pixels;
    outln!("without erosion (every strength 0): {uneroded}")?;
    outln!(
        "ns_per_pixel: eroded={:.2} uneroded={:.2} erosion={:.2}",
        per_pixel(eroded),
        per_pixel(&uneroded),
        per_pixel(eroded) - per_pixel(&uneroded)
    )?;
    Ok(())
}

/// For a stack with droplets: times its first render, which runs the simulations,
/// against the next, which finds them kept (as the timed runs below and the app's
/// renders after an edit above the simulated layer do), and prints both.
fn print_droplet_cost(stack: &LayerStack) -> anyhow::Result<()> {
    if !stack.layers().iter().any(|l| l.active_droplets().is_some()) {
        return Ok(());
    }
    let region = Region::full(stack.size());
    let control = JobControl::new();
    let mut ms = [0.0; 2];
    for m in &mut ms {
        let start = Instant::now();
        std::hint::black_box(stack.generate_region(region, &control)?);
        *m = start.elapsed().as_secs_f64() * 1e3;
    }
    outln!(
        "droplets: first render {:.1} ms (simulating), then {:.1} ms (the simulation kept)",
        ms[0],
        ms[1]
    )?;
    Ok(())
}

/// The side of the window [`print_exact_slope_cost`] times.
const EXACT_SLOPE_WINDOW: u32 = 512;
/// Rows per parallel band of that window, as a band of an export would draw them.
const SLOPE_BAND_ROWS: u32 = 16;

/// For a texture that is one noise: times its exact slopes at every pixel of a window,
/// rows in parallel, and prints the cost per pixel: with every octave (what
/// `SlopeSampler` gives a program), then with the octaves a normal map or the lit view
/// at full size takes (`LayerStack::resolved_slopes`: none finer than 4 px).
fn print_exact_slope_cost(stack: &LayerStack, timing: (u32, InstructionSet)) -> anyhow::Result<()> {
    let samplers = [
        ("every octave", stack.slope_sampler()?),
        ("a normal map's octaves", stack.resolved_slopes(1.0)?),
    ];
    for (what, sampler) in samplers {
        if let Some(sampler) = sampler {
            print_slope_cost(&sampler, stack.size(), what, timing)?;
        }
    }
    Ok(())
}

/// Times `sampler`'s slopes over a window of a `size` texture and prints them as `what`.
fn print_slope_cost(
    sampler: &SlopeSampler,
    size: u32,
    what: &str,
    (repeat, build): (u32, InstructionSet),
) -> anyhow::Result<()> {
    // A window, not the whole texture: at tens of nanoseconds a pixel, a 16384 bench
    // would spend most of its time here.
    let size = size.min(EXACT_SLOPE_WINDOW);
    let mut times = Vec::new();
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        let sum: f64 = (0..size.div_ceil(SLOPE_BAND_ROWS))
            .into_par_iter()
            .map(|band| {
                let y0 = band * SLOPE_BAND_ROWS;
                let rows = SLOPE_BAND_ROWS.min(size - y0) as usize;
                let mut window = vec![HeightSlope::default(); size as usize * rows];
                sampler.rows_limited_to((0, y0), size as usize, &mut window, build);
                window.iter().map(|s| f64::from(s.dx)).sum::<f64>()
            })
            .sum();
        times.push(start.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(sum);
    }
    let ms = median(&times).unwrap_or(0.0);
    outln!(
        "exact slopes, {what} ({} octaves; a {size}x{size} window): median_ms={ms:.3} \
         ns_per_pixel={:.2}",
        sampler.octave_count(),
        ms * 1e6 / f64::from(size).powi(2)
    )?;
    Ok(())
}

/// Times and prints the designer's renders of `stack` and the memory they took.
fn print_designer_edits(stack: &LayerStack, repeat: u32) -> anyhow::Result<()> {
    let times = time_designer_edits(stack, repeat)?;
    let size = stack.size();
    outln!(
        "designer at {size}x{size} ({} layers; the map on screen kept while the next renders):",
        stack.len()
    )?;
    outln!("opened: ms={:.1}", times.open)?;
    outln!(
        "top layer's seed changed: median_ms={:.1}",
        median(&times.top_edits).unwrap_or(0.0)
    )?;
    outln!("bottom layer's seed changed: ms={:.1}", times.bottom)?;
    match times.peak_bytes {
        Some(bytes) => outln!(
            "peak memory: {} MiB (resident, the whole process)",
            bytes >> 20
        )?,
        None => outln!("peak memory: not measured on this system")?,
    }
    Ok(())
}

/// Times and prints what the designer's re-renders of a stack of layers cost.
fn print_layer_edits(stack: &LayerStack, repeat: u32) -> anyhow::Result<()> {
    let times = time_layer_edits(stack, repeat)?;
    let [cached, edited, alone] =
        [&times.cached, &times.edited, &times.alone].map(|t| median(t).unwrap_or(0.0));
    let pixels = f64::from(stack.size()).powi(2);
    let composited = stack.layers().iter().filter(|l| l.enabled).count().max(1);
    outln!("as the designer re-renders (layers cached between renders):")?;
    outln!(
        "every layer cached (compositing only): median_ms={cached:.3} ns_per_pixel_layer={:.4}",
        cached * 1e6 / pixels / composited as f64
    )?;
    outln!("top layer's seed changed: median_ms={edited:.3}")?;
    outln!(
        "that layer alone, its seed changed: median_ms={alone:.3} (the edit costs {:.2}x)",
        edited / alone.max(1e-9)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn pixel_octaves_count_only_computed_octaves() {
        let p = NoiseParams {
            size: 64,
            initial_step: 8,
            octaves: 10,
            ..NoiseParams::default()
        };
        assert_eq!(pixel_octaves(&p), 64 * 64 * 4);
    }

    #[test]
    fn summary_line_format() {
        let s = BenchSummary {
            median_ms: 12.5,
            ns_per_pixel_octave: 0.25,
        };
        assert_eq!(s.to_string(), "median_ms=12.500 ns_per_pixel_octave=0.2500");
    }
}
