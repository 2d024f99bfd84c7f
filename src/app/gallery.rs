//! The preset gallery: every preset as a thumbnail, rendered off the UI thread on first
//! sight and cached (by parameters) for the rest of the session.

use crate::preset::Preset;
use crate::thumbnail_cache::{ThumbnailCache, ThumbnailState};
use image::RgbaImage;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Thumbnail side in pixels.
pub const THUMB: u32 = 96;

/// The gallery's caches: parsed presets, rendered thumbnails, uploaded textures.
pub struct Gallery {
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
    /// Forgets parsed presets (after a rescan: files may have changed). Thumbnails stay
    /// cached by parameters, so unchanged presets are not rendered again.
    pub fn forget_files(&mut self) {
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

    /// Shows the thumbnails of `entries` (name, file) in a wrapping grid; returns the
    /// file the user clicked.
    pub fn ui<'a>(
        &mut self,
        ui: &mut egui::Ui,
        entries: impl IntoIterator<Item = (&'a str, &'a Path)>,
        current: Option<&Path>,
    ) -> Option<PathBuf> {
        let mut clicked = None;
        let side = THUMB as f32;
        ui.horizontal_wrapped(|ui| {
            for (name, path) in entries {
                let preset = self
                    .presets
                    .entry(path.to_path_buf())
                    .or_insert_with(|| Preset::load(path).map_err(|e| e.to_string()))
                    .clone();
                let state = match &preset {
                    Ok(p) => self.cache.get(p),
                    Err(e) => ThumbnailState::Failed(e.clone()),
                };
                ui.vertical(|ui| {
                    ui.set_width(side + 8.0);
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
                    if response.on_hover_text(hover).clicked() {
                        clicked = Some(path.to_path_buf());
                    }
                    ui.small(name);
                });
            }
        });
        if self.cache.is_busy() {
            // Thumbnails arrive from the background thread; look again shortly.
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        clicked
    }
}
