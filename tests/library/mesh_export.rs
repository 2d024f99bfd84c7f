//! Mesh exports read back: the glb by the `gltf` crate, the OBJ by a small parser, the
//! binary STL checked to be a closed solid; and the command line's mesh flags.

use lattice_studio::PresetFiles;
use lattice_studio::mesh::MeshOptions;
use lattice_studio::{ColorRamp, ExportFormat, JobControl, Preset};
use std::collections::HashMap;
use std::path::Path;

use crate::common;
use common::cli::{ok, run};
use common::files::preset_path;

fn terrain(size: u32) -> (Preset, lattice_studio::Heightmap) {
    let mut p = Preset::load(&preset_path("terrain.ron")).unwrap();
    p.layers = p.layers.resized(size);
    let hm = p.generate(&JobControl::new()).unwrap();
    (p, hm)
}

fn export(
    p: &Preset,
    hm: &lattice_studio::Heightmap,
    f: ExportFormat,
    o: MeshOptions,
    path: &Path,
) {
    lattice_studio::files::export_mesh(hm, p, f, &o, path).unwrap();
}

#[test]
fn glb_reads_back_with_the_gltf_crate() {
    let dir = tempfile::tempdir().unwrap();
    let (mut preset, hm) = terrain(96);
    preset.output.ramp = ColorRamp::builtin("terrain");
    let path = dir.path().join("t.glb");
    let options = MeshOptions {
        resolution: 40,
        height_scale: 0.5,
    };
    export(&preset, &hm, ExportFormat::Glb, options, &path);
    let bytes = std::fs::read(&path).unwrap();
    let gltf = gltf::Gltf::from_slice(&bytes).unwrap();
    let blob = gltf.blob.as_deref().unwrap();
    let mesh = gltf.meshes().next().unwrap();
    let prim = mesh.primitives().next().unwrap();
    let reader = prim.reader(|_| Some(blob));
    let positions: Vec<[f32; 3]> = reader.read_positions().unwrap().collect();
    let normals: Vec<[f32; 3]> = reader.read_normals().unwrap().collect();
    let uvs: Vec<[f32; 2]> = reader.read_tex_coords(0).unwrap().into_f32().collect();
    let indices: Vec<u32> = reader.read_indices().unwrap().into_u32().collect();
    assert_eq!(positions.len(), 40 * 40);
    assert_eq!((normals.len(), uvs.len()), (1600, 1600));
    assert_eq!(indices.len(), 3 * 2 * 39 * 39);
    assert!(indices.iter().all(|&i| i < 1600));
    // The accessor's bounds are the data's, and the heights span the grey range.
    let b = prim.bounding_box();
    let lo = positions
        .iter()
        .fold([f32::MAX; 3], |m, p| [0, 1, 2].map(|k| m[k].min(p[k])));
    let hi = positions
        .iter()
        .fold([f32::MIN; 3], |m, p| [0, 1, 2].map(|k| m[k].max(p[k])));
    assert_eq!((b.min, b.max), (lo, hi));
    assert_eq!((lo[0], hi[0], lo[2], hi[2]), (-0.5, 0.5, -0.5, 0.5));
    // Auto levels: greys span 0..1 in the texture; averaged to 40 vertices, nearly.
    assert!(
        lo[1] >= 0.0 && lo[1] < 0.1 && hi[1] <= 0.5 && hi[1] > 0.4,
        "{lo:?} {hi:?}"
    );
    for n in &normals {
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        assert!((len - 1.0).abs() < 1e-5 && n[1] > 0.0);
    }
    assert_eq!((uvs[0], uvs[1599]), ([0.0, 0.0], [1.0, 1.0]));
    // The preset is in the node's extras, and loads back to the same preset.
    let node = gltf.nodes().next().unwrap();
    let extras: serde_json::Value =
        serde_json::from_str(node.extras().as_ref().unwrap().get()).unwrap();
    let ron = extras["lattice_studio_preset"].as_str().unwrap();
    assert_eq!(
        Preset::from_ron_named(ron, Path::new("extras")).unwrap(),
        preset
    );
    assert_eq!(extras["mesh_resolution"], 40);
    // With a ramp the coloured texture is embedded as PNG, full size.
    let image = gltf.images().next().unwrap();
    let gltf::image::Source::View { view, mime_type } = image.source() else {
        panic!("the image should be in the buffer");
    };
    assert_eq!(mime_type, "image/png");
    let png = &blob[view.offset()..view.offset() + view.length()];
    let img = image::load_from_memory(png).unwrap();
    assert_eq!((img.width(), img.height()), (96, 96));
    let colour = prim
        .material()
        .pbr_metallic_roughness()
        .base_color_texture();
    assert!(colour.is_some());
}

#[test]
fn glb_without_ramp_has_no_texture() {
    let dir = tempfile::tempdir().unwrap();
    let (preset, hm) = terrain(32);
    let path = dir.path().join("plain.glb");
    export(
        &preset,
        &hm,
        ExportFormat::Glb,
        MeshOptions::for_size(32),
        &path,
    );
    let gltf = gltf::Gltf::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(gltf.images().count(), 0);
    // Positions, normals, uvs, indices: no empty view for a missing image (the Khronos
    // validator refuses those).
    assert_eq!(gltf.views().count(), 4);
    assert!(gltf.views().all(|v| v.length() > 0));
    assert_eq!(
        gltf.meshes()
            .next()
            .unwrap()
            .primitives()
            .next()
            .unwrap()
            .reader(|_| gltf.blob.as_deref())
            .read_positions()
            .unwrap()
            .count(),
        32 * 32
    );
}

#[test]
fn obj_parses_back() {
    let dir = tempfile::tempdir().unwrap();
    let (preset, hm) = terrain(64);
    let path = dir.path().join("t.obj");
    export(
        &preset,
        &hm,
        ExportFormat::Obj,
        MeshOptions {
            resolution: 17,
            height_scale: 0.25,
        },
        &path,
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut v, mut vt, mut vn, mut faces) = (Vec::new(), 0, Vec::new(), Vec::new());
    let mut ron = String::new();
    let mut in_preset = false;
    for line in text.lines() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("v") => v.push(words.map(|w| w.parse::<f32>().unwrap()).collect::<Vec<_>>()),
            Some("vt") => {
                let uv: Vec<f32> = words.map(|w| w.parse().unwrap()).collect();
                assert!(uv.iter().all(|c| (0.0..=1.0).contains(c)));
                vt += 1;
            }
            Some("vn") => vn.push(words.map(|w| w.parse::<f32>().unwrap()).collect::<Vec<_>>()),
            Some("f") => faces.push(
                words
                    .map(|w| {
                        let ids: Vec<usize> = w.split('/').map(|i| i.parse().unwrap()).collect();
                        assert!(ids[0] == ids[1] && ids[1] == ids[2]);
                        ids[0]
                    })
                    .collect::<Vec<_>>(),
            ),
            Some("#") if line.starts_with("# lattice-studio-preset") => in_preset = true,
            Some("#") if in_preset => {
                ron.push_str(line.strip_prefix("# ").unwrap_or(""));
                ron.push('\n');
            }
            _ => {}
        }
    }
    assert_eq!((v.len(), vt, vn.len()), (289, 289, 289));
    assert_eq!(faces.len(), 2 * 16 * 16);
    assert!(
        faces
            .iter()
            .all(|f| f.len() == 3 && f.iter().all(|&i| (1..=289).contains(&i)))
    );
    assert!(
        v.iter()
            .all(|p| p.len() == 3 && (0.0..=0.25).contains(&p[1]))
    );
    // Faces wind counter-clockwise seen from above (+Y), like the normals.
    for f in &faces {
        let [a, b, c] = [&v[f[0] - 1], &v[f[1] - 1], &v[f[2] - 1]];
        let (u, w) = ([b[0] - a[0], b[2] - a[2]], [c[0] - a[0], c[2] - a[2]]);
        assert!(u[1] * w[0] - u[0] * w[1] > 0.0);
        assert!(vn[f[0] - 1][1] > 0.0);
    }
    assert_eq!(
        Preset::from_ron_named(&ron, Path::new("obj")).unwrap(),
        preset
    );
}

#[test]
fn stl_is_a_closed_solid() {
    let dir = tempfile::tempdir().unwrap();
    let (preset, hm) = terrain(64);
    let path = dir.path().join("t.stl");
    export(
        &preset,
        &hm,
        ExportFormat::Stl,
        MeshOptions {
            resolution: 33,
            height_scale: 0.3,
        },
        &path,
    );
    let bytes = std::fs::read(&path).unwrap();
    assert!(!bytes.starts_with(b"solid"));
    let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    let edge = 4 * 32;
    assert_eq!(count, 2 * 32 * 32 + 3 * edge);
    assert_eq!(bytes.len(), 84 + 50 * count);
    let f = |o: usize| f32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let mut edges: HashMap<([u32; 3], [u32; 3]), i32> = HashMap::new();
    let (mut zmin, mut zmax) = (f32::MAX, f32::MIN);
    for t in 0..count {
        let o = 84 + 50 * t;
        let n = [f(o), f(o + 4), f(o + 8)];
        let p: Vec<[f32; 3]> = (0..3)
            .map(|k| [0, 1, 2].map(|c| f(o + 12 + 12 * k + 4 * c)))
            .collect();
        // The stored normal agrees with the winding.
        let (u, w) = (
            [0, 1, 2].map(|c| p[1][c] - p[0][c]),
            [0, 1, 2].map(|c| p[2][c] - p[0][c]),
        );
        let cr = [
            u[1] * w[2] - u[2] * w[1],
            u[2] * w[0] - u[0] * w[2],
            u[0] * w[1] - u[1] * w[0],
        ];
        assert!(
            cr[0] * n[0] + cr[1] * n[1] + cr[2] * n[2] > 0.0,
            "triangle {t}"
        );
        for k in 0..3 {
            let (a, b) = (p[k].map(f32::to_bits), p[(k + 1) % 3].map(f32::to_bits));
            *edges.entry((a, b)).or_default() += 1;
            zmin = zmin.min(p[k][2]);
            zmax = zmax.max(p[k][2]);
        }
    }
    // Every edge is shared by exactly two triangles, once in each direction.
    for (&(a, b), &c) in &edges {
        assert_eq!((c, edges.get(&(b, a))), (1, Some(&1)));
    }
    assert_eq!(zmin, 0.0);
    assert!(zmax <= 5.0 + 30.0 && zmax > 30.0, "{zmax}");
}

#[test]
fn the_command_line_writes_meshes_and_refuses_bad_flags() {
    let dir = tempfile::tempdir().unwrap();
    let preset = preset_path("terrain.ron");
    for (ext, args) in [
        (
            "glb",
            vec!["--mesh-resolution", "64", "--height-scale", "0.4"],
        ),
        ("obj", vec!["--size", "64"]),
        ("stl", vec!["--format", "stl", "--mesh-resolution", "16"]),
    ] {
        let out = dir.path().join(format!("m.{ext}"));
        let mut all = vec![
            "render",
            preset.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        all.extend(args);
        ok(&run(&all));
        assert!(std::fs::metadata(&out).unwrap().len() > 1000, "{ext}");
    }
    let gltf = gltf::Gltf::from_slice(&std::fs::read(dir.path().join("m.glb")).unwrap()).unwrap();
    let reader_count = gltf.accessors().next().unwrap().count();
    assert_eq!(reader_count, 64 * 64);
    let bad = [
        vec!["--format", "glb", "--mesh-resolution", "1"],
        vec!["--format", "glb", "--mesh-resolution", "9000"],
        vec!["--format", "obj", "--height-scale", "-1"],
        vec!["--format", "obj", "--height-scale", "nan"],
        vec!["--format", "png", "--height-scale", "0.5"],
    ];
    for args in bad {
        let out = dir.path().join("bad.out");
        let mut all = vec!["render", "--size", "32", "--out", out.to_str().unwrap()];
        all.extend(args.iter().copied());
        let r = run(&all);
        assert!(!r.status.success(), "{args:?} should fail");
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.starts_with("error:"), "{err}");
        assert!(!out.exists());
    }
    // Nothing but the three meshes: no temporary files left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}
