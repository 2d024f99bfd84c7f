//! What the app edits and shows: the preset, its file, the view, the last render.

use super::history::History;
use super::preset_entry::PresetEntry;
use super::render_result::RenderResult;
use super::undo_selection::layer_to_select;
use super::view_settings::ViewSettings;
use crate::{
    engine::Preset,
    engine::{HeightStats, Heightmap, LayerStack},
    pixels::TextureStats,
};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Settings remembered between runs (eframe persistence).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Persisted {
    /// The preset file open when the app closed.
    pub last_preset: Option<PathBuf>,
    /// Folder of the last opened or saved preset.
    pub preset_dir: Option<PathBuf>,
    /// Folder of the last export.
    pub export_dir: Option<PathBuf>,
    /// Whether the preview showed the semi-transparent variant.
    pub transparent: bool,
    /// Repeat, lit view, light direction, gallery and statistics panels.
    pub view: ViewSettings,
}

/// An action waiting for the user's answer about unsaved changes.
#[derive(Clone, Debug, PartialEq)]
pub enum PendingAction {
    /// Start from the default preset.
    New,
    /// Show the open dialog.
    Open,
    /// Load this file.
    Load(PathBuf),
    /// Close the window.
    Quit,
}

/// A message shown in the window.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// An error (red) rather than information.
    pub is_error: bool,
    /// When it was posted, on the window's clock ([`AppState::clock`], seconds).
    pub posted_at: f64,
    /// Closed by the user (errors stay on screen until then).
    pub dismissed: bool,
    /// About the parameters being edited ("cannot render: ..."): withdrawn as soon as
    /// they render again.
    pub about_params: bool,
}

/// How long an information message stays on screen, in seconds (the last one fading).
pub(crate) const INFO_SECONDS: f64 = 4.0;

impl Message {
    /// How visible the message is at `now`: 1 while fresh, fading to 0 over the last
    /// second of an information message; errors stay at 1 until dismissed.
    pub fn opacity(&self, now: f64) -> f32 {
        if self.dismissed {
            return 0.0;
        }
        if self.is_error {
            return 1.0;
        }
        ((self.posted_at + INFO_SECONDS - now).clamp(0.0, 1.0)) as f32
    }
}

/// The last render shown in the preview.
#[derive(Debug)]
pub struct Shown {
    /// The layers it was generated from (a reduced size for a quick preview).
    pub layers: LayerStack,
    /// Whether it is the reduced-resolution preview of a larger job.
    pub is_preview: bool,
    /// The heightmap (for the value under the cursor and for export).
    pub heightmap: Arc<Heightmap>,
    /// Its statistics.
    pub stats: HeightStats,
    /// Histograms and clipping under the output mapping it was rendered with (a full
    /// render's arrive a moment after its image).
    pub texture_stats: Option<TextureStats>,
    /// Generation time.
    pub elapsed: Duration,
    /// How long the change took to reach the screen, once it did.
    pub latency: Option<Latency>,
}

/// Where the time between a change and its image on screen went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Latency {
    /// Generating the heightmap (zero when it was reused for an output-only change).
    pub generation: Duration,
    /// Turning the heightmap into the screen image.
    pub mapping: Duration,
    /// From the change to the first frame drawn with the new image: generation,
    /// mapping, the upload to the GPU and drawing.
    pub on_screen: Duration,
}

impl From<&RenderResult> for Shown {
    fn from(r: &RenderResult) -> Self {
        Self {
            layers: r.layers.clone(),
            is_preview: r.is_preview,
            heightmap: Arc::clone(&r.heightmap),
            stats: r.stats,
            texture_stats: r.texture_stats.clone(),
            elapsed: r.elapsed,
            latency: None,
        }
    }
}

/// The editable document and everything the panels show.
#[derive(Debug, Default)]
pub struct AppState {
    /// The parameters being edited (what the preview shows).
    pub preset: Preset,
    /// The layer the side panel edits (index into the stack, 0 = bottom).
    pub layer: usize,
    /// The layer shown alone in the preview, if one is soloed.
    pub solo: Option<usize>,
    /// The parameters as loaded or last saved ("reset to preset", unsaved-changes check).
    pub baseline: Preset,
    /// The preset's file, once opened or saved.
    pub path: Option<PathBuf>,
    /// Undo / redo.
    pub history: History,
    /// Remembered settings.
    pub persisted: Persisted,
    /// The last render on screen.
    pub shown: Option<Shown>,
    /// Job id in flight, if any.
    pub rendering: Option<u64>,
    /// How many renders arrived (tests wait on this).
    pub renders_received: u64,
    /// [`Self::renders_received`] when the document was last replaced (New, Open): the
    /// renders after it are of that document.
    pub opened_at_render: u64,
    /// Messages posted, newest last (a short log: the ones still visible are drawn over
    /// the preview).
    pub messages: Vec<Message>,
    /// The window's clock in seconds (egui's input time), set every frame.
    pub clock: f64,
    /// Waiting for the unsaved-changes answer.
    pub confirm: Option<PendingAction>,
    /// The window may close even with unsaved changes (the user said so).
    pub allow_close: bool,
    /// Preset files found by the browser.
    pub presets: Vec<PresetEntry>,
    /// How the preview shows the texture (repeat, lighting, gallery).
    pub view: ViewSettings,
    /// The shipped presets folder, links resolved (read-only in the app).
    pub shipped_dir: Option<PathBuf>,
    /// The user's preset folder ("Save to my presets").
    pub user_dir: Option<PathBuf>,
    /// The document's file is a shipped preset: Save becomes Save as.
    pub read_only: bool,
}

impl AppState {
    /// A state editing `preset`, with nothing rendered yet.
    pub fn new(preset: Preset) -> Self {
        let mut history = History::default();
        history.reset(&preset);
        Self {
            baseline: preset.clone(),
            preset,
            history,
            ..Self::default()
        }
    }

    /// Whether the edited parameters differ from the file (or the default).
    pub fn is_dirty(&self) -> bool {
        self.preset != self.baseline
    }

    /// Replaces the document (after New or Open): clears undo, sets the baseline.
    pub fn replace(&mut self, preset: Preset, path: Option<PathBuf>) {
        self.history.reset(&preset);
        self.baseline = preset.clone();
        self.preset = preset;
        self.read_only = path.as_deref().is_some_and(|p| self.is_shipped(p));
        self.path = path;
        self.opened_at_render = self.renders_received;
    }

    /// Goes to `preset` by an undo or redo step, selecting the layer the step brought
    /// back (and only then changing the selection).
    pub fn step_to(&mut self, preset: Preset) {
        if let Some(i) = layer_to_select(&self.preset, &preset, self.layer) {
            self.layer = i;
        }
        self.preset = preset;
    }

    /// Whether `path` is in the shipped presets folder.
    pub fn is_shipped(&self, path: &std::path::Path) -> bool {
        self.shipped_dir
            .as_deref()
            .is_some_and(|dir| super::save_target::lies_in(path, dir))
    }

    /// Shows an error (until the user dismisses it).
    pub fn error(&mut self, text: impl Into<String>) {
        self.push_message(text.into(), true, false);
    }

    /// Shows an information line (it fades after `INFO_SECONDS`).
    pub fn info(&mut self, text: impl Into<String>) {
        self.push_message(text.into(), false, false);
    }

    /// Shows an error about the current parameters; it goes away once they render.
    pub fn params_error(&mut self, text: impl Into<String>) {
        let text = text.into();
        let repeated = self
            .messages
            .iter()
            .any(|m| m.about_params && !m.dismissed && m.text == text);
        if !repeated {
            self.push_message(text, true, true);
        }
    }

    /// Withdraws the errors about earlier parameters (they render now).
    pub fn clear_params_errors(&mut self) {
        self.messages.retain(|m| !m.about_params);
    }

    /// The messages on screen now, oldest first.
    pub fn visible_messages(&self) -> impl Iterator<Item = (usize, &Message)> {
        let now = self.clock;
        self.messages
            .iter()
            .enumerate()
            .filter(move |(_, m)| m.opacity(now) > 0.0)
    }

    fn push_message(&mut self, text: String, is_error: bool, about_params: bool) {
        self.messages.push(Message {
            text,
            is_error,
            posted_at: self.clock,
            dismissed: false,
            about_params,
        });
        // A short log: the oldest messages (long faded or dismissed) are dropped.
        if self.messages.len() > 32 {
            self.messages.remove(0);
        }
    }

    /// A file name built from the parameters (as Parberry's viewer does), e.g.
    /// `gradient-original-table-hermite-8oct-step128-seed0-512px.png`.
    pub fn default_export_name(&self, extension: &str) -> String {
        format!(
            "{}.{extension}",
            crate::properties::default_file_stem(&self.preset)
        )
    }

    /// A file name for saving the preset, from its name.
    pub fn default_preset_name(&self) -> String {
        super::save_target::preset_file_name(&self.preset.name)
    }

    /// The title shown in the window: the file, or the preset's name while it has none
    /// (the same name the Name field shows), marked when unsaved or read-only.
    pub fn title(&self) -> String {
        let what = match self.path.as_ref().and_then(|p| p.file_name()) {
            Some(f) => f.to_string_lossy().into_owned(),
            None => {
                let name = self.preset.name.trim();
                let name = if name.is_empty() { "Untitled" } else { name };
                format!("{name} (no file)")
            }
        };
        let read_only = if self.read_only {
            " (shipped preset, read-only)"
        } else {
            ""
        };
        format!(
            "{}{what}{read_only} - Lattice Studio",
            if self.is_dirty() { "* " } else { "" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// eframe stores the settings as RON: view settings survive a restart, records
    /// written before they existed still load, and nonsense values are repaired.
    #[test]
    fn view_settings_are_remembered_and_repaired() {
        let mut p = Persisted::default();
        p.view.repeat = 3;
        p.view.lit = true;
        p.view.light.azimuth_deg = 200.0;
        p.view.gallery = true;
        let text = ron::to_string(&p).unwrap();
        let back: Persisted = ron::from_str(&text).unwrap();
        assert_eq!(back, p);
        assert_eq!(back.view.clone().sanitized(), p.view);

        let old: Persisted = ron::from_str("(transparent: true)").unwrap();
        assert!(old.transparent);
        assert_eq!(old.view, ViewSettings::default());

        let odd: Persisted =
            ron::from_str("(view: (repeat: 9, light: (elevation_deg: 400.0)))").unwrap();
        let fixed = odd.view.sanitized();
        assert_eq!(fixed.repeat, 3);
        assert_eq!(fixed.light.elevation_deg, 90.0);
    }

    #[test]
    fn dirty_and_names() {
        let mut s = AppState::new(Preset::default());
        assert!(!s.is_dirty());
        s.preset.noise_mut().seed = 3;
        assert!(s.is_dirty());
        assert_eq!(
            s.default_export_name("png"),
            "gradient-original-table-hermite-8oct-step128-seed3-512px.png"
        );
        s.preset.name = "  My Rock!  ".into();
        assert_eq!(s.default_preset_name(), "my-rock.ron");
        s.replace(Preset::default(), Some("x/a.ron".into()));
        assert!(!s.is_dirty());
        assert_eq!(s.title(), "a.ron - Lattice Studio");
    }

    /// Without a file the title names the preset as the Name field does, not "untitled".
    #[test]
    fn the_title_uses_the_presets_name_until_there_is_a_file() {
        let mut s = AppState::new(Preset::default());
        assert_eq!(
            s.title(),
            format!("{} (no file) - Lattice Studio", s.preset.name)
        );
        assert!(!s.title().contains("untitled"));
        s.preset.name = "Crater".into();
        assert_eq!(s.title(), "* Crater (no file) - Lattice Studio");
    }
}
