//! Preset thumbnails, rendered on demand off the caller's thread and cached.
//!
//! The app's preset gallery asks for a thumbnail every frame; the first ask queues a
//! small render on one background thread (so a gallery of many presets never takes
//! more than one generation at a time away from the preview), later asks return the
//! cached image.

use crate::engine::Preset;
use crate::engine::{JobControl, Region};
use crate::pixels;
use image::RgbaImage;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

/// Where a thumbnail stands.
#[derive(Clone, Debug, PartialEq)]
pub enum ThumbnailState {
    /// Rendered.
    Ready(Arc<RgbaImage>),
    /// Queued or rendering.
    Pending,
    /// The preset cannot be rendered; the reason.
    Failed(String),
}

type Done = (String, Result<RgbaImage, String>);

/// Thumbnails of presets, keyed by their parameters (not their names).
#[derive(Debug)]
pub struct ThumbnailCache {
    side: u32,
    ready: HashMap<String, Arc<RgbaImage>>,
    failed: HashMap<String, String>,
    pending: HashSet<String>,
    jobs: Option<Sender<(String, Preset)>>,
    done_tx: Sender<Done>,
    done_rx: Receiver<Done>,
}

/// The thumbnail of `preset`, `side` pixels square: the texture at that size (same look,
/// see [`crate::engine::NoiseParams::resized`]), coloured by its ramp when it has one.
pub fn render_thumbnail(preset: &Preset, side: u32) -> Result<RgbaImage, String> {
    let layers = preset.layers.resized(side);
    let hm = layers
        .generate_region(Region::full(side), &JobControl::new())
        .map_err(|e| e.to_string())?;
    Ok(if preset.output.ramp.is_some() {
        pixels::rgba_ramp(&hm, &preset.output)
    } else {
        pixels::rgba_opaque(&hm, &preset.output)
    })
}

fn key(preset: &Preset) -> String {
    // Name and description do not change the pixels; the parameters do.
    let bare = Preset {
        name: String::new(),
        description: String::new(),
        ..preset.clone()
    };
    bare.to_ron()
}

impl ThumbnailCache {
    /// An empty cache of `side`-pixel thumbnails.
    pub fn new(side: u32) -> Self {
        let (done_tx, done_rx) = channel();
        Self {
            side: side.max(1),
            ready: HashMap::new(),
            failed: HashMap::new(),
            pending: HashSet::new(),
            jobs: None,
            done_tx,
            done_rx,
        }
    }

    /// Side length of the thumbnails.
    pub fn side(&self) -> u32 {
        self.side
    }

    fn worker(&mut self) -> Option<&Sender<(String, Preset)>> {
        if self.jobs.is_none() {
            let (tx, rx) = channel::<(String, Preset)>();
            let done = self.done_tx.clone();
            let side = self.side;
            let spawned = std::thread::Builder::new()
                .name("thumbnails".to_owned())
                .spawn(move || {
                    // Ends when the cache (the job sender) is dropped.
                    for (key, preset) in rx {
                        let result = render_thumbnail(&preset, side);
                        if done.send((key, result)).is_err() {
                            break;
                        }
                    }
                });
            if spawned.is_ok() {
                self.jobs = Some(tx);
            }
        }
        self.jobs.as_ref()
    }

    /// The thumbnail of `preset`: cached, or queued now and [`ThumbnailState::Pending`].
    pub fn get(&mut self, preset: &Preset) -> ThumbnailState {
        self.collect();
        let k = key(preset);
        if let Some(img) = self.ready.get(&k) {
            return ThumbnailState::Ready(Arc::clone(img));
        }
        if let Some(e) = self.failed.get(&k) {
            return ThumbnailState::Failed(e.clone());
        }
        if !self.pending.contains(&k) {
            let queued = match self.worker() {
                Some(jobs) => jobs.send((k.clone(), preset.clone())).is_ok(),
                None => false,
            };
            if !queued {
                let e = "cannot start the thumbnail thread".to_owned();
                self.failed.insert(k, e.clone());
                return ThumbnailState::Failed(e);
            }
            self.pending.insert(k);
        }
        ThumbnailState::Pending
    }

    /// Takes in finished renders; true when any arrived (the caller repaints).
    pub fn collect(&mut self) -> bool {
        let mut any = false;
        while let Ok((k, result)) = self.done_rx.try_recv() {
            self.store(k, result);
            any = true;
        }
        any
    }

    fn store(&mut self, k: String, result: Result<RgbaImage, String>) {
        self.pending.remove(&k);
        match result {
            Ok(img) => {
                self.ready.insert(k, Arc::new(img));
            }
            Err(e) => {
                self.failed.insert(k, e);
            }
        }
    }

    /// Whether renders are queued or running.
    pub fn is_busy(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Blocks until every queued thumbnail is done (for tests and batch use).
    pub fn wait(&mut self) {
        while !self.pending.is_empty() {
            match self.done_rx.recv() {
                Ok((k, result)) => self.store(k, result),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_once_and_caches() {
        let mut cache = ThumbnailCache::new(32);
        let mut a = Preset::default();
        a.noise_mut().seed = 5;
        let mut b = a.clone();
        b.output.ramp = crate::pixels::ColorRamp::builtin("lava");
        assert_eq!(cache.get(&a), ThumbnailState::Pending);
        assert_eq!(cache.get(&b), ThumbnailState::Pending);
        cache.wait();
        assert!(!cache.is_busy());
        let ThumbnailState::Ready(img) = cache.get(&a) else {
            panic!("not ready")
        };
        assert_eq!(img.dimensions(), (32, 32));
        assert_eq!(*img, render_thumbnail(&a, 32).unwrap());
        // A renamed preset has the same pixels: served from the cache.
        a.name = "Other name".to_owned();
        assert!(matches!(cache.get(&a), ThumbnailState::Ready(_)));
        let ThumbnailState::Ready(coloured) = cache.get(&b) else {
            panic!("not ready")
        };
        assert_ne!(*coloured, *img);
    }

    #[test]
    fn a_broken_preset_fails_with_its_reason() {
        let mut cache = ThumbnailCache::new(16);
        let mut p = Preset::default();
        p.noise_mut().octaves = 99;
        cache.get(&p);
        cache.wait();
        let ThumbnailState::Failed(e) = cache.get(&p) else {
            panic!("should fail")
        };
        assert!(e.contains("octaves 99"), "{e}");
    }
}
