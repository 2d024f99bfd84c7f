//! Auto octaves: detail down to the pixel at any size, the look at the preview size kept.

use crate::spectrum;
use lattice_noise::{Heightmap, JobControl, NoiseParams, Preset, Region};
use lattice_noise::{generate_region, generate_simple};

/// The default preset at `size` (initial step keeping its fraction), octaves auto or not.
fn default_at(size: u32, auto: bool) -> NoiseParams {
    let mut n = NoiseParams::default().resized(size);
    n.auto_octaves = auto;
    n
}

fn region(p: &NoiseParams, x: u32, y: u32, width: u32, height: u32) -> Heightmap {
    let r = Region {
        x,
        y,
        width,
        height,
    };
    generate_region(p, r, &JobControl::new()).unwrap()
}

/// Variance of the whole texture, from 32 rows spread over it.
fn variance(p: &NoiseParams) -> f64 {
    let mut values = Vec::new();
    for k in 0..32 {
        let y = k * p.size / 32 + 3;
        values.extend(
            region(p, 0, y, p.size, 1)
                .data()
                .iter()
                .map(|&v| f64::from(v)),
        );
    }
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64
}

/// Share of the texture's variance at wavelengths of 2 to 8 px: the power spectrum of a
/// 256 px window (Hann-tapered) in that band, divided by the whole texture's variance.
fn fine_share(p: &NoiseParams) -> f64 {
    const N: usize = 256;
    let w = region(p, 64, 64, N as u32, N as u32);
    let power = spectrum::power(w.data(), N);
    let freq = |i: usize| spectrum::frequency(i, N);
    let (mut band, mut all) = (0.0, 0.0);
    for (i, &power) in power.iter().enumerate() {
        let radius = freq(i % N).hypot(freq(i / N));
        all += power;
        // Wavelength N / radius pixels in 2..=8.
        if radius >= N as f64 / 8.0 && radius <= N as f64 / 2.0 {
            band += power;
        }
    }
    // Parseval: `all` is N^2 times the tapered window's variance; the band keeps its
    // fraction of that, relative to the whole texture's variance.
    let tapered_variance = all / (N * N) as f64 / (N * N) as f64;
    let taper = 9.0 / 64.0;
    band / all * tapered_variance / taper / variance(p)
}

#[test]
fn auto_octaves_go_down_to_one_pixel_at_every_size() {
    for (size, count) in [(64, 5), (512, 8), (4096, 11), (16384, 13)] {
        let auto = default_at(size, true);
        assert_eq!(auto.octave_count(), count, "size {size}");
        assert_eq!(auto.steps().last(), Some(1.0), "size {size}");
        assert_eq!(default_at(size, false).octave_count(), 8.min(count));
    }
}

#[test]
fn auto_octaves_keep_the_preview_and_add_detail_at_large_sizes() {
    // At 512 the default preset's 8 octaves already reach one pixel: auto changes nothing.
    let fixed = generate_simple(&default_at(512, false)).unwrap();
    let auto = generate_simple(&default_at(512, true)).unwrap();
    assert_eq!(fixed.data(), auto.data());

    let preview = fine_share(&default_at(512, false));
    let big_fixed = fine_share(&default_at(4096, false));
    let big_auto = fine_share(&default_at(4096, true));
    eprintln!("fine share: 512 {preview:.5}, 4096 fixed {big_fixed:.6}, 4096 auto {big_auto:.5}");
    // Octave amplitudes go as step^(1 - persistence), so the power at a wavelength in
    // pixels falls as size^-(2 (1 - p)) when the size grows: what a fractal continued
    // down to the pixel has, where the fixed count has next to nothing there.
    let p = NoiseParams::default().persistence;
    let law = preview * (512.0f64 / 4096.0).powf(2.0 * (1.0 - p));
    assert!(
        (0.6..1.5).contains(&(big_auto / law)),
        "auto octaves at 4096: {big_auto} against {law} from the preview's {preview}"
    );
    assert!(
        big_fixed < big_auto / 5.0,
        "fixed octaves at 4096 should lack fine detail: {big_fixed} vs auto {big_auto}"
    );
}

#[test]
fn auto_octaves_tile_and_survive_a_preset_round_trip() {
    let mut p = default_at(4096, true);
    p.tileable = true;
    p.validate().unwrap();

    let mut preset = Preset::default();
    *preset.noise_mut() = default_at(512, true);
    let text = preset.to_ron();
    assert!(text.contains("auto_octaves: true"), "{text}");
    assert_eq!(Preset::from_ron(&text).unwrap().noise(), preset.noise());
    // Switched off, the field is left out, so older files and newer ones read alike.
    preset.noise_mut().auto_octaves = false;
    assert!(!preset.to_ron().contains("auto_octaves"));
}
