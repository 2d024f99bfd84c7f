//! The heightmap as a screen image: mapped grey, semi-transparent, coloured or lit.

use super::view_settings::DisplayMode;
use crate::pixels::{ToneMap, to_u8};
use crate::{
    engine::{HeightStats, Heightmap},
    pixels::OutputParams,
};
use rayon::prelude::*;

/// Maps the heightmap to display pixels, subsampling by a whole factor when it is
/// larger than `max_side`; `wrap` (tileable texture) lets the lit view's slopes wrap.
pub fn display_image(
    hm: &Heightmap,
    stats: &HeightStats,
    out: &OutputParams,
    mode: DisplayMode,
    wrap: bool,
    max_side: usize,
) -> egui::ColorImage {
    let size = hm.size() as usize;
    let step = size.div_ceil(max_side.max(1)).max(1);
    let side = size.div_ceil(step);
    let tm = ToneMap::new(out, Some((stats.min, stats.max)));
    let [r, g, b] = out.tint;
    let sampler = out.ramp.clone().unwrap_or_default().sampler();
    // Lighting needs the slopes of the full-resolution surface.
    let lit = match mode {
        DisplayMode::Lit(light) => Some(crate::pixels::shade(hm, out, &light, wrap)),
        _ => None,
    };
    let mut pixels = vec![egui::Color32::BLACK; side * side];
    pixels
        .par_chunks_mut(side.max(1))
        .enumerate()
        .for_each(|(y, row)| {
            let src = hm.row((y * step) as u32);
            for (x, px) in row.iter_mut().enumerate() {
                let grey = tm.grey(src[x * step]);
                *px = match (mode, &lit) {
                    (DisplayMode::Lit(_), Some(img)) => egui::Color32::from_gray(
                        img.get_pixel((x * step) as u32, (y * step) as u32).0[0],
                    ),
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
    egui::ColorImage::new([side, side], pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_image_subsamples_large_maps() {
        let hm = Heightmap::from_data(4, (0..16).map(|v| v as f32 / 15.0).collect()).unwrap();
        let stats = hm.stats();
        let out = OutputParams::default();
        let img = display_image(&hm, &stats, &out, DisplayMode::Grey, false, 2);
        assert_eq!(img.size, [2, 2]);
        assert_eq!(img.pixels[0], egui::Color32::from_gray(0));
        assert_eq!(img.pixels[3], egui::Color32::from_gray(to_u8(10.0 / 15.0)));
        let full = display_image(&hm, &stats, &out, DisplayMode::Transparent, false, 4096);
        assert_eq!(full.size, [4, 4]);
        assert_eq!(full.pixels[15].a(), 255);
        // Ramp: the colour of the mapped grey; lit: a slope facing the light is brighter.
        let lava = OutputParams {
            ramp: crate::pixels::ColorRamp::builtin("lava"),
            ..OutputParams::default()
        };
        let img = display_image(&hm, &stats, &lava, DisplayMode::Ramp, false, 4096);
        let [r, g, b, a] = crate::pixels::ColorRamp::builtin("lava")
            .unwrap_or_default()
            .sample(1.0);
        assert_eq!(
            img.pixels[15],
            egui::Color32::from_rgba_unmultiplied(r, g, b, a)
        );
        let light = |azimuth_deg| crate::pixels::Light {
            azimuth_deg,
            elevation_deg: 30.0,
            strength: 20.0,
        };
        // Heights rise to the right and down: the surface faces left.
        let from_left = display_image(
            &hm,
            &stats,
            &out,
            DisplayMode::Lit(light(180.0)),
            false,
            4096,
        );
        let from_right =
            display_image(&hm, &stats, &out, DisplayMode::Lit(light(0.0)), false, 4096);
        assert!(from_left.pixels[5].r() > from_right.pixels[5].r());
    }
}
