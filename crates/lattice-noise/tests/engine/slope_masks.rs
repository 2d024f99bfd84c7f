//! Slope and curvature masks through the public API: the mask is the ramp of the mask
//! layer's slope by central differences, or of minus its Laplacian (neighbours wrapped or
//! clamped at the texture's edges), windows and thread counts give the whole render's
//! bits, and presets read back.

#[cfg(feature = "rayon")]
use crate::common::assert_same_bits_at_thread_counts;
use crate::common::{CRESTS, STEEP, assert_windows_give_the_whole, region};
use lattice_noise::{
    BlendMode, JobControl, Layer, LayerCache, LayerStack, MaskMeasure, MaskSlope, NoiseParams,
    Preset, Region,
};

/// Ground, and rock laid on it where the ground is steep.
fn stack(size: u32, tileable: bool) -> LayerStack {
    stack_masked(size, tileable, STEEP)
}

/// Ground, and rock laid on it through `ramp` of the ground.
fn stack_masked(size: u32, tileable: bool, ramp: MaskSlope) -> LayerStack {
    let ground = NoiseParams {
        size,
        initial_step: 64,
        octaves: 4,
        ..NoiseParams::default()
    };
    let mut ground_layer = Layer::new("ground", ground.clone());
    ground_layer.levels.gain = 1.5;
    let mut rock = Layer::new(
        "rock",
        NoiseParams {
            seed: 5,
            initial_step: 8,
            ..ground
        },
    );
    rock.blend = BlendMode::Add;
    rock.mask = Some("ground".into());
    rock.mask_slope = Some(ramp);
    LayerStack::from_layers(size, tileable, vec![ground_layer, rock]).unwrap()
}

/// Slope: the length of the central differences' gradient, per texture width.
fn slope(h: f32, [l, r, u, d]: [f32; 4], size: f32) -> f32 {
    let _ = h;
    let gx = (r - l) * 0.5 * size;
    let gy = (d - u) * 0.5 * size;
    (gx * gx + gy * gy).sqrt()
}

/// Curvature: minus the 5-point Laplacian, in hundreds of heights per texture width
/// squared.
fn convexity(h: f32, [l, r, u, d]: [f32; 4], size: f32) -> f32 {
    -((l + r) + (u + d) - 4.0 * h) * (size * size * 1e-2)
}

#[test]
fn the_mask_is_the_ramp_of_central_differences() {
    the_mask_is_the_ramp_of(STEEP, slope);
}

#[test]
fn the_curvature_mask_is_the_ramp_of_minus_the_laplacian() {
    the_mask_is_the_ramp_of(CRESTS, convexity);
}

#[test]
fn scaled_masks_measure_over_their_step() {
    the_mask_is_the_ramp_of(scaled(STEEP, 6.0), slope);
    // 4.6 px rounds to a step of 5.
    the_mask_is_the_ramp_of(scaled(CRESTS, 4.6), convexity);
}

/// `ramp` measured over `scale` pixels.
fn scaled(ramp: MaskSlope, scale: f32) -> MaskSlope {
    MaskSlope {
        scale: Some(scale),
        ..ramp
    }
}

#[test]
fn a_scale_of_one_pixel_is_the_plain_mask_and_larger_ones_smooth_it() {
    let c = JobControl::default();
    let full = Region::full(128);
    let render = |ramp| {
        stack_masked(128, false, ramp)
            .generate_region(full, &c)
            .unwrap()
    };
    for ramp in [STEEP, CRESTS] {
        let plain = render(ramp);
        assert_eq!(render(scaled(ramp, 1.0)).data(), plain.data(), "{ramp:?}");
        assert_ne!(render(scaled(ramp, 8.0)).data(), plain.data(), "{ramp:?}");
    }
}

#[test]
fn a_scale_keeps_its_share_of_the_texture_when_resized() {
    let s = stack_masked(128, false, scaled(STEEP, 6.0));
    let big = s.resized(512);
    assert_eq!(big[1].mask_slope.and_then(|m| m.scale), Some(24.0));
    assert_eq!(big[1].mask_slope.map(|m| m.step()), Some(24));
    let small = s.resized(16);
    assert_eq!(
        small[1].mask_slope.and_then(|m| m.scale),
        Some(1.0),
        "at least a pixel"
    );
    let plain = stack_masked(128, false, STEEP).resized(512);
    assert_eq!(
        plain[1].mask_slope.and_then(|m| m.scale),
        None,
        "no scale stays none"
    );
}

/// Every pixel of the stack masked by `ramp` is the blend that `measure` of the ground
/// at that pixel gives.
fn the_mask_is_the_ramp_of(ramp: MaskSlope, measure: fn(f32, [f32; 4], f32) -> f32) {
    for tileable in [false, true] {
        let size = 128;
        let s = stack_masked(size, tileable, ramp);
        let c = JobControl::default();
        let full = Region::full(size);
        let whole = s.generate_region(full, &c).unwrap();
        let solo = |i| LayerCache::new().render(&s, full, Some(i), &c).unwrap();
        let (ground, rock) = (solo(0), solo(1));
        let n = size as i64;
        // Neighbours a step away; the measures' unit is the texture's width in steps.
        let d = ramp.scale.map_or(1, |s| s.round() as i64);
        let per_step = size as f32 / d as f32;
        let inside = |x: i64, y: i64| ground.data()[(y * n + x) as usize];
        // Past the edges: wrapped when tiling; else the edge pixel's copy for slopes, and
        // the line through the edge pixel and the next one for curvature.
        let curvature = ramp.measure == MaskMeasure::Curvature;
        let beyond = |x: i64, y: i64| {
            let (cx, cy) = (x.clamp(0, n - 1), y.clamp(0, n - 1));
            let (ix, iy) = (cx + (cx - x), cy + (cy - y));
            if curvature {
                2.0 * inside(cx, cy) - inside(ix, iy)
            } else {
                inside(cx, cy)
            }
        };
        let at = |x: i64, y: i64| {
            if tileable {
                inside(x.rem_euclid(n), y.rem_euclid(n))
            } else if (0..n).contains(&x) && (0..n).contains(&y) {
                inside(x, y)
            } else {
                beyond(x, y)
            }
        };
        let mut steep = 0;
        for y in 0..n {
            for x in 0..n {
                let around = [at(x - d, y), at(x + d, y), at(x, y - d), at(x, y + d)];
                let m = ramp.ramp(measure(at(x, y), around, per_step));
                let k = (y * n + x) as usize;
                let (b, t) = (ground.data()[k], rock.data()[k]);
                let want = if m <= 0.0 {
                    b
                } else {
                    (b + t) * m + b * (1.0 - m)
                };
                let want = if m >= 1.0 { b + t } else { want };
                assert_eq!(
                    whole.data()[k].to_bits(),
                    want.to_bits(),
                    "{tileable} {x},{y} {ramp:?}"
                );
                steep += usize::from(m > 0.5);
            }
        }
        // Some ground is steep and some is not.
        let all = (n * n) as usize;
        assert!(
            steep > all / 20 && steep < all * 19 / 20,
            "{steep} of {all}"
        );
    }
}

#[test]
fn windows_at_the_edges_give_the_whole_render() {
    for (tileable, ramp) in [
        (false, STEEP),
        (true, STEEP),
        (false, CRESTS),
        (true, CRESTS),
        (false, scaled(STEEP, 9.0)),
        (true, scaled(CRESTS, 7.0)),
        (false, scaled(CRESTS, 12.0)),
    ] {
        let s = stack_masked(192, tileable, ramp);
        let windows = [
            region(0, 0, 40, 192),
            region(152, 0, 40, 33),
            region(0, 191, 192, 1),
            region(191, 7, 1, 1),
            region(50, 60, 70, 20),
        ];
        assert_windows_give_the_whole(&s, &windows, &format!("{tileable} {ramp:?}"));
    }
}

#[test]
#[cfg(feature = "rayon")]
fn the_same_bits_at_any_thread_count() {
    let s = stack_masked(192, true, CRESTS);
    let c = JobControl::default();
    assert_same_bits_at_thread_counts(&[1, 2, 3], "slope-masked stack", || {
        s.generate_region(Region::full(192), &c).unwrap()
    });
}

#[test]
fn presets_read_back_and_a_slope_needs_a_mask() {
    let p = Preset {
        layers: stack(128, false),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert!(
        text.contains("mask_slope: Some((from: 1.0, to: 3.0))"),
        "{text}"
    );
    assert_eq!(Preset::from_ron(&text).unwrap(), p);
    let e = Preset::from_ron(&text.replace("mask: Some(\"ground\"),", ""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("a slope mask needs a mask layer"), "{e}");
    let e = Preset::from_ron(&text.replace("to: 3.0", "to: 1.0"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("two different numbers"), "{e}");
    // Removing the mask layer takes the slope with it.
    let mut s = p.layers.clone();
    let mut top = s[1].clone();
    top.name = "top".into();
    s.insert(2, top).unwrap();
    s.remove(0).unwrap();
    assert!(s[0].mask.is_none() && s[0].mask_slope.is_none());
}

#[test]
fn a_scale_reads_back_and_one_out_of_range_is_refused() {
    let p = Preset {
        layers: stack_masked(128, false, scaled(CRESTS, 6.0)),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert!(text.contains("scale: Some(6.0)"), "{text}");
    assert_eq!(Preset::from_ron(&text).unwrap(), p);
    for bad in ["0.5", "300.0", "NaN"] {
        let e = Preset::from_ron(&text.replace("scale: Some(6.0)", &format!("scale: Some({bad})")))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("curvature mask scale") && e.contains("1..=256"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn curvature_masks_say_so_in_presets_and_errors() {
    let p = Preset {
        layers: stack_masked(128, false, CRESTS),
        ..Preset::default()
    };
    let text = p.to_ron();
    assert!(
        text.contains("mask_slope: Some((from: 0.0, to: 3.0, measure: Curvature))"),
        "{text}"
    );
    assert_eq!(Preset::from_ron(&text).unwrap(), p);
    let e = Preset::from_ron(&text.replace("mask: Some(\"ground\"),", ""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("a curvature mask needs a mask layer"), "{e}");
    // Curvature bounds may be negative (creases), slope bounds may not.
    let creases = text.replace("to: 3.0", "to: -3.0");
    assert!(Preset::from_ron(&creases).is_ok());
    let e = Preset::from_ron(&creases.replace(", measure: Curvature", ""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("slope mask bounds 0,-3"), "{e}");
}
