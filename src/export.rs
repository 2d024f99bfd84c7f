//! Writing textures and heightmaps to files, atomically.

use crate::engine::Heightmap;
use crate::error::{Error, Result};
use crate::normal_map::normal_map;
use crate::params::OutputParams;
use crate::png_io::{PRESET_KEYWORD, PngLayout, encode_png};
use crate::preset::Preset;
use crate::render;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A file format the texture can be exported to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExportFormat {
    /// 8-bit grey PNG of the mapped texture.
    #[default]
    Png,
    /// RGBA PNG: colour = tint, alpha = mapped grey (the original's semi-transparent export).
    PngTransparent,
    /// 16-bit grey PNG of the mapped texture (for heightmaps).
    Png16,
    /// Raw 16-bit little-endian unsigned heights (mapped), row-major, top row first.
    R16,
    /// Raw 32-bit little-endian floats: the unmapped heightmap, row-major, top row first.
    R32,
    /// RGB PNG tangent-space normal map of the mapped grey (strength and convention
    /// from the output parameters; tiles when the texture does).
    Normal,
    /// RGB PNG of the mapped grey through the colour ramp (alpha dropped).
    Color,
    /// RGBA PNG of the mapped grey through the colour ramp, with the ramp's alpha.
    ColorAlpha,
}

impl ExportFormat {
    /// Every format, in menu order.
    pub const ALL: [ExportFormat; 8] = [
        ExportFormat::Png,
        ExportFormat::PngTransparent,
        ExportFormat::Png16,
        ExportFormat::R16,
        ExportFormat::R32,
        ExportFormat::Normal,
        ExportFormat::Color,
        ExportFormat::ColorAlpha,
    ];

    /// The id used on the command line.
    pub fn id(self) -> &'static str {
        match self {
            ExportFormat::Png => "png",
            ExportFormat::PngTransparent => "png-transparent",
            ExportFormat::Png16 => "png16",
            ExportFormat::R16 => "r16",
            ExportFormat::R32 => "r32",
            ExportFormat::Normal => "normal",
            ExportFormat::Color => "color",
            ExportFormat::ColorAlpha => "color-alpha",
        }
    }

    /// Looks a format up by id.
    pub fn from_id(id: &str) -> Option<ExportFormat> {
        Self::ALL.into_iter().find(|f| f.id() == id)
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            ExportFormat::Png => "PNG (8-bit grey)",
            ExportFormat::PngTransparent => "Semi-transparent PNG (RGBA)",
            ExportFormat::Png16 => "16-bit PNG heightmap",
            ExportFormat::R16 => "R16 raw heightmap",
            ExportFormat::R32 => "R32 raw float heightmap",
            ExportFormat::Normal => "Normal map (RGB PNG)",
            ExportFormat::Color => "Coloured PNG (RGB, colour ramp)",
            ExportFormat::ColorAlpha => "Coloured PNG with alpha (RGBA, colour ramp)",
        }
    }

    /// The usual file extension (without the dot).
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Png
            | ExportFormat::PngTransparent
            | ExportFormat::Png16
            | ExportFormat::Normal
            | ExportFormat::Color
            | ExportFormat::ColorAlpha => "png",
            ExportFormat::R16 => "r16",
            ExportFormat::R32 => "r32",
        }
    }

    /// Guesses the format from a path's extension (`.png` means 8-bit grey).
    pub fn from_path(path: &Path) -> Option<ExportFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "png" => Some(ExportFormat::Png),
            "r16" | "raw" => Some(ExportFormat::R16),
            "r32" => Some(ExportFormat::R32),
            _ => None,
        }
    }

    /// Whether the format is a PNG (and so carries the preset when exported with one).
    pub fn is_png(self) -> bool {
        self.extension() == "png"
    }
}

/// Encodes the texture in `format`; `path` only names the file in error messages.
/// No preset is embedded, and normal maps clamp at the edges.
pub fn encode(
    hm: &Heightmap,
    out: &OutputParams,
    format: ExportFormat,
    path: &Path,
) -> Result<Vec<u8>> {
    encode_inner(hm, out, false, None, format, path)
}

/// Encodes the texture of `preset` (already generated as `hm`) in `format`; PNGs carry
/// the preset as an iTXt chunk ([`PRESET_KEYWORD`]), and normal maps wrap at the edges
/// when the preset is tileable.
pub fn encode_with_preset(
    hm: &Heightmap,
    preset: &Preset,
    format: ExportFormat,
    path: &Path,
) -> Result<Vec<u8>> {
    let text = preset.to_ron();
    encode_inner(
        hm,
        &preset.output,
        preset.noise.tileable,
        Some(&text),
        format,
        path,
    )
}

fn encode_inner(
    hm: &Heightmap,
    out: &OutputParams,
    wrap: bool,
    preset_text: Option<&str>,
    format: ExportFormat,
    path: &Path,
) -> Result<Vec<u8>> {
    out.validate()?;
    let s = hm.size();
    let text = preset_text.map(|t| (PRESET_KEYWORD, t));
    let png = |layout, data: &[u8]| encode_png(path, s, layout, data, text);
    match format {
        ExportFormat::Png => png(PngLayout::Grey8, render::grey8(hm, out).as_raw()),
        ExportFormat::PngTransparent => {
            png(PngLayout::Rgba8, render::rgba_transparent(hm, out).as_raw())
        }
        ExportFormat::Png16 => {
            let img = render::grey16(hm, out);
            let be: Vec<u8> = img.as_raw().iter().flat_map(|v| v.to_be_bytes()).collect();
            png(PngLayout::Grey16, &be)
        }
        ExportFormat::R16 => {
            let img = render::grey16(hm, out);
            Ok(img.as_raw().iter().flat_map(|v| v.to_le_bytes()).collect())
        }
        ExportFormat::R32 => Ok(hm.data().iter().flat_map(|v| v.to_le_bytes()).collect()),
        ExportFormat::Normal => png(PngLayout::Rgb8, normal_map(hm, out, wrap).as_raw()),
        ExportFormat::Color => {
            let rgb: Vec<u8> = render::rgba_ramp(hm, out)
                .as_raw()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            png(PngLayout::Rgb8, &rgb)
        }
        ExportFormat::ColorAlpha => png(PngLayout::Rgba8, render::rgba_ramp(hm, out).as_raw()),
    }
}

/// Encodes and writes atomically: a failed export leaves no file (and keeps any old one).
pub fn export(hm: &Heightmap, out: &OutputParams, format: ExportFormat, path: &Path) -> Result<()> {
    let bytes = encode(hm, out, format, path)?;
    write_atomic(path, &bytes)
}

/// [`export`] with the preset embedded in PNGs (see [`encode_with_preset`]).
pub fn export_with_preset(
    hm: &Heightmap,
    preset: &Preset,
    format: ExportFormat,
    path: &Path,
) -> Result<()> {
    let bytes = encode_with_preset(hm, preset, format, path)?;
    write_atomic(path, &bytes)
}

fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to a temporary file beside `path`, syncs it, then renames it over
/// `path`. On any failure the temporary file is removed and `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    if path.is_dir() {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "is a directory",
        )));
    }
    let tmp = temp_path(path);
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        // Best effort: the temp file may not exist if creating it was what failed.
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp() -> Heightmap {
        Heightmap::from_data(2, vec![0.0, 0.25, 0.5, 1.5]).unwrap()
    }

    #[test]
    fn raw_formats_are_little_endian_row_major() {
        let out = OutputParams::default();
        let r32 = encode(&ramp(), &out, ExportFormat::R32, Path::new("x")).unwrap();
        assert_eq!(r32.len(), 16);
        assert_eq!(f32::from_le_bytes(r32[4..8].try_into().unwrap()), 0.25);
        assert_eq!(f32::from_le_bytes(r32[12..16].try_into().unwrap()), 1.5);
        let r16 = encode(&ramp(), &out, ExportFormat::R16, Path::new("x")).unwrap();
        assert_eq!(u16::from_le_bytes([r16[2], r16[3]]), 16384);
        assert_eq!(u16::from_le_bytes([r16[6], r16[7]]), 65535);
    }

    #[test]
    fn pngs_decode_back() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            ExportFormat::Png,
            ExportFormat::PngTransparent,
            ExportFormat::Png16,
        ] {
            let p = dir.path().join(format!("{}.png", f.id()));
            export(&ramp(), &OutputParams::default(), f, &p).unwrap();
            let img = image::open(&p).unwrap();
            assert_eq!((img.width(), img.height()), (2, 2));
        }
        let g16 = image::open(dir.path().join("png16.png"))
            .unwrap()
            .into_luma16();
        assert_eq!(g16.get_pixel(1, 0).0, [16384]);
    }

    #[test]
    fn failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("missing-dir").join("x.png");
        assert!(export(&ramp(), &OutputParams::default(), ExportFormat::Png, &p).is_err());
        assert!(!p.exists());
        let err = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(err.to_string().contains("directory"), "{err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn format_from_extension() {
        assert_eq!(
            ExportFormat::from_path(Path::new("a.PNG")),
            Some(ExportFormat::Png)
        );
        assert_eq!(
            ExportFormat::from_path(Path::new("a.r32")),
            Some(ExportFormat::R32)
        );
        assert_eq!(ExportFormat::from_path(Path::new("a")), None);
    }
}
