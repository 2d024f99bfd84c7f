//! [`Droplets`]: a simulated hydraulic erosion of a layer's heights. Water droplets run
//! downhill over the whole texture at a fixed grid size, picking up soil where they
//! speed up and dropping it where they slow, so channels join into valleys and
//! sediment fans out at their feet. What they carve is then added to the heights at
//! any size by smooth interpolation (see `droplet_grid`).

use serde::{Deserialize, Serialize};

/// Largest droplet density, droplets per pixel of the grid.
pub const MAX_DROPLET_DENSITY: f32 = 8.0;
/// Smallest and largest simulation grid, pixels across.
pub const MIN_DROPLET_GRID: u32 = 64;
/// See [`MIN_DROPLET_GRID`]: at 2048 a simulation at the default settings takes about
/// a minute on one core, and its grid 16 MiB.
pub const MAX_DROPLET_GRID: u32 = 2048;
/// Most steps of a droplet per 512 pixels of grid.
pub const MAX_DROPLET_LIFETIME: u32 = 256;
/// Largest brush radius, grid pixels.
pub const MAX_DROPLET_RADIUS: f32 = 8.0;
/// Largest sediment capacity.
pub const MAX_DROPLET_CAPACITY: f32 = 64.0;
/// Most droplet steps of one simulation (droplets times steps): about two minutes on
/// one core, so no setting makes a render run for hours. The defaults at the largest
/// grid take half of it.
pub const MAX_DROPLET_WORK: u64 = 1 << 31;

/// A droplet erosion: `density` droplets per grid pixel, each starting at a random
/// point and running up to `lifetime` steps of one grid pixel down the slope.
///
/// It runs on the whole texture at `grid` pixels across (the layer's heights rendered
/// at that size), one droplet after another from `seed`, so the result is the same at
/// every thread count and on every machine; what it carved is added to the heights at
/// every size, so a 512 preview shows the channels a 16384 export gets, and a region or
/// farm tile gets exactly its part of the whole.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Droplets {
    /// Droplets per pixel of the grid (0: no simulation).
    pub density: f32,
    /// Pixels across the grid the droplets run on: the detail of the channels.
    pub grid: u32,
    /// Steps a droplet runs at most, per 512 pixels of grid (so a larger grid's
    /// droplets run as far across the texture).
    pub lifetime: u32,
    /// Radius in grid pixels over which a droplet takes soil (wider: broader channels).
    pub radius: f32,
    /// How much a droplet keeps its direction instead of turning down the slope (0..1).
    pub inertia: f32,
    /// How much soil a droplet carries per unit of speed, water and drop.
    pub capacity: f32,
    /// How fast a droplet takes soil up to its capacity (0..=1).
    pub erode: f32,
    /// How fast it drops what it carries beyond its capacity (0..=1).
    pub deposit: f32,
    /// Share of its water a droplet loses per step (0..=0.5).
    pub evaporation: f32,
    /// Seed of the droplets' starting points.
    pub seed: u32,
}

impl Default for Droplets {
    fn default() -> Self {
        Self {
            density: 1.0,
            grid: 512,
            lifetime: 64,
            radius: 2.0,
            inertia: 0.1,
            capacity: 3.0,
            erode: 0.3,
            deposit: 0.3,
            evaporation: 0.02,
            seed: 0,
        }
    }
}

/// Why a droplet erosion is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DropletsError {
    /// A number outside its range (or NaN).
    #[error("droplets {name} {value} is out of range ({min}..={max})")]
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
    /// Settings whose droplets would run too many steps in all.
    #[error(
        "droplets run {work} steps in all (droplets times steps), more than the limit \
         {max}: lower the density, the lifetime or the grid"
    )]
    TooMuchWork {
        /// Droplets times steps.
        work: u64,
        /// [`MAX_DROPLET_WORK`].
        max: u64,
    },
}

impl Droplets {
    /// Whether it changes any height (a density of 0 runs no droplet).
    pub fn is_active(&self) -> bool {
        self.density != 0.0
    }

    /// Checks every setting's range.
    pub fn validate(&self) -> Result<(), DropletsError> {
        let checks: [(&'static str, f64, f64, f64); 9] = [
            (
                "density",
                self.density.into(),
                0.0,
                MAX_DROPLET_DENSITY.into(),
            ),
            (
                "grid",
                self.grid.into(),
                MIN_DROPLET_GRID.into(),
                MAX_DROPLET_GRID.into(),
            ),
            (
                "lifetime",
                self.lifetime.into(),
                1.0,
                MAX_DROPLET_LIFETIME.into(),
            ),
            ("radius", self.radius.into(), 1.0, MAX_DROPLET_RADIUS.into()),
            ("inertia", self.inertia.into(), 0.0, 0.99),
            (
                "capacity",
                self.capacity.into(),
                0.0,
                MAX_DROPLET_CAPACITY.into(),
            ),
            ("erode", self.erode.into(), 0.0, 1.0),
            ("deposit", self.deposit.into(), 0.0, 1.0),
            ("evaporation", self.evaporation.into(), 0.0, 0.5),
        ];
        for (name, value, min, max) in checks {
            if !(min..=max).contains(&value) {
                return Err(DropletsError::OutOfRange {
                    name,
                    value,
                    min,
                    max,
                });
            }
        }
        let work = self.count().saturating_mul(u64::from(self.steps()));
        if work > MAX_DROPLET_WORK {
            return Err(DropletsError::TooMuchWork {
                work,
                max: MAX_DROPLET_WORK,
            });
        }
        Ok(())
    }

    /// How many droplets run: `density` per grid pixel, at least one.
    pub fn count(&self) -> u64 {
        let pixels = f64::from(self.grid) * f64::from(self.grid);
        ((f64::from(self.density) * pixels).round() as u64).max(1)
    }

    /// Steps a droplet runs at most on its grid.
    pub fn steps(&self) -> u32 {
        (u64::from(self.lifetime) * u64::from(self.grid) / 512).max(1) as u32
    }

    /// Bytes the simulation holds while it runs: its grid's heights, their copy it
    /// carves, and the carving kept for every size.
    pub fn memory(&self) -> u64 {
        3 * u64::from(self.grid) * u64::from(self.grid) * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_ranges_are_checked() {
        let d = Droplets::default();
        d.validate().unwrap();
        assert!(d.is_active());
        assert!(!Droplets { density: 0.0, ..d }.is_active());
        for bad in [
            Droplets {
                density: f32::NAN,
                ..d
            },
            Droplets { density: 9.0, ..d },
            Droplets { grid: 32, ..d },
            Droplets { grid: 4096, ..d },
            Droplets { lifetime: 0, ..d },
            Droplets { radius: 0.5, ..d },
            Droplets { inertia: 1.0, ..d },
            Droplets {
                capacity: -1.0,
                ..d
            },
            Droplets { erode: 2.0, ..d },
            Droplets {
                deposit: f32::INFINITY,
                ..d
            },
            Droplets {
                evaporation: 0.9,
                ..d
            },
        ] {
            let msg = bad.validate().unwrap_err().to_string();
            assert!(msg.starts_with("droplets ") && msg.contains(".."), "{msg}");
        }
        // Each setting in range, but together hours of droplets.
        let slow = Droplets {
            density: 8.0,
            grid: 2048,
            lifetime: 256,
            ..d
        };
        let msg = slow.validate().unwrap_err().to_string();
        assert!(msg.contains("more than the limit 2147483648"), "{msg}");
        Droplets { grid: 2048, ..d }.validate().unwrap();
    }

    #[test]
    fn counts_scale_with_the_grid() {
        let d = Droplets::default();
        assert_eq!(d.count(), 512 * 512);
        assert_eq!(d.steps(), 64);
        let big = Droplets { grid: 1024, ..d };
        assert_eq!(big.count(), 4 * d.count());
        assert_eq!(big.steps(), 128);
        assert_eq!(Droplets { density: 1e-9, ..d }.count(), 1);
        assert_eq!(d.memory(), 3 * 1024 * 1024);
    }

    #[test]
    fn presets_read_missing_fields_as_defaults() {
        let back: Droplets = ron::from_str("(density: 0.5)").unwrap();
        assert_eq!(
            back,
            Droplets {
                density: 0.5,
                ..Droplets::default()
            }
        );
        let text = ron::to_string(&Droplets::default()).unwrap();
        assert_eq!(
            ron::from_str::<Droplets>(&text).unwrap(),
            Droplets::default()
        );
        assert!(ron::from_str::<Droplets>("(rain: 1)").is_err());
    }
}
