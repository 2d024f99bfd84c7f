//! Tests of banded renders for editing, with noises from the stand-in for the kernels:
//! the same bits as a cache holding every layer, what is kept between edits, and that
//! nothing else is.

use super::*;
use crate::layers::cache_core::tests::{Cache, noise};
use crate::layers::layer::Layer;
use crate::layers::levels::Levels;
use crate::layers::mask_slope::MaskSlope;
use crate::layers::warp::{Warp, WarpSource};
use crate::proximity::Proximity;

/// Four layers using every feature: levels, a height mask and a slope mask, warps by a
/// noise and by a layer.
fn stack(tileable: bool) -> LayerStack {
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
    let mut rock = Layer::new("rock", noise(4, Proximity::Hill));
    rock.blend = BlendMode::Overlay;
    rock.mask = Some("base".into());
    rock.mask_slope = Some(MaskSlope {
        from: 1.0,
        to: 3.0,
        ..MaskSlope::default()
    });
    let mut veins = Layer::new("veins", noise(3, Proximity::TriangularEdgeTwo));
    veins.blend = BlendMode::Screen;
    veins.opacity = 0.7;
    veins.mask = Some("rock".into());
    veins.warp = Some(Warp {
        amplitude: -20.0,
        source: WarpSource::Layer("ridges".into()),
    });
    let base = Layer::new("base", noise(1, Proximity::Gradient));
    LayerStack::from_layers(128, tileable, vec![base, ridges, rock, veins]).unwrap()
}

/// A cache that renders anything over 1000 pixels in bands of `rows` rows of 128.
fn banded(rows: usize) -> Cache {
    Cache::banded_above(1000, rows * 128)
}

fn whole(s: &LayerStack, region: Region, solo: Option<usize>) -> Heightmap {
    Cache::new()
        .render(s, region, solo, &JobControl::new())
        .unwrap()
}

fn kept_at(cache: &Cache) -> *const f32 {
    cache.banded.as_ref().unwrap().below.data().as_ptr()
}

#[test]
fn bands_give_the_bits_of_every_layer_kept_in_any_window() {
    let c = JobControl::new();
    for tileable in [false, true] {
        let s = stack(tileable);
        let windows = [
            Region::full(128),
            Region {
                x: 7,
                y: 5,
                width: 80,
                height: 71,
            },
        ];
        for region in windows {
            for rows in [1, 7, 128] {
                let got = banded(rows).render(&s, region, None, &c).unwrap();
                assert_eq!(got, whole(&s, region, None), "{tileable} {region:?} {rows}");
                let solo = banded(rows).render(&s, region, Some(1), &c).unwrap();
                assert_eq!(solo, whole(&s, region, Some(1)), "solo {rows}");
            }
        }
    }
}

#[test]
fn a_top_layer_edit_reuses_the_composite_below_and_nothing_else_is_kept() {
    let mut s = stack(false);
    let region = Region::full(128);
    let c = JobControl::new();
    let mut cache = banded(10);
    let mut out = cache.render(&s, region, None, &c).unwrap();
    assert_eq!(out, whole(&s, region, None));
    let kept = cache.banded.as_ref().unwrap().below.clone();
    let at = kept_at(&cache);
    assert!(cache.is_empty() && cache.prefix.is_none());
    assert!(
        cache.spare.is_empty(),
        "the bands' maps are the band cache's, dropped with it"
    );
    // The top layer's noise, opacity, blend and levels: the composite below stays.
    s[3].noise.seed = 40;
    s[3].opacity = 0.4;
    s[3].blend = BlendMode::Difference;
    s[3].levels.gain = 2.0;
    cache.render_into(&s, region, None, &c, &mut out).unwrap();
    assert_eq!(out, whole(&s, region, None));
    assert!(kept_at(&cache) == at && cache.banded.as_ref().unwrap().below == kept);
    // Solo needs no composite below, and keeps it for after.
    let solo = cache.render(&s, region, Some(2), &c).unwrap();
    assert_eq!(solo, whole(&s, region, Some(2)));
    assert!(kept_at(&cache) == at);
    // A layer below the top (here a mask source of the top): a new composite below,
    // made in the old one's memory.
    s[2].noise.seed = 41;
    cache.render_into(&s, region, None, &c, &mut out).unwrap();
    assert_eq!(out, whole(&s, region, None));
    assert!(kept_at(&cache) == at && cache.banded.as_ref().unwrap().below != kept);
    // Back to a size whose layers are kept: the large composite goes.
    let small = s.resized(16);
    cache.render(&small, Region::full(16), None, &c).unwrap();
    assert!(cache.banded.is_none() && !cache.is_empty());
}

#[test]
fn a_cancelled_render_keeps_a_whole_composite_and_drops_a_half_made_one() {
    let s = stack(false);
    let region = Region::full(128);
    let mut cache = banded(10);
    cache.render(&s, region, None, &JobControl::new()).unwrap();
    let cancelled = JobControl::new();
    cancelled.cancel();
    // A top-layer edit cancelled: the composite below is still that of the stack.
    let mut top = s.clone();
    top[3].noise.seed = 50;
    assert!(cache.render(&top, region, None, &cancelled).is_err());
    assert!(cache.banded.is_some());
    // An edit below cancelled: its composite was never finished.
    let mut low = s.clone();
    low[0].noise.seed = 50;
    assert!(cache.render(&low, region, None, &cancelled).is_err());
    assert!(cache.banded.is_none());
    let again = cache.render(&s, region, None, &JobControl::new()).unwrap();
    assert_eq!(again, whole(&s, region, None));
}

#[test]
fn one_layer_shown_needs_no_composite_below() {
    let mut s = stack(true);
    for i in 0..3 {
        s[i].enabled = false;
    }
    let region = Region::full(128);
    let mut cache = banded(5);
    let out = cache.render(&s, region, None, &JobControl::new()).unwrap();
    assert_eq!(out, whole(&s, region, None));
    assert!(cache.banded.is_none());
    // Every layer off: zeros.
    s[3].enabled = false;
    let out = cache.render(&s, region, None, &JobControl::new()).unwrap();
    assert!(out.data().iter().all(|&v| v == 0.0));
}

#[test]
fn large_windows_count_two_maps_and_a_band() {
    let s = stack(false);
    let map = |pixels: u64| pixels * 4;
    let small = 2048 * 2048;
    assert_eq!(
        s.editing_bytes(small),
        s.maps_held() as u64 * map(small as u64)
    );
    let large = 8192 * 8192;
    let band = s.maps_held() as u64 * map(BAND_PIXELS as u64);
    assert_eq!(s.editing_bytes(large), 2 * map(large as u64) + band);
    assert!(band < map(large as u64) / 4);
}
