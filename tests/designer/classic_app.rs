//! The classic viewer tools in the real designer (egui_kittest): Randomize, the table
//! settings, the overlays and the properties window.
#![cfg(feature = "app")]

use egui_kittest::kittest::Queryable as _;
use lattice_studio::app::{Command, LatticeApp};
use lattice_studio::engine::generate_simple;
use lattice_studio::{Preset, RandomSource};

use crate::common;
use common::app::{harness_sized, settled as settle};

fn harness() -> egui_kittest::Harness<'static, LatticeApp> {
    harness_sized(1400.0, 1400.0)
}

#[test]
fn randomize_reseeds_and_properties_show_statistics() {
    let mut h = harness();
    let mut p = Preset::default();
    p.noise_mut().size = 128;
    p.noise_mut().initial_step = 32;
    p.noise_mut().random = RandomSource::Permutation;
    h.state().push(Command::SetParams(Box::new(p)));
    settle(&mut h);
    h.get_by_label("Classic viewer").click();
    h.step();
    h.step();
    let before = h.state().state().preset.noise().seed;
    h.get_by_label("Randomize").click();
    h.step();
    assert_ne!(h.state().state().preset.noise().seed, before);
    settle(&mut h);

    for toggle in ["Grid", "Coordinates", "Lit view (bump map)", "Properties"] {
        h.get_by_label(toggle).click();
        h.step();
    }
    h.step();
    // The properties window lists the table settings and the texture's statistics.
    for label in ["Table size", "Distribution"] {
        // Once in the side panel, once in the window.
        assert_eq!(h.query_all_by_label(label).count(), 2, "{label}");
    }
    for label in ["Min", "Max", "Mean"] {
        h.get_by_label(label);
    }
    let max = format!("{:.6}", h.state().state().shown.as_ref().unwrap().stats.max);
    h.get_by_label(&max);
}

/// Opens a small preset with `random` in the designer, presses Jump, and returns the
/// parameters before and after; the shown texture is the library's for the new ones.
fn jump(random: RandomSource) -> (Preset, Preset) {
    let mut h = harness();
    let mut p = Preset::default();
    p.noise_mut().size = 64;
    p.noise_mut().initial_step = 16;
    p.noise_mut().octaves = 3;
    p.noise_mut().table_size = 16;
    p.noise_mut().random = random;
    h.state().push(Command::SetParams(Box::new(p)));
    settle(&mut h);
    h.get_by_label("Classic viewer").click();
    h.step();
    h.step();
    let before = h.state().state().preset.clone();
    h.get_by_label("Jump").click();
    h.step();
    settle(&mut h);
    let after = h.state().state().preset.clone();
    let shown = h.state().state().shown.as_ref().unwrap();
    assert_eq!(shown.layers, after.layers);
    assert_eq!(
        shown.heightmap.data(),
        generate_simple(after.noise()).unwrap().data()
    );
    (before, after)
}

#[test]
fn jump_keeps_a_permutation_texture_and_changes_a_hash64_one() {
    let (before, after) = jump(RandomSource::Permutation);
    assert_eq!(before.noise().origin, [0.0, 0.0]);
    assert_eq!(after.noise().origin, [16.0, 16.0]);
    // The panned texture comes from the engine's per-pixel path and the unpanned one
    // from the fast path: equal up to float rounding.
    assert!(
        max_difference(&before, &after) < 1e-5,
        "the permutation hash repeats every table size"
    );

    let (before, after) = jump(RandomSource::Hash64);
    assert_eq!(after.noise().origin, [16.0, 16.0]);
    assert!(
        max_difference(&before, &after) > 0.01,
        "hash64 does not repeat with the table"
    );
}

/// Largest height difference between the textures of two presets (library render).
fn max_difference(a: &Preset, b: &Preset) -> f32 {
    let (a, b) = (
        generate_simple(a.noise()).unwrap(),
        generate_simple(b.noise()).unwrap(),
    );
    a.data()
        .iter()
        .zip(b.data())
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

#[test]
fn pan_and_reset_origin() {
    let mut h = harness();
    let mut p = Preset::default();
    p.noise_mut().size = 64;
    p.noise_mut().initial_step = 16;
    h.state().push(Command::SetParams(Box::new(p)));
    settle(&mut h);
    h.get_by_label("Classic viewer").click();
    h.step();
    h.step();
    for arrow in ["Right", "Right", "Up"] {
        h.get_by_label(arrow).click();
        h.step();
    }
    assert_eq!(h.state().state().preset.noise().origin, [2.0, -1.0]);
    settle(&mut h);
    h.get_by_label("Reset origin").click();
    h.step();
    assert_eq!(h.state().state().preset.noise().origin, [0.0, 0.0]);
    settle(&mut h);
}
