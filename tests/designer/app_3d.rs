//! The 2D / 3D switch of the designer, driven with egui_kittest: the buttons and the
//! keys 2 and 3 switch the preview, the 3D controls appear, the mesh is built off the
//! UI thread, and a window without OpenGL says so instead of drawing nothing.
#![cfg(feature = "app")]

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::app::PreviewKind;

use crate::common;
use common::app::{harness, settled, step_until};

#[test]
fn the_switch_and_the_keys_change_the_view() {
    let mut h = harness();
    settled(&mut h);
    assert_eq!(h.state().state().view.kind, PreviewKind::Flat);
    assert!(h.query_by_label("Height scale").is_none());

    h.get_by_label("3D").click();
    h.step();
    h.step();
    assert_eq!(h.state().state().view.kind, PreviewKind::Terrain);
    // The 3D controls are there, and the test harness has no OpenGL: said in the view.
    h.get_by_role_and_label(Role::Slider, "Height scale");
    h.get_by_label("Wireframe");
    h.get_by_label("Water");
    h.get_by_label_contains("needs OpenGL");
    // The mesh of the texture on screen is built in the background, one vertex per pixel.
    step_until(&mut h, "the 3D mesh", |a| a.terrain_mesh().is_some());
    let mesh = h.state().terrain_mesh().unwrap();
    assert_eq!(mesh.resolution, 512);
    assert!(mesh.height_range.0 < mesh.height_range.1);

    h.key_press(egui::Key::Num2);
    h.step();
    h.step();
    assert_eq!(h.state().state().view.kind, PreviewKind::Flat);
    assert!(h.query_by_label("Height scale").is_none());
    h.key_press(egui::Key::Num3);
    h.step();
    h.step();
    assert_eq!(h.state().state().view.kind, PreviewKind::Terrain);

    // A new texture is meshed again (the seed changes the heights).
    let before = h.state().terrain_mesh().unwrap();
    h.get_by_label("2D").click();
    h.step();
    let mut draft = h.state().state().preset.clone();
    let tileable = draft.layers.tileable();
    draft.layers.set_texture(128, tileable);
    draft.noise_mut().initial_step = 32;
    h.state()
        .push(lattice_studio::app::Command::SetParams(Box::new(draft)));
    settled(&mut h);
    h.get_by_label("3D").click();
    step_until(&mut h, "the new mesh", |a| {
        a.terrain_mesh().is_some_and(|m| m.resolution == 128)
    });
    assert_ne!(h.state().terrain_mesh(), Some(before));
}

#[test]
fn typing_a_2_in_a_text_field_does_not_switch() {
    let mut h = harness();
    settled(&mut h);
    h.query_all_by_role(Role::TextInput).next().unwrap().click();
    h.step();
    h.key_press(egui::Key::Num3);
    h.step();
    h.step();
    assert_eq!(h.state().state().view.kind, PreviewKind::Flat);
}

#[test]
fn the_water_follows_the_ramps_shoreline_until_moved_by_hand() {
    let mut h = harness();
    settled(&mut h);
    let mut draft = h.state().state().preset.clone();
    draft.output.ramp = lattice_studio::ColorRamp::builtin("terrain");
    h.state()
        .push(lattice_studio::app::Command::SetParams(Box::new(draft)));
    settled(&mut h);
    h.get_by_label("3D").click();
    h.step();
    h.step();
    h.get_by_label("Water").click();
    h.step();
    h.step();
    // The terrain ramp turns from water to sand at 0.47.
    assert_eq!(h.state().state().view.terrain.water_level, 0.47);
    assert!(h.state().state().view.terrain.water_at_shoreline);
    // Moving the level by hand keeps the user's level.
    h.get_by_role_and_label(Role::Slider, "Level").focus();
    h.key_press(egui::Key::ArrowLeft);
    h.step();
    h.step();
    let t = h.state().state().view.terrain;
    assert!(!t.water_at_shoreline);
    assert!(t.water_level < 0.47, "{}", t.water_level);
    h.step();
    assert_eq!(h.state().state().view.terrain.water_level, t.water_level);
}
