//! [`ExportFormat`]: the file formats a texture can be exported to (images and meshes).

use super::error::{Error, Result};
use crate::engine::output::OutputParams;
use serde::{Deserialize, Serialize};
use std::path::Path;

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
    /// 8-bit RGBA PNG with up to four layers in R, G, B, A (the preset's channels):
    /// each its levelled heights clamped to 0..1 (game engines' packed masks).
    Packed,
    /// [`ExportFormat::Packed`] with 16 bits per channel.
    Packed16,
    /// glTF 2.0 binary mesh of the mapped grey: positions, normals, texture
    /// coordinates, and the coloured texture embedded when a ramp is set.
    Glb,
    /// Wavefront OBJ mesh with normals and texture coordinates.
    Obj,
    /// Binary STL: a closed solid (surface, walls, base) in millimetres, for printing.
    Stl,
    /// OpenEXR, one channel `Y` of 32-bit floats (16-bit halves on request): the unmapped
    /// heightmap like R32, ZIP-compressed (lossless) in blocks of 16 lines.
    Exr,
}

impl ExportFormat {
    /// Every format, in menu order.
    pub const ALL: [ExportFormat; 14] = [
        ExportFormat::Png,
        ExportFormat::PngTransparent,
        ExportFormat::Png16,
        ExportFormat::R16,
        ExportFormat::R32,
        ExportFormat::Normal,
        ExportFormat::Color,
        ExportFormat::ColorAlpha,
        ExportFormat::Packed,
        ExportFormat::Packed16,
        ExportFormat::Glb,
        ExportFormat::Obj,
        ExportFormat::Stl,
        ExportFormat::Exr,
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
            ExportFormat::Packed => "packed",
            ExportFormat::Packed16 => "packed16",
            ExportFormat::Glb => "glb",
            ExportFormat::Obj => "obj",
            ExportFormat::Stl => "stl",
            ExportFormat::Exr => "exr",
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
            ExportFormat::Packed => "Packed layers (RGBA PNG, one layer per channel)",
            ExportFormat::Packed16 => "Packed layers, 16-bit (RGBA PNG)",
            ExportFormat::Glb => "glTF binary mesh (.glb)",
            ExportFormat::Obj => "Wavefront OBJ mesh",
            ExportFormat::Stl => "Binary STL solid for 3D printing",
            ExportFormat::Exr => "OpenEXR float heightmap",
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
            | ExportFormat::ColorAlpha
            | ExportFormat::Packed
            | ExportFormat::Packed16 => "png",
            ExportFormat::R16 => "r16",
            ExportFormat::R32 => "r32",
            ExportFormat::Glb => "glb",
            ExportFormat::Obj => "obj",
            ExportFormat::Stl => "stl",
            ExportFormat::Exr => "exr",
        }
    }

    /// Guesses the format from a path's extension (`.png` means 8-bit grey).
    pub fn from_path(path: &Path) -> Option<ExportFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "png" => Some(ExportFormat::Png),
            "r16" | "raw" => Some(ExportFormat::R16),
            "r32" => Some(ExportFormat::R32),
            "glb" => Some(ExportFormat::Glb),
            "obj" => Some(ExportFormat::Obj),
            "stl" => Some(ExportFormat::Stl),
            "exr" => Some(ExportFormat::Exr),
            _ => None,
        }
    }

    /// Whether the format packs layers into channels (rendered per layer, not from
    /// the composite).
    pub fn is_packed(self) -> bool {
        matches!(self, ExportFormat::Packed | ExportFormat::Packed16)
    }

    /// Whether the format is a PNG (and so carries the preset when exported with one).
    pub fn is_png(self) -> bool {
        self.extension() == "png"
    }

    /// Whether the format is a 3D mesh (glb, OBJ, STL) rather than an image.
    pub fn is_mesh(self) -> bool {
        matches!(
            self,
            ExportFormat::Glb | ExportFormat::Obj | ExportFormat::Stl
        )
    }

    /// The Cargo feature of `lattice-formats` that writes this format, for the formats
    /// a program may leave out (as image-rs does): `exr` for OpenEXR, `mesh` for glb,
    /// OBJ and STL. `None` for the formats always built.
    pub fn feature(self) -> Option<&'static str> {
        match self {
            ExportFormat::Exr => Some("exr"),
            ExportFormat::Glb | ExportFormat::Obj | ExportFormat::Stl => Some("mesh"),
            _ => None,
        }
    }

    /// Whether this build writes the format (its [`Self::feature`] is enabled).
    pub fn is_built(self) -> bool {
        match self.feature() {
            Some("exr") => cfg!(feature = "exr"),
            Some(_) => cfg!(feature = "mesh"),
            None => true,
        }
    }

    /// `Ok` if this build writes the format, else [`Error::FormatNotBuilt`].
    pub fn check_built(self) -> Result<()> {
        match self.feature() {
            Some(feature) if !self.is_built() => Err(Error::FormatNotBuilt {
                format: self.id(),
                feature,
            }),
            _ => Ok(()),
        }
    }

    /// Whether the format holds the tone-mapped grey (and so needs the texture's levels
    /// under auto-levels or normalise), rather than the raw heights (R32, EXR) or the
    /// layers' own levels (packed).
    pub fn is_mapped(self) -> bool {
        !matches!(
            self,
            ExportFormat::R32 | ExportFormat::Exr | ExportFormat::Packed | ExportFormat::Packed16
        )
    }

    /// Whether the format holds float values (R32, EXR): the raw heights, or the
    /// levelled grey when the output asks for it ([`Self::holds_grey`]).
    pub fn is_float(self) -> bool {
        matches!(self, ExportFormat::R32 | ExportFormat::Exr)
    }

    /// Whether the file holds the tone-mapped grey under `out`: every mapped format,
    /// and the float ones when `out.float_levels` is on.
    pub fn holds_grey(self, out: &OutputParams) -> bool {
        self.is_mapped() || (self.is_float() && out.float_levels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for f in ExportFormat::ALL {
            assert_eq!(ExportFormat::from_id(f.id()), Some(f));
            assert_eq!(f.is_mesh(), ["glb", "obj", "stl"].contains(&f.extension()));
        }
        assert_eq!(
            ExportFormat::from_path(Path::new("t.GLB")),
            Some(ExportFormat::Glb)
        );
        assert_eq!(
            ExportFormat::from_path(Path::new("h.EXR")),
            Some(ExportFormat::Exr)
        );
        assert!(!ExportFormat::Exr.is_mapped() && ExportFormat::Normal.is_mapped());
    }

    #[test]
    fn float_formats_hold_grey_only_when_asked() {
        let raw = OutputParams::default();
        let levelled = OutputParams {
            float_levels: true,
            ..OutputParams::default()
        };
        for f in ExportFormat::ALL {
            assert_eq!(f.holds_grey(&raw), f.is_mapped(), "{f:?}");
            assert_eq!(
                f.holds_grey(&levelled),
                f.is_mapped() || f.is_float(),
                "{f:?}"
            );
        }
        assert!(ExportFormat::R32.is_float() && ExportFormat::Exr.is_float());
        assert!(!ExportFormat::Packed16.holds_grey(&levelled));
    }
}
