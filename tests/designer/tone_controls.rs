//! Blurs, curves, terraces and slope masks in the designer: the texture curve's points
//! dragged on its graph, a layer's blur and terrace switched on, a mask switched to the
//! slope and to the stack below, a layer's heights taken from the stack below.
#![cfg(feature = "app")]

use egui::accesskit::Role;
use egui::pos2;
use egui_kittest::kittest::Queryable as _;

use lattice_studio::app::{Command, layer_row_text};
use lattice_studio::engine::MaskSlope;

use crate::common;
use common::app::{harness, harness_sized, open_preset, pick_in_combo, settled, step_until};
use common::files::preset_path;

#[test]
fn the_texture_curve_is_shaped_by_dragging_a_point() {
    // Tall enough that the Output group shows without scrolling.
    let mut h = harness_sized(1400.0, 1800.0);
    settled(&mut h);
    assert!(h.state().state().preset.output.curve.is_none());
    h.get_by_role_and_label(Role::CheckBox, "Texture curve")
        .click();
    step_until(&mut h, "the texture curve", |a| {
        a.state().preset.output.curve.is_some()
    });
    settled(&mut h);
    let r = h.get_by_label("Texture curve graph").rect();
    // The graph's frame is 6 points wider than its 0..1 square on every side: the
    // point (1, 1) is at the square's top right.
    let from = pos2(r.right() - 6.0, r.top() + 6.0);
    let to = pos2(r.right() - 6.0, r.center().y);
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    h.drop_at(to);
    step_until(&mut h, "the dragged point", |a| {
        a.state()
            .preset
            .output
            .curve
            .is_some_and(|c| c.points()[1].1 < 0.9)
    });
    let points = h.state().state().preset.output.curve.unwrap().points();
    assert_eq!(points.len(), 2, "{points:?}");
    assert_eq!(points[1].0, 1.0);
    assert!((points[1].1 - 0.5).abs() < 0.05, "{points:?}");
    settled(&mut h);
    assert!(h.state().state().is_dirty());
}

#[test]
fn a_layer_terrace_is_a_checkbox_with_steps() {
    let mut h = harness();
    settled(&mut h);
    let header = h.get_by_label("Blur, curve and terrace");
    header.scroll_to_me();
    h.step();
    h.get_by_label("Blur, curve and terrace").click();
    h.step();
    h.step();
    h.get_by_role_and_label(Role::CheckBox, "Terrace")
        .scroll_to_me();
    h.step();
    h.get_by_role_and_label(Role::CheckBox, "Terrace").click();
    step_until(&mut h, "the terrace", |a| {
        a.state().preset.layers[0].terrace.is_some()
    });
    settled(&mut h);
    assert_eq!(
        h.state().state().preset.layers[0].terrace,
        Some(lattice_studio::engine::Terrace::default())
    );
    // The layer's curve is there too, off.
    h.get_by_role_and_label(Role::CheckBox, "Curve");
    assert!(h.state().state().preset.layers[0].curve.is_none());
}

#[test]
fn the_blur_slider_blurs_the_layer_and_undo_takes_it_back() {
    let mut h = harness();
    settled(&mut h);
    let before = h.state().state().shown.as_ref().unwrap().stats;
    h.get_by_label("Blur, curve and terrace").scroll_to_me();
    h.step();
    h.get_by_label("Blur, curve and terrace").click();
    h.step();
    h.step();
    h.get_by_role_and_label(Role::Slider, "Blur")
        .set_value_accesskit(6.0);
    step_until(&mut h, "the blur", |a| {
        a.state().preset.layers[0].blur == 6.0
    });
    settled(&mut h);
    // The texture shown is the blurred one: a blur narrows the range of the heights.
    let after = h.state().state().shown.as_ref().unwrap().stats;
    assert!(
        after.max - after.min < before.max - before.min,
        "{after:?} against {before:?}"
    );
    assert!(h.state().state().history.can_undo());
    h.state().push(Command::Undo);
    step_until(&mut h, "the undo", |a| {
        a.state().preset.layers[0].blur == 0.0
    });
}

#[test]
fn a_mask_goes_by_slope_or_curvature_from_the_mask_by_box() {
    let mut h = ridges_settings_open();
    assert_eq!(
        h.state().state().preset.layers[2].mask.as_deref(),
        Some("altitude")
    );
    pick_in_combo(&mut h, "height", "slope");
    step_until(&mut h, "the slope mask", |a| {
        a.state().preset.layers[2].mask_slope.is_some()
    });
    assert_eq!(
        h.state().state().preset.layers[2].mask_slope,
        Some(MaskSlope::default())
    );
    settled(&mut h);
    // Its ramp shows as two sliders.
    for label in ["Slope from", "Slope to"] {
        assert!(h.query_all_by_label(label).count() >= 1, "{label}");
    }
    // The same menu turns it into a curvature mask, with its own sliders.
    pick_in_combo(&mut h, "slope", "curvature");
    step_until(&mut h, "the curvature mask", |a| {
        a.state().preset.layers[2].mask_slope == Some(MaskSlope::curvature())
    });
    settled(&mut h);
    for label in ["Curvature from", "Curvature to"] {
        assert!(h.query_all_by_label(label).count() >= 1, "{label}");
    }
    assert_eq!(h.query_all_by_label("Slope from").count(), 0);
    // Measured at a scale: a checkbox turns it on, with a slider of its own.
    assert_eq!(h.query_all_by_label("Mask scale").count(), 0);
    h.get_by_role_and_label(Role::CheckBox, "Measure at a scale")
        .click();
    step_until(&mut h, "the scaled mask", |a| {
        a.state().preset.layers[2].mask_slope.and_then(|m| m.scale) == Some(4.0)
    });
    settled(&mut h);
    assert!(h.query_all_by_label("Mask scale").count() >= 1);
    h.get_by_role_and_label(Role::CheckBox, "Measure at a scale")
        .click();
    step_until(&mut h, "the mask between neighbours again", |a| {
        a.state().preset.layers[2].mask_slope == Some(MaskSlope::curvature())
    });
    settled(&mut h);
    // The mask menu puts the stack below in place of the layer, keeping the ramp.
    pick_in_combo(&mut h, "altitude", "the stack below");
    step_until(&mut h, "the mask by the stack below", |a| {
        let l = &a.state().preset.layers[2];
        l.mask_below && l.mask.is_none()
    });
    assert_eq!(
        h.state().state().preset.layers[2].mask_slope,
        Some(MaskSlope::curvature())
    );
    settled(&mut h);
    assert!(h.query_all_by_label("Curvature from").count() >= 1);
    pick_in_combo(&mut h, "the stack below", "none");
    step_until(&mut h, "no mask", |a| {
        !a.state().preset.layers[2].has_mask()
    });
    assert!(h.state().state().preset.layers[2].mask_slope.is_none());
}

#[test]
fn the_export_menu_chooses_levelled_or_raw_floats() {
    let mut h = harness();
    settled(&mut h);
    h.get_by_role_and_label(Role::Button, "Export").click();
    h.run();
    h.get_by_label("Export R32 float heightmap (raw heights)...");
    h.get_by_label("Export 16-bit PNG heightmap (levelled)...");
    h.get_by_role_and_label(Role::CheckBox, "Levels in float exports")
        .click();
    step_until(&mut h, "levelled floats", |a| {
        a.state().preset.output.float_levels
    });
    settled(&mut h);
    assert!(h.state().state().is_dirty());
    if h.query_by_label("Export R32 float heightmap (levelled)...")
        .is_none()
    {
        h.get_by_role_and_label(Role::Button, "Export").click();
        h.run();
    }
    h.get_by_label("Export R32 float heightmap (levelled)...");
    h.get_by_label("Export OpenEXR float heightmap (levelled)...");
    // One undo step brings the raw heights back.
    h.state().push(Command::Undo);
    step_until(&mut h, "raw floats again", |a| {
        !a.state().preset.output.float_levels
    });
}

#[test]
fn a_layer_takes_its_heights_from_the_stack_below_in_the_heights_box() {
    let mut h = ridges_settings_open();
    pick_in_combo(&mut h, "its noise", "the stack below");
    step_until(&mut h, "heights from the stack below", |a| {
        a.state().preset.layers[2].heights_below
    });
    settled(&mut h);
    // It renders (no error about the parameters), and the layer list says so.
    let shown = h.state().state().shown.as_ref().map(|s| s.layers.clone());
    assert_eq!(
        shown.map(|l| l[2].heights_below),
        Some(true),
        "the preview shows the new stack"
    );
    assert!(h.query_all_by_label("below").count() >= 1);
    pick_in_combo(&mut h, "the stack below", "its noise");
    step_until(&mut h, "heights from its noise again", |a| {
        !a.state().preset.layers[2].heights_below
    });
}

/// The app on `layered-terrain`, its ridges layer (3) selected and its Blend, mask and
/// warp group open.
fn ridges_settings_open() -> egui_kittest::Harness<'static, lattice_studio::app::LatticeApp> {
    let mut h = harness_sized(1400.0, 1600.0);
    settled(&mut h);
    open_preset(&mut h, &preset_path("layered-terrain.ron"));
    let ridges = h.state().state().preset.layers[2].clone();
    h.get_by_label(&layer_row_text(&ridges)).click();
    h.step();
    h.step();
    // The group was closed while the texture had one layer.
    h.get_by_label("Blend, mask and warp").click();
    h.step();
    h.step();
    h
}

/// A warp's own noise can be made isotropic with its own checkbox, and back.
#[test]
fn the_warp_noise_has_an_isotropic_checkbox() {
    use lattice_studio::engine::{Isotropy, Warp, WarpSource};
    let warp_isotropy = |a: &lattice_studio::app::LatticeApp| match &a.state().preset.layers[2]
        .warp
        .as_ref()
        .map(|w| &w.source)
    {
        Some(WarpSource::Noise(n)) => Some(n.isotropy),
        _ => None,
    };
    let mut h = ridges_settings_open();
    let mut draft = h.state().state().preset.clone();
    let texture = draft.layers.texture_noise(&draft.layers[2].noise);
    draft.layers[2].warp = Some(Warp::with_default_noise(&texture, 24.0));
    h.state().push(Command::SetParams(Box::new(draft)));
    settled(&mut h);
    assert_eq!(warp_isotropy(h.state()), Some(Isotropy::OFF));
    h.get_by_role_and_label(Role::CheckBox, "Isotropic warp")
        .click();
    step_until(&mut h, "an isotropic warp", |a| {
        warp_isotropy(a) == Some(Isotropy::FULL)
    });
    settled(&mut h);
    h.get_by_role_and_label(Role::CheckBox, "Isotropic warp")
        .click();
    step_until(&mut h, "a square warp again", |a| {
        warp_isotropy(a) == Some(Isotropy::OFF)
    });
}
