//! The Layers panel, driven as a person would: add a layer, change its blend mode,
//! undo; the preview follows and each operation is one undo step. And a three-layer
//! texture built in the app renders the same from the command line.
#![cfg(feature = "app")]

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::ExportFormat;
use lattice_studio::app::{Command, ScriptedPicker};
use lattice_studio::engine::{BlendMode, Warp};

use crate::common;
use common::app::{harness, open_combo, pick_in_combo, settled, step_until};
use common::cli::{ok, run};

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
    open_combo(&mut h, "Normal");
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

/// "Done means" of the layers work, in the real app: three layers, the top one masked
/// by the bottom one and warped; saved; the command line renders the saved preset to
/// the heights the app shows, and the app's packed export equals the command line's.
#[test]
fn a_warped_masked_three_layer_texture_saves_renders_and_packs_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("three.ron");
    let packed = dir.path().join("three-packed.png");
    let mut h = harness();
    settled(&mut h);
    for _ in 0..2 {
        h.get_by_role_and_label(Role::Button, "Add layer").click();
        h.step();
        h.step();
    }
    assert_eq!(h.state().state().preset.layers.len(), 3);
    let bottom = h.state().state().preset.layers[0].name.clone();

    // The top layer (selected) is masked by the bottom one, through the mask box.
    h.get_by_label("Blend, mask and warp").click();
    h.step();
    h.step();
    pick_in_combo(&mut h, "none", bottom.as_str());
    h.step();
    h.step();
    assert_eq!(
        h.state().state().preset.layers[2].mask.as_deref(),
        Some(bottom.as_str())
    );
    // ... and warped by 24 pixels (the slider's value, set as the slider would).
    let mut draft = h.state().state().preset.clone();
    let texture = draft.layers.texture_noise(&draft.layers[2].noise);
    draft.layers[2].warp = Some(Warp::with_default_noise(&texture, 24.0));
    draft.layers[2].blend = BlendMode::Multiply;
    h.state().push(Command::SetParams(Box::new(draft)));
    settled(&mut h);
    let shown = h.state().state().shown.as_ref().unwrap().heightmap.clone();

    h.state_mut()
        .set_file_picker(Box::new(ScriptedPicker::new([saved.clone()])));
    h.state().push(Command::SaveAs);
    step_until(&mut h, "the save", |a| {
        a.state().path.as_deref() == Some(saved.as_path())
    });
    let r32 = dir.path().join("three.r32");
    ok(&run(&[
        "render",
        saved.to_str().unwrap(),
        "--out",
        r32.to_str().unwrap(),
    ]));
    let heights: Vec<f32> = std::fs::read(&r32)
        .unwrap()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    assert_eq!(
        heights,
        shown.data(),
        "the command line renders other heights"
    );

    h.state_mut()
        .set_file_picker(Box::new(ScriptedPicker::new([packed.clone()])));
    h.state().push(Command::Export(ExportFormat::Packed));
    step_until(&mut h, "the packed export", |a| {
        a.state()
            .messages
            .iter()
            .any(|m| m.text.starts_with("exported"))
    });
    let cli = dir.path().join("cli-packed.png");
    ok(&run(&[
        "render",
        saved.to_str().unwrap(),
        "--format",
        "packed",
        "--out",
        cli.to_str().unwrap(),
    ]));
    let app = image::open(&packed).unwrap().into_rgba8();
    assert_eq!(app, image::open(&cli).unwrap().into_rgba8());
    // Three layers in R, G, B; alpha unused, so opaque.
    assert!(app.pixels().all(|p| p.0[3] == 255));
    assert!(app.pixels().any(|p| p.0[0] != p.0[1]));
}

#[test]
fn layer_controls_name_their_layer_and_a_texture_reseed_reseeds_every_layer() {
    let mut h = harness();
    settled(&mut h);
    h.get_by_role_and_label(Role::Button, "Add layer").click();
    settled(&mut h);
    let before = h.state().state().preset.clone();
    let top = &before.layers[1];
    // The per-layer groups sit under the selected layer's name, its row says how it
    // blends, at what opacity.
    h.get_by_label(&format!("Layer '{}'", top.name));
    h.get_by_label(&lattice_studio::app::layer_row_text(top));
    h.get_by_label("Whole texture");

    h.get_by_role_and_label(Role::Button, "Random seed").click();
    settled(&mut h);
    let one = h.state().state().preset.clone();
    assert_ne!(one.layers[1].noise.seed, before.layers[1].noise.seed);
    assert_eq!(one.layers[0].noise.seed, before.layers[0].noise.seed);

    h.get_by_role_and_label(Role::Button, "Reseed every layer")
        .click();
    settled(&mut h);
    let all = h.state().state().preset.clone();
    for i in 0..2 {
        assert_ne!(
            all.layers[i].noise.seed, one.layers[i].noise.seed,
            "layer {i}"
        );
    }
    // One undo step each.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settled(&mut h);
    assert_eq!(h.state().state().preset, one);
}
