//! [`layer_to_select`]: which layer an undo or redo step brings back into view.

use crate::engine::Preset;

/// The layer to select after a step from `from` to `to` (an undo or a redo), so the
/// user sees what came back: the one layer whose settings the step changed, the
/// layer a step re-inserted, or, when a step changed several layers, the selected
/// one if it is among them, else the first. `None` (keep the selection) when the step
/// changed the whole texture only (size, tiling, output) or removed a layer.
pub(crate) fn layer_to_select(from: &Preset, to: &Preset, selected: usize) -> Option<usize> {
    let (a, b) = (from.layers.layers(), to.layers.layers());
    if b.len() == a.len() + 1 {
        // A layer came back (names are unique in a stack): the one `from` lacks.
        return b.iter().position(|l| !a.iter().any(|x| x.name == l.name));
    }
    if a.len() != b.len() {
        return None;
    }
    let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    if changed.contains(&selected) {
        Some(selected)
    } else {
        changed.first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::layer_to_select;
    use crate::engine::Preset;

    fn three() -> Preset {
        let mut p = Preset::default();
        for name in ["b", "c"] {
            let mut l = p.layers[0].clone();
            l.name = name.to_owned();
            p.layers.insert(usize::MAX, l).unwrap();
        }
        p
    }

    #[test]
    fn the_changed_layer_is_selected() {
        let before = three();
        let mut after = before.clone();
        after.layers[2].levels.gain = 3.0;
        assert_eq!(layer_to_select(&after, &before, 0), Some(2));
        assert_eq!(layer_to_select(&before, &after, 1), Some(2));
    }

    #[test]
    fn whole_texture_steps_keep_the_selection() {
        let before = three();
        let mut after = before.clone();
        after.output.contrast = 2.0;
        assert_eq!(layer_to_select(&after, &before, 1), None);
        let resized = before.at_size(256).unwrap();
        // Resizing scales every layer's steps: the selection stays where it is.
        assert_eq!(layer_to_select(&resized, &before, 1), Some(1));
    }

    #[test]
    fn a_restored_layer_is_selected_and_a_removed_one_is_not() {
        let before = three();
        let mut after = before.clone();
        after.layers.remove(1).unwrap();
        // Undo of the delete brings "b" back at index 1.
        assert_eq!(layer_to_select(&after, &before, 0), Some(1));
        // Redo removes it again: nothing to show, the selection stays (clamped later).
        assert_eq!(layer_to_select(&before, &after, 1), None);
    }
}
