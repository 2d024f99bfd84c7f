//! The Gaussian blur through the public API: every window and thread count gives the
//! whole render's bits (the blur reads a halo of three radii), tileable blurred textures
//! stay seamless, the blur of a mask softens its edges, presets read back, and a stack
//! resized keeps its blur's share of the texture.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use crate::common::{
    assert_windows_give_the_whole, assert_wraps_round, bits, halo_windows_of_256, render, seams,
};
use lattice_noise::{
    BlendMode, Heightmap, JobControl, Layer, LayerStack, NoiseParams, Preset, Region,
};

/// Fine hills blurred by `blur` pixels, and a grit layer masked by the hills (blurred
/// too when `blur_mask`).
fn stack(size: u32, tileable: bool, blur: f32) -> LayerStack {
    let hills = NoiseParams {
        size,
        initial_step: 32,
        octaves: 4,
        ..NoiseParams::default()
    };
    let mut ground = Layer::new("ground", hills.clone());
    ground.blur = blur;
    let mut grit = Layer::new(
        "grit",
        NoiseParams {
            seed: 9,
            initial_step: 8,
            ..hills
        },
    );
    grit.blend = BlendMode::Add;
    grit.opacity = 0.3;
    grit.mask = Some("ground".into());
    grit.blur = blur / 2.0;
    LayerStack::from_layers(size, tileable, vec![ground, grit]).unwrap()
}

fn solo(s: &LayerStack, i: usize) -> Heightmap {
    let size = s.size();
    lattice_noise::LayerCache::new()
        .render(s, Region::full(size), Some(i), &JobControl::default())
        .unwrap()
}

#[test]
fn every_window_gives_the_whole_render() {
    for tileable in [false, true] {
        // A radius of 5 reads 15 pixels round every window.
        let s = stack(256, tileable, 5.0);
        assert_windows_give_the_whole(&s, &halo_windows_of_256(), &format!("{tileable}"));
    }
}

#[test]
#[cfg(feature = "rayon")]
fn the_same_bits_at_any_thread_count() {
    let s = stack(192, false, 3.5);
    assert_same_bits_at_thread_counts(&[1, 2, 3], "blurred stack", || {
        render(&s, Region::full(192))
    });
}

#[test]
fn a_blur_smooths_and_a_radius_of_zero_is_none() {
    let sharp = solo(&stack(128, false, 0.0), 0);
    let soft = solo(&stack(128, false, 4.0), 0);
    let (a, b) = (seams(&sharp).inside[0], seams(&soft).inside[0]);
    // A Gaussian of 4 px leaves a fraction of the steps of 32 px hills with 4 octaves.
    assert!(b < 0.6 * a, "blurred steps {b} against {a}");
    let none = render(&stack(128, false, 0.0), Region::full(128));
    let mut s = stack(128, false, 0.0);
    s[1].blur = 0.0;
    assert_eq!(bits(&none), bits(&render(&s, Region::full(128))));
    // The mean height is kept (a blur moves heights, it adds none).
    let mean = |h: &Heightmap| h.data().iter().map(|&v| f64::from(v)).sum::<f64>();
    let (ms, mb) = (mean(&sharp) / 16384.0, mean(&soft) / 16384.0);
    assert!((ms - mb).abs() < 0.01, "{ms} {mb}");
}

#[test]
fn tileable_blurred_textures_are_seamless() {
    for i in 0..2 {
        let h = solo(&stack(256, true, 6.0), i);
        assert_wraps_round(&h, 1.5, &format!("layer {i}"));
    }
}

#[test]
fn presets_read_back_with_their_blur_and_resizing_keeps_its_share() {
    let p = Preset {
        layers: stack(128, false, 3.0),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert!(text.contains("blur: 3.0"), "{text}");
    let back = Preset::from_ron(&text).unwrap();
    assert_eq!((back.layers[0].blur, back.layers[1].blur), (3.0, 1.5));
    assert!(!Preset::default().to_ron().contains("blur"));
    let bad = text.replace("blur: 3.0", "blur: 40.0");
    let e = Preset::from_ron(&bad).unwrap_err().to_string();
    assert!(
        e.contains("blur radius 40 is out of range (0..=16 pixels)"),
        "{e}"
    );
    let big = p.layers.resized(512);
    assert_eq!((big[0].blur, big[1].blur), (12.0, 6.0));
    // Past the largest radius the blur stops growing.
    assert_eq!(p.layers.resized(2048)[0].blur, 16.0);
}
