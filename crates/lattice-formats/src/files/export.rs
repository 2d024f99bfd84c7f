//! Encoding a texture in an [`ExportFormat`] and writing it atomically; PNGs carry the
//! preset that made them.

use super::atomic_file::write_atomic;
use super::error::Result;
use super::export_format::ExportFormat;
use super::mesh_export::{
    encode_mesh, encode_mesh_unrecorded, export_mesh, export_mesh_unrecorded,
};
use super::packing::{pack, packed_pixels};
use super::png_io::{PRESET_KEYWORD, PngLayout, encode_png};
#[cfg(feature = "exr")]
use super::stream::encode_exr;
use crate::engine::Preset;
use crate::engine::{Heightmap, JobControl, Region};
use crate::mesh::MeshOptions;
use crate::pixels::{self, ExactNormals, HaloGrid, OutputParams, ToneMap, normals_of_grid};
use image::RgbImage;
use std::borrow::Cow;
use std::path::Path;

/// Encodes the texture in `format`; `path` only names the file in error messages.
/// No preset is embedded, and normal maps clamp at the edges. Meshes get the default
/// [`MeshOptions`] (see [`encode_mesh`] for others) and record no preset.
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
    if format.is_packed() {
        let region = Region::full(preset.size());
        let sixteen = format == ExportFormat::Packed16;
        let (layout, data) = packed_pixels(preset, region, sixteen, &JobControl::new())?;
        let text = preset.to_ron();
        let text = Some((PRESET_KEYWORD, text.as_str()));
        return encode_png(path, preset.size(), layout, &data, text);
    }
    encode_inner(
        hm,
        &preset.output,
        preset.layers.tileable(),
        Some(preset),
        format,
        path,
    )
}

fn encode_inner(
    hm: &Heightmap,
    out: &OutputParams,
    wrap: bool,
    preset: Option<&Preset>,
    format: ExportFormat,
    path: &Path,
) -> Result<Vec<u8>> {
    out.validate()?;
    let s = hm.size();
    let preset_text = preset.map(Preset::to_ron);
    let text = preset_text.as_deref().map(|t| (PRESET_KEYWORD, t));
    let png = |layout, data: &[u8]| encode_png(path, s, layout, data, text);
    match format {
        ExportFormat::Png => png(PngLayout::Grey8, pixels::grey8(hm, out).as_raw()),
        ExportFormat::PngTransparent => {
            png(PngLayout::Rgba8, pixels::rgba_transparent(hm, out).as_raw())
        }
        ExportFormat::Png16 => {
            let img = pixels::grey16(hm, out);
            let be: Vec<u8> = img.as_raw().iter().flat_map(|v| v.to_be_bytes()).collect();
            png(PngLayout::Grey16, &be)
        }
        ExportFormat::R16 => {
            let img = pixels::grey16(hm, out);
            Ok(img.as_raw().iter().flat_map(|v| v.to_le_bytes()).collect())
        }
        ExportFormat::R32 => Ok(float_values(hm, out)
            .data()
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect()),
        ExportFormat::Normal => png(PngLayout::Rgb8, normals(hm, out, wrap, preset)?.as_raw()),
        ExportFormat::Color => {
            let rgb: Vec<u8> = pixels::rgba_ramp(hm, out)
                .as_raw()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            png(PngLayout::Rgb8, &rgb)
        }
        ExportFormat::ColorAlpha => png(PngLayout::Rgba8, pixels::rgba_ramp(hm, out).as_raw()),
        ExportFormat::Packed | ExportFormat::Packed16 => {
            // Without a preset the one heightmap is the red channel.
            let (layout, data) = pack(&[hm], format == ExportFormat::Packed16);
            png(layout, &data)
        }
        ExportFormat::Glb | ExportFormat::Obj | ExportFormat::Stl => {
            let options = MeshOptions::for_size(hm.size());
            match preset {
                Some(p) => encode_mesh(hm, p, format, &options, path),
                None => encode_mesh_unrecorded(hm, out, wrap, format, path),
            }
        }
        #[cfg(feature = "exr")]
        ExportFormat::Exr => encode_exr(&float_values(hm, out), false, path),
        #[cfg(not(feature = "exr"))]
        ExportFormat::Exr => Err(super::error::Error::FormatNotBuilt {
            format: "exr",
            feature: "exr",
        }),
    }
}

/// The normal map of `hm` under `out`: from the noise's exact slopes when `preset` is
/// one noise ([`ExactNormals`]), else by central differences.
fn normals(
    hm: &Heightmap,
    out: &OutputParams,
    wrap: bool,
    preset: Option<&Preset>,
) -> Result<RgbImage> {
    // One tone map for either path: with auto-levels it costs a pass over the heights.
    let tm = ToneMap::for_heightmap(hm, out);
    let exact = match preset {
        Some(p) => ExactNormals::of_preset(p, tm)?,
        None => None,
    };
    Ok(match exact {
        Some(exact) => exact.window(Region::full(hm.size()), hm.data()),
        None => {
            let grid = HaloGrid::of_texture(hm, wrap, |h| tm.grey(h));
            normals_of_grid(&grid, out.normal_strength, out.normal_convention)
        }
    })
}

/// The values a float export of `hm` holds under `out`: the raw heights, or their
/// grey with `float_levels` on.
fn float_values<'a>(hm: &'a Heightmap, out: &OutputParams) -> Cow<'a, Heightmap> {
    if !out.float_levels {
        return Cow::Borrowed(hm);
    }
    let mut grey = hm.clone();
    ToneMap::for_heightmap(hm, out).to_grey(&mut grey);
    Cow::Owned(grey)
}

/// Encodes and writes atomically: a failed export leaves no file (and keeps any old one).
pub fn export(hm: &Heightmap, out: &OutputParams, format: ExportFormat, path: &Path) -> Result<()> {
    if format.is_mesh() {
        return export_mesh_unrecorded(hm, out, false, format, path);
    }
    let bytes = encode(hm, out, format, path)?;
    write_atomic(path, &bytes)
}

/// [`export`] with the preset embedded in PNGs (see [`encode_with_preset`]) and
/// recorded in meshes. Meshes are streamed to the file with the default
/// [`MeshOptions`] for the texture's size (see [`export_mesh`] for others).
pub fn export_with_preset(
    hm: &Heightmap,
    preset: &Preset,
    format: ExportFormat,
    path: &Path,
) -> Result<()> {
    if format.is_mesh() {
        return export_mesh(hm, preset, format, &MeshOptions::for_size(hm.size()), path);
    }
    let bytes = encode_with_preset(hm, preset, format, path)?;
    write_atomic(path, &bytes)
}

#[cfg(test)]
mod tests {
    use super::super::error::Error;
    use super::*;

    fn ramp() -> Heightmap {
        Heightmap::from_data(2, vec![0.0, 0.25, 0.5, 1.5]).unwrap()
    }

    /// With every feature (the default) each format is written; without `exr` or
    /// `mesh` (CI runs this with `--no-default-features` too) those formats are refused
    /// by name, through every entry point, and nothing is left on disk.
    #[test]
    fn formats_left_out_of_the_build_are_refused_and_write_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let (hm, out) = (ramp(), OutputParams::default());
        let preset = Preset::default().at_size(2).unwrap();
        for f in [
            ExportFormat::Exr,
            ExportFormat::Glb,
            ExportFormat::Obj,
            ExportFormat::Stl,
        ] {
            let path = dir.path().join(format!("t.{}", f.extension()));
            let results = [
                export(&hm, &out, f, &path),
                export_with_preset(&hm, &preset, f, &path),
                encode(&hm, &out, f, &path).map(drop),
            ];
            for r in results {
                if f.is_built() {
                    r.unwrap();
                } else {
                    let e = r.unwrap_err();
                    assert!(matches!(e, Error::FormatNotBuilt { .. }), "{e}");
                    assert!(e.to_string().contains(f.feature().unwrap()), "{e}");
                    assert!(!path.exists());
                }
            }
        }
        assert_eq!(ExportFormat::Exr.is_built(), cfg!(feature = "exr"));
        assert_eq!(ExportFormat::Stl.is_built(), cfg!(feature = "mesh"));
        assert!(ExportFormat::Png16.is_built() && ExportFormat::Png16.check_built().is_ok());
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
    #[cfg(feature = "mesh")]
    fn meshes_without_a_preset_record_none() {
        let hm = Heightmap::from_data(2, vec![0.0, 0.5, 0.5, 1.0]).unwrap();
        let out = OutputParams::default();
        let obj = encode(&hm, &out, ExportFormat::Obj, Path::new("x")).unwrap();
        let text = String::from_utf8(obj).unwrap();
        assert!(!text.contains("lattice-studio-preset"), "{text}");
        assert_eq!(text.lines().filter(|l| l.starts_with("f ")).count(), 2);
        let with = encode_with_preset(&hm, &Preset::default(), ExportFormat::Obj, Path::new("x"));
        assert!(
            String::from_utf8(with.unwrap())
                .unwrap()
                .contains("lattice-studio-preset")
        );
        let glb = encode(&hm, &out, ExportFormat::Glb, Path::new("x")).unwrap();
        let json_len = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
        let json = std::str::from_utf8(&glb[20..20 + json_len]).unwrap();
        assert!(json.contains("mesh_resolution") && !json.contains("lattice_studio_preset"));
    }

    #[test]
    fn failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("missing-dir").join("x.png");
        assert!(export(&ramp(), &OutputParams::default(), ExportFormat::Png, &p).is_err());
        assert!(!p.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
