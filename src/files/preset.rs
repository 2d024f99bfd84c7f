//! Presets: every parameter of a texture in a RON file.

use super::atomic_write::write_atomic;
use super::error::{Error, Result};
use super::png_io;
use crate::engine::NoiseParams;
use crate::pixels::OutputParams;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The preset format version this build writes (and the newest it reads).
pub const PRESET_VERSION: u32 = 1;

/// A named texture: noise and output parameters. Missing fields take their defaults,
/// so presets written by older versions keep loading.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preset {
    /// Format version (see [`PRESET_VERSION`]).
    pub version: u32,
    /// Display name.
    pub name: String,
    /// One or two sentences on what the preset is for.
    pub description: String,
    /// The generator's parameters.
    pub noise: NoiseParams,
    /// The output mapping.
    pub output: OutputParams,
}

impl Default for Preset {
    fn default() -> Self {
        Self {
            version: PRESET_VERSION,
            name: "Default".to_owned(),
            description: "The original tool's default look: Perlin gradient, cubic Hermite fade, \
                          .NET random table."
                .to_owned(),
            noise: NoiseParams::default(),
            output: OutputParams::default(),
        }
    }
}

impl Preset {
    /// Parses RON text; `origin` names the source in error messages.
    pub fn from_ron(text: &str, origin: &Path) -> Result<Preset> {
        let err = |message: String| Error::Preset {
            path: origin.to_path_buf(),
            message,
        };
        let preset: Preset = ron::Options::default().from_str(text).map_err(|e| {
            err(format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ))
        })?;
        if preset.version > PRESET_VERSION {
            return Err(err(format!(
                "preset version {} is newer than this build understands ({PRESET_VERSION})",
                preset.version
            )));
        }
        preset.noise.validate().map_err(|e| err(e.to_string()))?;
        preset.output.validate().map_err(|e| err(e.to_string()))?;
        Ok(preset)
    }

    /// Reads and parses a preset file: RON text, or a PNG exported by Lattice Studio
    /// (its embedded preset), recognised by its signature whatever the extension.
    pub fn load(path: &Path) -> Result<Preset> {
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        if png_io::is_png(&bytes) {
            return Self::from_png_bytes(&bytes, path);
        }
        let text = String::from_utf8(bytes).map_err(|_| Error::Preset {
            path: path.to_path_buf(),
            message: "not a preset: neither RON text (UTF-8) nor a PNG".to_owned(),
        })?;
        Self::from_ron(&text, path)
    }

    /// Reads the preset embedded in a PNG exported by Lattice Studio.
    pub fn from_png(path: &Path) -> Result<Preset> {
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_png_bytes(&bytes, path)
    }

    /// [`Preset::from_png`] on bytes already read; `origin` names them in errors.
    pub fn from_png_bytes(bytes: &[u8], origin: &Path) -> Result<Preset> {
        match png_io::read_text(bytes, png_io::PRESET_KEYWORD, origin)? {
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

    /// Writes the preset atomically.
    pub fn save(&self, path: &Path) -> Result<()> {
        let mut text = self.to_ron();
        text.push('\n');
        write_atomic(path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Fade, Proximity, RandomSource};

    #[test]
    fn round_trip() {
        let mut p = Preset::default();
        p.noise.proximity = Proximity::CurvatureRigged;
        p.noise.fade = Fade::Quintic;
        p.noise.random = RandomSource::Modern;
        p.output.contrast = 1.5;
        let back = Preset::from_ron(&p.to_ron(), Path::new("t.ron")).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn missing_fields_take_defaults() {
        let p = Preset::from_ron("(name: \"x\", noise: (seed: 5))", Path::new("t.ron")).unwrap();
        assert_eq!(p.noise.seed, 5);
        assert_eq!(p.noise.size, NoiseParams::default().size);
        assert_eq!(p.output, OutputParams::default());
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
