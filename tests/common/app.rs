//! Shared driving of the real designer with egui_kittest.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::app::{Command, LatticeApp, ScriptedPicker};
use std::path::{Path, PathBuf};

/// The whole app in a window of `width x height`, with a file picker that answers nothing.
pub fn harness_sized(width: f32, height: f32) -> Harness<'static, LatticeApp> {
    Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_eframe(|cc| LatticeApp::new(cc, None, Box::new(ScriptedPicker::default())))
}

/// The whole app in the usual 1400 x 1000 window.
pub fn harness() -> Harness<'static, LatticeApp> {
    harness_sized(1400.0, 1000.0)
}

/// Steps until `done` holds; panics (with `what`) after a generous bound.
pub fn step_until(h: &mut Harness<'_, LatticeApp>, what: &str, done: impl Fn(&LatticeApp) -> bool) {
    for _ in 0..4000 {
        h.step();
        if done(h.state()) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("gave up waiting for: {what}");
}

/// Steps until the worker has delivered the render of the current parameters.
pub fn settled(h: &mut Harness<'_, LatticeApp>) {
    step_until(h, "the render to finish", LatticeApp::is_up_to_date);
}

/// Opens `path` in the app (as the preset browser does) and waits for its render.
pub fn open_preset(h: &mut Harness<'_, LatticeApp>, path: &Path) {
    h.state()
        .push(Command::LoadPresetConfirmed(path.to_path_buf()));
    step_until(h, "the preset to load", |a| {
        a.state().path.as_deref() == Some(path)
    });
    settled(h);
}

/// Clicks the combo box showing `shown` open and lets its list appear.
pub fn open_combo(h: &mut Harness<'_, LatticeApp>, shown: &str) {
    h.get_by(|n| n.role() == Role::ComboBox && n.value().as_deref() == Some(shown))
        .click();
    h.step();
    h.step();
}

/// Picks `option` from the combo box showing `shown`: the last node of that label, the
/// open list's (the box itself or a layer's row may bear the same text).
pub fn pick_in_combo(h: &mut Harness<'_, LatticeApp>, shown: &str, option: &str) {
    open_combo(h, shown);
    h.get_all_by_label(option).last().unwrap().click();
}

/// A file dropped on the window, read from disk when the app asks for its bytes.
#[derive(Debug)]
pub struct Dropped(pub PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}
