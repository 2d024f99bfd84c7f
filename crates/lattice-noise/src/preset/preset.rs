//! [`Preset`]: every parameter of a texture, in RON text.

use super::preset_error::PresetError;
pub(super) use super::preset_file::PRESET_VERSION;
use super::preset_file::{DEFAULT_DESCRIPTION, DEFAULT_NAME, PresetFile};
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::layers::LayerStack;
use crate::limits::{MAX_SIZE, MAX_STREAMED_SIZE};
use crate::noise_params::NoiseParams;
use crate::output::OutputParams;
use crate::param_error::ParamError;
use crate::region::Region;
use serde::{Deserialize, Serialize};

/// Most layers packed into one image (R, G, B, A).
pub const MAX_CHANNELS: usize = 4;
/// Longest preset name, in characters.
pub const MAX_NAME: usize = 200;
/// Longest preset description, in characters.
pub const MAX_DESCRIPTION: usize = 20_000;
/// The most text a preset may hold (a preset is a few kilobytes; readers of files and
/// of PNG text chunks stop here, so a decompression bomb stops too).
pub const MAX_PRESET_TEXT: usize = 1 << 20;

/// A named texture: its layer stack and output parameters. Missing fields take their
/// defaults, and version 1 presets (one `noise`) load as one-layer stacks, so presets
/// written by older versions keep loading (the file format is in `preset_file.rs`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "PresetFile", into = "PresetFile")]
pub struct Preset {
    /// Format version read (saving writes [`PRESET_VERSION`]).
    pub version: u32,
    /// Display name.
    pub name: String,
    /// One or two sentences on what the preset is for.
    pub description: String,
    /// The texture's layers, bottom first (the bottom layer holds size and tiling).
    pub layers: LayerStack,
    /// Layers packed into R, G, B, A by `packed` exports, by name (empty: the bottom
    /// four layers in order).
    pub channels: Vec<String>,
    /// The output mapping.
    pub output: OutputParams,
}

impl Default for Preset {
    fn default() -> Self {
        Self {
            version: PRESET_VERSION,
            name: DEFAULT_NAME.to_owned(),
            description: DEFAULT_DESCRIPTION.to_owned(),
            layers: LayerStack::default(),
            channels: Vec::new(),
            output: OutputParams::default(),
        }
    }
}

impl Preset {
    /// A preset of one texture `noise` (a one-layer stack), default output.
    pub fn from_noise(noise: NoiseParams) -> Preset {
        Preset {
            layers: LayerStack::single(noise),
            ..Preset::default()
        }
    }

    /// The bottom layer's noise: the texture's size and tiling, and all of a one-layer
    /// texture's parameters.
    pub fn noise(&self) -> &NoiseParams {
        &self.layers.bottom().noise
    }

    /// [`Self::noise`], to edit (size and tiling edited here are the texture's).
    pub fn noise_mut(&mut self) -> &mut NoiseParams {
        &mut self.layers.bottom_mut().noise
    }

    /// The texture's side in pixels.
    pub fn size(&self) -> u32 {
        self.layers.size()
    }

    /// The composite heightmap of the whole texture (sizes up to [`MAX_SIZE`]):
    /// the one entry point front ends render through (see
    /// [`LayerStack::generate_region`]), so a layered texture renders the same everywhere.
    pub fn generate(&self, control: &JobControl) -> Result<Heightmap, EngineError> {
        self.generate_region(Region::full(self.size()), control)
    }

    /// The composite heightmap of one window of the texture, bit for bit that window
    /// of [`Self::generate`]'s (textures up to [`MAX_STREAMED_SIZE`]: only the
    /// window is held).
    pub fn generate_region(
        &self,
        region: Region,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        self.layers.generate_region(region, control)
    }

    /// Parses a preset's RON text (at most [`MAX_PRESET_TEXT`] bytes) and checks every
    /// value ([`Self::validate`]). Missing fields take their defaults; unknown ones are
    /// refused with their line and column.
    ///
    /// ```
    /// let preset = lattice_noise::Preset::from_ron("(name: \"small\", size: 256)").unwrap();
    /// assert_eq!((preset.name.as_str(), preset.size()), ("small", 256));
    /// ```
    pub fn from_ron(text: &str) -> Result<Preset, PresetError> {
        if text.len() > MAX_PRESET_TEXT {
            return Err(PresetError::TextTooLong {
                len: text.len(),
                max: MAX_PRESET_TEXT,
            });
        }
        // Editors on Windows may start UTF-8 text with a byte-order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let preset: Preset =
            ron::Options::default()
                .from_str(text)
                .map_err(|e| PresetError::Syntax {
                    line: e.span.start.line,
                    column: e.span.start.col,
                    message: e.code.to_string(),
                })?;
        preset.validate()?;
        Ok(preset)
    }

    /// Checks every value, and that the preset's text stays small enough to be read
    /// back (see [`MAX_PRESET_TEXT`]): what cannot be reloaded cannot be saved. The
    /// texture must fit in memory whole (sizes up to [`MAX_SIZE`]).
    pub fn validate(&self) -> Result<(), PresetError> {
        self.validate_up_to(MAX_SIZE)
    }

    /// [`Self::validate`] for a texture rendered window by window (streamed exports and
    /// tiles): sizes up to [`MAX_STREAMED_SIZE`].
    pub fn validate_streamed(&self) -> Result<(), PresetError> {
        self.validate_up_to(MAX_STREAMED_SIZE)
    }

    fn validate_up_to(&self, max: u32) -> Result<(), PresetError> {
        // A one-layer texture is described as a noise, without naming its layer.
        if self.layers.len() == 1 {
            self.layers
                .texture_noise(self.noise())
                .validate_streamed()?;
        }
        self.layers.validate()?;
        if self.size() > max {
            let size = self.size();
            return Err(ParamError::Size { size, max }.into());
        }
        self.validate_channels()?;
        self.output.validate()?;
        let long = |what, len, max| Err(PresetError::TooLong { what, len, max });
        if self.name.chars().count() > MAX_NAME {
            return long("name", self.name.chars().count(), MAX_NAME);
        }
        if self.description.chars().count() > MAX_DESCRIPTION {
            let n = self.description.chars().count();
            return long("description", n, MAX_DESCRIPTION);
        }
        Ok(())
    }

    /// The preset as pretty RON.
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .struct_names(false);
        // Serialising plain data structs to a String cannot fail; fall back to the
        // compact form rather than panic if a future field ever makes it.
        ron::ser::to_string_pretty(self, cfg)
            .or_else(|_| ron::to_string(self))
            .unwrap_or_default()
    }
}

impl TryFrom<PresetFile> for Preset {
    type Error = String;
    fn try_from(f: PresetFile) -> Result<Preset, String> {
        if f.version > PRESET_VERSION {
            return Err(format!(
                "preset version {} is newer than this build understands ({PRESET_VERSION})",
                f.version
            ));
        }
        let layers = match (f.noise, f.layers) {
            (Some(_), Some(_)) => {
                return Err("a preset holds either `noise` (version 1) or `layers` \
                            (version 2), not both"
                    .to_owned());
            }
            (Some(noise), None) => LayerStack::single(noise),
            (None, None) => LayerStack::single(NoiseParams {
                size: f.size,
                tileable: f.tileable,
                ..NoiseParams::default()
            }),
            (None, Some(layers)) => {
                LayerStack::from_layers(f.size, f.tileable, layers).map_err(|e| e.to_string())?
            }
        };
        Ok(Preset {
            // Read in whichever version, it is now the current one (and saves as such).
            version: PRESET_VERSION,
            name: f.name,
            description: f.description,
            layers,
            channels: f.channels,
            output: f.output,
        })
    }
}

impl From<Preset> for PresetFile {
    fn from(p: Preset) -> PresetFile {
        PresetFile {
            version: PRESET_VERSION,
            name: p.name,
            description: p.description,
            noise: None,
            size: p.layers.size(),
            tileable: p.layers.tileable(),
            layers: Some(p.layers.layers().to_vec()),
            channels: p.channels,
            output: p.output,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fade::Fade;
    use crate::output::{ColorRamp, RampStop};
    use crate::proximity::Proximity;
    use crate::random::RandomSource;

    #[test]
    fn round_trip() {
        let mut p = Preset::default();
        p.noise_mut().proximity = Proximity::CurvatureRigged;
        p.noise_mut().fade = Fade::Quintic;
        p.noise_mut().random = RandomSource::Modern;
        p.output.contrast = 1.5;
        let back = Preset::from_ron(&p.to_ron()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn missing_fields_take_defaults() {
        let p = Preset::from_ron("(name: \"x\", noise: (seed: 5))").unwrap();
        assert_eq!(p.noise().seed, 5);
        assert_eq!(p.noise().size, NoiseParams::default().size);
        assert_eq!(p.output, OutputParams::default());
    }

    #[test]
    fn unknown_fields_are_refused_with_their_line() {
        let text = "(\n  name: \"x\",\n  noise: (\n    persistance: 0.5,\n  ),\n)";
        let e = Preset::from_ron(text).unwrap_err();
        assert!(matches!(e, PresetError::Syntax { line: 4, .. }), "{e}");
        assert!(e.to_string().contains("persistance"), "{e}");
        for text in [
            "(colour: 1)",
            "(output: (contrst: 1.0))",
            "(output: (ramp: Some((stops: [(position: 0.0, color: (0, 0, 0, 255), x: 1)]))))",
        ] {
            assert!(Preset::from_ron(text).is_err(), "{text}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let p = Preset::from_ron("\u{feff}(name: \"bom\")").unwrap();
        assert_eq!(p.name, "bom");
    }

    #[test]
    fn values_that_cannot_be_loaded_again_are_refused() {
        let mut p = Preset {
            description: "x".repeat(MAX_DESCRIPTION + 1),
            ..Preset::default()
        };
        let e = p.validate().unwrap_err();
        assert!(
            matches!(
                e,
                PresetError::TooLong {
                    what: "description",
                    ..
                }
            ),
            "{e}"
        );
        p.description.clear();
        p.output.ramp = Some(ColorRamp {
            stops: vec![
                RampStop {
                    position: 0.5,
                    color: [1, 2, 3, 4],
                };
                10_000
            ],
        });
        assert!(p.validate().is_err());
        let long = format!("(name: \"x\"){}", " ".repeat(MAX_PRESET_TEXT));
        let e = Preset::from_ron(&long).unwrap_err();
        assert!(matches!(e, PresetError::TextTooLong { .. }), "{e}");
    }

    #[test]
    fn errors_say_line_and_problem() {
        let e = Preset::from_ron("(\n  name: \"x\",\n  noise: (proximity: banana),\n)")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3") && e.contains("banana"), "{e}");
        let e = Preset::from_ron("(noise: (size: 0))")
            .unwrap_err()
            .to_string();
        assert!(e.contains("size 0"), "{e}");
        let e = Preset::from_ron("(version: 99)").unwrap_err().to_string();
        assert!(e.contains("newer"), "{e}");
        let e = Preset::from_ron("(noise: (seed: \"x\"").unwrap_err();
        assert!(e.to_string().starts_with("line 1"), "{e}");
    }
}
