//! A layer cache through the kernels: one plain layer is its noise, windows are
//! exactly the whole at any thread count, a warp of 0 is no warp, warped tileable
//! textures join, and solo shows one levelled layer. (What the cache keeps and
//! recomputes is tested beside it.)

use crate::common::assert_wraps_round;
use lattice_noise::{
    Heightmap, JobControl, LayerCache, LayerStack, NoiseParams, Preset, Proximity, Region, Warp,
    generate_region,
};

/// Three layers of 128 px noises using every feature, as a preset writes them: levels,
/// a mask, warps by a noise and by a layer.
fn stack(tileable: bool) -> LayerStack {
    let noise = |seed, proximity| {
        format!("(seed: {seed}, octaves: 4, initial_step: 32, proximity: {proximity})")
    };
    let text = format!(
        r#"(
            version: 2,
            size: 128,
            tileable: {tileable},
            layers: [
                (name: "base", noise: {base}),
                (
                    name: "ridges",
                    noise: {ridges},
                    blend: max,
                    opacity: 0.8,
                    mask: Some("base"),
                    levels: (gain: 1.5, offset: -0.1),
                    warp: Some((amplitude: 12.0, source: noise({field}))),
                ),
                (
                    name: "veins",
                    noise: {veins},
                    blend: overlay,
                    warp: Some((amplitude: -20.0, source: layer("ridges"))),
                ),
            ],
        )"#,
        base = noise(1, "gradient"),
        ridges = noise(2, "r#gradient-rigged"),
        field = noise(1002, "gradient"),
        veins = noise(3, "r#triangular-edge-two"),
    );
    Preset::from_ron(&text).unwrap().layers
}

fn render(s: &LayerStack, region: Region) -> Heightmap {
    LayerCache::new()
        .render(s, region, None, &JobControl::new())
        .unwrap()
}

#[test]
fn one_plain_layer_is_its_noise_bit_for_bit() {
    let s = LayerStack::single(NoiseParams {
        size: 128,
        seed: 9,
        proximity: Proximity::MonkeySaddle,
        ..NoiseParams::default()
    });
    let region = Region::full(128);
    let want = generate_region(&s[0].noise, region, &JobControl::new()).unwrap();
    assert_eq!(render(&s, region), want);
}

#[test]
fn windows_are_exactly_the_whole_and_threads_do_not_matter() {
    for tileable in [false, true] {
        let s = stack(tileable);
        let whole = render(&s, Region::full(128));
        for (x, y, w, h) in [(0, 0, 128, 17), (13, 40, 50, 9), (127, 127, 1, 1)] {
            let window = Region {
                x,
                y,
                width: w,
                height: h,
            };
            let part = render(&s, window);
            for r in 0..h {
                let row = &whole.row(y + r)[x as usize..(x + w) as usize];
                assert_eq!(part.row(r), row, "tileable {tileable}, window at {x},{y}");
            }
        }
        #[cfg(feature = "rayon")]
        {
            let one = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap();
            assert_eq!(one.install(|| render(&s, Region::full(128))), whole);
        }
    }
}

#[test]
fn a_zero_amplitude_is_no_warp() {
    let mut s = stack(false);
    for i in [1, 2] {
        s[i].warp.as_mut().unwrap().amplitude = 0.0;
    }
    let mut plain = s.clone();
    plain[1].warp = None;
    plain[2].warp = None;
    let whole = Region::full(128);
    assert_eq!(render(&s, whole), render(&plain, whole));
    assert_ne!(render(&stack(false), whole), render(&plain, whole));
}

#[test]
fn a_warped_tileable_texture_has_no_seam() {
    let mut s = stack(true);
    s[0].warp = Some(Warp::with_default_noise(&s[0].noise, 30.0));
    let map = render(&s, Region::full(128));
    assert_wraps_round(&map, 2.0, "warped");
}

#[test]
fn solo_shows_one_levelled_layer_and_disabled_layers_still_feed_others() {
    let mut s = stack(false);
    let region = Region::full(128);
    let solo = LayerCache::new()
        .render(&s, region, Some(0), &JobControl::new())
        .unwrap();
    let base = generate_region(&s[0].noise, region, &JobControl::new()).unwrap();
    assert_eq!(solo, base);
    let before = render(&s, region);
    s[0].enabled = false;
    let without = render(&s, region);
    assert_ne!(before, without);
    s[1].enabled = false;
    s[2].enabled = false;
    assert!(render(&s, region).data().iter().all(|&v| v == 0.0));
}
