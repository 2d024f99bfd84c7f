//! glTF 2.0 binary (`.glb`) of a terrain grid, streamed: the JSON document is built
//! with `gltf-json` from sizes computed up front, then the vertex and index data are
//! written straight from the grid, never held in memory as a whole.
//!
//! Layout of the BIN chunk (every part a multiple of 4 bytes): positions (`VEC3`
//! floats), normals (`VEC3`), texture coordinates (`VEC2`), triangle indices (`u32`),
//! then the coloured texture as PNG when there is one.

use crate::mesh::{MeshError, TerrainGrid};
use gltf_json as json;
use json::validation::{Checked::Valid, USize64};
use std::io::{self, Write};

/// `glTF` magic, version 2, and the chunk types.
const MAGIC: &[u8; 4] = b"glTF";
const CHUNK_JSON: u32 = 0x4E4F_534A;
const CHUNK_BIN: u32 = 0x004E_4942;

/// What goes beside the mesh into the file.
#[derive(Clone, Copy, Debug)]
pub(super) struct GlbExtras<'a> {
    /// The preset's RON text, stored in the node's `extras` (when the caller has one).
    pub preset_ron: Option<&'a str>,
    /// The texture as PNG (the mapped grey through the colour ramp), if any.
    pub texture_png: Option<&'a [u8]>,
    /// Whether the texture tiles (its sampler then repeats).
    pub tileable: bool,
}

fn pad4(n: u64) -> u64 {
    n.div_ceil(4) * 4
}

/// Byte sizes of the BIN chunk's parts.
struct Parts {
    vertices: u64,
    indices: u64,
    image: u64,
}

impl Parts {
    fn new(grid: &TerrainGrid, image: u64) -> Self {
        Self {
            vertices: grid.vertex_count(),
            indices: grid.triangle_count() * 3,
            image,
        }
    }

    /// (offset, length) of positions, normals, uvs, indices and the image.
    fn views(&self) -> [(u64, u64); 5] {
        let sizes = [
            self.vertices * 12,
            self.vertices * 12,
            self.vertices * 8,
            self.indices * 4,
            self.image,
        ];
        let mut offset = 0;
        sizes.map(|len| {
            let view = (offset, len);
            offset += pad4(len);
            view
        })
    }

    fn bin_len(&self) -> u64 {
        let [.., (offset, len)] = self.views();
        pad4(offset + len)
    }
}

/// The JSON document of the file.
fn document(
    grid: &TerrainGrid,
    height_scale: f32,
    parts: &Parts,
    extras: &GlbExtras<'_>,
) -> io::Result<json::Root> {
    let mut root = json::Root {
        asset: json::Asset {
            generator: Some(format!("Lattice Studio {}", env!("CARGO_PKG_VERSION"))),
            ..Default::default()
        },
        ..Default::default()
    };
    let views = buffer_views(&mut root, parts);
    let mesh = terrain_mesh(&mut root, grid, height_scale, parts, &views, extras);
    let mut record = serde_json::json!({
        "mesh_resolution": grid.resolution(),
        "height_scale": height_scale,
    });
    if let Some(ron) = extras.preset_ron {
        record["lattice_studio_preset"] = serde_json::Value::from(ron);
    }
    let node = root.push(json::Node {
        mesh: Some(mesh),
        name: Some("terrain".into()),
        extras: Some(serde_json::value::to_raw_value(&record).map_err(io::Error::other)?),
        ..Default::default()
    });
    let scene = root.push(json::Scene {
        extensions: None,
        extras: None,
        name: Some("Lattice Studio terrain".into()),
        nodes: vec![node],
    });
    root.scene = Some(scene);
    Ok(root)
}

/// The binary buffer and its views, in [`Parts::views`]' order: positions, normals,
/// texture coordinates, indices, then the texture image if there is one.
fn buffer_views(root: &mut json::Root, parts: &Parts) -> Vec<json::Index<json::buffer::View>> {
    let buffer = root.push(json::Buffer {
        byte_length: USize64(parts.bin_len()),
        name: None,
        uri: None,
        extensions: None,
        extras: None,
    });
    let targets = [
        Some(json::buffer::Target::ArrayBuffer),
        Some(json::buffer::Target::ArrayBuffer),
        Some(json::buffer::Target::ArrayBuffer),
        Some(json::buffer::Target::ElementArrayBuffer),
        None,
    ];
    parts
        .views()
        .into_iter()
        .zip(targets)
        // No image, no view for it (a view may not be empty).
        .filter(|((_, len), target)| target.is_some() || *len > 0)
        .map(|((offset, len), target)| {
            root.push(json::buffer::View {
                buffer,
                byte_length: USize64(len),
                byte_offset: Some(USize64(offset)),
                byte_stride: None,
                name: None,
                target: target.map(Valid),
                extensions: None,
                extras: None,
            })
        })
        .collect()
}

/// The terrain mesh: one indexed triangle list reading `views`, with its material.
fn terrain_mesh(
    root: &mut json::Root,
    grid: &TerrainGrid,
    height_scale: f32,
    parts: &Parts,
    views: &[json::Index<json::buffer::View>],
    extras: &GlbExtras<'_>,
) -> json::Index<json::Mesh> {
    let (lo, hi) = bounds(grid, height_scale);
    let accessor = |view, count: u64, component, type_, min, max| json::Accessor {
        buffer_view: Some(view),
        byte_offset: None,
        count: USize64(count),
        component_type: Valid(json::accessor::GenericComponentType(component)),
        extensions: None,
        extras: None,
        type_: Valid(type_),
        min,
        max,
        name: None,
        normalized: false,
        sparse: None,
    };
    use json::accessor::{ComponentType::F32, ComponentType::U32, Type};
    let v = parts.vertices;
    let position = root.push(accessor(
        views[0],
        v,
        F32,
        Type::Vec3,
        Some(serde_json::json!(lo)),
        Some(serde_json::json!(hi)),
    ));
    let normal = root.push(accessor(views[1], v, F32, Type::Vec3, None, None));
    let uv = root.push(accessor(views[2], v, F32, Type::Vec2, None, None));
    let indices = root.push(accessor(
        views[3],
        parts.indices,
        U32,
        Type::Scalar,
        None,
        None,
    ));
    let material = material(root, views.get(4).copied(), extras);
    let material = root.push(material);
    let mut attributes = std::collections::BTreeMap::new();
    attributes.insert(Valid(json::mesh::Semantic::Positions), position);
    attributes.insert(Valid(json::mesh::Semantic::Normals), normal);
    attributes.insert(Valid(json::mesh::Semantic::TexCoords(0)), uv);
    root.push(json::Mesh {
        extensions: None,
        extras: None,
        name: Some("terrain".into()),
        primitives: vec![json::mesh::Primitive {
            attributes,
            extensions: None,
            extras: None,
            indices: Some(indices),
            material: Some(material),
            mode: Valid(json::mesh::Mode::Triangles),
            targets: None,
        }],
        weights: None,
    })
}

/// A matte material: the texture when there is one, else a light grey.
fn material(
    root: &mut json::Root,
    image_view: Option<json::Index<json::buffer::View>>,
    extras: &GlbExtras<'_>,
) -> json::Material {
    let mut m = json::Material {
        name: Some("terrain".into()),
        ..Default::default()
    };
    m.pbr_metallic_roughness.metallic_factor = json::material::StrengthFactor(0.0);
    m.pbr_metallic_roughness.roughness_factor = json::material::StrengthFactor(1.0);
    let Some(image_view) = image_view else {
        m.pbr_metallic_roughness.base_color_factor =
            json::material::PbrBaseColorFactor([0.8, 0.8, 0.8, 1.0]);
        return m;
    };
    let image = root.push(json::Image {
        buffer_view: Some(image_view),
        mime_type: Some(json::image::MimeType("image/png".into())),
        name: Some("colour ramp".into()),
        uri: None,
        extensions: None,
        extras: None,
    });
    use json::texture::{MagFilter, MinFilter, WrappingMode};
    let wrap = if extras.tileable {
        WrappingMode::Repeat
    } else {
        WrappingMode::ClampToEdge
    };
    let sampler = root.push(json::texture::Sampler {
        mag_filter: Some(Valid(MagFilter::Linear)),
        min_filter: Some(Valid(MinFilter::LinearMipmapLinear)),
        wrap_s: Valid(wrap),
        wrap_t: Valid(wrap),
        ..Default::default()
    });
    let texture = root.push(json::Texture {
        name: None,
        sampler: Some(sampler),
        source: image,
        extensions: None,
        extras: None,
    });
    m.pbr_metallic_roughness.base_color_texture = Some(json::texture::Info {
        index: texture,
        tex_coord: 0,
        extensions: None,
        extras: None,
    });
    m
}

/// Exact min and max of the positions as written (glTF readers check them).
fn bounds(grid: &TerrainGrid, height_scale: f32) -> ([f32; 3], [f32; 3]) {
    let n = grid.resolution() as usize;
    let (lo, hi) = grid.height_range();
    // Rounding is monotonic and the scale is not negative, so the extreme heights
    // times the scale are exactly the extreme Y values written.
    let y = |h: f32| h * height_scale;
    let (first, last) = (grid.coord(0), grid.coord(n - 1));
    ([first, y(lo), first], [last, y(hi), last])
}

/// The JSON chunk: the document padded with spaces to a multiple of 4 bytes.
fn json_chunk(root: &json::Root) -> io::Result<Vec<u8>> {
    let mut text = root.to_vec().map_err(io::Error::other)?;
    while text.len() % 4 != 0 {
        text.push(b' ');
    }
    Ok(text)
}

/// Total size of the file, or the error when it exceeds the format's 4 GiB.
pub(super) fn glb_size(grid: &TerrainGrid, image_len: usize) -> Result<u64, MeshError> {
    let parts = Parts::new(grid, image_len as u64);
    // The JSON is a few kB; 1 MiB of headroom keeps the check simple.
    let total = 12 + 8 + (1 << 20) + 8 + parts.bin_len();
    if total > u64::from(u32::MAX) {
        return Err(MeshError::TooLarge {
            resolution: grid.resolution(),
            format: "glb",
        });
    }
    Ok(total)
}

/// Writes the grid as a glb file: Y up, one unit wide, grey 1 at `height_scale`.
pub(super) fn write_glb(
    w: &mut dyn Write,
    grid: &TerrainGrid,
    height_scale: f32,
    extras: &GlbExtras<'_>,
) -> io::Result<()> {
    let image = extras.texture_png.unwrap_or_default();
    glb_size(grid, image.len()).map_err(io::Error::other)?;
    let parts = Parts::new(grid, image.len() as u64);
    let json = json_chunk(&document(grid, height_scale, &parts, extras)?)?;
    let bin_len = parts.bin_len();
    let total = 12 + 8 + json.len() as u64 + 8 + bin_len;
    let u32_of = |v: u64| u32::try_from(v).map_err(io::Error::other);
    w.write_all(MAGIC)?;
    w.write_all(&2u32.to_le_bytes())?;
    w.write_all(&u32_of(total)?.to_le_bytes())?;
    w.write_all(&u32_of(json.len() as u64)?.to_le_bytes())?;
    w.write_all(&CHUNK_JSON.to_le_bytes())?;
    w.write_all(&json)?;
    w.write_all(&u32_of(bin_len)?.to_le_bytes())?;
    w.write_all(&CHUNK_BIN.to_le_bytes())?;
    let n = grid.resolution() as usize;
    let floats = |w: &mut dyn Write, v: &[f32]| -> io::Result<()> {
        for x in v {
            w.write_all(&x.to_le_bytes())?;
        }
        Ok(())
    };
    for j in 0..n {
        for i in 0..n {
            floats(w, &grid.position(i, j, height_scale))?;
        }
    }
    for j in 0..n {
        for i in 0..n {
            floats(w, &grid.normal(i, j, height_scale))?;
        }
    }
    for j in 0..n {
        for i in 0..n {
            floats(w, &grid.uv(i, j))?;
        }
    }
    for t in grid.triangles() {
        for v in t {
            w.write_all(&v.to_le_bytes())?;
        }
    }
    w.write_all(image)?;
    let written = parts.views()[4].0 + image.len() as u64;
    w.write_all(&vec![0u8; (bin_len - written) as usize])?;
    Ok(())
}
