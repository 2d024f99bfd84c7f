//! The window's rough edges, driven as a person would with egui_kittest: typed numbers,
//! slider releases, notices, the flat-texture hint, the preset list, the colour ramp bar
//! (files from the window: `app_files.rs`).
#![cfg(feature = "app")]

use eframe::App as _;
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::PresetFiles;
use lattice_studio::app::{Command, LatticeApp};
use lattice_studio::{ColorRamp, Preset, Proximity};

use crate::common;
use common::app::{harness, harness_sized, settled, step_until};
use common::files::preset_path;

pub(crate) fn steps(h: &mut Harness<'_, LatticeApp>, n: usize) {
    for _ in 0..n {
        h.step();
    }
}

pub(crate) fn set_params(h: &mut Harness<'_, LatticeApp>, edit: impl FnOnce(&mut Preset)) {
    let mut p = h.state().state().preset.clone();
    edit(&mut p);
    h.state().push(Command::SetParams(Box::new(p)));
    h.step();
}

/// Typing into a number field changes nothing until Enter; then it is one change and
/// one undo step (typing 500 used to render 5, 50 and 500).
#[test]
fn typed_numbers_commit_on_enter_as_one_undo_step() {
    let mut h = harness();
    settled(&mut h);
    let before = h.state().state().renders_received;
    h.get_by(|n| n.role() == Role::SpinButton && n.numeric_value() == Some(512.0))
        .click();
    steps(&mut h, 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    for digit in ["5", "0", "0"] {
        h.event(Event::Text(digit.into()));
        steps(&mut h, 3);
        assert_eq!(h.state().state().preset.size(), 512, "changed while typing");
    }
    assert_eq!(
        h.state().state().renders_received,
        before,
        "rendered while typing"
    );
    h.key_press(Key::Enter);
    steps(&mut h, 2);
    assert_eq!(h.state().state().preset.size(), 500);
    settled(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    steps(&mut h, 2);
    assert_eq!(h.state().state().preset.size(), 512, "one undo step");
    assert!(!h.state().state().history.can_undo());
}

/// Events through the app's input hook, as eframe delivers a frame's input.
fn hooked_frame(h: &mut Harness<'_, LatticeApp>, events: Vec<Event>) {
    let ctx = h.ctx.clone();
    let mut raw = egui::RawInput {
        events,
        ..Default::default()
    };
    h.state_mut().raw_input_hook(&ctx, &mut raw);
    h.input_mut().events.extend(raw.events);
    h.step();
}

fn button(pos: Pos2, pressed: bool) -> Event {
    Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    }
}

/// A slider released and left within one frame stays where it was released (it used
/// to jump to wherever the pointer went, often its end).
#[test]
fn a_slider_released_and_left_in_one_frame_stays_where_released() {
    let mut h = harness();
    settled(&mut h);
    let rect = h.get_by_role_and_label(Role::Slider, "Persistence").rect();
    let at = |t: f32| pos2(rect.left() + t * rect.width(), rect.center().y);
    hooked_frame(&mut h, vec![Event::PointerMoved(at(0.3))]);
    hooked_frame(&mut h, vec![button(at(0.3), true)]);
    hooked_frame(&mut h, vec![Event::PointerMoved(at(0.35))]);
    let dragged = h.state().state().preset.noise().persistence;
    assert!(dragged > 0.1 && dragged < 0.6, "{dragged}");
    // Release, then away to the far right, in the same frame.
    hooked_frame(
        &mut h,
        vec![
            button(at(0.35), false),
            Event::PointerMoved(pos2(1390.0, rect.center().y)),
        ],
    );
    hooked_frame(&mut h, Vec::new());
    hooked_frame(&mut h, Vec::new());
    let p = h.state().state().preset.noise().persistence;
    assert!((p - dragged).abs() < 0.02, "jumped from {dragged} to {p}");
    settled(&mut h);
}

/// Information fades after a few seconds, errors stay until dismissed, and neither
/// moves the preview.
#[test]
fn notices_fade_or_stay_over_the_preview_without_moving_it() {
    let mut h = harness();
    settled(&mut h);
    let preview = h.get_by_label("Texture preview").rect();
    h.get_by_role_and_label(Role::Button, "Copy as command line")
        .click();
    h.state().push(Command::Error("the disk is full".into()));
    steps(&mut h, 2);
    h.get_by_label_contains("command line copied");
    h.get_by_label_contains("the disk is full");
    assert_eq!(h.get_by_label("Texture preview").rect(), preview);
    // 6 seconds later (kittest steps a quarter second).
    steps(&mut h, 24);
    assert!(h.query_by_label_contains("command line copied").is_none());
    h.get_by_label_contains("the disk is full");
    h.get_by_role_and_label(Role::Button, "x").click();
    steps(&mut h, 2);
    assert!(h.query_by_label_contains("the disk is full").is_none());
}

/// "Cannot render" about tiling goes away once tiling is turned off.
#[test]
fn the_tiling_error_clears_when_tiling_is_turned_off() {
    let mut h = harness();
    settled(&mut h);
    set_params(&mut h, |p| {
        p.layers = p.layers.resized(500);
        p.layers.set_tileable(true);
    });
    steps(&mut h, 2);
    h.get_by_label_contains("cannot render");
    h.get_by_role_and_label(Role::CheckBox, "Tileable").click();
    steps(&mut h, 2);
    assert!(!h.state().state().preset.noise().tileable);
    assert!(
        h.query_by_label_contains("cannot render").is_none(),
        "the error stayed"
    );
    settled(&mut h);
}

/// A nearly flat function offers auto levels, which changes only the output mapping.
#[test]
fn a_nearly_flat_texture_offers_auto_levels() {
    // Tall enough that the Output group's hint is on screen without scrolling.
    let mut h = harness_sized(1400.0, 1400.0);
    set_params(&mut h, |p| p.noise_mut().proximity = Proximity::Hyperbolic);
    settled(&mut h);
    steps(&mut h, 2);
    let noise = h.state().state().preset.noise().clone();
    h.get_by_role_and_label(Role::Button, "Turn on auto levels")
        .click();
    steps(&mut h, 2);
    let s = h.state().state();
    assert!(s.preset.output.auto_levels);
    assert_eq!(*s.preset.noise(), noise);
    assert!(
        h.query_by_role_and_label(Role::Button, "Turn on auto levels")
            .is_none()
    );
    settled(&mut h);
}

/// Hovering a preset in the list shows its description.
#[test]
fn the_preset_list_shows_descriptions_on_hover() {
    let mut h = harness();
    settled(&mut h);
    step_until(&mut h, "the preset list", |a| !a.state().presets.is_empty());
    steps(&mut h, 2);
    let want = Preset::load(&preset_path("terrain.ron"))
        .unwrap()
        .description;
    let start: String = want.chars().take(30).collect();
    h.get_by_label("terrain").hover();
    steps(&mut h, 6);
    h.get_by_label_contains(&start);
}

/// Switching the right panel between List and Gallery keeps its width.
#[test]
fn the_right_panel_keeps_its_width_across_list_and_gallery() {
    let mut h = harness();
    settled(&mut h);
    step_until(&mut h, "the preset list", |a| !a.state().presets.is_empty());
    steps(&mut h, 2);
    let left = |h: &Harness<'_, LatticeApp>| h.get_by_label("List").rect().left();
    let list = left(&h);
    h.get_by_label("Gallery").click();
    steps(&mut h, 30);
    let gallery = left(&h);
    h.get_by_label("List").click();
    steps(&mut h, 4);
    let back = left(&h);
    assert!(
        (gallery - list).abs() < 0.5 && (back - list).abs() < 0.5,
        "list {list}, gallery {gallery}, back {back}"
    );
}

/// A colour stop is dragged along the ramp bar.
#[test]
fn colour_stops_drag_along_the_ramp_bar() {
    let mut h = harness_sized(1400.0, 2200.0);
    settled(&mut h);
    set_params(&mut h, |p| p.output.ramp = ColorRamp::builtin("heat"));
    h.get_by_label("Colour").click();
    steps(&mut h, 3);
    let before = h.state().state().preset.output.ramp.clone().unwrap();
    let handle = h.get_by_label("Colour stop 2").rect();
    let start = handle.center();
    let end = start + egui::vec2(30.0, 0.0);
    h.event(Event::PointerMoved(start));
    h.step();
    h.event(button(start, true));
    h.step();
    h.event(Event::PointerMoved(start + egui::vec2(10.0, 0.0)));
    h.step();
    h.event(Event::PointerMoved(end));
    h.step();
    h.event(button(end, false));
    steps(&mut h, 2);
    let after = h.state().state().preset.output.ramp.clone().unwrap();
    assert!(
        after.stops[1].position > before.stops[1].position + 0.02,
        "{:?} -> {:?}",
        before.stops[1],
        after.stops[1]
    );
    assert_eq!(after.stops[0], before.stops[0]);
    settled(&mut h);
}

/// egui's colour picker draws a copy button with an emoji: the fonts must have it.
#[test]
fn the_colour_picker_has_every_glyph_it_draws() {
    let h = harness();
    let ok = h
        .ctx
        .fonts_mut(|f| f.has_glyphs(&egui::FontId::proportional(14.0), "U8 \u{1F4CB}"));
    assert!(ok, "a missing-glyph box in the colour picker");
}

/// An 8192 texture is shown reduced to what the screen shows, the status bar tells how
/// long the change took to reach the screen, and during a burst of changes previews
/// keep coming.
#[test]
fn large_textures_map_only_what_the_screen_shows() {
    let mut h = harness();
    settled(&mut h);
    set_params(&mut h, |p| p.layers = p.layers.resized(4096));
    settled(&mut h);
    steps(&mut h, 2);
    let side = h.state().screen_image_side().unwrap();
    assert!(
        side <= 1024,
        "a {side} px image for a preview under 1000 px wide"
    );
    h.get_by_label_contains("on screen after");
    // Changes in a row, as a drag makes them: each shows a quick preview.
    let mut previews = 0;
    for seed in 1..=4 {
        set_params(&mut h, |p| p.noise_mut().seed = seed);
        step_until(&mut h, "a preview of this seed", |a| {
            a.state()
                .shown
                .as_ref()
                .is_some_and(|s| s.layers[0].noise.seed == seed)
        });
        previews += usize::from(h.state().state().shown.as_ref().unwrap().is_preview);
    }
    assert!(previews >= 3, "{previews} previews");
    settled(&mut h);
}
