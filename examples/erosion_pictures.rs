//! Writes the README's lit pictures of the eroded presets into `assets/`, each beside the
//! same stack with its erosion or droplets at 0: `cargo run --release --example
//! erosion_pictures`. Lit as the app's lit preview is (the colour ramp under a light of
//! the preset's normal strength).

use anyhow::{Context, Result};
use image::RgbImage;
use image::imageops::{FilterType, resize};
use lattice_studio::Preset;
use lattice_studio::engine::JobControl;
use lattice_studio::engine::layers::LayerStack;
use lattice_studio::pixels::{Light, ToneMap, lit_colour, shade};
use std::path::Path;

/// The preset's lit view at its own size, after `change` on its layers.
fn lit(preset: &Preset, change: impl Fn(&mut LayerStack)) -> Result<RgbImage> {
    let mut preset = preset.clone();
    change(&mut preset.layers);
    let hm = preset.generate(&JobControl::new())?;
    let light = Light {
        strength: preset.output.normal_strength,
        ..Light::default()
    };
    let lit = shade(&hm, &preset.output, &light, preset.layers.tileable());
    let tm = ToneMap::for_heightmap(&hm, &preset.output);
    let ramp = preset.output.ramp.clone().unwrap_or_default().sampler();
    let flat = light.flat_brightness();
    let n = hm.size();
    Ok(RgbImage::from_fn(n, n, |x, y| {
        let grey = tm.grey(hm.data()[(y * n + x) as usize]);
        let [r, g, b, _] = lit_colour(lit.get_pixel(x, y)[0], ramp.sample(grey), flat);
        image::Rgb([r, g, b])
    }))
}

/// `left` and `right` side by side, each `side` pixels square, `gap` dark pixels between.
fn pair(left: &RgbImage, right: &RgbImage, side: u32, gap: u32) -> RgbImage {
    let mut out = RgbImage::from_pixel(2 * side + gap, side, image::Rgb([24, 24, 24]));
    for (img, x) in [(left, 0), (right, side + gap)] {
        let img = resize(img, side, side, FilterType::Lanczos3);
        image::imageops::replace(&mut out, &img, i64::from(x), 0);
    }
    out
}

fn main() -> Result<()> {
    let assets = Path::new("assets");
    let load = |name: &str| {
        Preset::from_file(&Path::new("presets").join(name)).with_context(|| name.to_owned())
    };

    let mountains = load("eroded-mountains.ron")?;
    let uneroded = |s: &mut LayerStack| {
        for i in 0..s.len() {
            s[i].set_erosion_strength(0.0);
        }
    };
    lit(&mountains, uneroded)?.save(assets.join("erosion-off.png"))?;
    lit(&mountains, |_| {})?.save(assets.join("erosion-on.png"))?;

    let range = load("rain-carved-range.ron")?;
    let dry = |s: &mut LayerStack| {
        if let Some(rain) = s.index_of("rain") {
            s[rain].set_droplet_density(0.0);
        }
    };
    let (before, after) = (lit(&range, dry)?, lit(&range, |_| {})?);
    pair(&before, &after, 400, 8).save(assets.join("droplets-lit.png"))?;
    Ok(())
}
