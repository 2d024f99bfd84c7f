//! Files from the window, driven with egui_kittest: the in-window dialog when the
//! desktop has none, saving to "my presets", read-only shipped presets, PNG export.
#![cfg(feature = "app")]

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::PresetFiles;
use lattice_studio::app::{Command, LatticeApp, PickRequest, ScriptedPicker};
use lattice_studio::{ColorRamp, Preset};
use std::path::PathBuf;

use crate::app_window::{set_params, steps};
use crate::common;
use common::app::{harness, settled, step_until};
use common::files::preset_path;

/// A desktop without any file dialog (no portal, no zenity), as rfd reports it.
struct NoDialog;

impl lattice_studio::app::FilePicker for NoDialog {
    fn pick(
        &mut self,
        request: PickRequest,
        reply: std::sync::mpsc::Sender<Command>,
        ctx: &egui::Context,
    ) {
        reply.send(Command::DialogUnavailable(request)).unwrap();
        ctx.request_repaint();
    }
}

/// Types `text` over the whole content of the text field that `find` picks, then Enter.
fn replace_text(
    h: &mut Harness<'_, LatticeApp>,
    find: impl Fn(&egui_kittest::kittest::AccessKitNode<'_>) -> bool + 'static,
    text: &str,
) {
    h.get_by(find).click();
    steps(h, 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    h.event(Event::Text(text.into()));
    h.step();
    h.key_press(Key::Enter);
    steps(h, 2);
}

/// Where no system dialog exists, Export, Save as and Open use the in-window dialog.
#[test]
fn without_a_system_dialog_files_go_through_the_in_window_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("grey.png");
    let ron = dir.path().join("mine.ron");
    let mut h = harness();
    settled(&mut h);
    h.state_mut().set_file_picker(Box::new(NoDialog));

    h.get_by_role_and_label(Role::Button, "Export PNG...")
        .click();
    steps(&mut h, 3);
    h.get_by_label_contains("Export PNG (8-bit grey)");
    let suggested = h.state().state().default_export_name("png");
    replace_text(
        &mut h,
        move |n| n.role() == Role::TextInput && n.value().as_deref() == Some(&suggested),
        &png.to_string_lossy(),
    );
    step_until(&mut h, "the export", |a| {
        a.state()
            .messages
            .iter()
            .any(|m| m.text.starts_with("exported"))
    });
    assert_eq!(image::open(&png).unwrap().width(), 512);

    set_params(&mut h, |p| p.noise_mut().seed = 99);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    steps(&mut h, 3);
    h.get_by_label_contains("Save preset");
    replace_text(
        &mut h,
        |n| n.role() == Role::TextInput && n.value().as_deref() == Some("default.ron"),
        // A bare name gets the preset extension.
        &ron.with_extension("").to_string_lossy(),
    );
    step_until(&mut h, "the save", |a| a.state().path.is_some());
    assert_eq!(Preset::load(&ron).unwrap().noise().seed, 99);

    h.state().push(Command::New);
    step_until(&mut h, "a new document", |a| a.state().path.is_none());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    steps(&mut h, 3);
    h.get_by_label_contains("Open preset");
    replace_text(
        &mut h,
        |n| n.role() == Role::TextInput && n.value().as_deref() == Some(""),
        &ron.to_string_lossy(),
    );
    step_until(&mut h, "the preset to load", |a| {
        a.state().path.as_deref() == Some(ron.as_path())
    });
    assert_eq!(h.state().state().preset.noise().seed, 99);
    settled(&mut h);
}

/// "Save to my presets" never overwrites another preset: the same name again becomes
/// "name 2", and the list never shows one name twice.
#[test]
fn saving_to_my_presets_twice_keeps_both() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness();
    h.state_mut().set_user_preset_dir(dir.path().to_path_buf());
    settled(&mut h);
    step_until(&mut h, "the preset list", |a| !a.state().presets.is_empty());
    let save = |h: &mut Harness<'_, LatticeApp>, seed: i32| {
        set_params(h, |p| {
            p.name = "Rock".into();
            p.noise_mut().seed = seed;
        });
        h.get_by_role_and_label(Role::Button, "Save to my presets")
            .click();
        step_until(h, "the save", |a| !a.state().is_dirty());
    };
    save(&mut h, 1);
    h.state().push(Command::New);
    step_until(&mut h, "a new document", |a| a.state().path.is_none());
    save(&mut h, 2);
    let first = Preset::load(&dir.path().join("rock.ron")).unwrap();
    assert_eq!(first.noise().seed, 1, "the first save was overwritten");
    let second = Preset::load(&dir.path().join("rock-2.ron")).unwrap();
    assert_eq!((second.name.as_str(), second.noise().seed), ("Rock 2", 2));
    assert_eq!(h.state().state().preset.name, "Rock 2");
    step_until(&mut h, "the rescanned list", |a| {
        a.state().presets.iter().filter(|e| e.user).count() == 2
    });
    let names: Vec<String> = h
        .state()
        .state()
        .presets
        .iter()
        .map(|e| e.name.to_lowercase())
        .collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    settled(&mut h);
}

/// Puts a shipped preset's bytes back whatever a test does to it.
struct Restore(PathBuf, Vec<u8>);

impl Drop for Restore {
    fn drop(&mut self) {
        if std::fs::read(&self.0).ok().as_deref() != Some(&self.1[..]) {
            let _ = std::fs::write(&self.0, &self.1);
        }
    }
}

/// Save on a shipped preset asks for a new file outside the shipped folder, and
/// nothing is ever written into that folder.
#[test]
fn shipped_presets_are_read_only() {
    let shipped = preset_path("terrain.ron");
    let original = std::fs::read(&shipped).unwrap();
    let _restore = Restore(shipped.clone(), original.clone());
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("my-terrain.ron");
    let mut h = harness();
    settled(&mut h);
    h.state()
        .push(Command::LoadPresetConfirmed(shipped.clone()));
    step_until(&mut h, "the shipped preset", |a| {
        a.state().path.as_deref() == Some(shipped.as_path())
    });
    assert!(h.state().state().title().contains("read-only"));
    set_params(&mut h, |p| p.noise_mut().octaves = 3);
    h.state_mut()
        .set_file_picker(Box::new(ScriptedPicker::new([copy.clone()])));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    step_until(&mut h, "the save", |a| {
        a.state().path.as_deref() == Some(copy.as_path())
    });
    assert_eq!(
        std::fs::read(&shipped).unwrap(),
        original,
        "shipped preset written"
    );
    assert_eq!(Preset::load(&copy).unwrap().noise().octaves, 3);
    // Even when asked for directly, nothing is written into the shipped folder.
    let inside = shipped.with_file_name("zz-new.ron");
    h.state().push(Command::SavePresetTo(inside.clone()));
    step_until(&mut h, "the refusal", |a| {
        a.state().messages.iter().any(|m| m.is_error)
    });
    assert!(!inside.exists());
    let _ = std::fs::remove_file(&inside);
    settled(&mut h);
}

/// With a colour ramp, "Export PNG..." (and Ctrl+E) write the coloured texture the
/// preview shows, not the grey one.
#[test]
fn export_png_writes_what_the_preview_shows() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("lava.png");
    let mut h = harness();
    set_params(&mut h, |p| p.output.ramp = ColorRamp::builtin("lava"));
    settled(&mut h);
    h.state_mut()
        .set_file_picker(Box::new(ScriptedPicker::new([png.clone()])));
    h.get_by_role_and_label(Role::Button, "Export PNG...")
        .click();
    step_until(&mut h, "the export", |a| {
        a.state()
            .messages
            .iter()
            .any(|m| m.text.starts_with("exported"))
    });
    let img = image::open(&png).unwrap();
    assert_eq!(
        img.color(),
        image::ColorType::Rgb8,
        "not the coloured texture"
    );
}
