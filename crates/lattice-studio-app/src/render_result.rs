//! [`RenderResult`]: a finished render, as the worker hands it to the UI thread.

use crate::engine::{HeightStats, Heightmap, LayerStack};
use crate::pixels::TextureStats;
use std::sync::Arc;
use std::time::Duration;

/// A finished render.
#[derive(Debug)]
pub struct RenderResult {
    /// The job this answers.
    pub job_id: u64,
    /// The layers actually generated (a reduced size for a quick preview).
    pub layers: LayerStack,
    /// Whether this is the reduced-resolution preview of a larger job.
    pub is_preview: bool,
    /// The heightmap.
    pub heightmap: Arc<Heightmap>,
    /// Its statistics.
    pub stats: HeightStats,
    /// Histograms and clipping of this render under the job's output mapping; for a
    /// full render they follow in [`super::Command::StatsReady`], after the image.
    pub texture_stats: Option<TextureStats>,
    /// The display image (subsampled when the texture is larger than the GPU allows).
    pub image: egui::ColorImage,
    /// Generation time of the heightmap (also when it came from the cache).
    pub elapsed: Duration,
    /// The heightmap came from the cache (an output-only change: nothing generated).
    pub from_cache: bool,
    /// Time from the end of generation to the screen image: the height statistics the
    /// tone map needs, and the mapping itself.
    pub mapping: Duration,
}
