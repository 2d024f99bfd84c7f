//! [`PresetFiles`]: presets read from and written to files, hardened (regular files
//! only, read no further than a preset can be, written atomically), and from the PNGs
//! Lattice Studio exports.

use super::atomic_file::write_atomic;
use super::error::{Error, Result};
use super::png_io;
use super::regular_file::{open_regular, read_at_most, read_limited};
use crate::engine::preset::MAX_PRESET_TEXT;
use crate::engine::{Preset, PresetError};
use std::path::Path;

/// Presets in files: the file side of the engine's [`Preset`] (bring the trait into
/// scope and call `Preset::load(path)`).
pub trait PresetFiles: Sized {
    /// [`Preset::from_ron`], with errors naming `origin` (the file or stream the text
    /// came from).
    fn from_ron_named(text: &str, origin: &Path) -> Result<Self>;

    /// Reads and parses a preset file: RON text, or a PNG exported by Lattice Studio
    /// (its embedded preset), recognised by its signature whatever the extension. Only
    /// regular files are read (a FIFO or device is refused, not waited on), a PNG only as
    /// far as its preset, and RON text only up to [`MAX_PRESET_TEXT`].
    fn load(path: &Path) -> Result<Self>;

    /// Reads a preset's RON text from a stream (`render -` reads standard input, so a
    /// copied command line can carry a whole layered preset in a here-document), at
    /// most [`MAX_PRESET_TEXT`] bytes; `origin` names the stream in errors.
    fn read_from(reader: impl std::io::Read, origin: &Path) -> Result<Self>;

    /// Reads the preset embedded in a PNG exported by Lattice Studio (the file is read
    /// as far as the preset's chunk, not loaded whole).
    fn from_png(path: &Path) -> Result<Self>;

    /// [`PresetFiles::from_png`] on bytes already read; `origin` names them in errors.
    fn from_png_bytes(bytes: &[u8], origin: &Path) -> Result<Self>;

    /// Writes the preset atomically (refusing one that could not be loaded again).
    fn save(&self, path: &Path) -> Result<()>;
}

impl PresetFiles for Preset {
    fn from_ron_named(text: &str, origin: &Path) -> Result<Preset> {
        Preset::from_ron(text).map_err(|e: PresetError| Error::Preset {
            path: origin.to_path_buf(),
            message: e.to_string(),
        })
    }

    fn load(path: &Path) -> Result<Preset> {
        if png_io::file_is_png(path) {
            return Self::from_png(path);
        }
        let bytes = read_limited(path, MAX_PRESET_TEXT as u64, "a preset")?;
        let text = String::from_utf8(bytes).map_err(|_| Error::Preset {
            path: path.to_path_buf(),
            message: "not a preset: neither RON text (UTF-8) nor a PNG".to_owned(),
        })?;
        Self::from_ron_named(&text, path)
    }

    fn read_from(reader: impl std::io::Read, origin: &Path) -> Result<Preset> {
        let bytes = read_at_most(reader, MAX_PRESET_TEXT as u64, origin, "the preset text")?;
        let text = String::from_utf8(bytes).map_err(|_| Error::Preset {
            path: origin.to_path_buf(),
            message: "not RON text (UTF-8); a PNG's preset is read from its file".to_owned(),
        })?;
        Self::from_ron_named(&text, origin)
    }

    fn from_png(path: &Path) -> Result<Preset> {
        let file = open_regular(path)?;
        let text =
            png_io::read_text_from(std::io::BufReader::new(file), png_io::PRESET_KEYWORD, path)?;
        from_png_text(text, path)
    }

    fn from_png_bytes(bytes: &[u8], origin: &Path) -> Result<Preset> {
        let text = png_io::read_text(bytes, png_io::PRESET_KEYWORD, origin)?;
        from_png_text(text, origin)
    }

    fn save(&self, path: &Path) -> Result<()> {
        self.validate()?;
        let mut text = self.to_ron();
        text.push('\n');
        write_atomic(path, text.as_bytes())
    }
}

fn from_png_text(text: Option<String>, origin: &Path) -> Result<Preset> {
    match text {
        Some(text) => Preset::from_ron_named(&text, origin),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::output::{ColorRamp, RampStop};
    use crate::engine::preset::MAX_DESCRIPTION;

    #[test]
    fn what_cannot_be_loaded_again_cannot_be_saved() {
        let dir = tempfile::tempdir().unwrap();
        let mut p = Preset {
            description: "x".repeat(MAX_DESCRIPTION + 1),
            ..Preset::default()
        };
        assert!(p.save(&dir.path().join("long.ron")).is_err());
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
        assert!(p.save(&dir.path().join("stops.ron")).is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn errors_name_the_file() {
        let text = "(\n  name: \"x\",\n  noise: (proximity: banana),\n)";
        let e = Preset::from_ron_named(text, Path::new("bad.ron"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("bad.ron: line 3") && e.contains("banana"),
            "{e}"
        );
        let e = Preset::from_ron_named("(noise: (size: 0))", Path::new("z.ron")).unwrap_err();
        assert!(e.to_string().starts_with("z.ron: "), "{e}");
    }
}
