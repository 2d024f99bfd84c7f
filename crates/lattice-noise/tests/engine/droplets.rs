//! The droplet erosion through the public API: every window and thread count gives the
//! whole render's bits, a tileable texture stays seamless, a larger render carries the
//! same channels, a density of 0 is no simulation, presets read back, and it raises
//! Olsen's erosion score.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use crate::common::{
    assert_windows_give_the_whole, assert_wraps_round, bits, block_means, correlation,
    halo_windows_of_256, olsen, render,
};
use lattice_noise::{Droplets, Layer, LayerStack, NoiseParams, Preset, Region};

/// A small, quick simulation.
const SMALL: Droplets = Droplets {
    density: 1.0,
    grid: 128,
    lifetime: 48,
    radius: 2.0,
    inertia: 0.1,
    capacity: 8.0,
    erode: 0.3,
    deposit: 0.2,
    evaporation: 0.02,
    seed: 3,
};

/// Hills, and a layer above that erodes them (the stack below) with `droplets`.
fn stack(size: u32, tileable: bool, droplets: Option<Droplets>) -> LayerStack {
    let hills = NoiseParams {
        size,
        initial_step: size / 2,
        octaves: 5,
        persistence: 0.4,
        ..NoiseParams::default()
    };
    let mut carved = Layer::new("carved", hills.clone());
    carved.heights_below = true;
    carved.droplets = droplets;
    LayerStack::from_layers(size, tileable, vec![Layer::new("hills", hills), carved]).unwrap()
}

#[test]
fn every_window_gives_the_whole_render() {
    for tileable in [false, true] {
        let s = stack(256, tileable, Some(SMALL));
        assert_windows_give_the_whole(&s, &halo_windows_of_256(), &format!("{tileable}"));
    }
}

#[test]
#[cfg(feature = "rayon")]
fn the_same_bits_at_any_thread_count() {
    let s = stack(192, false, Some(SMALL));
    assert_same_bits_at_thread_counts(&[1, 2, 3], "droplets", || render(&s, Region::full(192)));
}

#[test]
fn a_density_of_zero_is_no_simulation_and_droplets_carve() {
    let none = render(&stack(128, false, None), Region::full(128));
    let zero = Droplets {
        density: 0.0,
        ..SMALL
    };
    let off = render(&stack(128, false, Some(zero)), Region::full(128));
    assert_eq!(bits(&none), bits(&off));
    let on = render(&stack(128, false, Some(SMALL)), Region::full(128));
    assert!(
        olsen(&on) >= 1.3 * olsen(&none),
        "{} {}",
        olsen(&none),
        olsen(&on)
    );
}

/// A 512 render carries the 128 render's channels: the carving (eroded less uneroded)
/// of the 512 render, averaged over each 4 x 4 block, follows the 128 render's.
#[test]
fn every_size_gets_the_same_channels() {
    let carving = |size: u32| {
        let on = render(&stack(size, false, Some(SMALL)), Region::full(size));
        let off = render(&stack(size, false, None), Region::full(size));
        let d: Vec<f64> = on
            .data()
            .iter()
            .zip(off.data())
            .map(|(a, b)| f64::from(a - b))
            .collect();
        d
    };
    let (small, large) = (carving(128), carving(512));
    let r = correlation(&small, &block_means(&large, 128, 4));
    assert!(r > 0.9, "{r}");
}

#[test]
fn tileable_textures_stay_seamless() {
    let h = render(&stack(256, true, Some(SMALL)), Region::full(256));
    assert_wraps_round(&h, 1.5, "with droplets");
}

#[test]
fn presets_read_back_with_their_droplets() {
    let p = Preset {
        layers: stack(128, false, Some(SMALL)),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert!(text.contains("droplets:"), "{text}");
    let back = Preset::from_ron(&text).unwrap();
    assert_eq!(back.layers[1].droplets, Some(SMALL));
    let plain = Preset {
        layers: stack(128, false, None),
        ..Preset::default()
    };
    assert!(!plain.to_ron().contains("droplets"));
    let bad = text.replace("grid: 128", "grid: 9000");
    let e = Preset::from_ron(&bad).unwrap_err().to_string();
    assert!(
        e.contains("droplets grid 9000") && e.contains("64..=2048"),
        "{e}"
    );
}

#[test]
fn rain_carved_range_raises_the_erosion_score_by_a_third() {
    // 0.52 -> 0.69 at 512 when measured.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../presets/");
    let path = format!("{dir}rain-carved-range.ron");
    let p = Preset::from_file(std::path::Path::new(&path)).unwrap();
    let mut stack = p.layers.resized(512);
    let rain = stack.index_of("rain").unwrap();
    assert!(stack[rain].active_droplets().is_some());
    let carved = render(&stack, Region::full(512));
    stack[rain].set_droplet_density(0.0);
    let plain = render(&stack, Region::full(512));
    let (before, after) = (olsen(&plain), olsen(&carved));
    assert!(after >= 1.3 * before, "{before:.3} -> {after:.3}");
}
