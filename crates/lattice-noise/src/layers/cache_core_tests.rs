//! Tests of [`CacheCore`](super::CacheCore)'s bookkeeping, with noises from a
//! stand-in for the kernels: bits equal to fresh renders, what is kept and recomputed
//! after which edit. (Windows, warps and solo through the kernels themselves are in the
//! engine's suite, `tests/engine/layer_cache.rs`.)

use super::*;
use crate::layers::blend_mode::BlendMode;
use crate::layers::layer::Layer;
use crate::layers::levels::Levels;
use crate::layers::noise_sampler::StandIn;
use crate::layers::warp::{Warp, WarpSource};
use crate::noise_params::NoiseParams;
use crate::proximity::Proximity;

/// A 128 px noise of 4 octaves from step 32 (the banded-edit tests' too).
pub(crate) fn noise(seed: i32, proximity: Proximity) -> NoiseParams {
    NoiseParams {
        size: 128,
        seed,
        octaves: 4,
        initial_step: 32,
        proximity,
        ..NoiseParams::default()
    }
}

/// Three layers using every feature: levels, a mask, warps by a noise and by a layer.
fn stack(tileable: bool) -> LayerStack {
    let base = noise(1, Proximity::Gradient);
    let mut ridges = Layer::new("ridges", noise(2, Proximity::GradientRigged));
    ridges.blend = BlendMode::Max;
    ridges.opacity = 0.8;
    ridges.mask = Some("base".into());
    ridges.levels = Levels {
        gain: 1.5,
        offset: -0.1,
        invert: false,
    };
    ridges.warp = Some(Warp::with_default_noise(&ridges.noise, 12.0));
    let mut veins = Layer::new("veins", noise(3, Proximity::TriangularEdgeTwo));
    veins.blend = BlendMode::Overlay;
    veins.warp = Some(Warp {
        amplitude: -20.0,
        source: WarpSource::Layer("ridges".into()),
    });
    let layers = vec![Layer::new("base", base), ridges, veins];
    LayerStack::from_layers(128, tileable, layers).unwrap()
}

/// A cache whose noises come from the stand-in.
pub(crate) type Cache = CacheCore<StandIn>;

fn render(s: &LayerStack, region: Region) -> Heightmap {
    Cache::new()
        .render(s, region, None, &JobControl::new())
        .unwrap()
}

#[test]
fn the_composite_below_the_top_layer_is_reused_and_gives_the_same_bits() {
    let mut s = stack(false);
    let region = Region::full(128);
    let mut cache = Cache::for_editing();
    let mut out = Heightmap::filled(7, 1.0);
    cache
        .render_into(&s, region, None, &JobControl::new(), &mut out)
        .unwrap();
    assert_eq!(out, render(&s, region));
    let kept = cache.prefix.as_ref().map(|p| p.below.clone()).unwrap();
    let kept_at = cache.prefix.as_ref().unwrap().below.data().as_ptr();
    // A top-layer edit: the layers below come from the kept composite.
    s[2].noise.seed = 40;
    s[2].opacity = 0.6;
    cache
        .render_into(&s, region, None, &JobControl::new(), &mut out)
        .unwrap();
    assert_eq!(out, render(&s, region));
    let prefix = &cache.prefix.as_ref().unwrap().below;
    assert!(
        prefix.data().as_ptr() == kept_at && *prefix == kept,
        "prefix rebuilt"
    );
    // A change below the top: a new prefix, still the same bits as a fresh render.
    s[1].levels.gain = 0.5;
    let below = cache.render(&s, region, None, &JobControl::new()).unwrap();
    assert_eq!(below, render(&s, region));
    assert_ne!(cache.prefix.as_ref().unwrap().below, kept);
    // One-use caches keep no prefix.
    let mut once = Cache::new();
    once.render(&s, region, None, &JobControl::new()).unwrap();
    assert!(once.prefix.is_none());
}

#[test]
fn a_replaced_layers_memory_is_reused_for_the_next() {
    let mut s = stack(false);
    // Spare maps serve unwarped layers (a warped one is sampled into a map of its own).
    s[2].warp = None;
    let region = Region::full(64);
    let mut cache = Cache::for_editing();
    let top_map = |cache: &Cache, s: &LayerStack| {
        let spec = RawSpec::of_layer(s, 2);
        let e = cache.entries.iter().find(|e| e.spec == spec).unwrap();
        e.heights.data().as_ptr()
    };
    cache.render(&s, region, None, &JobControl::new()).unwrap();
    let first = top_map(&cache, &s);
    // The first edit allocates (the old map is in use until the render ends), then
    // frees the old map into the spares, which the second edit writes into.
    for seed in [41, 42] {
        s[2].noise.seed = seed;
        let out = cache.render(&s, region, None, &JobControl::new()).unwrap();
        assert_eq!(out, render(&s, region), "seed {seed}");
    }
    assert!(top_map(&cache, &s) == first, "the spare map was not reused");
}

#[test]
fn windows_are_exactly_the_whole() {
    for tileable in [false, true] {
        let s = stack(tileable);
        let whole = render(&s, Region::full(128));
        for (x, y, w, h) in [(0, 0, 128, 17), (13, 40, 50, 9), (127, 127, 1, 1)] {
            let part = render(
                &s,
                Region {
                    x,
                    y,
                    width: w,
                    height: h,
                },
            );
            for r in 0..h {
                let row = &whole.row(y + r)[x as usize..(x + w) as usize];
                assert_eq!(part.row(r), row, "tileable {tileable}, window at {x},{y}");
            }
        }
    }
}

#[test]
fn only_changed_layers_and_their_dependents_are_recomputed() {
    let mut s = stack(false);
    let mut cache = Cache::new();
    let region = Region::full(128);
    let control = JobControl::new();
    let first = cache.render(&s, region, None, &control).unwrap();
    let held: Vec<_> = cache
        .entries
        .iter()
        .map(|e| Arc::clone(&e.heights))
        .collect();
    // Blend, opacity and levels need no new heights.
    s[2].opacity = 0.5;
    s[2].blend = BlendMode::Difference;
    cache.render(&s, region, None, &control).unwrap();
    assert!(
        cache
            .entries
            .iter()
            .all(|e| held.iter().any(|h| Arc::ptr_eq(h, &e.heights)))
    );
    // A new seed on the ridges recomputes them and the veins they warp, not the base.
    // The ridges' own warp fields are noises the sampler makes band by band: the cache
    // never holds them.
    s[1].noise.seed = 77;
    cache.render(&s, region, None, &control).unwrap();
    let kept = cache
        .entries
        .iter()
        .filter(|e| held.iter().any(|h| Arc::ptr_eq(h, &e.heights)))
        .count();
    assert_eq!(kept, 1, "the base");
    assert!(
        !cache
            .entries
            .iter()
            .any(|e| e.spec == RawSpec::of_layer(&s, 1).warp.as_ref().unwrap().x),
        "no map of a noise warp field"
    );
    s[1].noise.seed = 2;
    s[2].opacity = 1.0;
    s[2].blend = BlendMode::Overlay;
    assert_eq!(cache.render(&s, region, None, &control).unwrap(), first);
}

#[test]
fn circles_and_unknown_names_are_refused_before_any_work() {
    let mut s = stack(false);
    s[0].mask = Some("veins".into());
    let e = Cache::new()
        .render(&s, Region::full(128), None, &JobControl::new())
        .unwrap_err()
        .to_string();
    assert!(e.contains("circle") && e.contains("veins"), "{e}");
    let e = Cache::new()
        .render(&stack(false), Region::full(129), None, &JobControl::new())
        .unwrap_err();
    assert!(e.to_string().contains("129"), "{e}");
}

/// Effects that read a halo (erosion, blur) write into a spare map and their window
/// into the last window's memory, which still hold the last render's heights: through
/// one cache recycled between renders of other windows (as `bench` and export bands
/// do), and with one eroded layer written straight into the output, the pixels are a
/// fresh cache's, and the window's memory is the first (largest) one's.
#[test]
fn halo_effects_reuse_their_memory_and_give_the_same_bits() {
    let mut eroded = Layer::new("rock", noise(5, Proximity::Gradient));
    eroded.erosion = Some(crate::layers::erosion::Erosion::default());
    let mut blurred = Layer::new("blur", noise(6, Proximity::GradientRigged));
    blurred.blur = 3.0;
    blurred.blend = BlendMode::Max;
    let alone = LayerStack::from_layers(128, false, vec![eroded.clone()]).unwrap();
    let both = LayerStack::from_layers(128, true, vec![eroded, blurred]).unwrap();
    for s in [&alone, &both] {
        let mut cache = Cache::new();
        let mut window = None;
        for (x, y, w, h) in [(0, 0, 128, 128), (13, 40, 50, 9), (100, 0, 28, 128)] {
            let region = Region {
                x,
                y,
                width: w,
                height: h,
            };
            let mut out = Heightmap::filled(1, 7.0);
            cache
                .render_into(s, region, None, &JobControl::new(), &mut out)
                .unwrap();
            assert_eq!(out, render(s, region), "{region:?}");
            // The first window is the largest: a new one would hold only its own.
            let held = cache.window.capacity();
            assert!(held > 0, "no window memory kept");
            assert_eq!(
                *window.get_or_insert(held),
                held,
                "the window was reallocated"
            );
            cache.recycle_maps();
        }
    }
}
