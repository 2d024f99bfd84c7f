//! The generation thread: parameters in, heightmap and preview image out. The UI thread
//! only submits jobs and receives results; a new job cancels the one running.

use super::command::Command;
use super::display_image::display_image;
use super::recycler::Recycler;
use super::render_result::RenderResult;
use super::view_settings::DisplayMode;
use crate::{
    engine::{HeightStats, Heightmap, JobControl, LayerCache, LayerStack, Region},
    files::Error,
    pixels::{OutputParams, TextureStats},
};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// Sizes above this get a quick reduced-resolution render first.
const PREVIEW_THRESHOLD: u32 = 512;
/// Side of that quick render.
const PREVIEW_SIZE: u32 = 256;

/// What to render.
#[derive(Clone, Debug)]
pub struct RenderJob {
    /// Increasing job number (results of older jobs are ignored).
    pub id: u64,
    /// The layers to composite.
    pub layers: LayerStack,
    /// Show this layer alone (levelled) instead of the composite.
    pub solo: Option<usize>,
    /// How to map heights to pixels.
    pub output: OutputParams,
    /// What the screen image shows (grey, semi-transparent, coloured or lit).
    pub mode: DisplayMode,
    /// Largest texture side the GPU accepts; bigger textures are shown subsampled.
    pub max_texture_side: usize,
}

/// Handle to the generation thread.
pub struct Worker {
    jobs: Sender<(RenderJob, Arc<JobControl>)>,
    current: Option<Arc<JobControl>>,
    next_id: u64,
}

impl Worker {
    /// Starts the thread; results arrive as [`Command::Rendered`] on `results`.
    pub fn spawn(ctx: egui::Context, results: Sender<Command>) -> Self {
        let (jobs, rx) = channel();
        let errors = results.clone();
        let spawned = std::thread::Builder::new()
            .name("lattice-worker".into())
            .spawn(move || run(&rx, &results, &ctx));
        if let Err(e) = spawned {
            // Without a worker nothing renders; say so instead of silently showing nothing.
            let _ = errors.send(Command::Error(format!(
                "cannot start the generation thread: {e}"
            )));
        }
        Self {
            jobs,
            current: None,
            next_id: 1,
        }
    }

    /// Cancels the running job and queues a new one; returns its id.
    pub fn submit(&mut self, mut job: RenderJob) -> u64 {
        if let Some(c) = self.current.take() {
            c.cancel();
        }
        job.id = self.next_id;
        self.next_id += 1;
        let control = Arc::new(JobControl::new());
        self.current = Some(Arc::clone(&control));
        let id = job.id;
        // If the thread is gone the job simply never finishes; the status bar shows it.
        let _ = self.jobs.send((job, control));
        id
    }

    /// Progress of the running job, 0..=1.
    pub fn progress(&self) -> f32 {
        self.current.as_ref().map_or(0.0, |c| c.progress())
    }
}

/// The cached heightmap of the last full render, so output-only changes skip generation.
struct Cache {
    layers: LayerStack,
    solo: Option<usize>,
    heightmap: Arc<Heightmap>,
    stats: HeightStats,
    elapsed: Duration,
}

fn run(
    rx: &Receiver<(RenderJob, Arc<JobControl>)>,
    results: &Sender<Command>,
    ctx: &egui::Context,
) {
    let mut cache: Option<Cache> = None;
    let mut recycler = Recycler::default();
    // Per-layer heights of the last full-size and preview renders: a change to one
    // layer recomputes only it and the layers that read it.
    let mut layers = (LayerCache::new(), LayerCache::new());
    while let Ok(mut next) = rx.recv() {
        // Only the newest queued job matters.
        while let Ok(newer) = rx.try_recv() {
            next = newer;
        }
        let (job, control) = next;
        let send = |cmd: Command| {
            let _ = results.send(cmd);
            ctx.request_repaint();
        };
        // A bug in one render must not take the worker (and every later render) down.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            render(
                &job,
                &control,
                &mut cache,
                &mut layers,
                &mut recycler,
                &send,
            );
        }));
        if outcome.is_err() {
            cache = None;
            layers = (LayerCache::new(), LayerCache::new());
            send(Command::RenderFailed(
                "internal error while rendering these parameters (please report it)".into(),
            ));
        }
    }
}

/// Renders one job: from the cache, or a quick preview then the full size.
fn render(
    job: &RenderJob,
    control: &JobControl,
    cache: &mut Option<Cache>,
    (full_cache, preview_cache): &mut (LayerCache, LayerCache),
    recycler: &mut Recycler,
    send: &dyn Fn(Command),
) {
    if let Some(c) = cache
        .as_ref()
        .filter(|c| c.layers == job.layers && c.solo == job.solo)
    {
        let hm = Arc::clone(&c.heightmap);
        let result = finish(job, &c.layers, false, hm, c.stats, c.elapsed);
        send(Command::Rendered(Box::new(result)));
        return;
    }
    if job.layers.size() > PREVIEW_THRESHOLD {
        let small = job.layers.resized(PREVIEW_SIZE);
        match generate(&small, job.solo, control, preview_cache, None) {
            Ok((hm, elapsed)) => {
                let stats = hm.stats();
                let result = finish(job, &small, true, Arc::new(hm), stats, elapsed);
                send(Command::Rendered(Box::new(result)));
            }
            Err(Error::Cancelled) => return,
            Err(e) => return send(Command::RenderFailed(e.to_string())),
        }
    }
    match generate(&job.layers, job.solo, control, full_cache, recycler.take()) {
        Ok((hm, elapsed)) => {
            let stats = hm.stats();
            let hm = Arc::new(hm);
            let old = cache.replace(Cache {
                layers: job.layers.clone(),
                solo: job.solo,
                heightmap: Arc::clone(&hm),
                stats,
                elapsed,
            });
            if let Some(old) = old {
                recycler.retire(old.heightmap);
            }
            let result = finish(job, &job.layers, false, hm, stats, elapsed);
            send(Command::Rendered(Box::new(result)));
        }
        Err(Error::Cancelled) => {}
        Err(e) => send(Command::RenderFailed(e.to_string())),
    }
}

/// Generates the composite of `layers` (or layer `solo` alone). A single noise goes
/// straight through the kernels, into `spare`'s memory when there is one; a stack goes
/// through `cache`, which keeps each layer's heights for the next render.
fn generate(
    layers: &LayerStack,
    solo: Option<usize>,
    control: &JobControl,
    cache: &mut LayerCache,
    spare: Option<Heightmap>,
) -> crate::files::Result<(Heightmap, Duration)> {
    let start = Instant::now();
    let region = Region::full(layers.size());
    let hm = if layers.is_single_noise() && solo.is_none() {
        let mut hm = spare.unwrap_or_else(|| Heightmap::filled(layers.size(), 0.0));
        layers.generate_region_into(region, control, &mut hm)?;
        hm
    } else {
        cache.render(layers, region, solo, control)?
    };
    Ok((hm, start.elapsed()))
}

fn finish(
    job: &RenderJob,
    layers: &LayerStack,
    is_preview: bool,
    heightmap: Arc<Heightmap>,
    stats: HeightStats,
    elapsed: Duration,
) -> RenderResult {
    let image = display_image(
        &heightmap,
        &stats,
        &job.output,
        job.mode,
        layers.tileable(),
        job.max_texture_side,
    );
    let texture_stats = TextureStats::new(&heightmap, &job.output);
    RenderResult {
        job_id: job.id,
        layers: layers.clone(),
        is_preview,
        heightmap,
        stats,
        texture_stats,
        image,
        elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::NoiseParams;

    fn job(noise: NoiseParams) -> RenderJob {
        RenderJob {
            id: 0,
            layers: LayerStack::single(noise),
            solo: None,
            output: OutputParams::default(),
            mode: DisplayMode::Grey,
            max_texture_side: 4096,
        }
    }

    fn next_render(rx: &Receiver<Command>) -> Box<RenderResult> {
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(Command::Rendered(r)) => r,
            other => panic!("expected a render, got {other:?}"),
        }
    }

    /// Later renders write into the memory of earlier ones (of other sizes too); the
    /// pixels must be exactly those of a fresh generation.
    #[test]
    fn renders_into_recycled_maps_match_fresh_ones() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(egui::Context::default(), tx);
        for (seed, size) in [(1, 96), (2, 128), (3, 64), (4, 128), (5, 100)] {
            let noise = NoiseParams {
                size,
                seed,
                initial_step: 16,
                ..NoiseParams::default()
            };
            worker.submit(job(noise.clone()));
            let result = next_render(&rx);
            let fresh = crate::engine::generate(&noise, &JobControl::new()).unwrap();
            assert_eq!(*result.heightmap, fresh, "seed {seed}");
        }
    }

    #[test]
    fn large_jobs_show_a_preview_then_the_full_render() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(egui::Context::default(), tx);
        let noise = NoiseParams {
            size: 1024,
            initial_step: 256,
            ..NoiseParams::default()
        };
        let id = worker.submit(job(noise.clone()));
        let first = next_render(&rx);
        assert!(first.is_preview && first.job_id == id);
        assert_eq!(first.layers.size(), PREVIEW_SIZE);
        let full = next_render(&rx);
        assert!(!full.is_preview);
        assert_eq!(full.layers, LayerStack::single(noise.clone()));
        assert_eq!(full.image.size, [1024, 1024]);
        // An output-only change reuses the heightmap.
        let mut again = job(noise);
        again.output.contrast = 2.0;
        worker.submit(again);
        let cached = next_render(&rx);
        assert!(Arc::ptr_eq(&cached.heightmap, &full.heightmap));
        assert_ne!(cached.image.pixels, full.image.pixels);
    }

    #[test]
    fn a_new_job_supersedes_the_running_one() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(egui::Context::default(), tx);
        let base = NoiseParams {
            size: 256,
            initial_step: 64,
            ..NoiseParams::default()
        };
        let ids: Vec<u64> = (0..5)
            .map(|seed| {
                worker.submit(job(NoiseParams {
                    seed,
                    ..base.clone()
                }))
            })
            .collect();
        // Whatever older jobs still finish, the last render is the newest job's.
        let last = loop {
            let r = next_render(&rx);
            if r.job_id == ids[4] {
                break r;
            }
            assert!(r.job_id < ids[4]);
        };
        assert_eq!(last.layers[0].noise.seed, 4);
        assert!(rx.try_recv().is_err());
    }
}
