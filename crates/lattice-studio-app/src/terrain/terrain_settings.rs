//! [`TerrainSettings`]: the 3D view's own settings (remembered between runs).

use super::relief::Relief;
use crate::mesh::DEFAULT_HEIGHT_SCALE;

/// Most height scale the slider offers (relative to the width).
pub(crate) const MAX_HEIGHT_SCALE: f32 = 2.0;

/// How the 3D view draws the terrain.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TerrainSettings {
    /// Height of white above black, relative to the width (also used by mesh exports
    /// from the app).
    pub height_scale: f32,
    /// Colour the surface with the preset's colour ramp (when it has one).
    pub use_ramp: bool,
    /// Draw the triangle edges.
    pub wireframe: bool,
    /// Show a water plane.
    pub water: bool,
    /// The water's height as a grey level 0..1.
    pub water_level: f32,
    /// Put the water at the colour ramp's shoreline when it has one (moving the level
    /// by hand turns this off).
    pub water_at_shoreline: bool,
    /// Fit the height scale to each opened texture's slopes, once, when its first mesh
    /// arrives (the terrain view's `Relief`); moving the height scale by hand turns
    /// this off.
    pub fit_height: bool,
}

impl Default for TerrainSettings {
    fn default() -> Self {
        Self {
            height_scale: DEFAULT_HEIGHT_SCALE,
            use_ramp: true,
            wireframe: false,
            water: false,
            water_level: 0.35,
            water_at_shoreline: true,
            fit_height: true,
        }
    }
}

impl TerrainSettings {
    /// With [`Self::fit_height`] on, the height scale fitted to `relief` (a flat
    /// surface leaves it as it is).
    pub fn fit_to(&mut self, relief: Relief) {
        if self.fit_height
            && let Some(scale) = relief.fitted_height_scale()
        {
            self.height_scale = scale;
        }
    }

    /// These settings with out-of-range values (from an edited settings file) repaired.
    pub fn sanitized(mut self) -> Self {
        let d = Self::default();
        if !self.height_scale.is_finite() {
            self.height_scale = d.height_scale;
        }
        self.height_scale = self.height_scale.clamp(0.0, MAX_HEIGHT_SCALE);
        if !self.water_level.is_finite() {
            self.water_level = d.water_level;
        }
        self.water_level = self.water_level.clamp(0.0, 1.0);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonsense_is_repaired() {
        let s = TerrainSettings {
            height_scale: f32::NAN,
            water_level: 7.0,
            ..TerrainSettings::default()
        }
        .sanitized();
        assert_eq!(s.height_scale, DEFAULT_HEIGHT_SCALE);
        assert_eq!(s.water_level, 1.0);
    }
}
