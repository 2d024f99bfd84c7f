//! Mesh exports (glb, OBJ, binary STL): the texture's surface built by
//! [`TerrainGrid`](crate::mesh::TerrainGrid) and streamed into an atomically written file.

use super::atomic_stream::write_atomic_streamed;
use super::error::{Error, Result};
use super::export_format::ExportFormat;
#[cfg(feature = "mesh")]
use super::glb_writer::{GlbExtras, glb_size, write_glb};
#[cfg(feature = "mesh")]
use super::obj_writer::write_obj;
#[cfg(feature = "mesh")]
use super::stl_writer::write_stl;
use crate::engine::Preset;
use crate::engine::{Heightmap, JobControl};
use crate::mesh::{AxisFilter, MeshOptions, Sampling, TerrainGrid};
use crate::pixels::{OutputParams, ToneMap};
use std::io::Write;
use std::path::Path;

/// Largest side of the texture embedded in a glb (larger textures are area-averaged
/// down to it, which keeps an 8192 export's memory in bounds).
pub const MAX_GLB_TEXTURE: u32 = 4096;

/// Builds the mesh of `preset`'s texture (already generated as `hm`) and writes it
/// atomically to `path` in the mesh format `format`; the file records the preset.
pub fn export_mesh(
    hm: &Heightmap,
    preset: &Preset,
    format: ExportFormat,
    options: &MeshOptions,
    path: &Path,
) -> Result<()> {
    let prepared = Prepared::new(hm, &Source::of(preset), format, options, path)?;
    write_atomic_streamed(path, |w| prepared.write(w))
}

/// [`export_mesh`] into memory (small meshes, tests).
pub fn encode_mesh(
    hm: &Heightmap,
    preset: &Preset,
    format: ExportFormat,
    options: &MeshOptions,
    path: &Path,
) -> Result<Vec<u8>> {
    encode_source(hm, &Source::of(preset), format, options, path)
}

/// A mesh of a heightmap whose preset is unknown: the output mapping `out` and `wrap`
/// (tileable) only, no preset recorded (see [`export_mesh`]).
pub fn export_mesh_unrecorded(
    hm: &Heightmap,
    out: &OutputParams,
    wrap: bool,
    format: ExportFormat,
    path: &Path,
) -> Result<()> {
    let source = Source::unrecorded(out, wrap);
    let options = MeshOptions::for_size(hm.size());
    let prepared = Prepared::new(hm, &source, format, &options, path)?;
    write_atomic_streamed(path, |w| prepared.write(w))
}

/// [`export_mesh_unrecorded`] into memory.
pub fn encode_mesh_unrecorded(
    hm: &Heightmap,
    out: &OutputParams,
    wrap: bool,
    format: ExportFormat,
    path: &Path,
) -> Result<Vec<u8>> {
    let options = MeshOptions::for_size(hm.size());
    encode_source(hm, &Source::unrecorded(out, wrap), format, &options, path)
}

/// What a mesh is made from besides the heightmap.
struct Source<'a> {
    output: &'a OutputParams,
    wrap: bool,
    name: &'a str,
    preset_ron: Option<String>,
}

impl<'a> Source<'a> {
    fn of(preset: &'a Preset) -> Self {
        Self {
            output: &preset.output,
            wrap: preset.layers.tileable(),
            name: &preset.name,
            preset_ron: Some(preset.to_ron()),
        }
    }

    fn unrecorded(output: &'a OutputParams, wrap: bool) -> Self {
        Self {
            output,
            wrap,
            name: "",
            preset_ron: None,
        }
    }
}

fn encode_source(
    hm: &Heightmap,
    source: &Source<'_>,
    format: ExportFormat,
    options: &MeshOptions,
    path: &Path,
) -> Result<Vec<u8>> {
    let prepared = Prepared::new(hm, source, format, options, path)?;
    let mut bytes = Vec::new();
    prepared.write(&mut bytes).map_err(|e| Error::io(path, e))?;
    Ok(bytes)
}

/// Everything checked and computed before the file is opened.
// Without the `mesh` feature no writer reads the fields (`new` refuses every format).
#[cfg_attr(not(feature = "mesh"), allow(dead_code))]
struct Prepared {
    format: ExportFormat,
    grid: TerrainGrid,
    height_scale: f32,
    preset_ron: Option<String>,
    name: String,
    texture: Option<Vec<u8>>,
    tileable: bool,
}

impl Prepared {
    fn new(
        hm: &Heightmap,
        source: &Source<'_>,
        format: ExportFormat,
        options: &MeshOptions,
        path: &Path,
    ) -> Result<Self> {
        format.check_built()?;
        source.output.validate()?;
        options.validate()?;
        let wrap = source.wrap;
        let grid = TerrainGrid::build(
            hm,
            source.output,
            options.resolution,
            wrap,
            &JobControl::new(),
        )?;
        let texture = match (&source.output.ramp, format) {
            (Some(_), ExportFormat::Glb) => Some(texture_png(hm, source.output, path)?),
            _ => None,
        };
        #[cfg(feature = "mesh")]
        if format == ExportFormat::Glb {
            glb_size(&grid, texture.as_ref().map_or(0, Vec::len))?;
        }
        Ok(Self {
            format,
            grid,
            height_scale: options.height_scale,
            preset_ron: source.preset_ron.clone(),
            name: source.name.to_owned(),
            texture,
            tileable: wrap,
        })
    }

    // Without the `mesh` feature every arm refuses, and `w` goes unused.
    #[cfg_attr(not(feature = "mesh"), allow(unused_variables))]
    fn write(&self, w: &mut dyn Write) -> std::io::Result<()> {
        match self.format {
            #[cfg(feature = "mesh")]
            ExportFormat::Glb => {
                let extras = GlbExtras {
                    preset_ron: self.preset_ron.as_deref(),
                    texture_png: self.texture.as_deref(),
                    tileable: self.tileable,
                };
                write_glb(w, &self.grid, self.height_scale, &extras)
            }
            #[cfg(feature = "mesh")]
            ExportFormat::Obj => {
                write_obj(w, &self.grid, self.height_scale, self.preset_ron.as_deref())
            }
            #[cfg(feature = "mesh")]
            ExportFormat::Stl => write_stl(
                w,
                &crate::mesh::Solid::new(&self.grid, self.height_scale),
                &self.name,
            ),
            // Refused in `Prepared::new`: not a mesh, or a mesh this build leaves out.
            other => Err(std::io::Error::other(format!(
                "{} is not a mesh format this build writes",
                other.id()
            ))),
        }
    }
}

/// The texture through the colour ramp as an RGB PNG, at most [`MAX_GLB_TEXTURE`] wide
/// (area-averaged greys), encoded row by row.
fn texture_png(hm: &Heightmap, out: &OutputParams, path: &Path) -> Result<Vec<u8>> {
    let s = hm.size() as usize;
    let side = hm.size().min(MAX_GLB_TEXTURE) as usize;
    let filter = AxisFilter::new(s, side, Sampling::Centres);
    let tm = ToneMap::for_heightmap(hm, out);
    let sampler = out.ramp.clone().unwrap_or_default().sampler();
    let (mut grey, mut filtered, mut acc) = (vec![0.0; s], vec![0.0; side], vec![0.0; side]);
    let rows = (0..side).map(move |j| {
        acc.fill(0.0);
        for &(sy, wy) in filter.taps(j) {
            for (g, &h) in grey.iter_mut().zip(hm.row(sy)) {
                *g = tm.grey(h);
            }
            filter.apply(&grey, &mut filtered);
            for (a, &f) in acc.iter_mut().zip(filtered.iter()) {
                *a += wy * f;
            }
        }
        acc.iter()
            .flat_map(|&g| {
                let [r, g, b, _] = sampler.sample(g);
                [r, g, b]
            })
            .collect::<Vec<u8>>()
    });
    let err = |e: png::EncodingError| Error::Encode {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let mut bytes = Vec::new();
    let mut enc = png::Encoder::new(&mut bytes, side as u32, side as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    let mut writer = enc.write_header().map_err(err)?;
    {
        // Row by row: only the compressed image is ever held whole.
        let mut stream = writer.stream_writer().map_err(err)?;
        for row in rows {
            stream.write_all(&row).map_err(|e| err(e.into()))?;
        }
        stream.finish().map_err(err)?;
    }
    writer.finish().map_err(err)?;
    Ok(bytes)
}
