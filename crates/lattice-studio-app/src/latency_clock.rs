//! [`LatencyClock`]: how long a change takes to reach the screen, measured for real.

use super::render_result::RenderResult;
use super::state::Latency;
use std::time::{Duration, Instant};

/// Times a job from its submission to the first frame drawn with its image: the image
/// is uploaded while the frame that received it is painted, so the frame after that
/// is the first to start with it on screen.
#[derive(Debug, Default)]
pub(crate) struct LatencyClock {
    submitted: Option<(u64, Instant)>,
    arrived: Option<(Duration, Duration)>,
}

impl LatencyClock {
    /// Job `id` was just submitted.
    pub(crate) fn submitted(&mut self, id: u64) {
        self.submitted = Some((id, Instant::now()));
        self.arrived = None;
    }

    /// `result` reached the UI thread (it goes on screen with this frame).
    pub(crate) fn image_arrived(&mut self, result: &RenderResult) {
        if self.submitted.is_some_and(|(id, _)| id == result.job_id) {
            let generation = if result.from_cache {
                Duration::ZERO
            } else {
                result.elapsed
            };
            self.arrived = Some((generation, result.mapping));
        }
    }

    /// A new frame starts: the latency of the image that arrived during the last one.
    pub(crate) fn frame_started(&mut self) -> Option<Latency> {
        let (generation, mapping) = self.arrived.take()?;
        let (_, at) = self.submitted?;
        Some(Latency {
            generation,
            mapping,
            on_screen: at.elapsed(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Heightmap, LayerStack, NoiseParams};
    use std::sync::Arc;

    fn result(job_id: u64, from_cache: bool) -> RenderResult {
        let hm = Heightmap::filled(4, 0.5);
        RenderResult {
            job_id,
            layers: LayerStack::single(NoiseParams::default()),
            is_preview: false,
            stats: hm.stats(),
            heightmap: Arc::new(hm),
            texture_stats: None,
            image: egui::ColorImage::new([1, 1], vec![egui::Color32::BLACK]),
            elapsed: Duration::from_millis(30),
            from_cache,
            mapping: Duration::from_millis(5),
        }
    }

    #[test]
    fn latency_covers_the_frame_after_the_image_arrived() {
        let mut c = LatencyClock::default();
        assert!(c.frame_started().is_none());
        c.submitted(7);
        c.image_arrived(&result(6, false));
        assert!(
            c.frame_started().is_none(),
            "an older job's image is not timed"
        );
        std::thread::sleep(Duration::from_millis(2));
        c.image_arrived(&result(7, false));
        let l = c.frame_started().expect("timed");
        assert_eq!(l.generation, Duration::from_millis(30));
        assert_eq!(l.mapping, Duration::from_millis(5));
        assert!(l.on_screen >= Duration::from_millis(2));
        assert!(c.frame_started().is_none(), "reported once");
        c.submitted(8);
        c.image_arrived(&result(8, true));
        assert_eq!(
            c.frame_started().map(|l| l.generation),
            Some(Duration::ZERO)
        );
    }
}
