//! Layered textures end to end: the command line's layer flags, `info`, packed exports,
//! version 1 and 2 presets, circular references, and layered renders that do not
//! depend on the thread count or the window rendered.

use lattice_studio::PresetFiles;
use lattice_studio::engine::{
    BlendMode, JobControl, Layer, LayerCache, LayerStack, NoiseParams, Region, Warp,
};
use lattice_studio::{ExportFormat, Preset, encode};
use std::path::Path;

use crate::common;
use common::cli::{bin, ok, one_error_line, run};
use common::files::preset_path;

fn r32(preset: &Preset) -> Vec<u8> {
    let hm = preset.generate(&JobControl::new()).unwrap();
    encode(&hm, &preset.output, ExportFormat::R32, Path::new("x.r32")).unwrap()
}

#[test]
fn warp_zero_gives_todays_bytes_and_a_warp_changes_them() {
    let dir = tempfile::tempdir().unwrap();
    let default = preset_path("default.ron");
    let render = |name: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        let mut args = vec!["render", default.to_str().unwrap(), "--size", "128"];
        args.extend_from_slice(extra);
        args.extend(["--out", out.to_str().unwrap()]);
        ok(&run(&args));
        std::fs::read(out).unwrap()
    };
    let plain = render("plain.r32", &[]);
    assert_eq!(render("zero.r32", &["--warp", "0"]), plain);
    let warped = render("warped.r32", &["--warp", "24"]);
    assert_eq!(warped.len(), plain.len());
    assert_ne!(warped, plain);
}

#[test]
fn layer_flags_reach_the_chosen_layer_and_bad_ones_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let terrain = preset_path("layered-terrain.ron");
    let out = dir.path().join("t.r32");
    let o = out.to_str().unwrap();
    let t = terrain.to_str().unwrap();
    let base = ["render", t, "--size", "64", "--out", o];
    ok(&run(&base));
    let before = std::fs::read(&out).unwrap();
    ok(&run(&[
        &base[..],
        &["--layer", "3", "--blend", "max", "--opacity", "0.5"],
    ]
    .concat()));
    assert_ne!(std::fs::read(&out).unwrap(), before);
    // Ridges by the slope of the terrain below them: here the hills alone (the
    // altitude layer is not composited), so the same as masking by the hills by name.
    let by = |mask: &str| {
        let flags = ["--layer", "3", "--mask", mask, "--mask-slope", "1,4"];
        ok(&run(&[&base[..], &flags[..]].concat()));
        std::fs::read(&out).unwrap()
    };
    let below = by("below");
    assert_ne!(below, before);
    assert_eq!(below, by("hills"));
    assert_ne!(below, by("altitude"));
    for (flags, says) in [
        (&["--layer", "4"][..], "no layer 4"),
        (&["--blend", "burn"][..], "difference"),
        (&["--opacity", "2"][..], "0..=1"),
        (&["--mask", "nowhere"][..], "'nowhere'"),
        (&["--layer", "2", "--mask", "ridges"][..], "circle"),
    ] {
        let bad = dir.path().join("bad.png");
        let args = ["render", t, "--out", bad.to_str().unwrap()];
        let r = run(&[&args[..], flags].concat());
        assert!(!r.status.success(), "{flags:?}");
        let line = one_error_line(&r);
        assert!(line.contains(says), "{flags:?}: {line}");
        assert!(!bad.exists());
    }
}

#[test]
fn info_prints_one_line_per_layer_and_list_the_blend_modes() {
    let r = run(&["info", preset_path("crystal-veins.ron").to_str().unwrap()]);
    ok(&r);
    let text = String::from_utf8(r.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[1].contains("crystal") && lines[1].contains("warp 28 px"),
        "{text}"
    );
    assert!(
        lines[2].contains("multiply 0.80") && lines[2].contains("by layer 'crystal'"),
        "{text}"
    );
    // A layer whose heights are the stack below names it in place of a noise.
    let r = run(&[
        "info",
        preset_path("eroded-highlands.ron").to_str().unwrap(),
    ]);
    ok(&r);
    let text = String::from_utf8(r.stdout).unwrap();
    let carved = text.lines().find(|l| l.contains("carved")).unwrap();
    assert!(
        carved.contains("carved: the stack below; normal 1.00") && carved.contains("erosion 1.2"),
        "{text}"
    );
    assert!(!carved.contains("seed"), "{text}");
    let list = String::from_utf8(run(&["list"]).stdout).unwrap();
    for m in BlendMode::ALL {
        assert!(list.contains(m.id()), "{}", m.id());
    }
}

#[test]
fn packed_exports_hold_each_layers_coverage() {
    let dir = tempfile::tempdir().unwrap();
    let masks = preset_path("packed-masks.ron");
    for (format, sixteen) in [("packed", false), ("packed16", true)] {
        let out = dir.path().join(format!("{format}.png"));
        let args = [
            "render",
            masks.to_str().unwrap(),
            "--size",
            "64",
            "--format",
            format,
        ];
        ok(&run(
            &[&args[..], &["--out", out.to_str().unwrap()]].concat()
        ));
        let img = image::open(&out).unwrap().into_rgba16();
        assert_eq!(img.dimensions(), (64, 64));
        let p = Preset::load(&masks).unwrap();
        let small = p.layers.resized(64);
        let mut cache = LayerCache::new();
        let max = if sixteen { 65535.0 } else { 255.0 };
        for (c, name) in p.channels.iter().enumerate() {
            let i = small.index_of(name).unwrap();
            let alone = cache
                .coverage(&small, Region::full(64), i, &JobControl::new())
                .unwrap();
            // A masked layer's channel is its heights times its mask: moss lies only
            // where its mask (the height) lets it.
            let solo = cache
                .render(&small, Region::full(64), Some(i), &JobControl::new())
                .unwrap();
            assert_eq!(alone != solo, small[i].mask.is_some(), "{name}");
            for (k, px) in img.pixels().enumerate().step_by(37) {
                let h = alone.data()[k].clamp(0.0, 1.0);
                let want = (h * max + 0.5) as u32;
                // 8-bit samples come back scaled to 16 bits (v * 257).
                let got = if sixteen {
                    u32::from(px.0[c])
                } else {
                    u32::from(px.0[c]) / 257
                };
                assert_eq!(got, want, "{format} channel {c} pixel {k}");
            }
        }
    }
}

#[test]
fn version_one_presets_save_as_version_two_with_the_same_heights() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["default.ron", "lava-flow.ron", "value-noise-layers.ron"] {
        let v1 = Preset::load(&preset_path(name)).unwrap();
        let path = dir.path().join(name);
        v1.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("version: 2") && text.contains("layers: ["),
            "{text}"
        );
        assert!(!text.contains("noise: (size"), "{text}");
        let v2 = Preset::load(&path).unwrap();
        assert_eq!(v2, v1);
        assert_eq!(r32(&v2), r32(&v1), "{name}");
    }
    // Both forms in one file are refused.
    let both = "(noise: (seed: 1), layers: [(name: \"a\")])";
    let e = Preset::from_ron_named(both, Path::new("both.ron")).unwrap_err();
    assert!(e.to_string().contains("not both"), "{e}");
}

#[test]
fn a_circular_preset_is_refused_naming_its_layers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("circle.ron");
    std::fs::write(
        &path,
        "(version: 2, size: 64, layers: [\
         (name: \"a\", mask: Some(\"b\"), noise: (initial_step: 16)),\
         (name: \"b\", warp: Some((amplitude: 4.0, source: layer(\"a\"))), \
          noise: (initial_step: 16))])",
    )
    .unwrap();
    let out = dir.path().join("x.png");
    let r = run(&[
        "render",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let line = one_error_line(&r);
    assert!(
        line.contains("circle.ron") && line.contains("a -> b -> a"),
        "{line}"
    );
    assert!(!out.exists());
}

#[test]
fn layered_renders_match_at_one_and_two_threads_and_in_bands() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "crystal-veins.ron",
        "layered-terrain.ron",
        "warped-marble.ron",
    ] {
        let p = preset_path(name);
        let mut outputs = Vec::new();
        for threads in ["1", "2"] {
            let out = dir.path().join(format!("{name}-{threads}.r32"));
            let status = bin()
                .env("RAYON_NUM_THREADS", threads)
                .args(["render", p.to_str().unwrap(), "--size", "128", "--out"])
                .arg(&out)
                .output()
                .unwrap();
            ok(&status);
            outputs.push(std::fs::read(out).unwrap());
        }
        assert_eq!(outputs[0], outputs[1], "{name}");
        // Bands rendered apart join into the whole.
        let stack = Preset::load(&p).unwrap().layers.resized(128);
        let whole = stack
            .generate_region(Region::full(128), &JobControl::new())
            .unwrap();
        for y in (0..128).step_by(40) {
            let h = 40.min(128 - y);
            let band = stack
                .generate_region(Region::band(128, y, h), &JobControl::new())
                .unwrap();
            assert_eq!(
                band.data(),
                &whole.data()[(y * 128) as usize..((y + h) * 128) as usize]
            );
        }
    }
}

#[test]
fn a_mask_of_zero_keeps_the_layer_below_and_of_one_is_the_plain_blend() {
    let noise = NoiseParams {
        size: 64,
        initial_step: 16,
        ..NoiseParams::default()
    };
    let mut top = Layer::new(
        "top",
        NoiseParams {
            seed: 5,
            ..noise.clone()
        },
    );
    top.blend = BlendMode::Screen;
    let mut mask = Layer::new(
        "mask",
        NoiseParams {
            seed: 9,
            ..noise.clone()
        },
    );
    mask.enabled = false;
    let stack = |offset: f32, masked: bool| {
        let mut top = top.clone();
        top.mask = masked.then(|| "mask".to_owned());
        let mut mask = mask.clone();
        // Gain 0 makes the mask a constant 0.5 + offset.
        mask.levels.gain = 0.0;
        mask.levels.offset = offset;
        let layers = vec![Layer::new("below", noise.clone()), mask, top];
        LayerStack::from_layers(64, false, layers).unwrap()
    };
    let render = |s: &LayerStack| {
        s.generate_region(Region::full(64), &JobControl::new())
            .unwrap()
    };
    let below = lattice_studio::engine::generate_simple(&noise).unwrap();
    assert_eq!(render(&stack(-0.5, true)), below);
    assert_eq!(render(&stack(0.5, true)), render(&stack(0.0, false)));
    // A warp of amplitude 0 is no warp.
    let mut warped = stack(0.0, false);
    warped[2].warp = Some(Warp::with_default_noise(&noise, 0.0));
    assert_eq!(render(&warped), render(&stack(0.0, false)));
}
