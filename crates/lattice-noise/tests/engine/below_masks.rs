//! Masks by the stack below (`Layer::mask_below`): the composite of the enabled layers
//! under a layer, or its slope or curvature, masks it; windows and thread counts give
//! the whole render's bits, and presets read back.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use crate::common::{
    CRESTS, STEEP, assert_windows_give_the_whole, bits, halo_windows_of_256, render,
};
use lattice_noise::{BlendMode, Layer, LayerStack, MaskSlope, NoiseParams, Preset, Region};

fn noise(size: u32, seed: i32, step: u32) -> NoiseParams {
    NoiseParams {
        size,
        seed,
        initial_step: step,
        octaves: 4,
        ..NoiseParams::default()
    }
}

/// Ground, and rock added where `ramp` of the ground (or its height, without a ramp)
/// says: masked by the ground layer by name, or by the stack below.
fn ground_and_rock(size: u32, tileable: bool, ramp: Option<MaskSlope>, below: bool) -> LayerStack {
    let mut rock = Layer::new("rock", noise(size, 5, 8));
    rock.blend = BlendMode::Add;
    rock.mask_slope = ramp;
    if below {
        rock.mask_below = true;
    } else {
        rock.mask = Some("ground".into());
    }
    let ground = Layer::new("ground", noise(size, 1, 64));
    LayerStack::from_layers(size, tileable, vec![ground, rock]).unwrap()
}

/// Ground, hills blended onto it, and rock on what the two make: steep (or as `ramp`
/// says) where their composite is.
fn three_layers(size: u32, tileable: bool, ramp: MaskSlope) -> LayerStack {
    let mut hills = Layer::new("hills", noise(size, 2, 32));
    hills.blend = BlendMode::Multiply;
    hills.opacity = 0.6;
    hills.levels.gain = 1.4;
    let mut rock = Layer::new("rock", noise(size, 5, 8));
    rock.blend = BlendMode::Screen;
    rock.mask_below = true;
    rock.mask_slope = Some(ramp);
    let ground = Layer::new("ground", noise(size, 1, 64));
    LayerStack::from_layers(size, tileable, vec![ground, hills, rock]).unwrap()
}

/// The bits of `s` over `r`.
fn rendered_bits(s: &LayerStack, r: Region) -> Vec<u32> {
    bits(&render(s, r))
}

/// Over one plain layer, the stack below is that layer: masking by it (its height, its
/// slope, its curvature) gives the bits of masking by the layer by name.
#[test]
fn over_one_plain_layer_the_stack_below_masks_as_that_layer() {
    for tileable in [false, true] {
        for ramp in [None, Some(STEEP), Some(CRESTS)] {
            let named = ground_and_rock(128, tileable, ramp, false);
            let below = ground_and_rock(128, tileable, ramp, true);
            let full = Region::full(128);
            assert_eq!(
                rendered_bits(&named, full),
                rendered_bits(&below, full),
                "{tileable} {ramp:?}"
            );
        }
    }
}

/// The mask follows the composite below, not one layer of it: adding the hills changes
/// where the rock goes.
#[test]
fn the_mask_reads_the_composite_below() {
    let s = three_layers(128, false, STEEP);
    let mut by_ground = s.clone();
    by_ground[2].mask_below = false;
    by_ground[2].mask = Some("ground".into());
    let full = Region::full(128);
    assert_ne!(rendered_bits(&s, full), rendered_bits(&by_ground, full));
    let mut unmasked = s.clone();
    unmasked[2].mask_below = false;
    unmasked[2].mask_slope = None;
    assert_ne!(rendered_bits(&s, full), rendered_bits(&unmasked, full));
}

#[test]
fn windows_at_the_edges_give_the_whole_render() {
    for (tileable, ramp) in [
        (false, STEEP),
        (true, STEEP),
        (false, CRESTS),
        (true, CRESTS),
    ] {
        let s = three_layers(256, tileable, ramp);
        let case = format!("{tileable} {ramp:?}");
        assert_windows_give_the_whole(&s, &halo_windows_of_256(), &case);
    }
}

#[test]
#[cfg(feature = "rayon")]
fn the_same_bits_at_any_thread_count() {
    let s = three_layers(192, true, CRESTS);
    assert_same_bits_at_thread_counts(&[1, 2, 3], "three layers", || render(&s, Region::full(192)));
}

#[test]
fn presets_read_back_and_say_what_is_wrong() {
    let p = Preset {
        layers: three_layers(128, false, STEEP),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert!(text.contains("mask_below: true"), "{text}");
    assert_eq!(text.matches("mask_below").count(), 1, "left out when false");
    assert_eq!(Preset::from_ron(&text).unwrap(), p);
    let both = text.replace(
        "mask_below: true",
        "mask_below: true, mask: Some(\"ground\")",
    );
    let e = Preset::from_ron(&both.replacen("mask: None,", "", 3))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not both"), "{e}");
    let e = Preset::from_ron(&text.replace("mask_below: true,", ""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("or the stack below (mask_below: true)"), "{e}");
    // Its maps count in what a render holds: the stack below renders apart.
    let mut plain = p.layers.clone();
    plain[2].mask_below = false;
    plain[2].mask_slope = None;
    assert!(p.layers.maps_held() > plain.maps_held());
}
