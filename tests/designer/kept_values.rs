//! The window keeps the user's values: looking at a preset (opening it, selecting each
//! layer, opening and closing every group) never edits it, values beyond a slider's
//! track survive and are saved as they were, and undo shows the layer it restored.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::app::{Command, LatticeApp, layer_row_text};
use lattice_studio::engine::{Preset, Warp, WarpSource};
use lattice_studio::files::PresetFiles as _;
use std::path::{Path, PathBuf};

use crate::common;
use common::app::{harness, open_preset, settled, step_until};

/// Every group header of the side panel.
const GROUPS: [&str; 13] = [
    "Layers",
    "Noise",
    "Functions",
    "Blend, mask and warp",
    "Blur, curve and terrace",
    "Size and tiling",
    "Packed channels",
    "Output",
    "Colour",
    "Normal map and light",
    "View",
    "Statistics",
    "Classic viewer",
];

/// Fails unless the document is `want`, unmodified, with nothing to undo.
fn assert_untouched(h: &Harness<'_, LatticeApp>, want: &Preset, what: &str) {
    let s = h.state().state();
    if s.preset != *want {
        panic!(
            "{what}: the preset changed:\n{}\ninstead of\n{}",
            s.preset.to_ron(),
            want.to_ron()
        );
    }
    assert!(!s.is_dirty(), "{what}: marked modified");
    assert!(!s.history.can_undo(), "{what}: an undo step appeared");
}

fn frames(h: &mut Harness<'_, LatticeApp>) {
    for _ in 0..3 {
        h.step();
    }
}

/// Clicks the group header `name` (opening or closing it), if the panel shows it.
fn toggle_group(h: &mut Harness<'_, LatticeApp>, name: &str) {
    let header = h.query_all_by(|n| {
        n.role() == Role::DisclosureTriangle && n.label().as_deref() == Some(name)
    });
    if let Some(node) = header.into_iter().next() {
        node.click();
    }
    frames(h);
}

/// Does all a user does to look around, checking after each action that `want` holds.
fn look_around(h: &mut Harness<'_, LatticeApp>, want: &Preset, name: &str) {
    // Every layer selected twice: with every group as it opens, and with every group
    // flipped (the layer list itself kept open), so each group is seen open with each
    // layer selected. Then everything flipped back.
    for pass in 0..3 {
        for layer in want.layers.layers().iter().filter(|_| pass < 2) {
            let row = layer_row_text(layer);
            h.get_by_label(&row).click();
            frames(h);
            let selected = h.state().state().layer;
            assert_eq!(
                want.layers[selected].name, layer.name,
                "{name}: row {row} selects its layer"
            );
            assert_untouched(
                h,
                want,
                &format!("{name}: layer {}, pass {pass}", layer.name),
            );
        }
        for group in GROUPS.iter().filter(|&&g| g != "Layers" || pass == 2) {
            toggle_group(h, group);
            assert_untouched(h, want, &format!("{name}: group {group}, pass {pass}"));
        }
    }
    toggle_group(h, "Layers");
    // Views and the window size leave the document alone too.
    h.key_press(egui::Key::Num3);
    frames(h);
    h.key_press(egui::Key::Num2);
    frames(h);
    h.set_size(egui::vec2(900.0, 700.0));
    frames(h);
    h.set_size(egui::vec2(1400.0, 1000.0));
    frames(h);
    settled(h);
    assert_untouched(h, want, &format!("{name}: views and resizing"));
}

fn shipped_presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    v
}

/// Opens every third shipped preset from the `part`th (0, 1 or 2) in one window and
/// looks around each. Every preset is looked at by one of three tests: one test for all
/// was the longest of the suite by far, and the test threads run the three side by side.
fn look_at_shipped_presets(part: usize) {
    let presets = shipped_presets();
    assert!(presets.len() > 10);
    let mut h = harness();
    settled(&mut h);
    for path in presets.into_iter().skip(part).step_by(3) {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let want = Preset::load(&path).unwrap();
        open_preset(&mut h, &path);
        assert_untouched(&h, &want, &format!("{name}: just opened"));
        look_around(&mut h, &want, &name);
    }
}

#[test]
fn looking_at_shipped_presets_changes_nothing_first_third() {
    look_at_shipped_presets(0);
}

#[test]
fn looking_at_shipped_presets_changes_nothing_second_third() {
    look_at_shipped_presets(1);
}

#[test]
fn looking_at_shipped_presets_changes_nothing_last_third() {
    look_at_shipped_presets(2);
}

/// A preset holding a value beyond every slider's track (gain 7.5 on -4..4, offset
/// -1.75, contrast 12, luminance 1.5, normal strength 100, 20 octaves on 1..16, a
/// 300 px warp of 12 octaves, a 12 px texture under the size field's 16).
fn beyond_the_tracks() -> (Preset, Preset) {
    let mut layered = Preset::load(Path::new("presets/layered-terrain.ron")).unwrap();
    let texture = layered.layers.texture_noise(&layered.layers[1].noise);
    {
        let l = &mut layered.layers[1];
        l.levels.gain = 7.5;
        l.levels.offset = -1.75;
        l.noise.octaves = 20;
        let mut warp = Warp::with_default_noise(&texture, 300.0);
        if let WarpSource::Noise(n) = &mut warp.source {
            n.octaves = 12;
        }
        l.warp = Some(warp);
    }
    layered.output.contrast = 12.0;
    layered.output.luminance = 1.5;
    layered.output.normal_strength = 100.0;
    layered.validate().unwrap();
    let mut small = Preset::default().at_size(12).unwrap();
    small.noise_mut().initial_step = 4;
    small.validate().unwrap();
    (layered, small)
}

#[test]
fn values_beyond_the_sliders_survive_looking_and_saving() {
    let dir = tempfile::tempdir().unwrap();
    let (layered, small) = beyond_the_tracks();
    let mut h = harness();
    settled(&mut h);
    for (name, want) in [("layered", layered), ("small", small)] {
        let path = dir.path().join(format!("{name}.ron"));
        want.save(&path).unwrap();
        let want = Preset::load(&path).unwrap();
        open_preset(&mut h, &path);
        look_around(&mut h, &want, name);
        // Saved as they were.
        let copy = dir.path().join(format!("{name}-copy.ron"));
        h.state().push(Command::SavePresetTo(copy.clone()));
        step_until(&mut h, "the save", |a| {
            a.state().path.as_deref() == Some(copy.as_path())
        });
        assert_eq!(Preset::load(&copy).unwrap(), want, "{name}: saved values");
    }
}

#[test]
fn undo_and_redo_select_the_layer_they_change() {
    let mut h = harness();
    settled(&mut h);
    open_preset(&mut h, Path::new("presets/layered-terrain.ron"));
    let before = h.state().state().preset.clone();
    // Change the bottom layer's seed, then select the top layer.
    let mut edited = before.clone();
    edited.layers[0].noise.seed += 1;
    h.state().push(Command::SetParams(Box::new(edited.clone())));
    frames(&mut h);
    let top = before.layers.len() - 1;
    let row = layer_row_text(&before.layers[top]);
    h.get_by_label(&row).click();
    frames(&mut h);
    assert_eq!(h.state().state().layer, top);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    frames(&mut h);
    let s = h.state().state();
    assert_eq!(s.preset, before, "the seed came back");
    assert_eq!(s.layer, 0, "undo shows the layer whose value came back");
    // Select the top layer again; redo goes back to the bottom one.
    h.get_by_label(&row).click();
    frames(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    frames(&mut h);
    let s = h.state().state();
    assert_eq!(s.preset, edited);
    assert_eq!(s.layer, 0, "redo shows the layer it changed");
    // A whole-texture step keeps the selection where the user put it.
    h.get_by_label(&row).click();
    frames(&mut h);
    let mut contrast = edited.clone();
    contrast.output.contrast = 2.0;
    h.state().push(Command::SetParams(Box::new(contrast)));
    frames(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    frames(&mut h);
    assert_eq!(h.state().state().preset, edited);
    assert_eq!(
        h.state().state().layer,
        top,
        "a texture step leaves the selection"
    );
}
