//! Heights taken from the stack below (`Layer::heights_below`): a layer whose heights
//! are the composite of the enabled layers under it erodes (blurs, terraces...) the
//! terrain built so far. Over one plain layer it is that layer with the effect; windows,
//! thread counts and an editing cache give the whole render's bits; circles and warps
//! are refused; presets read back.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use crate::common::{
    WIDE, assert_windows_give_the_whole, bits, halo_windows_of_256, pixels_changed, render,
};
use lattice_noise::{
    BlendMode, Erosion, JobControl, Layer, LayerCache, LayerStack, NoiseParams, Preset, Region,
};

fn noise(size: u32, seed: i32, step: u32, octaves: u32) -> NoiseParams {
    NoiseParams {
        size,
        seed,
        initial_step: step,
        octaves,
        persistence: 0.4,
        ..NoiseParams::default()
    }
}

/// A layer that erodes the stack below it by `erosion`, replacing it.
fn eroder(size: u32, erosion: Erosion) -> Layer {
    let mut l = Layer::new("eroded", noise(size, 7, 16, 1));
    l.heights_below = true;
    l.erosion = Some(erosion);
    l
}

/// Ground, hills multiplied onto it, and the erosion of the two.
fn eroded_terrain(size: u32, tileable: bool, erosion: Erosion) -> LayerStack {
    let ground = Layer::new("ground", noise(size, 1, size, 4));
    let mut hills = Layer::new("hills", noise(size, 2, size / 4, 4));
    hills.blend = BlendMode::Multiply;
    hills.opacity = 0.6;
    hills.levels.gain = 1.4;
    let layers = vec![ground, hills, eroder(size, erosion)];
    LayerStack::from_layers(size, tileable, layers).unwrap()
}

/// Over one plain layer the stack below is that layer: eroding it gives the bits of
/// the layer eroded itself.
#[test]
fn over_one_plain_layer_it_is_that_layer_with_the_effect() {
    for tileable in [false, true] {
        let ground = Layer::new("ground", noise(128, 1, 128, 4));
        let mut eroded_itself = ground.clone();
        eroded_itself.erosion = Some(WIDE);
        let mut blurred = eroder(128, WIDE);
        blurred.blur = 2.5;
        let mut blurred_itself = eroded_itself.clone();
        blurred_itself.blur = 2.5;
        for (top, itself) in [
            (eroder(128, WIDE), eroded_itself),
            (blurred, blurred_itself),
        ] {
            let below = LayerStack::from_layers(128, tileable, vec![ground.clone(), top]).unwrap();
            let one = LayerStack::from_layers(128, tileable, vec![itself]).unwrap();
            let full = Region::full(128);
            assert_eq!(
                bits(&render(&below, full)),
                bits(&render(&one, full)),
                "{tileable}"
            );
        }
    }
}

/// The erosion reads the composite, not one layer of it, and changes it.
#[test]
fn it_erodes_the_composite_below() {
    let s = eroded_terrain(128, false, WIDE);
    let full = Region::full(128);
    let mut uneroded = s.clone();
    uneroded[2].enabled = false;
    let (eroded, plain) = (render(&s, full), render(&uneroded, full));
    let changed = pixels_changed(&eroded, &plain);
    assert!(changed > 128 * 128 / 2, "{changed}");
    let mut of_ground = s.clone();
    of_ground[1].enabled = false;
    assert_ne!(bits(&render(&of_ground, full)), bits(&eroded));
}

#[test]
fn windows_at_the_edges_give_the_whole_render() {
    for tileable in [false, true] {
        let s = eroded_terrain(256, tileable, WIDE);
        assert_windows_give_the_whole(&s, &halo_windows_of_256(), &format!("{tileable}"));
    }
}

#[test]
#[cfg(feature = "rayon")]
fn the_same_bits_at_any_thread_count() {
    let s = eroded_terrain(192, true, Erosion::default());
    assert_same_bits_at_thread_counts(&[1, 2, 3], "eroded terrain", || {
        render(&s, Region::full(192))
    });
}

/// A cache kept for editing re-renders the eroded layer when a layer under it changes
/// (its key holds the stack below), and gives a fresh render's bits.
#[test]
fn an_editing_cache_follows_the_layers_below() {
    let s = eroded_terrain(128, false, WIDE);
    let mut edited = s.clone();
    edited[0].noise.seed = 11;
    let full = Region::full(128);
    let control = JobControl::default();
    let mut cache = LayerCache::for_editing();
    let first = cache.render(&s, full, None, &control).unwrap();
    let second = cache.render(&edited, full, None, &control).unwrap();
    assert_eq!(bits(&first), bits(&render(&s, full)));
    assert_eq!(bits(&second), bits(&render(&edited, full)));
    assert_ne!(bits(&first), bits(&second));
    // The eroding layer's own noise is not read: editing it changes nothing.
    let mut unused = s.clone();
    unused[2].noise.seed = 99;
    let third = cache.render(&unused, full, None, &control).unwrap();
    assert_eq!(bits(&third), bits(&first));
}

#[test]
fn circles_and_warps_are_refused_and_presets_read_back() {
    let p = Preset {
        layers: eroded_terrain(128, false, WIDE),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert_eq!(text.matches("heights_below: true").count(), 1, "{text}");
    assert!(
        !text.contains("heights_below: false"),
        "left out when false"
    );
    assert_eq!(Preset::from_ron(&text).unwrap(), p);
    // The ground masked by the layer that reads it: a circle, named.
    let mut circle = p.layers.clone();
    circle[0].mask = Some("eroded".into());
    let e = circle.validate().unwrap_err().to_string();
    assert!(e.contains("ground -> eroded -> ground"), "{e}");
    // A disabled layer below is not read: no circle.
    circle[1].enabled = true;
    circle[0].enabled = false;
    circle.validate().unwrap();
    let mut warped = p.layers.clone();
    let texture = p.layers.texture_noise(&p.layers[2].noise);
    warped[2].set_warp_amplitude(&texture, 8.0);
    let e = warped.validate().unwrap_err().to_string();
    assert!(
        e.contains("'eroded'") && e.contains("warp amplitude to 0"),
        "{e}"
    );
    // The stack below renders apart: its maps count in what a render holds.
    let mut own = p.layers.clone();
    own[2].heights_below = false;
    assert!(p.layers.maps_held() > own.maps_held());
}
