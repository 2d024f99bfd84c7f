//! Reading a preset's RON file from a program that embeds the engine. The command line
//! and the app read presets through the formats layer instead, which also reads the
//! preset inside an exported PNG and refuses hostile files more thoroughly.

use super::preset::{MAX_PRESET_TEXT, Preset};
use super::preset_error::PresetError;
use std::io::Read;
use std::path::Path;

impl Preset {
    /// Reads and parses a preset's RON file (see [`Preset::from_ron`]). Only a regular
    /// file is opened (a FIFO would block), and it is read no further than
    /// [`MAX_PRESET_TEXT`] bytes. Errors name the file.
    pub fn from_file(path: &Path) -> Result<Preset, PresetError> {
        let fail = |message: String| PresetError::File {
            path: path.display().to_string(),
            message,
        };
        let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
        if !meta.is_file() {
            return Err(fail("not a regular file".to_owned()));
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_PRESET_TEXT as u64 + 1).read_to_end(&mut bytes))
            .map_err(|e| fail(e.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|_| fail("not RON text (UTF-8)".into()))?;
        Preset::from_ron(&text).map_err(|e| fail(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_as_its_text_and_errors_name_it() {
        let dir = std::env::temp_dir().join(format!("lattice-noise-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.ron");
        std::fs::write(&good, "(name: \"g\", size: 256)").unwrap();
        assert_eq!(Preset::from_file(&good).unwrap().name, "g");
        let bad = dir.join("bad.ron");
        std::fs::write(&bad, "(size: 0)").unwrap();
        let e = Preset::from_file(&bad).unwrap_err().to_string();
        assert!(
            e.starts_with(&bad.display().to_string()) && e.contains("size 0"),
            "{e}"
        );
        let e = Preset::from_file(&dir).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
        let e = Preset::from_file(&dir.join("missing.ron")).unwrap_err();
        assert!(matches!(e, PresetError::File { .. }), "{e}");
        let big = dir.join("big.ron");
        std::fs::write(&big, " ".repeat(MAX_PRESET_TEXT + 10)).unwrap();
        let e = Preset::from_file(&big).unwrap_err().to_string();
        assert!(e.contains("at most"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
