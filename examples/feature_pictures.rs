//! Writes the README pictures of the texture-artist features into `assets/`:
//! `cargo run --example feature_pictures`.

use anyhow::Result;
use image::{GrayImage, RgbImage, RgbaImage};
use lattice_studio::engine::generate_simple;
use lattice_studio::files::export_with_preset;
use lattice_studio::pixels::{BUILTIN_IDS, Light, TextureStats, shade};
use lattice_studio::{ColorRamp, ExportFormat, NormalConvention, Preset, Proximity, RandomSource};
use std::path::Path;

fn mosaic(tile: &GrayImage) -> GrayImage {
    let s = tile.width();
    GrayImage::from_fn(2 * s, 2 * s, |x, y| *tile.get_pixel(x % s, y % s))
}

fn main() -> Result<()> {
    let dir = Path::new("assets");
    let mut preset = Preset::default();
    preset.noise_mut().size = 256;
    preset.noise_mut().initial_step = 64;
    preset.noise_mut().octaves = 6;
    preset.noise_mut().random = RandomSource::Modern;
    preset.noise_mut().seed = 7;
    preset.output.auto_levels = true;

    // Tiling: the same texture untiled and tiled, each laid out 2x2.
    for tileable in [false, true] {
        preset.noise_mut().tileable = tileable;
        let hm = generate_simple(preset.noise())?;
        let tile = lattice_studio::pixels::grey8(&hm, &preset.output);
        let name = if tileable {
            "tiling-on-2x2.png"
        } else {
            "tiling-off-2x2.png"
        };
        mosaic(&tile).save(dir.join(name))?;
    }

    // Normal map + lit view of a tileable ridged texture.
    preset.noise_mut().tileable = true;
    preset.noise_mut().proximity = Proximity::GradientBillowed;
    preset.noise_mut().fade = lattice_studio::Fade::Quintic;
    preset.noise_mut().octaves = 5;
    preset.noise_mut().persistence = 0.3;
    let hm = generate_simple(preset.noise())?;
    export_with_preset(
        &hm,
        &preset,
        ExportFormat::Png,
        &dir.join("normal-source.png"),
    )?;
    export_with_preset(
        &hm,
        &preset,
        ExportFormat::Normal,
        &dir.join("normal-opengl.png"),
    )?;
    let normal = image::open(dir.join("normal-opengl.png"))?.into_rgb8();
    let s = normal.width();
    RgbImage::from_fn(2 * s, 2 * s, |x, y| *normal.get_pixel(x % s, y % s))
        .save(dir.join("normal-opengl-2x2.png"))?;
    let mut dx = preset.clone();
    dx.output.normal_convention = NormalConvention::DirectX;
    export_with_preset(
        &hm,
        &dx,
        ExportFormat::Normal,
        &dir.join("normal-directx.png"),
    )?;
    let light = Light {
        strength: preset.output.normal_strength,
        ..Light::default()
    };
    shade(&hm, &preset.output, &light, true).save(dir.join("lit-preview.png"))?;
    // One strip for the README: height, OpenGL normals, DirectX normals, lit view.
    let mut strip = RgbImage::new(4 * s, s);
    let parts = [
        image::open(dir.join("normal-source.png"))?.into_rgb8(),
        normal,
        image::open(dir.join("normal-directx.png"))?.into_rgb8(),
        image::open(dir.join("lit-preview.png"))?.into_rgb8(),
    ];
    for (i, part) in parts.iter().enumerate() {
        image::imageops::overlay(&mut strip, part, i64::from(s) * i as i64, 0);
    }
    strip.save(dir.join("normals-strip.png"))?;

    preset.noise_mut().fade = lattice_studio::Fade::Hermite;
    // Ramps: every built-in on the same texture, side by side, plus a legend strip.
    preset.noise_mut().proximity = Proximity::Gradient;
    preset.noise_mut().size = 128;
    preset.noise_mut().initial_step = 32;
    let hm = generate_simple(preset.noise())?;
    let n = BUILTIN_IDS.len() as u32;
    let mut sheet = RgbaImage::new(128 * n, 128 + 16);
    for (i, id) in BUILTIN_IDS.into_iter().enumerate() {
        preset.output.ramp = ColorRamp::builtin(id);
        let img = lattice_studio::pixels::rgba_ramp(&hm, &preset.output);
        image::imageops::overlay(&mut sheet, &img, 128 * i as i64, 0);
        let sampler = preset.output.ramp.clone().unwrap_or_default().sampler();
        for x in 0..128u32 {
            let c = sampler.sample(x as f32 / 127.0);
            for y in 128..144 {
                sheet.put_pixel(128 * i as u32 + x, y, image::Rgba(c));
            }
        }
    }
    sheet.save(dir.join("ramps.png"))?;
    preset.output.ramp = ColorRamp::builtin("terrain");
    preset.noise_mut().size = 256;
    preset.noise_mut().initial_step = 64;
    let hm = generate_simple(preset.noise())?;
    export_with_preset(
        &hm,
        &preset,
        ExportFormat::Color,
        &dir.join("terrain-with-preset.png"),
    )?;

    // Statistics: a text summary and the two histograms as a picture.
    preset.output.auto_levels = false;
    preset.output.contrast = 2.2;
    let st = TextureStats::new(&hm, &preset.output);
    println!(
        "min {:.4} max {:.4} mean {:.4} std {:.4} clipped {:.2}% (low {}, high {})",
        st.heights.min,
        st.heights.max,
        st.heights.mean,
        st.heights.std_dev,
        100.0 * st.clipped_share(),
        st.clipped_low,
        st.clipped_high
    );
    let mut plot = RgbImage::from_pixel(512, 200, image::Rgb([250, 250, 250]));
    for (row, h, colour) in [
        (0u32, &st.height_histogram, [40, 90, 200]),
        (100, &st.output_histogram, [200, 80, 40]),
    ] {
        let peak = h.peak().max(1) as f64;
        for (i, &c) in h.counts.iter().enumerate() {
            let bar = (c as f64 / peak * 92.0).round() as u32;
            for y in 0..bar {
                for dxp in 0..2 {
                    plot.put_pixel(2 * i as u32 + dxp, row + 96 - y, image::Rgb(colour));
                }
            }
        }
    }
    plot.save(dir.join("histograms.png"))?;
    Ok(())
}
