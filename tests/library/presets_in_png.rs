//! Exported PNGs carry their preset; loading such a PNG gives the preset back exactly.

use lattice_studio::PresetFiles;
use lattice_studio::engine::generate_simple;
use lattice_studio::files::{export, export_with_preset};
use lattice_studio::pixels::{ColorRamp, RampStop};
use lattice_studio::{
    Displacement, ExportFormat, Fade, NormalConvention, Preset, Proximity, RandomSource,
};

fn unusual() -> Preset {
    let mut p = Preset {
        name: "Sel de Guérande ☀".to_owned(),
        description: "Quotes \" and\nnewlines survive".to_owned(),
        ..Preset::default()
    };
    p.noise_mut().size = 64;
    p.noise_mut().seed = -7;
    p.noise_mut().octaves = 5;
    p.noise_mut().initial_step = 16;
    p.noise_mut().persistence = 0.123_456_789;
    p.noise_mut().displacement = Displacement::Half;
    p.noise_mut().proximity = Proximity::TriangularEdgeTwo;
    p.noise_mut().fade = Fade::Cosine;
    p.noise_mut().random = RandomSource::OriginalHash;
    p.noise_mut().tileable = true;
    p.output.contrast = 1.1;
    p.output.luminance = -0.05;
    p.output.tint = [12, 34, 56];
    p.output.normal_strength = 7.25;
    p.output.normal_convention = NormalConvention::DirectX;
    p.output.ramp = Some(ColorRamp {
        stops: vec![
            RampStop {
                position: 0.9,
                color: [1, 2, 3, 4],
            },
            RampStop {
                position: 0.1,
                color: [200, 100, 50, 255],
            },
        ],
    });
    p
}

#[test]
fn preset_round_trips_through_every_png_format() {
    let dir = tempfile::tempdir().unwrap();
    let preset = unusual();
    let hm = generate_simple(preset.noise()).unwrap();
    for format in ExportFormat::ALL.into_iter().filter(|f| f.is_png()) {
        let path = dir.path().join(format!("{}.png", format.id()));
        export_with_preset(&hm, &preset, format, &path).unwrap();
        assert_eq!(Preset::from_png(&path).unwrap(), preset, "{format:?}");
        // `load` takes a PNG as well as RON, whatever the extension says.
        let renamed = dir.path().join(format!("{}.ron", format.id()));
        std::fs::copy(&path, &renamed).unwrap();
        assert_eq!(Preset::load(&renamed).unwrap(), preset, "{format:?}");
        let img = image::open(&path).unwrap();
        assert_eq!((img.width(), img.height()), (64, 64));
    }
}

#[test]
fn a_png_without_a_preset_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let preset = unusual();
    let hm = generate_simple(preset.noise()).unwrap();
    let path = dir.path().join("plain.png");
    export(&hm, &preset.output, ExportFormat::Png, &path).unwrap();
    let e = Preset::load(&path).unwrap_err().to_string();
    assert!(
        e.contains("plain.png") && e.contains("no Lattice Studio preset"),
        "{e}"
    );
    let junk = dir.path().join("junk.ron");
    std::fs::write(&junk, [0xff, 0xfe, 0x00]).unwrap();
    let e = Preset::load(&junk).unwrap_err().to_string();
    assert!(e.contains("junk.ron") && e.contains("not a preset"), "{e}");
}

#[test]
fn coloured_and_normal_exports_have_the_right_layout() {
    let dir = tempfile::tempdir().unwrap();
    let preset = unusual();
    let hm = generate_simple(preset.noise()).unwrap();
    let write = |f: ExportFormat| {
        let path = dir.path().join(format!("{}.png", f.id()));
        export_with_preset(&hm, &preset, f, &path).unwrap();
        image::open(&path).unwrap()
    };
    assert_eq!(write(ExportFormat::Normal).color(), image::ColorType::Rgb8);
    let rgb = write(ExportFormat::Color).into_rgb8();
    let rgba = write(ExportFormat::ColorAlpha).into_rgba8();
    // Same colours; RGB drops the ramp's alpha, RGBA keeps it.
    for (a, b) in rgb.pixels().zip(rgba.pixels()) {
        assert_eq!(a.0, [b.0[0], b.0[1], b.0[2]]);
    }
    assert!(rgba.pixels().any(|p| p.0[3] != 255));
    // Normals point out of the surface: blue stays above the middle.
    assert!(
        write(ExportFormat::Normal)
            .into_rgb8()
            .pixels()
            .all(|p| p.0[2] > 128)
    );
}
