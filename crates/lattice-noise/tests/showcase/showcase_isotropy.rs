//! The layered showcase presets show no lattice: the isotropy score of issue 28 (see
//! [`crate::spectrum`]) on their 1024 renders.
//!
//! One render of a preset with a few large features scores 1.4 to 2.6 somewhere by
//! chance (its features' own directions), at a different angle for every seed. So the
//! profile is averaged over renders with every seed shifted, which keeps the lattice's
//! directions (the same for every seed) and averages the features' away.

use crate::spectrum::{WEDGES, extremes, wedge_scores};
use lattice_noise::{JobControl, Preset, Region};

/// Side of the renders, as issue 28's test asks.
const SIZE: u32 = 1024;
/// Renders averaged per preset, every seed shifted by 101 more each time. With 4, the
/// profiles of `terraced-mesas` and `cracked-earth` still dipped to 0.74 in one wedge;
/// with 8, `eroded-mountains` peaked at 1.49 in one wedge once its gullies grew with
/// the square of the slope (their power on fewer, steeper slopes), but at 1.24 with the
/// next 8 seeds and 1.20 over 16: chance, where a lattice's crease would stay.
const SEEDS: i64 = 16;

/// `text` (a preset's RON) with every whole number after `key` replaced by `f` of it.
fn numbers_after(text: &str, key: &str, f: impl Fn(i64) -> i64) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        let (head, tail) = rest.split_at(at + key.len());
        out.push_str(head);
        let digits = tail
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
            .map_or(tail.len(), |(i, _)| i);
        let n: i64 = tail[..digits].parse().expect("a number after the key");
        out.push_str(&f(n).to_string());
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

/// `text` (a preset's RON) with every `seed: N` (layers, warp noises, erosion) moved
/// by `shift`.
fn seeds_shifted(text: &str, shift: i64) -> String {
    numbers_after(text, "seed: ", |seed| seed + shift)
}

/// How a preset is rendered at [`SIZE`].
#[derive(Clone, Copy)]
enum Scale {
    /// Grown to the size, as `--size` does: its features grow with it.
    Grown,
    /// On a canvas of the size with its features at their own pixel size (its `size`
    /// field set to [`SIZE`], steps kept): more of the same material.
    Own,
}

/// `text` (a preset's RON, one `size: N` field) with its size set to `size`.
fn canvas(text: &str, size: u32) -> String {
    assert_eq!(text.matches("size: ").count(), 1, "one size field");
    numbers_after(text, "size: ", |_| i64::from(size))
}

/// The preset's isotropy profile, averaged over `seeds` renders at `scale`.
fn averaged_profile(name: &str, scale: Scale, seeds: i64) -> [f64; WEDGES] {
    let path = format!("{}/../../presets/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(&path).expect("a shipped preset");
    if let Scale::Own = scale {
        text = canvas(&text, SIZE);
    }
    let mut sum = [0.0; WEDGES];
    for k in 0..seeds {
        let preset = Preset::from_ron(&seeds_shifted(&text, 101 * k))
            .and_then(|p| p.at_size(SIZE))
            .expect("the preset loads");
        let heights = preset
            .layers
            .generate_region(Region::full(SIZE), &JobControl::default())
            .expect("the preset renders");
        let scores = wedge_scores(heights.data(), SIZE as usize);
        for (s, w) in sum.iter_mut().zip(scores) {
            *s += w;
        }
    }
    sum
}

/// The presets whose worst wedge leaves 0.75..1.3, with every profile's report.
fn outside_the_band(names: &[&'static str], scale: Scale, seeds: i64) -> Vec<&'static str> {
    let mut failed = Vec::new();
    for &name in names {
        let (lo, hi, at) = extremes(&averaged_profile(name, scale, seeds));
        println!("{name:20} {lo:.2}..{hi:.2}, largest at {at} deg");
        if lo < 0.75 || hi > 1.3 {
            failed.push(name);
        }
    }
    failed
}

#[test]
fn seeds_are_shifted_and_nothing_else() {
    let text = "(seed: 7, octaves: 4, warp: (seed: -3), erosion: (seed: 12), size: 512)";
    assert_eq!(
        seeds_shifted(text, 101),
        "(seed: 108, octaves: 4, warp: (seed: 98), erosion: (seed: 113), size: 512)"
    );
}

/// Every wedge within 0.75 to 1.3 of the mean, for the showcase presets that are not
/// meant to be directional.
#[test]
fn showcase_presets_show_no_lattice() {
    let names = [
        "splat-map",
        "rocky-slopes",
        "eroded-canyons",
        "layered-terrain",
        "eroded-highlands",
        "eroded-mountains",
        "terraced-mesas",
        "cracked-earth",
        "warped-marble",
        "packed-masks",
        "eroded-cliffs",
        "crystal-veins",
        "rain-carved-range",
    ];
    let failed = outside_the_band(&names, Scale::Grown, SEEDS);
    assert!(failed.is_empty(), "{failed:?} (profiles above)");
}

/// The same for the presets of one cellular octave of 64 px cells at 512, which a grown
/// 1024 render holds only 8 x 8 of: there the score is the few cell walls' own
/// directions, not the process that placed them (F1 of ideal points, a Poisson process,
/// scores 0.56..1.68 over 8 such renders, of the jittered grid 0.44..1.85). On a 1024
/// canvas at their own scale (16 x 16 cells) and over 32 renders, the Poisson process
/// scores 0.88..1.15 (F1) and 0.93..1.11 (F2 - F1), and these presets must stay in the
/// band too.
#[test]
fn cellular_presets_show_no_lattice_at_their_own_scale() {
    let failed = outside_the_band(&["cobblestones", "stained-glass"], Scale::Own, 32);
    assert!(failed.is_empty(), "{failed:?} (profiles above)");
}

#[test]
fn the_canvas_keeps_everything_but_the_size() {
    let text = "(version: 2, size: 512, layers: [(noise: (initial_step: 64))])";
    assert_eq!(
        canvas(text, 1024),
        "(version: 2, size: 1024, layers: [(noise: (initial_step: 64))])"
    );
    assert_eq!(canvas("(size: 96", 1024), "(size: 1024");
}
