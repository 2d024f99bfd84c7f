//! The generation thread: parameters in, heightmap and preview image out. The UI thread
//! only submits jobs and receives results; a new job cancels the one running.

use super::command::Command;
use super::display_image::{display_image, lit_slopes};
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
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RenderJob {
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
    /// Side of the screen image: about what the preview shows of the texture on screen
    /// (capped by the GPU's limit); bigger textures are shown reduced.
    pub max_texture_side: usize,
    /// Compute the histograms and clip counts of a full render (they follow its image).
    pub statistics: bool,
}

/// Handle to the generation thread.
pub(crate) struct Worker {
    jobs: Sender<(RenderJob, Arc<JobControl>)>,
    current: Option<Arc<JobControl>>,
    next_id: u64,
}

impl Worker {
    /// Starts the thread; results arrive as [`Command::Rendered`] on `results`.
    pub(crate) fn spawn(ctx: egui::Context, results: Sender<Command>) -> Self {
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
    pub(crate) fn submit(&mut self, mut job: RenderJob) -> u64 {
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
    pub(crate) fn progress(&self) -> f32 {
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
    let mut layers = (LayerCache::for_editing(), LayerCache::for_editing());
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
            layers = (LayerCache::for_editing(), LayerCache::for_editing());
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
        let done = Generated {
            layers: c.layers.clone(),
            heightmap: hm,
            stats: c.stats,
            elapsed: c.elapsed,
            from_cache: true,
            finished: Instant::now(),
        };
        deliver(job, control, done, false, send);
        return;
    }
    if job.layers.size() > PREVIEW_THRESHOLD {
        let small = job.layers.resized(PREVIEW_SIZE);
        match generate(&small, job.solo, control, preview_cache, None) {
            Ok((hm, elapsed)) => {
                let finished = Instant::now();
                let stats = hm.stats();
                let done = Generated {
                    layers: small,
                    heightmap: Arc::new(hm),
                    stats,
                    elapsed,
                    from_cache: false,
                    finished,
                };
                deliver(job, control, done, true, send);
            }
            Err(Error::Cancelled) => return,
            Err(e) => return send(Command::RenderFailed(e.to_string())),
        }
    }
    let spare = recycler.take(Region::full(job.layers.size()).pixels());
    match generate(&job.layers, job.solo, control, full_cache, spare) {
        Ok((hm, elapsed)) => {
            let finished = Instant::now();
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
            let done = Generated {
                layers: job.layers.clone(),
                heightmap: hm,
                stats,
                elapsed,
                from_cache: false,
                finished,
            };
            deliver(job, control, done, false, send);
        }
        Err(Error::Cancelled) => {}
        Err(e) => send(Command::RenderFailed(e.to_string())),
    }
}

/// Generates the composite of `layers` (or layer `solo` alone) through `cache`, into
/// `spare`'s memory when there is one. The cache keeps each layer's heights (and the
/// composite below the top layer) for the next render; a single noise goes straight
/// through the kernels.
fn generate(
    layers: &LayerStack,
    solo: Option<usize>,
    control: &JobControl,
    cache: &mut LayerCache,
    spare: Option<Heightmap>,
) -> crate::files::Result<(Heightmap, Duration)> {
    let start = Instant::now();
    let region = Region::full(layers.size());
    let mut hm = spare.unwrap_or_else(|| Heightmap::filled(layers.size(), 0.0));
    cache.render_into(layers, region, solo, control, &mut hm)?;
    Ok((hm, start.elapsed()))
}

/// A heightmap ready to be shown.
struct Generated {
    layers: LayerStack,
    heightmap: Arc<Heightmap>,
    stats: HeightStats,
    elapsed: Duration,
    from_cache: bool,
    /// When generation ended (the display mapping is timed from here).
    finished: Instant,
}

/// Maps `done` to the screen image and sends it; a full render's statistics follow in
/// a second message, so they never delay the image. Stops as soon as the job is
/// cancelled (a newer one waits).
fn deliver(
    job: &RenderJob,
    control: &JobControl,
    done: Generated,
    is_preview: bool,
    send: &dyn Fn(Command),
) {
    let slopes = match lit_slopes(&done.layers, &job.output, job.mode, job.max_texture_side) {
        Ok(slopes) => slopes,
        Err(e) => return send(Command::RenderFailed(e.to_string())),
    };
    let Some(image) = display_image(
        &done.heightmap,
        &done.stats,
        &job.output,
        job.mode,
        (done.layers.tileable(), slopes.as_ref()),
        job.max_texture_side,
        control,
    ) else {
        return;
    };
    let mapping = done.finished.elapsed();
    // A preview is small: its statistics cost nothing and come with it.
    let texture_stats = is_preview.then(|| TextureStats::new(&done.heightmap, &job.output));
    let heightmap = Arc::clone(&done.heightmap);
    send(Command::Rendered(Box::new(RenderResult {
        job_id: job.id,
        layers: done.layers,
        is_preview,
        heightmap: done.heightmap,
        stats: done.stats,
        texture_stats,
        image,
        elapsed: done.elapsed,
        from_cache: done.from_cache,
        mapping,
    })));
    if !is_preview
        && job.statistics
        && let Some(stats) =
            TextureStats::with_heights(&heightmap, done.stats, &job.output, control)
    {
        send(Command::StatsReady(job.id, Box::new(stats)));
    }
}

#[cfg(test)]
#[path = "worker_tests.rs"]
mod tests;
