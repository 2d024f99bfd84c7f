//! Erosion in the designer: an eroded layer shows the gullies' shape in its Erosion
//! group and an "eroded" tag in the layer list; a depth of 0 hides both and keeps the
//! other settings for when the depth comes back.
#![cfg(feature = "app")]

use egui_kittest::kittest::Queryable as _;

use lattice_studio::app::Command;

use crate::common;
use common::app::{harness_sized, open_preset, settled};
use common::files::preset_path;

#[test]
fn an_eroded_layer_shows_its_gullies_and_a_depth_of_0_turns_them_off() {
    let mut h = harness_sized(1400.0, 1600.0);
    settled(&mut h);
    open_preset(&mut h, &preset_path("eroded-mountains.ron"));
    assert!(h.query_by_label("eroded").is_some(), "the layer's tag");
    h.get_by_label("Erosion").scroll_to_me();
    h.step();
    if h.query_by_label("Gully cells").is_none() {
        h.get_by_label("Erosion").click();
        h.step();
        h.step();
    }
    for label in [
        "Gully depth",
        "Gully cells",
        "Gully octaves",
        "Detail",
        "Branching",
        "Ridge sharpness",
        "Keep peaks and valleys",
    ] {
        assert!(h.query_all_by_label(label).count() >= 1, "{label}");
    }
    // A depth of 0, as the slider's left end sets it.
    let mut p = h.state().state().preset.clone();
    p.layers[0].set_erosion_strength(0.0);
    h.state().push(Command::SetParams(Box::new(p)));
    settled(&mut h);
    assert!(h.query_by_label("Gully cells").is_none());
    assert!(
        h.query_by_label("Drag the gully depth above 0 to carve gullies.")
            .is_some()
    );
    assert!(h.query_by_label("eroded").is_none());
    let kept = h.state().state().preset.layers[0].erosion.unwrap();
    assert_eq!((kept.strength, kept.cells), (0.0, 4));
}
