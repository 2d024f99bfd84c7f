//! Tests of the generation thread (beside it; a file of their own keeps worker.rs short).

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
    // Only the newest job's statistics follow.
    match rx.recv_timeout(Duration::from_secs(120)) {
        Ok(Command::StatsReady(id, _)) => assert_eq!(id, ids[4]),
        other => panic!("expected the statistics, got {other:?}"),
    }
    assert!(rx.try_recv().is_err());
}
