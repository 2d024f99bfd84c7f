//! Drives the real designer with egui_kittest: controls found by role and label, files
//! written through a scripted file picker, the worker awaited with bounded stepping.
#![cfg(feature = "app")]

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::PresetFiles;
use lattice_studio::app::ScriptedPicker;
use lattice_studio::{ExportFormat, Preset, Proximity};
use std::path::PathBuf;

use crate::common;
use common::app::{Dropped, harness, open_combo, settled, step_until};

fn picker(paths: &[PathBuf]) -> Box<ScriptedPicker> {
    Box::new(ScriptedPicker::new(paths.iter().cloned()))
}

#[test]
fn slider_change_updates_state_and_regenerates() {
    let mut h = harness();
    settled(&mut h);
    let before = h.state().state().renders_received;
    h.get_by_role_and_label(Role::Slider, "Persistence")
        .set_value_accesskit(0.8);
    h.step();
    assert!((h.state().state().preset.noise().persistence - 0.8).abs() < 1e-9);
    settled(&mut h);
    let s = h.state().state();
    assert!(s.renders_received > before, "no new render");
    let shown = s.shown.as_ref().unwrap();
    assert!((shown.layers[0].noise.persistence - 0.8).abs() < 1e-9);
    assert!(s.is_dirty());
}

#[test]
fn picking_a_proximity_function_renders_it() {
    let mut h = harness();
    settled(&mut h);
    open_combo(&mut h, "Gradient (Perlin)");
    h.get_by_label("Curvature rigged").click();
    h.step();
    assert_eq!(
        h.state().state().preset.noise().proximity,
        Proximity::CurvatureRigged
    );
    settled(&mut h);
    let shown = h.state().state().shown.as_ref().unwrap();
    assert_eq!(shown.layers[0].noise.proximity, Proximity::CurvatureRigged);
}

#[test]
fn export_writes_decodable_files() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("out.png");
    let r32 = dir.path().join("out.r32");
    let mut h = harness();
    settled(&mut h);
    h.state_mut()
        .set_file_picker(picker(std::slice::from_ref(&png)));
    h.get_by_role_and_label(Role::Button, "Export PNG...")
        .click();
    step_until(&mut h, "the PNG export", |a| {
        a.state()
            .messages
            .iter()
            .any(|m| m.text.starts_with("exported"))
    });
    let img = image::open(&png).unwrap();
    assert_eq!((img.width(), img.height()), (512, 512));
    let grey = img.into_luma8();
    assert!(
        grey.pixels().any(|p| p.0[0] != grey.get_pixel(0, 0).0[0]),
        "flat image"
    );

    h.state_mut()
        .set_file_picker(picker(std::slice::from_ref(&r32)));
    h.state()
        .push(lattice_studio::app::Command::Export(ExportFormat::R32));
    step_until(&mut h, "the R32 export", |a| {
        a.state()
            .messages
            .iter()
            .filter(|m| m.text.starts_with("exported"))
            .count()
            == 2
    });
    assert_eq!(std::fs::metadata(&r32).unwrap().len(), 512 * 512 * 4);
}

#[test]
fn broken_preset_shows_an_error_and_keeps_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("broken.ron");
    std::fs::write(&bad, "(noise: (proximity: banana))").unwrap();
    let mut h = harness();
    settled(&mut h);
    h.state_mut().set_file_picker(picker(&[bad]));
    h.get_by_role_and_label(Role::Button, "Open...").click();
    step_until(&mut h, "the error message", |a| {
        a.state().messages.iter().any(|m| m.is_error)
    });
    h.step();
    h.get_by_label_contains("cannot open preset");
    h.get_by_label_contains("banana");
    assert_eq!(h.state().state().preset, Preset::default());
    assert_eq!(h.state().state().path, None);
}

#[test]
fn undo_and_redo_with_shortcuts() {
    let mut h = harness();
    settled(&mut h);
    h.get_by_role_and_label(Role::Slider, "Persistence")
        .set_value_accesskit(0.25);
    h.step();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.step();
    assert_eq!(h.state().state().preset.noise().persistence, 0.5);
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.step();
    assert_eq!(h.state().state().preset.noise().persistence, 0.25);
    settled(&mut h);
}

#[test]
fn save_then_reopen_round_trips_and_asks_before_dropping_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.ron");
    let mut h = harness();
    settled(&mut h);
    h.get_by_role_and_label(Role::Slider, "Octaves")
        .set_value_accesskit(5.0);
    h.step();
    h.state_mut()
        .set_file_picker(picker(std::slice::from_ref(&path)));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    step_until(&mut h, "the save", |a| a.state().path.is_some());
    assert!(!h.state().state().is_dirty());
    assert_eq!(Preset::load(&path).unwrap().noise().octaves, 5);

    // A change, then Open: the unsaved-changes dialog must appear first.
    h.get_by_role_and_label(Role::Slider, "Octaves")
        .set_value_accesskit(3.0);
    h.step();
    h.state_mut()
        .set_file_picker(picker(std::slice::from_ref(&path)));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.step();
    h.step();
    assert!(h.state().state().confirm.is_some());
    h.get_by_role_and_label(Role::Button, "Discard changes")
        .click();
    step_until(&mut h, "the reload", |a| {
        a.state().preset.noise().octaves == 5 && !a.state().is_dirty()
    });
    settled(&mut h);
}

#[test]
fn dropping_a_preset_file_loads_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dropped.ron");
    let mut preset = Preset::default();
    preset.noise_mut().seed = 42;
    preset.noise_mut().proximity = Proximity::MonkeySaddle;
    preset.save(&path).unwrap();
    let mut h = harness();
    settled(&mut h);
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.clone())));
    step_until(&mut h, "the dropped preset", |a| a.state().path.is_some());
    assert_eq!(h.state().state().preset, preset);
    settled(&mut h);
    assert_eq!(
        h.state().state().shown.as_ref().unwrap().layers[0]
            .noise
            .proximity,
        Proximity::MonkeySaddle
    );
}

#[test]
fn closing_with_unsaved_changes_asks_first() {
    let mut h = harness();
    settled(&mut h);
    h.get_by_role_and_label(Role::Slider, "Luminance")
        .set_value_accesskit(0.2);
    h.step();
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
    h.step();
    assert_eq!(
        h.state().state().confirm,
        Some(lattice_studio::app::PendingAction::Quit)
    );
    h.get_by_label_contains("Save them before closing");
    h.get_by_role_and_label(Role::Button, "Cancel").click();
    h.step();
    assert_eq!(h.state().state().confirm, None);
    assert!(!h.state().state().allow_close);
    // The change is still there.
    assert!((h.state().state().preset.output.luminance - 0.2).abs() < 1e-6);
}

#[test]
fn failed_export_shows_an_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("no-such-dir").join("x.png");
    let mut h = harness();
    settled(&mut h);
    h.state_mut()
        .set_file_picker(picker(std::slice::from_ref(&target)));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    step_until(&mut h, "the export error", |a| {
        a.state().messages.iter().any(|m| m.is_error)
    });
    h.step();
    h.get_by_label_contains("export failed");
    assert!(!target.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn preset_browser_click_loads_and_reset_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ridges.ron");
    let mut preset = Preset {
        name: "Ridges".into(),
        ..Preset::default()
    };
    preset.noise_mut().octaves = 4;
    preset.save(&path).unwrap();
    let mut h = harness();
    settled(&mut h);
    h.state()
        .push(lattice_studio::app::Command::PresetList(vec![
            lattice_studio::app::PresetEntry {
                name: "ridges".into(),
                path: path.clone(),
                user: true,
                description: String::new(),
            },
        ]));
    h.step();
    h.get_by_label("ridges").click();
    step_until(&mut h, "the preset from the browser", |a| {
        a.state().path.as_deref() == Some(path.as_path())
    });
    assert_eq!(h.state().state().preset, preset);
    h.get_by_role_and_label(Role::Slider, "Octaves")
        .set_value_accesskit(9.0);
    h.step();
    assert!(h.state().state().is_dirty());
    h.get_by_role_and_label(Role::Button, "Reset to preset")
        .click();
    h.step();
    assert_eq!(h.state().state().preset, preset);
    settled(&mut h);
}

#[test]
fn switching_a_layer_to_cellular_renders_cells() {
    use lattice_studio::engine::{CellOutput, Cellular};
    let mut h = harness();
    settled(&mut h);
    open_combo(&mut h, "Lattice");
    h.get_by_label("Cellular").click();
    h.step();
    assert_eq!(
        h.state().state().preset.noise().cellular,
        Some(Cellular::default())
    );
    // The lattice controls give way to the cellular ones.
    assert!(h.query_by_label("Proximity").is_none());
    open_combo(&mut h, "F1 (nearest point)");
    h.get_by_label("F2 - F1 (edges)").click();
    settled(&mut h);
    let s = h.state().state();
    let shown = s.shown.as_ref().unwrap();
    let cellular = shown.layers[0].noise.cellular.unwrap();
    assert_eq!(cellular.output, CellOutput::F2MinusF1);
    assert!(s.is_dirty());
}
