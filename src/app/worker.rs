//! The generation thread: parameters in, heightmap and preview image out. The UI thread
//! only submits jobs and receives results; a new job cancels the one running.

use super::command::Command;
use super::view_settings::DisplayMode;
use crate::render::{ToneMap, to_u8};
use crate::{Error, HeightStats, Heightmap, JobControl, NoiseParams, OutputParams, TextureStats};
use rayon::prelude::*;
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
    /// The noise to generate.
    pub noise: NoiseParams,
    /// How to map heights to pixels.
    pub output: OutputParams,
    /// What the screen image shows (grey, semi-transparent, coloured or lit).
    pub mode: DisplayMode,
    /// Largest texture side the GPU accepts; bigger textures are shown subsampled.
    pub max_texture_side: usize,
}

/// A finished render.
#[derive(Debug)]
pub struct RenderResult {
    /// The job this answers.
    pub job_id: u64,
    /// The parameters actually generated (a reduced size for a quick preview).
    pub noise: NoiseParams,
    /// Whether this is the reduced-resolution preview of a larger job.
    pub is_preview: bool,
    /// The heightmap.
    pub heightmap: Arc<Heightmap>,
    /// Its statistics.
    pub stats: HeightStats,
    /// Histograms and clipping of this render under the job's output mapping.
    pub texture_stats: TextureStats,
    /// The display image (subsampled when the texture is larger than the GPU allows).
    pub image: egui::ColorImage,
    /// Generation time of the heightmap (also when it came from the cache).
    pub elapsed: Duration,
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

/// Heightmaps of earlier full renders, kept so a later render can write into one once
/// the UI no longer shows it: regenerating on every slider move then skips allocating
/// and zeroing a fresh map (as costly as an octave at 2048 x 2048).
#[derive(Default)]
struct Recycler {
    retired: Vec<Arc<Heightmap>>,
}

impl Recycler {
    /// Maps kept at most: the one shown, the one being replaced, one spare.
    const KEEP: usize = 3;
    /// Larger maps are freed, not kept (16384^2 would pin a gigabyte per map).
    const MAX_PIXELS: usize = 4096 * 4096;

    fn retire(&mut self, heightmap: Arc<Heightmap>) {
        if heightmap.data().len() > Self::MAX_PIXELS {
            return;
        }
        self.retired.push(heightmap);
        if self.retired.len() > Self::KEEP {
            self.retired.remove(0);
        }
    }

    /// A retired map nothing else holds any more.
    fn take(&mut self) -> Option<Heightmap> {
        let i = self
            .retired
            .iter()
            .position(|h| Arc::strong_count(h) == 1)?;
        Arc::try_unwrap(self.retired.swap_remove(i)).ok()
    }
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
        let result = finish(job, &c.noise, false, hm, c.stats, c.elapsed);
        send(Command::Rendered(Box::new(result)));
        return;
    }
    if job.noise.size > PREVIEW_THRESHOLD {
        let small = job.noise.resized(PREVIEW_SIZE);
        match generate(&small, control, None) {
            Ok((hm, elapsed)) => {
                let stats = hm.stats();
                let result = finish(job, &small, true, Arc::new(hm), stats, elapsed);
                send(Command::Rendered(Box::new(result)));
            }
            Err(Error::Cancelled) => return,
            Err(e) => return send(Command::RenderFailed(e.to_string())),
        }
    }
    match generate(&job.noise, control, recycler.take()) {
        Ok((hm, elapsed)) => {
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
            let result = finish(job, &job.noise, false, hm, stats, elapsed);
            send(Command::Rendered(Box::new(result)));
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
) -> crate::Result<(Heightmap, Duration)> {
    let start = Instant::now();
    let hm = match spare {
        Some(mut hm) => {
            crate::generate_into(noise, control, &mut hm)?;
            hm
        }
        None => crate::generate(noise, control)?,
    };
    Ok((hm, start.elapsed()))
}

fn finish(
    job: &RenderJob,
    noise: &NoiseParams,
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
        noise.tileable,
        job.max_texture_side,
    );
    let texture_stats = TextureStats::new(&heightmap, &job.output);
    RenderResult {
        job_id: job.id,
        noise: noise.clone(),
        is_preview,
        heightmap,
        stats,
        texture_stats,
        image,
        elapsed,
    }
}

/// Maps the heightmap to display pixels, subsampling by a whole factor when it is
/// larger than `max_side`; `wrap` (tileable texture) lets the lit view's slopes wrap.
pub fn display_image(
    hm: &Heightmap,
    stats: &HeightStats,
    out: &OutputParams,
    mode: DisplayMode,
    wrap: bool,
    max_side: usize,
) -> egui::ColorImage {
    let size = hm.size() as usize;
    let step = size.div_ceil(max_side.max(1)).max(1);
    let side = size.div_ceil(step);
    let tm = ToneMap::new(out, Some((stats.min, stats.max)));
    let [r, g, b] = out.tint;
    let sampler = out.ramp.clone().unwrap_or_default().sampler();
    // Lighting needs the slopes of the full-resolution surface.
    let lit = match mode {
        DisplayMode::Lit(light) => Some(crate::shading::shade(hm, out, &light, wrap)),
        _ => None,
    };
    let mut pixels = vec![egui::Color32::BLACK; side * side];
    pixels
        .par_chunks_mut(side.max(1))
        .enumerate()
        .for_each(|(y, row)| {
            let src = hm.row((y * step) as u32);
            for (x, px) in row.iter_mut().enumerate() {
                let grey = tm.grey(src[x * step]);
                *px = match (mode, &lit) {
                    (DisplayMode::Lit(_), Some(img)) => egui::Color32::from_gray(
                        img.get_pixel((x * step) as u32, (y * step) as u32).0[0],
                    ),
                    (DisplayMode::Transparent, _) => {
                        egui::Color32::from_rgba_unmultiplied(r, g, b, to_u8(grey))
                    }
                    (DisplayMode::Ramp, _) => {
                        let [r, g, b, a] = sampler.sample(grey);
                        egui::Color32::from_rgba_unmultiplied(r, g, b, a)
                    }
                    _ => egui::Color32::from_gray(to_u8(grey)),
                };
            }
        });
    egui::ColorImage::new([side, side], pixels)
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
        }
    }

    fn next_render(rx: &Receiver<Command>) -> Box<RenderResult> {
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(Command::Rendered(r)) => r,
            other => panic!("expected a render, got {other:?}"),
        }
    }

    #[test]
    fn recycler_hands_out_only_maps_nobody_else_holds() {
        let mut recycler = Recycler::default();
        let shown = Arc::new(Heightmap::filled(8, 1.0));
        recycler.retire(Arc::clone(&shown));
        assert!(recycler.take().is_none(), "the UI still shows it");
        drop(shown);
        assert_eq!(recycler.take().map(|h| h.size()), Some(8));
        assert!(recycler.take().is_none(), "handed out once");
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
            let fresh = crate::generate(&noise, &JobControl::new()).unwrap();
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
        assert!(rx.try_recv().is_err());
    }

    #[test]
    fn display_image_subsamples_large_maps() {
        let hm = Heightmap::from_data(4, (0..16).map(|v| v as f32 / 15.0).collect()).unwrap();
        let stats = hm.stats();
        let out = OutputParams::default();
        let img = display_image(&hm, &stats, &out, DisplayMode::Grey, false, 2);
        assert_eq!(img.size, [2, 2]);
        assert_eq!(img.pixels[0], egui::Color32::from_gray(0));
        assert_eq!(img.pixels[3], egui::Color32::from_gray(to_u8(10.0 / 15.0)));
        let full = display_image(&hm, &stats, &out, DisplayMode::Transparent, false, 4096);
        assert_eq!(full.size, [4, 4]);
        assert_eq!(full.pixels[15].a(), 255);
        // Ramp: the colour of the mapped grey; lit: a slope facing the light is brighter.
        let lava = OutputParams {
            ramp: crate::ColorRamp::builtin("lava"),
            ..OutputParams::default()
        };
        let img = display_image(&hm, &stats, &lava, DisplayMode::Ramp, false, 4096);
        let [r, g, b, a] = crate::ColorRamp::builtin("lava")
            .unwrap_or_default()
            .sample(1.0);
        assert_eq!(
            img.pixels[15],
            egui::Color32::from_rgba_unmultiplied(r, g, b, a)
        );
        let light = |azimuth_deg| crate::Light {
            azimuth_deg,
            elevation_deg: 30.0,
            strength: 20.0,
        };
        // Heights rise to the right and down: the surface faces left.
        let from_left = display_image(
            &hm,
            &stats,
            &out,
            DisplayMode::Lit(light(180.0)),
            false,
            4096,
        );
        let from_right =
            display_image(&hm, &stats, &out, DisplayMode::Lit(light(0.0)), false, 4096);
        assert!(from_left.pixels[5].r() > from_right.pixels[5].r());
    }
}
