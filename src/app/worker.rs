//! The generation thread: parameters in, heightmap and preview image out. The UI thread
//! only submits jobs and receives results; a new job cancels the one running.

use super::command::Command;
use super::display_image::display_image;
use super::recycler::Recycler;
use super::render_result::RenderResult;
use super::view_settings::DisplayMode;
use crate::{
    engine::{HeightStats, Heightmap, JobControl, NoiseParams},
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
pub struct RenderJob {
    /// Increasing job number (results of older jobs are ignored).
    pub id: u64,
    /// The noise to generate.
    pub noise: NoiseParams,
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
    noise: NoiseParams,
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
            render(&job, &control, &mut cache, &mut recycler, &send);
        }));
        if outcome.is_err() {
            cache = None;
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
    recycler: &mut Recycler,
    send: &dyn Fn(Command),
) {
    if let Some(c) = cache.as_ref().filter(|c| c.noise == job.noise) {
        let hm = Arc::clone(&c.heightmap);
        let done = Generated {
            noise: c.noise.clone(),
            heightmap: hm,
            stats: c.stats,
            elapsed: c.elapsed,
            from_cache: true,
            finished: Instant::now(),
        };
        deliver(job, control, done, false, send);
        return;
    }
    if job.noise.size > PREVIEW_THRESHOLD {
        let small = job.noise.resized(PREVIEW_SIZE);
        match generate(&small, control, None) {
            Ok((hm, elapsed)) => {
                let finished = Instant::now();
                let stats = hm.stats();
                let done = Generated {
                    noise: small,
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
    match generate(&job.noise, control, recycler.take()) {
        Ok((hm, elapsed)) => {
            let finished = Instant::now();
            let stats = hm.stats();
            let hm = Arc::new(hm);
            let old = cache.replace(Cache {
                noise: job.noise.clone(),
                heightmap: Arc::clone(&hm),
                stats,
                elapsed,
            });
            if let Some(old) = old {
                recycler.retire(old.heightmap);
            }
            let done = Generated {
                noise: job.noise.clone(),
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

/// Generates `noise`, into `spare`'s memory when there is one.
fn generate(
    noise: &NoiseParams,
    control: &JobControl,
    spare: Option<Heightmap>,
) -> crate::files::Result<(Heightmap, Duration)> {
    let start = Instant::now();
    let hm = match spare {
        Some(mut hm) => {
            crate::engine::generate_into(noise, control, &mut hm)?;
            hm
        }
        None => crate::engine::generate(noise, control)?,
    };
    Ok((hm, start.elapsed()))
}

/// A heightmap ready to be shown.
struct Generated {
    noise: NoiseParams,
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
    let Some(image) = display_image(
        &done.heightmap,
        &done.stats,
        &job.output,
        job.mode,
        done.noise.tileable,
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
        noise: done.noise,
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
mod tests {
    use super::*;

    fn job(noise: NoiseParams) -> RenderJob {
        RenderJob {
            id: 0,
            noise,
            output: OutputParams::default(),
            mode: DisplayMode::Grey,
            max_texture_side: 4096,
            statistics: true,
        }
    }

    /// The next render, skipping the statistics that follow full renders.
    fn next_render(rx: &Receiver<Command>) -> Box<RenderResult> {
        loop {
            match rx.recv_timeout(Duration::from_secs(120)) {
                Ok(Command::Rendered(r)) => return r,
                Ok(Command::StatsReady(..)) => {}
                other => panic!("expected a render, got {other:?}"),
            }
        }
    }

    /// A texture larger than the screen needs is shown reduced, and its statistics
    /// (of the whole texture) follow the image in their own message.
    #[test]
    fn the_screen_image_is_reduced_and_statistics_follow_it() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(egui::Context::default(), tx);
        let noise = NoiseParams {
            size: 1024,
            initial_step: 256,
            ..NoiseParams::default()
        };
        let mut j = job(noise.clone());
        j.max_texture_side = 256;
        let id = worker.submit(j);
        let full = loop {
            let r = next_render(&rx);
            if !r.is_preview {
                break r;
            }
        };
        assert_eq!(full.image.size, [256, 256]);
        assert!(
            full.texture_stats.is_none(),
            "statistics come after the image"
        );
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(Command::StatsReady(job_id, stats)) => {
                assert_eq!(job_id, id);
                assert_eq!(stats.pixels, 1024 * 1024);
                assert_eq!(stats.heights, full.heightmap.stats());
            }
            other => panic!("expected the statistics, got {other:?}"),
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
        assert_eq!(first.noise.size, PREVIEW_SIZE);
        let full = next_render(&rx);
        assert!(!full.is_preview);
        assert_eq!(full.noise, noise);
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
        assert_eq!(last.noise.seed, 4);
        // Only the newest job's statistics follow.
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(Command::StatsReady(id, _)) => assert_eq!(id, ids[4]),
            other => panic!("expected the statistics, got {other:?}"),
        }
        assert!(rx.try_recv().is_err());
    }
}
