//! The central preview: fitted texture, wheel zoom around the cursor, drag to pan.

use crate::compare::Compare;
use crate::engine::Heightmap;
use egui::{Color32, Pos2, Rect, Sense, Vec2, pos2, vec2};

/// Zoom limits, in screen points per texture pixel.
const MIN_SCALE: f32 = 1.0 / 64.0;
const MAX_SCALE: f32 = 64.0;

/// What the cursor is over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Hover {
    /// Texture column.
    pub x: u32,
    /// Texture row.
    pub y: u32,
    /// Height there.
    pub value: f32,
}

/// Zoom and pan of the preview. Positions are in texture pixels of the full size, so
/// the view does not jump when a reduced preview is replaced by the full render.
#[derive(Clone, Debug)]
pub(crate) struct PreviewView {
    /// Follow the panel size.
    pub fit: bool,
    /// Screen points per texture pixel.
    pub scale: f32,
    /// Texture position at the centre of the panel.
    pub center: Vec2,
}

impl Default for PreviewView {
    fn default() -> Self {
        Self {
            fit: true,
            scale: 1.0,
            center: Vec2::ZERO,
        }
    }
}

impl PreviewView {
    /// Fit the whole texture into the panel.
    pub(crate) fn set_fit(&mut self) {
        self.fit = true;
    }

    /// One texture pixel per screen pixel.
    pub(crate) fn set_one_to_one(&mut self, pixels_per_point: f32) {
        self.fit = false;
        self.scale = 1.0 / pixels_per_point.max(0.01);
    }

    /// Zooms by `factor` keeping the texture point under `anchor` in place.
    pub(crate) fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let before = self.to_texture(rect, anchor);
        self.fit = false;
        self.scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        self.center = before - (anchor - rect.center()) / self.scale;
    }

    /// Where the whole texture is drawn when the preview occupies `rect`.
    pub(crate) fn image_rect(&self, rect: Rect, size: u32) -> Rect {
        let top_left = rect.center() - self.center * self.scale;
        Rect::from_min_size(top_left, vec2(size as f32, size as f32) * self.scale)
    }

    /// Texture position of a screen point.
    pub(crate) fn to_texture(&self, rect: Rect, p: Pos2) -> Vec2 {
        self.center + (p - rect.center()) / self.scale
    }

    fn update_fit(&mut self, rect: Rect, size: f32) {
        if self.fit {
            self.scale = (rect.width().min(rect.height()) / size.max(1.0)).max(MIN_SCALE);
            self.center = vec2(size, size) * 0.5;
        }
    }

    /// Draws the preview, the texture repeated `repeat x repeat` times (to inspect
    /// seams), with the A/B snapshot over it while one is compared; returns the texture
    /// pixel under the cursor.
    pub(crate) fn ui(
        &mut self,
        ui: &mut egui::Ui,
        (texture, compare): (Option<&egui::TextureHandle>, Option<&Compare>),
        size: u32,
        transparent: bool,
        heightmap: Option<&Heightmap>,
        repeat: u32,
    ) -> Option<Hover> {
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Texture preview"));
        let sizef = size as f32;
        let repeat = repeat.clamp(1, 3);
        // The view's coordinates span the whole mosaic.
        let extent = sizef * repeat as f32;
        self.update_fit(rect, extent);
        if response.dragged() {
            self.fit = false;
            self.center -= response.drag_delta() / self.scale;
        }
        if let Some(pointer) = response.hover_pos() {
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            let pinch = ui.input(|i| i.zoom_delta());
            let factor = (scroll * 0.002).exp() * pinch;
            if (factor - 1.0).abs() > 1e-4 && factor.is_finite() {
                self.zoom_at(rect, pointer, factor);
            }
        }
        if response.double_clicked() {
            self.set_fit();
            self.update_fit(rect, extent);
        }
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        let top_left = rect.center() - self.center * self.scale;
        let image_rect = Rect::from_min_size(top_left, vec2(extent, extent) * self.scale);
        if transparent {
            checkerboard(&painter, image_rect.intersect(rect));
        }
        match texture {
            Some(tex) => {
                let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
                let tile = vec2(sizef, sizef) * self.scale;
                for j in 0..repeat {
                    for i in 0..repeat {
                        let min = top_left + vec2(i as f32 * tile.x, j as f32 * tile.y);
                        let r = Rect::from_min_size(min, tile);
                        painter.image(tex.id(), r, uv, Color32::WHITE);
                        if let Some(c) = compare {
                            c.paint_tile(&painter, image_rect, r);
                        }
                    }
                }
                if let Some(c) = compare {
                    c.paint_line(&painter, image_rect);
                }
            }
            None => {
                painter.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    "rendering...",
                    egui::FontId::proportional(18.0),
                    ui.visuals().weak_text_color(),
                );
            }
        }
        let hm = heightmap?;
        let pointer = response.hover_pos()?;
        let t = self.to_texture(rect, pointer);
        if t.x < 0.0 || t.y < 0.0 || t.x >= extent || t.y >= extent {
            return None;
        }
        // Any copy of the tile shows the same pixel.
        let (x, y) = ((t.x as u32) % size.max(1), (t.y as u32) % size.max(1));
        // The heightmap may be a reduced preview: sample it proportionally.
        let k = hm.size() as f32 / sizef;
        let (hx, hy) = (
            ((x as f32 * k) as u32).min(hm.size().saturating_sub(1)),
            ((y as f32 * k) as u32).min(hm.size().saturating_sub(1)),
        );
        Some(Hover {
            x,
            y,
            value: hm.get(hx, hy),
        })
    }
}

fn checkerboard(painter: &egui::Painter, rect: Rect) {
    if !rect.is_positive() {
        return;
    }
    const CELL: f32 = 12.0;
    painter.rect_filled(rect, 0.0, Color32::from_gray(200));
    let dark = Color32::from_gray(150);
    let cols = (rect.width() / CELL).ceil() as usize;
    let rows = (rect.height() / CELL).ceil() as usize;
    // A very large panel would mean many rectangles; cap it, the pattern is decoration.
    if cols * rows > 40_000 {
        return;
    }
    for j in 0..rows {
        for i in (j % 2..cols).step_by(2) {
            let min = rect.min + vec2(i as f32, j as f32) * CELL;
            let cell = Rect::from_min_size(min, Vec2::splat(CELL)).intersect(rect);
            painter.rect_filled(cell, 0.0, dark);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0));
        let mut v = PreviewView::default();
        v.update_fit(rect, 512.0);
        let anchor = pos2(100.0, 50.0);
        let before = v.to_texture(rect, anchor);
        v.zoom_at(rect, anchor, 3.0);
        let after = v.to_texture(rect, anchor);
        assert!((before - after).length() < 1e-3, "{before:?} {after:?}");
        assert!(!v.fit);
        v.set_one_to_one(2.0);
        assert_eq!(v.scale, 0.5);
    }
}
