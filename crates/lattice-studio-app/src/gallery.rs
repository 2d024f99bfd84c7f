//! The preset gallery: every preset as a thumbnail, rendered off the UI thread on first
//! sight and cached (by parameters) for the rest of the session.

use crate::engine::Preset;
use crate::files::PresetFiles;
use crate::thumbnail_cache::{ThumbnailCache, ThumbnailState};
use image::RgbaImage;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Thumbnail side in pixels.
pub(crate) const THUMB: u32 = 96;

/// The gallery's caches: parsed presets, rendered thumbnails, uploaded textures.
pub(crate) struct Gallery {
    cache: ThumbnailCache,
    presets: HashMap<PathBuf, Result<Preset, String>>,
    textures: HashMap<PathBuf, (Arc<RgbaImage>, egui::TextureHandle)>,
}

impl Default for Gallery {
    fn default() -> Self {
        Self {
            cache: ThumbnailCache::new(THUMB),
            presets: HashMap::new(),
            textures: HashMap::new(),
        }
    }
}

impl std::fmt::Debug for Gallery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gallery")
            .field("presets", &self.presets.len())
            .field("textures", &self.textures.len())
            .finish()
    }
}

impl Gallery {
    /// One thumbnail button with its caption; true when clicked.
    fn thumbnail_ui(
        &mut self,
        ui: &mut egui::Ui,
        name: &str,
        path: &Path,
        current: Option<&Path>,
        side: f32,
    ) -> bool {
        let preset = self
            .presets
            .entry(path.to_path_buf())
            .or_insert_with(|| Preset::load(path).map_err(|e| e.to_string()))
            .clone();
        let state = match &preset {
            Ok(p) => self.cache.get(p),
            Err(e) => ThumbnailState::Failed(e.clone()),
        };
        let selected = current == Some(path);
        let response = match state {
            ThumbnailState::Ready(img) => {
                let tex = self.texture(ui.ctx(), path, img);
                let image = egui::Image::new((tex.id(), egui::vec2(side, side)));
                ui.add(egui::Button::image(image).selected(selected))
            }
            ThumbnailState::Pending => {
                ui.add_sized([side, side], egui::Button::new("...").selected(selected))
            }
            ThumbnailState::Failed(e) => ui
                .add_sized([side, side], egui::Button::new("!"))
                .on_hover_text(e),
        };
        let hover = match &preset {
            Ok(p) if !p.description.is_empty() => p.description.clone(),
            _ => path.display().to_string(),
        };
        let clicked = response.on_hover_text(hover).clicked();
        ui.add(egui::Label::new(egui::RichText::new(name).small()).truncate());
        clicked
    }

    /// Forgets parsed presets (after a rescan: files may have changed). Thumbnails stay
    /// cached by parameters, so unchanged presets are not rendered again.
    pub(crate) fn forget_files(&mut self) {
        self.presets.clear();
        self.textures.clear();
    }

    fn texture(
        &mut self,
        ctx: &egui::Context,
        path: &Path,
        img: Arc<RgbaImage>,
    ) -> egui::TextureHandle {
        if let Some((shown, tex)) = self.textures.get(path)
            && Arc::ptr_eq(shown, &img)
        {
            return tex.clone();
        }
        let size = [img.width() as usize, img.height() as usize];
        let colour = egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw());
        let tex = ctx.load_texture(
            format!("gallery:{}", path.display()),
            colour,
            egui::TextureOptions::LINEAR,
        );
        self.textures.insert(path.to_path_buf(), (img, tex.clone()));
        tex
    }

    /// Shows the thumbnails of `entries` (name, file) in rows that fit the panel's
    /// width; returns the file the user clicked.
    pub(crate) fn ui<'a>(
        &mut self,
        ui: &mut egui::Ui,
        entries: impl IntoIterator<Item = (&'a str, &'a Path)>,
        current: Option<&Path>,
    ) -> Option<PathBuf> {
        const GAP: f32 = 6.0;
        let entries: Vec<(&str, &Path)> = entries.into_iter().collect();
        // As many columns as fit at three quarters of the full size or more.
        // Slack below the full width: content exactly as wide as a resizable panel
        // makes the panel grow a little every frame.
        let avail = (ui.available_width() - 16.0).max(40.0);
        let cols = ((avail + GAP) / (THUMB as f32 * 0.75 + GAP))
            .floor()
            .max(1.0) as usize;
        let cell = ((avail - GAP * (cols - 1) as f32) / cols as f32).min(THUMB as f32 + 8.0);
        let side = (cell - 10.0).max(24.0);
        let mut clicked = None;
        for row in entries.chunks(cols) {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = GAP;
                for &(name, path) in row {
                    ui.vertical(|ui| {
                        ui.set_width(cell);
                        if self.thumbnail_ui(ui, name, path, current, side) {
                            clicked = Some(path.to_path_buf());
                        }
                    });
                }
            });
        }
        if self.cache.is_busy() {
            // Thumbnails arrive from the background thread; look again shortly.
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        clicked
    }
}
