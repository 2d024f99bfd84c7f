//! The heightmap as a screen image: mapped grey, semi-transparent, coloured or lit, at
//! the resolution the screen shows (never more), in parallel, and abandoned as soon as
//! its job is cancelled.

use super::view_settings::DisplayMode;
use crate::pixels::{ToneMap, exact_slopes, lit_colour, shade_exact, shade_heights, to_u8};
use crate::{
    engine::{EngineError, HeightStats, Heightmap, JobControl, LayerStack, SlopeSampler},
    pixels::{Light, OutputParams},
};
use rayon::prelude::*;

/// How the preview's images (the texture and an A/B snapshot) are sampled: smooth when
/// shrunk, pixel-exact when magnified.
pub(crate) const PREVIEW_TEXTURE: egui::TextureOptions = egui::TextureOptions {
    magnification: egui::TextureFilter::Nearest,
    minification: egui::TextureFilter::Linear,
    wrap_mode: egui::TextureWrapMode::ClampToEdge,
    mipmap_mode: Some(egui::TextureFilter::Linear),
};

/// Side of the screen image for a `size` texture shown at most `max_side` pixels wide:
/// the texture reduced by a whole factor, and that factor.
pub(crate) fn display_side(size: u32, max_side: usize) -> (usize, usize) {
    let size = size as usize;
    let step = size.div_ceil(max_side.max(1)).max(1);
    (size.div_ceil(step), step)
}

/// The heights averaged over `step x step` blocks (a box filter: what the screen can
/// show of a larger texture without aliasing); `None` once `control` is cancelled.
fn reduced_heights(hm: &Heightmap, step: usize, control: &JobControl) -> Option<Vec<f32>> {
    let size = hm.size() as usize;
    let side = size.div_ceil(step);
    let mut out = vec![0.0f32; side * side];
    out.par_chunks_mut(side.max(1))
        .enumerate()
        .try_for_each(|(y, row)| {
            if control.is_cancelled() {
                return None;
            }
            let y0 = y * step;
            let rows: Vec<&[f32]> = (y0..(y0 + step).min(size))
                .map(|r| hm.row(r as u32))
                .collect();
            for (x, px) in row.iter_mut().enumerate() {
                let x0 = x * step;
                let x1 = (x0 + step).min(size);
                let mut sum = 0.0f32;
                for r in &rows {
                    sum += r[x0..x1].iter().sum::<f32>();
                }
                *px = sum / (rows.len() * (x1 - x0)) as f32;
            }
            Some(())
        })?;
    Some(out)
}

/// Maps the heightmap to display pixels at most `max_side` wide (reduced by a whole
/// factor, averaging blocks); `wrap` (tileable texture) lets the lit view's slopes wrap.
/// The lit view takes its slopes from `slopes` when given (a texture of one noise: see
/// [`lit_slopes`]), else from differences of the shown heights. `None` when `control`
/// is cancelled meanwhile.
pub(crate) fn display_image(
    hm: &Heightmap,
    stats: &HeightStats,
    out: &OutputParams,
    mode: DisplayMode,
    (wrap, slopes): (bool, Option<&SlopeSampler>),
    max_side: usize,
    control: &JobControl,
) -> Option<egui::ColorImage> {
    let (side, step) = display_side(hm.size(), max_side);
    let reduced;
    let heights: &[f32] = if step == 1 {
        hm.data()
    } else {
        reduced = reduced_heights(hm, step, control)?;
        &reduced
    };
    let tm = ToneMap::new(out, Some((stats.min, stats.max)));
    let [r, g, b] = out.tint;
    let sampler = out.ramp.clone().unwrap_or_default().sampler();
    let ramp_on = out.ramp.is_some();
    // Worked out once, not per pixel: it takes the light's sines and cosines.
    let flat = match mode {
        DisplayMode::Lit(light) => light.flat_brightness(),
        _ => 1.0,
    };
    let lit = match mode {
        DisplayMode::Lit(light) => Some(match slopes {
            Some(slopes) => shade_exact(slopes, &tm, (heights, side, step), &light),
            None => lit_brightness(heights, side, &tm, light, step, wrap),
        }),
        _ => None,
    };
    if control.is_cancelled() {
        return None;
    }
    let mut pixels = vec![egui::Color32::BLACK; side * side];
    pixels
        .par_chunks_mut(side.max(1))
        .enumerate()
        .for_each(|(y, row)| {
            let src = &heights[y * side..(y + 1) * side];
            for (x, px) in row.iter_mut().enumerate() {
                let grey = tm.grey(src[x]);
                *px = match (mode, &lit) {
                    (DisplayMode::Lit(_), Some(shade)) => {
                        let b = shade.get(y * side + x).copied().unwrap_or(0);
                        lit_pixel(b, grey, ramp_on.then_some(&sampler), flat)
                    }
                    (DisplayMode::Transparent, _) => {
                        egui::Color32::from_rgba_unmultiplied(r, g, b, to_u8(grey))
                    }
                    (DisplayMode::Ramp, _) => {
                        let [r, g, b, a] = sampler.sample(grey);
                        egui::Color32::from_rgba_unmultiplied(r, g, b, a)
                    }
                    _ => egui::Color32::from_gray(to_u8(grey)),
                };
            }
        });
    Some(egui::ColorImage::new([side, side], pixels))
}

/// The exact slopes the lit view of `layers` shows at `max_side` (see
/// [`display_image`]): the octaves its screen pixels resolve, when the texture is one
/// noise, the view is lit and `out` asks for exact slopes; `None` otherwise.
pub(crate) fn lit_slopes(
    layers: &LayerStack,
    out: &OutputParams,
    mode: DisplayMode,
    max_side: usize,
) -> Result<Option<SlopeSampler>, EngineError> {
    if !matches!(mode, DisplayMode::Lit(_)) {
        return Ok(None);
    }
    let (_, step) = display_side(layers.size(), max_side);
    exact_slopes(layers, out, step as f64)
}

/// The lit surface's brightness (0..=255) per display pixel: the mapped grey lit as a
/// surface. On a reduced image one pixel spans `step` texture pixels, so the slopes
/// there are `step` times steeper per pixel: the relief is divided by `step` to look
/// as the full-size surface does.
fn lit_brightness(
    heights: &[f32],
    side: usize,
    tm: &ToneMap,
    light: Light,
    step: usize,
    wrap: bool,
) -> Vec<u8> {
    let mapped: Vec<f32> = heights.par_iter().map(|&h| tm.grey(h)).collect();
    let Some(surface) = Heightmap::from_data(side as u32, mapped) else {
        return vec![0; side * side];
    };
    let light = Light {
        strength: light.strength / step as f32,
        ..light
    };
    shade_heights(&surface, &light, wrap).into_raw()
}

/// A lit pixel: the brightness as grey, or with a colour ramp the ramp's colour shaded
/// by it (see [`lit_colour`]; `flat` is the light's [`Light::flat_brightness`]).
fn lit_pixel(
    brightness: u8,
    grey: f32,
    ramp: Option<&crate::pixels::RampSampler>,
    flat: f32,
) -> egui::Color32 {
    let Some(sampler) = ramp else {
        return egui::Color32::from_gray(brightness);
    };
    let [r, g, b, a] = lit_colour(brightness, sampler.sample(grey), flat);
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(
        hm: &Heightmap,
        out: &OutputParams,
        mode: DisplayMode,
        max_side: usize,
    ) -> egui::ColorImage {
        display_image(
            hm,
            &hm.stats(),
            out,
            mode,
            (false, None),
            max_side,
            &JobControl::new(),
        )
        .expect("not cancelled")
    }

    #[test]
    fn display_image_averages_blocks_of_large_maps() {
        let hm = Heightmap::from_data(4, (0..16).map(|v| v as f32 / 15.0).collect()).unwrap();
        let out = OutputParams::default();
        let img = image(&hm, &out, DisplayMode::Grey, 2);
        assert_eq!(img.size, [2, 2]);
        // Top-left block: 0, 1, 4, 5 (/15) -> mean 2.5/15.
        assert_eq!(img.pixels[0], egui::Color32::from_gray(to_u8(2.5 / 15.0)));
        assert_eq!(img.pixels[3], egui::Color32::from_gray(to_u8(12.5 / 15.0)));
        let full = image(&hm, &out, DisplayMode::Transparent, 4096);
        assert_eq!(full.size, [4, 4]);
        assert_eq!(full.pixels[15].a(), 255);
        // Not a whole number of blocks: the last block is what is left.
        assert_eq!(display_side(10, 4), (4, 3));
        assert_eq!(display_side(8192, 1024), (1024, 8));
        assert_eq!(display_side(512, 1024), (512, 1));
    }

    #[test]
    fn ramp_and_lit_views() {
        let hm = Heightmap::from_data(4, (0..16).map(|v| v as f32 / 15.0).collect()).unwrap();
        let out = OutputParams::default();
        let lava = OutputParams {
            ramp: crate::pixels::ColorRamp::builtin("lava"),
            ..OutputParams::default()
        };
        let img = image(&hm, &lava, DisplayMode::Ramp, 4096);
        let [r, g, b, a] = crate::pixels::ColorRamp::builtin("lava")
            .unwrap_or_default()
            .sample(1.0);
        assert_eq!(
            img.pixels[15],
            egui::Color32::from_rgba_unmultiplied(r, g, b, a)
        );
        let light = |azimuth_deg| Light {
            azimuth_deg,
            elevation_deg: 30.0,
            strength: 20.0,
        };
        // Heights rise to the right and down: the surface faces left.
        let from_left = image(&hm, &out, DisplayMode::Lit(light(180.0)), 4096);
        let from_right = image(&hm, &out, DisplayMode::Lit(light(0.0)), 4096);
        assert!(from_left.pixels[5].r() > from_right.pixels[5].r());
        // At full size the lit grey is exactly the shading of the mapped texture.
        let shaded = crate::pixels::shade(&hm, &out, &light(180.0), false);
        assert_eq!(from_left.pixels[5].r(), shaded.get_pixel(1, 1).0[0]);
        // With a colour ramp the lit view keeps the ramp's hues.
        let lit_lava = image(&hm, &lava, DisplayMode::Lit(light(180.0)), 4096);
        let p = lit_lava.pixels[15];
        assert!(p.r() > p.b(), "lava stays warm when lit: {p:?}");
        assert_ne!(p.r(), p.g());
    }

    #[test]
    fn a_lit_noise_takes_its_slopes_from_the_noise() {
        use crate::engine::{NoiseParams, Region};
        use crate::pixels::NormalSlopes;
        let layers = LayerStack::single(NoiseParams {
            size: 128,
            initial_step: 64,
            octaves: 3,
            seed: 5,
            ..NoiseParams::default()
        });
        let control = JobControl::new();
        let hm = layers.generate_region(Region::full(128), &control).unwrap();
        let out = OutputParams::default();
        let mode = DisplayMode::Lit(Light {
            azimuth_deg: 135.0,
            elevation_deg: 40.0,
            strength: 30.0,
        });
        let lit = |max_side, exact: bool| {
            let slopes = lit_slopes(&layers, &out, mode, max_side).unwrap();
            assert!(slopes.is_some(), "one noise, lit: exact slopes");
            let slopes = slopes.filter(|_| exact);
            let stats = hm.stats();
            display_image(
                &hm,
                &stats,
                &out,
                mode,
                (false, slopes.as_ref()),
                max_side,
                &control,
            )
            .unwrap()
        };
        let grey = |img: &egui::ColorImage| -> Vec<i32> {
            img.pixels.iter().map(|p| i32::from(p.r())).collect()
        };
        // A smooth noise (cells of 16 px and more): differences come close to the
        // exact slopes, at full size and on a reduced image alike.
        for max_side in [4096, 64] {
            let (exact, diff) = (grey(&lit(max_side, true)), grey(&lit(max_side, false)));
            let gap = exact
                .iter()
                .zip(&diff)
                .map(|(a, b)| (a - b).abs())
                .sum::<i32>();
            let mean = f64::from(gap) / exact.len() as f64;
            assert!(mean < 2.0, "side {max_side}: mean gap {mean}");
            assert!(exact.iter().any(|&v| v < 60) && exact.iter().any(|&v| v > 200));
        }
        // Other views have none, and neither does an output that asks for differences.
        assert!(
            lit_slopes(&layers, &out, DisplayMode::Grey, 4096)
                .unwrap()
                .is_none()
        );
        let asked = OutputParams {
            normal_slopes: NormalSlopes::Differences,
            ..OutputParams::default()
        };
        assert!(lit_slopes(&layers, &asked, mode, 4096).unwrap().is_none());
    }

    #[test]
    fn a_cancelled_job_maps_nothing() {
        let hm = Heightmap::filled(64, 0.5);
        let control = JobControl::new();
        control.cancel();
        let out = OutputParams::default();
        let got = display_image(
            &hm,
            &hm.stats(),
            &out,
            DisplayMode::Grey,
            (false, None),
            16,
            &control,
        );
        assert!(got.is_none());
    }
}
