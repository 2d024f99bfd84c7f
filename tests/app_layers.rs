//! The Layers panel, driven as a person would: add a layer, change its blend mode,
//! undo; the preview follows and each operation is one undo step.
#![cfg(feature = "app")]

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::engine::BlendMode;

mod common;
use common::app::{harness, settled};

#[test]
fn add_a_layer_change_its_blend_and_undo_each_step() {
    let mut h = harness();
    settled(&mut h);
    let single = h.state().state().shown.as_ref().unwrap().heightmap.clone();

    h.get_by_role_and_label(Role::Button, "Add layer").click();
    h.step();
    h.step();
    let s = h.state().state();
    assert_eq!(s.preset.layers.len(), 2);
    assert_eq!(s.layer, 1, "the new layer is selected");
    settled(&mut h);

    // Its blend mode, in the group of the selected layer.
    h.get_by_label("Blend, mask and warp").click();
    h.step();
    h.step();
    h.get_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == Some("Normal"))
        .click();
    h.step();
    h.step();
    h.get_by_label("Difference").click();
    h.step();
    h.step();
    assert_eq!(
        h.state().state().preset.layers[1].blend,
        BlendMode::Difference
    );
    settled(&mut h);
    let shown = h.state().state().shown.as_ref().unwrap();
    assert_eq!(shown.layers[1].blend, BlendMode::Difference);
    assert_ne!(
        *shown.heightmap, *single,
        "the composite differs from one layer"
    );

    // One undo takes back the blend mode, the next the added layer.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.step();
    h.step();
    let s = h.state().state();
    assert_eq!(s.preset.layers.len(), 2);
    assert_eq!(s.preset.layers[1].blend, BlendMode::Normal);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.step();
    h.step();
    assert_eq!(h.state().state().preset.layers.len(), 1);
    settled(&mut h);
    let back = h.state().state().shown.as_ref().unwrap().heightmap.clone();
    assert_eq!(*back, *single, "back to exactly the one-layer texture");
}
