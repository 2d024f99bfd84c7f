//! Presets: every parameter of a texture in a RON file.

use super::atomic_file::write_atomic;
use super::error::{Error, Result};
use super::png_io::{self, MAX_PRESET_TEXT};
pub use super::preset_file::PRESET_VERSION;
use super::preset_file::{DEFAULT_DESCRIPTION, DEFAULT_NAME, PresetFile};
use super::regular_file::{read_at_most, read_limited};
use crate::engine::{
    self, EngineError, Heightmap, JobControl, LayerStack, NoiseParams, ParamError, Region,
};
use crate::pixels::OutputParams;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Most layers packed into one image (R, G, B, A).
pub const MAX_CHANNELS: usize = 4;
/// Longest preset name, in characters.
pub const MAX_NAME: usize = 200;
/// Longest preset description, in characters.
pub const MAX_DESCRIPTION: usize = 20_000;

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

    /// The composite heightmap of the whole texture (sizes up to [`engine::MAX_SIZE`]):
    /// the one entry point front ends render through (see
    /// [`LayerStack::generate_region`]), so a layered texture renders the same everywhere.
    pub fn generate(&self, control: &JobControl) -> Result<Heightmap, EngineError> {
        self.generate_region(Region::full(self.size()), control)
    }

    /// The composite heightmap of one window of the texture, bit for bit that window
    /// of [`Self::generate`]'s (textures up to [`engine::MAX_STREAMED_SIZE`]: only the
    /// window is held).
    pub fn generate_region(
        &self,
        region: Region,
        control: &JobControl,
    ) -> Result<Heightmap, EngineError> {
        self.layers.generate_region(region, control)
    }

    /// Parses RON text; `origin` names the source in error messages.
    pub fn from_ron(text: &str, origin: &Path) -> Result<Preset> {
        let err = |message: String| Error::Preset {
            path: origin.to_path_buf(),
            message,
        };
        // Editors on Windows may start UTF-8 text with a byte-order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let preset: Preset = ron::Options::default().from_str(text).map_err(|e| {
            err(format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ))
        })?;
        preset.validate().map_err(|e| err(e.to_string()))?;
        Ok(preset)
    }

    /// Checks every value, and that the preset's text stays small enough to be read
    /// back (see [`MAX_PRESET_TEXT`]): what cannot be reloaded cannot be saved. The
    /// texture must fit in memory whole (sizes up to [`engine::MAX_SIZE`]).
    pub fn validate(&self) -> Result<()> {
        self.validate_up_to(engine::MAX_SIZE)
    }

    /// [`Self::validate`] for a texture rendered window by window (streamed exports and
    /// tiles): sizes up to [`engine::MAX_STREAMED_SIZE`].
    pub fn validate_streamed(&self) -> Result<()> {
        self.validate_up_to(engine::MAX_STREAMED_SIZE)
    }

    fn validate_up_to(&self, max: u32) -> Result<()> {
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
        let long = |what, len, max| Err(Error::TooLong { what, len, max });
        if self.name.chars().count() > MAX_NAME {
            return long("name", self.name.chars().count(), MAX_NAME);
        }
        if self.description.chars().count() > MAX_DESCRIPTION {
            let n = self.description.chars().count();
            return long("description", n, MAX_DESCRIPTION);
        }
        Ok(())
    }

    /// Reads and parses a preset file: RON text, or a PNG exported by Lattice Studio
    /// (its embedded preset), recognised by its signature whatever the extension. Only
    /// regular files are read (a FIFO or device is refused, not waited on), a PNG only as
    /// far as its preset, and RON text only up to [`MAX_PRESET_TEXT`].
    pub fn load(path: &Path) -> Result<Preset> {
        if png_io::file_is_png(path) {
            return Self::from_png(path);
        }
        let bytes = read_limited(path, MAX_PRESET_TEXT as u64, "a preset")?;
        let text = String::from_utf8(bytes).map_err(|_| Error::Preset {
            path: path.to_path_buf(),
            message: "not a preset: neither RON text (UTF-8) nor a PNG".to_owned(),
        })?;
        Self::from_ron(&text, path)
    }

    /// Reads a preset's RON text from a stream (`render -` reads standard input, so a
    /// copied command line can carry a whole layered preset in a here-document), at
    /// most [`MAX_PRESET_TEXT`] bytes; `origin` names the stream in errors.
    pub fn read_from(reader: impl std::io::Read, origin: &Path) -> Result<Preset> {
        let bytes = read_at_most(reader, MAX_PRESET_TEXT as u64, origin, "the preset text")?;
        let text = String::from_utf8(bytes).map_err(|_| Error::Preset {
            path: origin.to_path_buf(),
            message: "not RON text (UTF-8); a PNG's preset is read from its file".to_owned(),
        })?;
        Self::from_ron(&text, origin)
    }

    /// Reads the preset embedded in a PNG exported by Lattice Studio (the file is read
    /// as far as the preset's chunk, not loaded whole).
    pub fn from_png(path: &Path) -> Result<Preset> {
        let file = super::regular_file::open_regular(path)?;
        let text =
            png_io::read_text_from(std::io::BufReader::new(file), png_io::PRESET_KEYWORD, path)?;
        Self::from_png_text(text, path)
    }

    /// [`Preset::from_png`] on bytes already read; `origin` names them in errors.
    pub fn from_png_bytes(bytes: &[u8], origin: &Path) -> Result<Preset> {
        let text = png_io::read_text(bytes, png_io::PRESET_KEYWORD, origin)?;
        Self::from_png_text(text, origin)
    }

    fn from_png_text(text: Option<String>, origin: &Path) -> Result<Preset> {
        match text {
            Some(text) => Self::from_ron(&text, origin),
            None => Err(Error::Preset {
                path: origin.to_path_buf(),
                message: format!(
                    "this PNG carries no Lattice Studio preset (no '{}' text chunk); \
                     only PNGs exported by Lattice Studio do",
                    png_io::PRESET_KEYWORD
                ),
            }),
        }
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

    /// Writes the preset atomically (refusing one that could not be loaded again).
    pub fn save(&self, path: &Path) -> Result<()> {
        self.validate()?;
        let mut text = self.to_ron();
        text.push('\n');
        write_atomic(path, text.as_bytes())
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
    use crate::engine::{Fade, Proximity, RandomSource};

    #[test]
    fn round_trip() {
        let mut p = Preset::default();
        p.noise_mut().proximity = Proximity::CurvatureRigged;
        p.noise_mut().fade = Fade::Quintic;
        p.noise_mut().random = RandomSource::Modern;
        p.output.contrast = 1.5;
        let back = Preset::from_ron(&p.to_ron(), Path::new("t.ron")).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn missing_fields_take_defaults() {
        let p = Preset::from_ron("(name: \"x\", noise: (seed: 5))", Path::new("t.ron")).unwrap();
        assert_eq!(p.noise().seed, 5);
        assert_eq!(p.noise().size, NoiseParams::default().size);
        assert_eq!(p.output, OutputParams::default());
    }

    #[test]
    fn unknown_fields_are_refused_with_name_and_line() {
        let text = "(\n  name: \"x\",\n  noise: (\n    persistance: 0.5,\n  ),\n)";
        let e = Preset::from_ron(text, Path::new("typo.ron"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 4") && e.contains("persistance"), "{e}");
        for text in [
            "(colour: 1)",
            "(output: (contrst: 1.0))",
            "(output: (ramp: Some((stops: [(position: 0.0, color: (0, 0, 0, 255), x: 1)]))))",
        ] {
            assert!(
                Preset::from_ron(text, Path::new("t.ron")).is_err(),
                "{text}"
            );
        }
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let p = Preset::from_ron("\u{feff}(name: \"bom\")", Path::new("b.ron")).unwrap();
        assert_eq!(p.name, "bom");
    }

    #[test]
    fn what_cannot_be_loaded_again_cannot_be_saved() {
        let dir = tempfile::tempdir().unwrap();
        let mut p = Preset {
            description: "x".repeat(MAX_DESCRIPTION + 1),
            ..Preset::default()
        };
        assert!(p.save(&dir.path().join("long.ron")).is_err());
        p.description.clear();
        p.output.ramp = Some(crate::pixels::ColorRamp {
            stops: vec![
                crate::pixels::RampStop {
                    position: 0.5,
                    color: [1, 2, 3, 4],
                };
                10_000
            ],
        });
        assert!(p.save(&dir.path().join("stops.ron")).is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn errors_name_file_line_and_problem() {
        let text = "(\n  name: \"x\",\n  noise: (proximity: banana),\n)";
        let e = Preset::from_ron(text, Path::new("bad.ron"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("bad.ron") && e.contains("line 3") && e.contains("banana"),
            "{e}"
        );
        let e = Preset::from_ron("(noise: (size: 0))", Path::new("z.ron"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("z.ron") && e.contains("size 0"), "{e}");
        let e = Preset::from_ron("(version: 99)", Path::new("v.ron"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("newer"), "{e}");
        let e = Preset::from_ron("(noise: (seed: \"x\"", Path::new("t.ron")).unwrap_err();
        assert!(e.to_string().starts_with("t.ron: line 1"), "{e}");
    }
}
