//! The designer's texture-artist features, driven with egui_kittest: PNG presets by
//! drop, normal map and coloured exports, copy as command line, the tiling message,
//! the lit and ramp previews.
#![cfg(feature = "app")]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::PresetFiles;
use lattice_studio::app::{Command, DisplayMode, LatticeApp, ScriptedPicker};
use lattice_studio::engine::generate_simple;
use lattice_studio::files::export_with_preset;
use lattice_studio::{ColorRamp, ExportFormat, Preset, Proximity};

use crate::common;
use common::app::{Dropped, harness, settled, step_until};

fn exported(h: &mut Harness<'_, LatticeApp>, n: usize) {
    step_until(h, "the export", |a| {
        a.state()
            .messages
            .iter()
            .filter(|m| m.text.starts_with("exported"))
            .count()
            >= n
    });
}

#[test]
fn dropping_an_exported_png_restores_its_preset() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("texture.png");
    let mut preset = Preset::default();
    preset.noise_mut().size = 128;
    preset.noise_mut().initial_step = 32;
    preset.noise_mut().seed = 77;
    preset.noise_mut().proximity = Proximity::Parabolic;
    preset.output.ramp = ColorRamp::builtin("marble");
    let hm = generate_simple(preset.noise()).unwrap();
    export_with_preset(&hm, &preset, ExportFormat::Color, &path).unwrap();
    let mut h = harness();
    settled(&mut h);
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.clone())));
    step_until(&mut h, "the dropped PNG", |a| a.state().preset == preset);
    // Untitled: saving must not write RON over the image.
    assert_eq!(h.state().state().path, None);
    assert!(!h.state().state().is_dirty());
    settled(&mut h);
    // A ramp in the preset colours the preview.
    assert_eq!(
        h.state().state().view.mode(&preset.output, false),
        DisplayMode::Ramp
    );
}

#[test]
fn normal_and_coloured_exports_carry_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let normal = dir.path().join("n.png");
    let colour = dir.path().join("c.png");
    let mut h = harness();
    settled(&mut h);
    h.state_mut().set_file_picker(Box::new(ScriptedPicker::new([
        normal.clone(),
        colour.clone(),
    ])));
    h.state().push(Command::Export(ExportFormat::Normal));
    exported(&mut h, 1);
    h.state().push(Command::Export(ExportFormat::ColorAlpha));
    exported(&mut h, 2);
    let n = image::open(&normal).unwrap();
    assert_eq!(n.color(), image::ColorType::Rgb8);
    assert_eq!(n.width(), 512);
    assert_eq!(
        image::open(&colour).unwrap().color(),
        image::ColorType::Rgba8
    );
    let want = &h.state().state().preset;
    assert_eq!(&Preset::load(&normal).unwrap(), want);
    assert_eq!(&Preset::load(&colour).unwrap(), want);
}

#[test]
fn copy_as_command_line_puts_the_render_command_on_the_clipboard() {
    let mut h = harness();
    settled(&mut h);
    h.get_by_role_and_label(Role::Button, "Copy as command line")
        .click();
    h.step();
    let copied: Vec<String> = h
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(copied.len(), 1, "{copied:?}");
    assert!(
        copied[0].starts_with("lattice-studio render --out="),
        "{}",
        copied[0]
    );
    assert!(copied[0].contains(" --seed=0 ") && copied[0].contains(" --size=512 "));
}

#[test]
fn impossible_tiling_is_explained_not_rendered() {
    let mut h = harness();
    settled(&mut h);
    let mut p = h.state().state().preset.clone();
    p.noise_mut().size = 384;
    p.noise_mut().initial_step = 256;
    p.noise_mut().tileable = true;
    h.state().push(Command::SetParams(Box::new(p)));
    h.step();
    h.step();
    // Said twice: beside the switch and in the message banner above the preview.
    assert_eq!(
        h.query_all_by_label_contains("cannot tile exactly").count(),
        2,
        "no explanation beside the switch"
    );
    assert!(
        h.state()
            .state()
            .messages
            .iter()
            .any(|m| m.is_error && m.text.contains("cannot tile exactly"))
    );
}

#[test]
fn lit_preview_and_repeat_are_view_settings() {
    let mut h = harness();
    settled(&mut h);
    // Below the window's bottom edge in a 1000 px window: toggled as a screen reader does.
    h.get_by_label("3x3").scroll_to_me();
    h.step();
    h.get_by_label("3x3").click_accesskit();
    h.step();
    assert_eq!(h.state().state().view.repeat, 3);
    h.get_by_label("Normal map and light").scroll_to_me();
    h.step();
    h.get_by_label("Normal map and light").click_accesskit();
    h.step();
    // At the bottom of the side panel in a 1000 px window, under the status bar's edge
    // once scrolled to: toggled as a screen reader does.
    h.get_by_label("Lit preview").scroll_to_me();
    h.step();
    h.get_by_label("Lit preview").click_accesskit();
    h.step();
    assert!(h.state().state().view.lit);
    settled(&mut h);
    // The view changed, not the preset.
    assert!(!h.state().state().is_dirty());
}

#[test]
fn gallery_shows_thumbnails_rendered_in_the_background() {
    let mut h = harness();
    settled(&mut h);
    step_until(&mut h, "the preset scan", |a| !a.state().presets.is_empty());
    h.get_by_label("Gallery").click();
    h.step();
    assert!(h.state().state().view.gallery);
    // Pending thumbnails are "..." buttons; all of them turn into images.
    for _ in 0..4000 {
        h.step();
        if h.query_all_by_label("...").count() == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(
        h.query_all_by_label("...").count(),
        0,
        "thumbnails never arrived"
    );
    assert_eq!(
        h.query_all_by_label("!").count(),
        0,
        "a shipped preset failed"
    );
    let n = h.state().state().presets.len();
    // Captions under the thumbnails (the list view is hidden), one button each.
    assert_eq!(h.query_all_by_label("default").count(), 1);
    assert!(h.query_all_by_role(Role::Button).count() >= n);
}

#[test]
fn auto_octaves_are_a_checkbox_that_shows_the_count() {
    let mut h = harness();
    settled(&mut h);
    assert!(!h.state().state().preset.noise().auto_octaves);
    h.get_by_role_and_label(Role::CheckBox, "Auto").click();
    step_until(&mut h, "auto octaves", |a| {
        a.state().preset.noise().auto_octaves
    });
    settled(&mut h);
    // The default preset at 512 reaches one pixel in 8 octaves.
    h.get_by_label("8 octaves at 512 px");
    assert!(h.state().state().is_dirty());
}

#[test]
fn the_isotropic_checkbox_switches_every_part_and_shows_them() {
    use lattice_studio::engine::Isotropy;
    let mut h = harness();
    settled(&mut h);
    assert!(h.state().state().preset.noise().isotropy.is_off());
    h.get_by_role_and_label(Role::CheckBox, "Isotropic").click();
    step_until(&mut h, "isotropic mode", |a| {
        a.state().preset.noise().isotropy == Isotropy::FULL
    });
    settled(&mut h);
    assert!(h.state().state().is_dirty());
    // One part off: the checkbox says the mode is partly on.
    h.get_by_role_and_label(Role::Button, "Parts").click();
    h.step();
    h.step();
    h.get_by_role_and_label(Role::CheckBox, "Shifted octaves")
        .click();
    step_until(&mut h, "one part off", |a| {
        !a.state().preset.noise().isotropy.shifted_octaves
    });
    h.step();
    h.get_by_role_and_label(Role::CheckBox, "Isotropic (partly)");
    let isotropy = h.state().state().preset.noise().isotropy;
    assert!(isotropy.round_window && isotropy.turned_points);
}

#[test]
fn a_snapshot_is_compared_with_the_current_texture_until_dropped() {
    let mut h = harness();
    settled(&mut h);
    assert!(h.query_by_label("Compare A/B").is_none());
    h.get_by_role_and_label(Role::Button, "Snapshot").click();
    h.step();
    h.step();
    assert_eq!(h.state().comparing(), Some(0.5));
    // A change renders B while A stays: the split is still shown.
    let mut draft = h.state().state().preset.clone();
    draft.noise_mut().seed += 1;
    h.state()
        .push(lattice_studio::app::Command::SetParams(Box::new(draft)));
    settled(&mut h);
    assert_eq!(h.state().comparing(), Some(0.5));
    h.get_by_role_and_label(Role::CheckBox, "Compare A/B")
        .click();
    h.step();
    h.step();
    assert_eq!(h.state().comparing(), None);
    h.get_by_role_and_label(Role::CheckBox, "Compare A/B")
        .click();
    h.step();
    h.step();
    assert_eq!(h.state().comparing(), Some(0.5));
    h.get_by_role_and_label(Role::Button, "Drop snapshot")
        .click();
    h.step();
    h.step();
    assert_eq!(h.state().comparing(), None);
    assert!(h.query_by_label("Compare A/B").is_none());
}
