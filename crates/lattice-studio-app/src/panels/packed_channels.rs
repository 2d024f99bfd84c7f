//! The "Packed channels" group: which layer a packed export writes to R, G, B and A.

use super::choice_combo::choice_combo;
use super::labelled::labelled;
use crate::{engine::Preset, engine::preset::CHANNEL_NAMES, engine::preset::MAX_CHANNELS};

/// Edits `draft.channels`. With none named, a packed export takes the bottom four
/// layers; the boxes show that default, and the preset names channels only once one
/// is changed (opening the group is not an edit).
pub(crate) fn packed_channels_ui(ui: &mut egui::Ui, draft: &mut Preset) {
    let names: Vec<String> = draft
        .layers
        .layers()
        .iter()
        .map(|l| l.name.clone())
        .collect();
    let shown: Vec<Option<String>> = if draft.channels.is_empty() {
        draft
            .packed_layers()
            .into_iter()
            .map(|i| names.get(i).cloned())
            .collect()
    } else {
        draft.channels.iter().cloned().map(Some).collect()
    };
    let mut chosen: Vec<Option<String>> = (0..MAX_CHANNELS)
        .map(|c| shown.get(c).cloned().flatten())
        .collect();
    let before = chosen.clone();
    for (c, channel) in CHANNEL_NAMES.iter().enumerate() {
        labelled(
            ui,
            channel,
            "The layer written to this channel of a packed export (alone, with its levels, clamped to 0..1); an unused alpha is opaque",
            |ui| {
                let shown = chosen[c].as_deref().unwrap_or("none").to_owned();
                let layers = names.iter().map(|n| (Some(n.clone()), n.as_str(), ""));
                let options = std::iter::once((None, "none", "")).chain(layers);
                choice_combo(ui, ("packed-channel", c), shown, &mut chosen[c], options)
            },
        );
    }
    if chosen != before {
        // The channels are a list in order: the first "none" ends it.
        draft.channels = chosen.into_iter().map_while(|c| c).collect();
    }
    ui.label("Export > Packed layers writes them to one RGBA PNG.");
}
