//! How the preview shows the texture (not part of the preset): repetition, lighting,
//! 2D or 3D and the 3D view's settings, and which right-hand panel is open.

use super::terrain::terrain_settings::TerrainSettings;
use crate::pixels::Light;
use crate::pixels::OutputParams;
use crate::preview_kind::PreviewKind;

/// What the worker turns the heightmap into for the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DisplayMode {
    /// The mapped grey.
    Grey,
    /// Tint colour with the grey as alpha (the semi-transparent export).
    Transparent,
    /// The grey through the preset's colour ramp.
    Ramp,
    /// The mapped grey as a surface lit by the light.
    Lit(Light),
}

impl DisplayMode {
    /// Whether the image can be see-through (the preview draws a checkerboard under it).
    pub fn has_alpha(self) -> bool {
        matches!(self, DisplayMode::Transparent | DisplayMode::Ramp)
    }
}

/// The preview's view settings (remembered between runs).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ViewSettings {
    /// The texture is drawn `repeat x repeat` times (1..=3) to inspect seams.
    pub repeat: u32,
    /// Show the lit (bump-shaded) surface instead of the colours.
    pub lit: bool,
    /// Where the light of the lit view comes from (its strength follows the preset's
    /// normal strength).
    pub light: Light,
    /// The right panel shows thumbnails instead of the list.
    pub gallery: bool,
    /// The statistics group is open.
    pub stats_open: bool,
    /// The flat image or the 3D terrain.
    pub kind: PreviewKind,
    /// How the 3D view draws the terrain.
    pub terrain: TerrainSettings,
}

impl Default for ViewSettings {
    fn default() -> Self {
        Self {
            repeat: 1,
            lit: false,
            light: Light::default(),
            gallery: false,
            stats_open: false,
            kind: PreviewKind::Flat,
            terrain: TerrainSettings::default(),
        }
    }
}

impl ViewSettings {
    /// These settings with out-of-range values (from an edited or old settings file)
    /// replaced: repeat within 1..=3, light angles finite.
    pub fn sanitized(mut self) -> Self {
        self.repeat = self.repeat.clamp(1, 3);
        let fallback = Light::default();
        if !self.light.azimuth_deg.is_finite() {
            self.light.azimuth_deg = fallback.azimuth_deg;
        }
        if !self.light.elevation_deg.is_finite() {
            self.light.elevation_deg = fallback.elevation_deg;
        }
        self.light.elevation_deg = self.light.elevation_deg.clamp(0.0, 90.0);
        self.terrain = self.terrain.sanitized();
        if !self.light.strength.is_finite() {
            self.light.strength = fallback.strength;
        }
        self
    }

    /// The display mode for `out`, with the semi-transparent switch `transparent`.
    pub fn mode(&self, out: &OutputParams, transparent: bool) -> DisplayMode {
        if self.lit {
            DisplayMode::Lit(Light {
                strength: out.normal_strength,
                ..self.light
            })
        } else if transparent {
            DisplayMode::Transparent
        } else if out.ramp.is_some() {
            DisplayMode::Ramp
        } else {
            DisplayMode::Grey
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lit_wins_then_transparency_then_ramp() {
        let mut v = ViewSettings::default();
        let mut out = OutputParams::default();
        assert_eq!(v.mode(&out, false), DisplayMode::Grey);
        out.ramp = crate::pixels::ColorRamp::builtin("lava");
        assert_eq!(v.mode(&out, false), DisplayMode::Ramp);
        assert_eq!(v.mode(&out, true), DisplayMode::Transparent);
        v.lit = true;
        out.normal_strength = 3.0;
        let DisplayMode::Lit(light) = v.mode(&out, true) else {
            panic!("lit expected")
        };
        assert_eq!(light.strength, 3.0);
    }
}
