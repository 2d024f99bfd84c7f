//! [`BandRenderer`]: the heights of one band (or any window) of a preset's texture,
//! spread over the thread pool even when the band is too short to split by rows.

use crate::engine::{EngineError, Heightmap, JobControl, Region};
use crate::files::preset::Preset;
use rayon::prelude::*;

/// Narrowest column strip a short band is split into.
const MIN_STRIP: u32 = 2048;
/// Rows of the engine's parallel work unit.
const ENGINE_ROWS: u32 = 16;

/// Renders windows of a preset's texture through [`Preset::generate_region`].
#[derive(Clone, Copy, Debug)]
pub struct BandRenderer<'a> {
    preset: &'a Preset,
}

impl<'a> BandRenderer<'a> {
    /// A renderer of `preset`'s texture.
    pub fn new(preset: &'a Preset) -> Self {
        Self { preset }
    }

    /// The preset rendered.
    pub fn preset(&self) -> &'a Preset {
        self.preset
    }

    /// The heights of `region`, bit for bit that window of the whole texture.
    ///
    /// The engine splits a window into units of 16 rows; a band of very long rows has
    /// too few of them to keep every thread busy, so it is cut into column strips
    /// rendered side by side (each strip is exact too, so the join is seamless).
    pub fn render(&self, region: Region) -> Result<Heightmap, EngineError> {
        let threads = rayon::current_num_threads() as u32;
        let units = region.height.div_ceil(ENGINE_ROWS);
        let strips = (2 * threads)
            .div_ceil(units.max(1))
            .min(region.width / MIN_STRIP)
            .max(1);
        if strips == 1 {
            return self.preset.generate_region(region, &JobControl::new());
        }
        let step = region.width.div_ceil(strips);
        let parts: Vec<Heightmap> = (0..strips)
            .into_par_iter()
            .map(|i| {
                let x = i * step;
                let width = step.min(region.width - x);
                let strip = Region {
                    x: region.x + x,
                    width,
                    ..region
                };
                self.preset.generate_region(strip, &JobControl::new())
            })
            .collect::<Result<_, _>>()?;
        let mut band = Heightmap::filled_rect(region.width, region.height, 0.0);
        let width = region.width as usize;
        band.data_mut()
            .par_chunks_mut(width)
            .enumerate()
            .for_each(|(y, row)| {
                let mut x = 0;
                for part in &parts {
                    let src = part.row(y as u32);
                    row[x..x + src.len()].copy_from_slice(src);
                    x += src.len();
                }
            });
        Ok(band)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_join_to_the_whole_band() {
        let mut preset = Preset::default();
        preset.layers = preset.layers.resized(8192);
        let band = Region::band(8192, 100, 3);
        let strips = BandRenderer::new(&preset).render(band).unwrap();
        let whole = preset.generate_region(band, &JobControl::new()).unwrap();
        assert_eq!(strips, whole);
    }
}
