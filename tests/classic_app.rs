//! The classic viewer tools in the real designer (egui_kittest): Randomize, the table
//! settings, the overlays and the properties window.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lattice_studio::app::{Command, LatticeApp, ScriptedPicker};
use lattice_studio::{Preset, RandomSource};

fn harness() -> Harness<'static, LatticeApp> {
    Harness::builder()
        .with_size(egui::vec2(1400.0, 1400.0))
        .build_eframe(|cc| LatticeApp::new(cc, None, Box::new(ScriptedPicker::default())))
}

fn settle(h: &mut Harness<'_, LatticeApp>) {
    for _ in 0..4000 {
        h.step();
        if h.state().is_up_to_date() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the render did not finish");
}

#[test]
fn randomize_reseeds_and_properties_show_statistics() {
    let mut h = harness();
    let mut p = Preset::default();
    p.noise.size = 128;
    p.noise.initial_step = 32;
    p.noise.random = RandomSource::Permutation;
    h.state().push(Command::SetParams(Box::new(p)));
    settle(&mut h);
    h.get_by_label("Classic viewer").click();
    h.step();
    h.step();
    let before = h.state().state().preset.noise.seed;
    h.get_by_label("Randomize").click();
    h.step();
    assert_ne!(h.state().state().preset.noise.seed, before);
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
