//! [`Erosion`]: gullies and ridges carved into a layer's heights by a filter that reads
//! only each pixel's own height, slope and curvature, so every pixel is computed on its
//! own and regions, tiles and streamed bands keep the whole render's bits.

use serde::{Deserialize, Serialize};

/// Largest strength (heights of gully depth).
pub const MAX_EROSION_STRENGTH: f32 = 4.0;
/// Most gully cells across the texture at the coarsest gully octave.
pub const MAX_EROSION_CELLS: u32 = 1024;
/// Most octaves of gullies.
pub const MAX_EROSION_OCTAVES: u32 = 8;
/// Largest branching.
pub const MAX_EROSION_BRANCHING: f32 = 2.0;
/// Largest step, in pixels, of the differences that measure slope and curvature: the
/// halo each window reads around itself, which bounds the memory of a streamed band
/// at any texture size.
pub const MAX_EROSION_STEP: u32 = 32;

/// An erosion filter: per octave, stripes running down the slope (gullies between
/// ridges) in cells of their own, each cell turning its stripes about its own point and
/// blended smoothly into its neighbours; each finer octave follows the slope that the
/// coarser gullies made, so gullies branch downhill.
///
/// The stripes are a pattern of the texture's coordinates in cells that tile at the
/// texture's size, and the slope and curvature come from the layer's own heights by
/// differences (wrapped when the texture tiles), so tileable textures stay seamless.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Erosion {
    /// How deep the coarsest gullies cut, in heights (0 leaves the heights as they are).
    pub strength: f32,
    /// Gully scale: cells across the texture at the coarsest octave, one gully each.
    pub cells: u32,
    /// Octaves of gullies, each with cells half the size of the one before.
    pub octaves: u32,
    /// Octaves down to cells of 8 pixels instead of `octaves` (at most
    /// [`MAX_EROSION_OCTAVES`]), so a larger texture gets finer gullies.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub auto_octaves: bool,
    /// Detail: each octave's depth relative to the one before (0..=1).
    pub detail: f32,
    /// How much each octave follows the slope the coarser gullies made (0: the slope of
    /// the heights alone, parallel gullies; more: gullies that branch and wind).
    pub branching: f32,
    /// Ridge sharpness (0: rounded stripes; 1: sharp crests between round gullies).
    pub sharpness: f32,
    /// How much peaks and valley floors keep their shape (0..=1): the filter fades out
    /// where the ground is strongly curved.
    pub keep: f32,
    /// Seed of the cells' points.
    pub seed: u32,
}

impl Default for Erosion {
    fn default() -> Self {
        Self {
            strength: 0.3,
            cells: 8,
            octaves: 5,
            auto_octaves: false,
            detail: 0.5,
            branching: 0.3,
            sharpness: 0.8,
            keep: 0.8,
            seed: 0,
        }
    }
}

/// Why an erosion is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ErosionError {
    /// A number outside its range (or NaN).
    #[error("erosion {name} {value} is out of range ({min}..={max})")]
    OutOfRange {
        /// Which setting.
        name: &'static str,
        /// The refused value.
        value: f64,
        /// The smallest accepted.
        min: f64,
        /// The largest accepted.
        max: f64,
    },
}

impl Erosion {
    /// Whether it changes any height (a strength of 0 is no erosion).
    pub fn is_active(&self) -> bool {
        self.strength != 0.0
    }

    /// Checks every setting's range.
    pub fn validate(&self) -> Result<(), ErosionError> {
        let check = |name, value: f64, min: f64, max: f64| {
            if (min..=max).contains(&value) {
                Ok(())
            } else {
                Err(ErosionError::OutOfRange {
                    name,
                    value,
                    min,
                    max,
                })
            }
        };
        check(
            "strength",
            self.strength.into(),
            0.0,
            MAX_EROSION_STRENGTH.into(),
        )?;
        check("cells", self.cells.into(), 1.0, MAX_EROSION_CELLS.into())?;
        check(
            "octaves",
            self.octaves.into(),
            1.0,
            MAX_EROSION_OCTAVES.into(),
        )?;
        check("detail", self.detail.into(), 0.0, 1.0)?;
        check(
            "branching",
            self.branching.into(),
            0.0,
            MAX_EROSION_BRANCHING.into(),
        )?;
        check("sharpness", self.sharpness.into(), 0.0, 1.0)?;
        check("keep", self.keep.into(), 0.0, 1.0)
    }

    /// How many octaves of gullies a `size` texture gets: `octaves`, or with
    /// `auto_octaves` as many as keep the finest cells at least 8 pixels wide (the
    /// finest cell of an octave count fixed at the preset's size, when it was chosen that
    /// way, so the preset keeps its look there and gains detail above it).
    pub fn octave_count(&self, size: u32) -> u32 {
        if !self.auto_octaves {
            return self.octaves;
        }
        let mut n = 1;
        while n < MAX_EROSION_OCTAVES && u64::from(self.cells) << n << 3 <= u64::from(size) {
            n += 1;
        }
        n
    }

    /// The step, in pixels, of the differences that measure the slope and curvature of
    /// a `size` texture: half the finest gully cell, so the gullies follow the ground at
    /// their own scale rather than the grit of the finest octaves, from 1 to
    /// [`MAX_EROSION_STEP`]. It depends on the texture's size only, never on a window.
    pub fn step(&self, size: u32) -> u32 {
        let finest = f64::from(self.cells) * 2f64.powi(self.octave_count(size).max(1) as i32 - 1);
        let step = (f64::from(size) / (2.0 * finest)).round();
        (step as u32).clamp(1, MAX_EROSION_STEP)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_ranges_are_checked() {
        let e = Erosion::default();
        e.validate().unwrap();
        assert!(e.is_active());
        assert!(!Erosion { strength: 0.0, ..e }.is_active());
        for bad in [
            Erosion {
                strength: f32::NAN,
                ..e
            },
            Erosion {
                strength: -0.1,
                ..e
            },
            Erosion { cells: 0, ..e },
            Erosion { octaves: 9, ..e },
            Erosion { detail: 1.5, ..e },
            Erosion {
                branching: 3.0,
                ..e
            },
            Erosion {
                sharpness: -1.0,
                ..e
            },
            Erosion { keep: 2.0, ..e },
        ] {
            let msg = bad.validate().unwrap_err().to_string();
            assert!(msg.starts_with("erosion ") && msg.contains(".."), "{msg}");
        }
    }

    #[test]
    fn the_step_is_half_the_finest_cell_within_bounds() {
        let e = Erosion::default();
        // 8 cells, 5 octaves: the finest cell is 1024 / 128 = 8 px at 1024.
        assert_eq!(e.step(1024), 4);
        assert_eq!(e.step(512), 2);
        assert_eq!(e.step(64), 1);
        assert_eq!(e.step(262_144), MAX_EROSION_STEP);
    }

    #[test]
    fn auto_octaves_keep_the_finest_cells_at_least_8_pixels() {
        let e = Erosion {
            cells: 4,
            auto_octaves: true,
            ..Erosion::default()
        };
        // 512 / 4 cells: 128 px cells, halved down to 8 px in 5 octaves.
        assert_eq!(e.octave_count(512), 5);
        assert_eq!(e.octave_count(1024), 6);
        assert_eq!(e.octave_count(4096), MAX_EROSION_OCTAVES);
        assert_eq!(e.octave_count(16), 1);
        assert_eq!(
            e.step(512),
            Erosion {
                auto_octaves: false,
                ..e
            }
            .step(512)
        );
        assert_eq!(Erosion::default().octave_count(4096), 5);
    }

    #[test]
    fn presets_write_every_field_and_read_missing_ones_as_defaults() {
        let back: Erosion = ron::from_str("(strength: 0.5)").unwrap();
        assert_eq!(
            back,
            Erosion {
                strength: 0.5,
                ..Erosion::default()
            }
        );
        let text = ron::to_string(&Erosion::default()).unwrap();
        assert_eq!(ron::from_str::<Erosion>(&text).unwrap(), Erosion::default());
        assert!(ron::from_str::<Erosion>("(depth: 1)").is_err());
    }
}
