//! Curves and terraces on layers through the public API: presets that hold them read
//! back, windows and thread counts give the whole render's bits, a mask follows its
//! layer's curve, and each height goes through levels, curve and terrace in turn.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use crate::common::{assert_windows_give_the_whole, region};
use lattice_noise::{
    BlendMode, Curve, JobControl, Layer, LayerStack, NoiseParams, Preset, Region, Terrace,
};

/// Two layers: hills, and ridges masked by a curved, terraced copy of the hills.
fn stack() -> LayerStack {
    let hills = NoiseParams {
        size: 192,
        initial_step: 64,
        octaves: 5,
        ..NoiseParams::default()
    };
    let mut bottom = Layer::new("hills", hills.clone());
    bottom.curve = Some(Curve::new(&[(0.0, 0.0), (0.45, 0.2), (1.0, 1.0)]).unwrap());
    bottom.terrace = Some(Terrace {
        steps: 6,
        softness: 0.4,
    });
    let mut top = Layer::new(
        "ridges",
        NoiseParams {
            seed: 9,
            initial_step: 32,
            ..hills
        },
    );
    top.blend = BlendMode::Add;
    top.opacity = 0.6;
    top.mask = Some("hills".into());
    top.curve = Some(Curve::new(&[(0.0, 0.5), (1.0, 0.0)]).unwrap());
    LayerStack::from_layers(192, false, vec![bottom, top]).unwrap()
}

#[test]
fn a_preset_with_curves_and_terraces_reads_back() {
    let p = Preset {
        layers: stack(),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert!(
        text.contains("curve: Some([(0.0, 0.0), (0.45, 0.2), (1.0, 1.0)])"),
        "{text}"
    );
    assert!(
        text.contains("terrace: Some((steps: 6, softness: 0.4))"),
        "{text}"
    );
    assert_eq!(Preset::from_ron(&text).unwrap(), p);
    // Layers without them write neither field.
    assert!(!Preset::default().to_ron().contains("curve"));
    // A bad curve in a preset names what is allowed.
    let bad = text.replace("(0.45, 0.2)", "(0.0, 0.2)");
    let e = Preset::from_ron(&bad).unwrap_err().to_string();
    assert!(e.contains("increasing x"), "{e}");
    let bad = text.replace("steps: 6", "steps: 0");
    let e = Preset::from_ron(&bad).unwrap_err().to_string();
    assert!(e.contains("'hills'") && e.contains("1 to 256 steps"), "{e}");
}

#[test]
fn windows_give_the_whole_render() {
    let windows = [
        region(0, 0, 64, 192),
        region(77, 13, 100, 50),
        region(191, 191, 1, 1),
    ];
    assert_windows_give_the_whole(&stack(), &windows, "tone");
}

#[test]
#[cfg(feature = "rayon")]
fn the_same_bits_at_any_thread_count() {
    let s = stack();
    let c = JobControl::default();
    assert_same_bits_at_thread_counts(&[1, 2, 3], "toned stack", || {
        s.generate_region(Region::full(192), &c).unwrap()
    });
}

/// Each pixel is the blend of the toned layers, the mask being the hills' toned
/// heights, exactly as the formulas say.
#[test]
fn each_pixel_follows_levels_curve_terrace_then_the_blend() {
    let s = stack();
    let c = JobControl::default();
    let full = Region::full(192);
    let whole = s.generate_region(full, &c).unwrap();
    let raw = |i: usize| {
        let mut one = s.clone();
        one.layers_mut()[i].curve = None;
        one.layers_mut()[i].terrace = None;
        let mut solo = lattice_noise::LayerCache::new();
        solo.render(&one, full, Some(i), &c).unwrap()
    };
    let (hills, ridges) = (raw(0), raw(1));
    let (bottom, top) = (s[0].tone(), s[1].tone());
    for (k, &got) in whole.data().iter().enumerate().step_by(97) {
        let b = bottom.apply(hills.data()[k]);
        let mask = b.clamp(0.0, 1.0) * 0.6;
        let blended = b + top.apply(ridges.data()[k]);
        let want = blended * mask + b * (1.0 - mask);
        let want = if mask <= 0.0 { b } else { want };
        assert_eq!(got.to_bits(), want.to_bits(), "pixel {k}");
    }
    // The terrace is there: the bottom layer alone takes few distinct heights on its
    // flat steps.
    let mut solo = lattice_noise::LayerCache::new();
    let b = solo.render(&s, full, Some(0), &c).unwrap();
    let flat = b
        .data()
        .iter()
        .filter(|&&h| (h * 6.0 - (h * 6.0).round()).abs() < 1e-6)
        .count();
    assert!(flat * 4 > b.data().len(), "{flat} of {}", b.data().len());
}
