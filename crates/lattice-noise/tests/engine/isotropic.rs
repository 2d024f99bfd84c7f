//! The isotropic mode: no direction stands out in the spectrum, for every function.

#[cfg(feature = "rayon")]
use crate::common::bits_at_thread_counts;
use crate::spectrum::wedge_extremes;
use lattice_noise::{Isotropy, NoiseParams, Proximity, generate_simple};

/// The default preset at 1024 (its step fraction kept) with `proximity`.
fn default_with(proximity: Proximity, isotropy: Isotropy) -> NoiseParams {
    NoiseParams {
        proximity,
        isotropy,
        ..NoiseParams::default().resized(1024)
    }
}

fn score(p: &NoiseParams) -> (f64, f64, f64) {
    let hm = generate_simple(p).unwrap();
    wedge_extremes(hm.data(), p.size as usize)
}

/// With `--isotropic` every function scores every 3-degree wedge of the 4..128 px band
/// within 0.75..1.3 of the mean; without it the lattice shows (the axes or diagonals
/// stand out for most functions).
#[test]
fn every_function_is_isotropic_in_the_isotropic_mode() {
    let mut report = Vec::new();
    let mut failed = Vec::new();
    for proximity in Proximity::ALL {
        let (lo, hi, at) = score(&default_with(proximity, Isotropy::FULL));
        let (_, before, was) = score(&default_with(proximity, Isotropy::OFF));
        report.push(format!(
            "{:32} square {before:.2} at {was} deg, isotropic {lo:.2}..{hi:.2} at {at} deg",
            proximity.id()
        ));
        if lo < 0.75 || hi > 1.3 {
            failed.push(proximity.id());
        }
    }
    let report = report.join("\n");
    println!("{report}");
    assert!(failed.is_empty(), "{failed:?}\n{report}");
}

/// Off by default and bit for bit the original when off; at 1 and 2 threads the same
/// bits when on.
#[test]
#[cfg(feature = "rayon")]
fn off_is_the_original_and_on_is_the_same_at_any_thread_count() {
    let plain = NoiseParams::default();
    assert!(plain.isotropy.is_off());
    let p = NoiseParams {
        proximity: Proximity::GradientRigged,
        isotropy: Isotropy::FULL,
        ..NoiseParams::default()
    };
    let render = |threads: usize, p: &NoiseParams| {
        bits_at_thread_counts(&[threads], || generate_simple(p).unwrap()).remove(0)
    };
    assert!(render(1, &p) == render(2, &p));
    let square = NoiseParams {
        isotropy: Isotropy::OFF,
        ..p.clone()
    };
    assert!(render(1, &p) != render(1, &square));
}
