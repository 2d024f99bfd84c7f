//! [`Compare`]: an A/B comparison in the 2D preview, as image editors and Material Maker
//! offer: a snapshot the user takes (A) is drawn left of a split line, the current
//! texture (B) right of it.

use crate::command::{Command, CommandQueue};
use egui::{Color32, Pos2, Rect, Stroke, pos2};
use std::sync::Arc;

/// The snapshot and how it is compared.
pub(crate) struct Compare {
    /// The image the preview showed when the snapshot was taken.
    pub snapshot: egui::TextureHandle,
    /// Where the split stands, as a fraction of the image's width (0 = all current,
    /// 1 = all snapshot).
    pub split: f32,
    /// Whether the split is drawn (off: the current texture alone).
    pub on: bool,
}

impl std::fmt::Debug for Compare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compare")
            .field("split", &self.split)
            .field("on", &self.on)
            .finish_non_exhaustive()
    }
}

impl Compare {
    /// A comparison against `image` (the preview's image), split in the middle.
    pub(crate) fn of(ctx: &egui::Context, image: Arc<egui::ColorImage>) -> Self {
        let snapshot = ctx.load_texture(
            "snapshot",
            egui::ImageData::Color(image),
            crate::display_image::PREVIEW_TEXTURE,
        );
        Self {
            snapshot,
            split: 0.5,
            on: true,
        }
    }

    /// Draws the snapshot over the part of `tile` (one copy of the texture, on screen)
    /// left of the split line of the whole image `image`.
    pub(crate) fn paint_tile(&self, painter: &egui::Painter, image: Rect, tile: Rect) {
        let split_x = image.left() + self.split.clamp(0.0, 1.0) * image.width();
        if !self.on || split_x <= tile.left() {
            return;
        }
        let right = split_x.min(tile.right());
        let part = Rect::from_min_max(tile.min, pos2(right, tile.bottom()));
        let uv = Rect::from_min_max(Pos2::ZERO, pos2(part.width() / tile.width(), 1.0));
        painter.image(self.snapshot.id(), part, uv, Color32::WHITE);
    }

    /// The split line over the whole image, with the sides named.
    pub(crate) fn paint_line(&self, painter: &egui::Painter, image: Rect) {
        if !self.on {
            return;
        }
        let x = image.left() + self.split.clamp(0.0, 1.0) * image.width();
        let (top, bottom) = (image.top().max(painter.clip_rect().top()), image.bottom());
        painter.line_segment(
            [pos2(x, top), pos2(x, bottom)],
            Stroke::new(3.0, Color32::BLACK),
        );
        painter.line_segment(
            [pos2(x, top), pos2(x, bottom)],
            Stroke::new(1.0, Color32::WHITE),
        );
        let font = egui::FontId::proportional(13.0);
        for (text, align, dx) in [
            ("A: snapshot", egui::Align2::RIGHT_TOP, -6.0),
            ("B: current", egui::Align2::LEFT_TOP, 6.0),
        ] {
            let at = pos2(x + dx, top + 6.0);
            let r = painter.text(at, align, text, font.clone(), Color32::WHITE);
            painter.rect_filled(r.expand(2.0), 2.0, Color32::from_black_alpha(150));
            painter.text(at, align, text, font.clone(), Color32::WHITE);
        }
    }
}

/// The compare controls of the 2D view's bar: take a snapshot, and once there is one,
/// show or hide the split, move it, or drop the snapshot.
pub(crate) fn compare_ui(
    ui: &mut egui::Ui,
    compare: &mut Option<Compare>,
    commands: &CommandQueue,
) {
    if ui
        .button("Snapshot")
        .on_hover_text("Keep the texture on screen as A, to compare the next changes (B) with it")
        .clicked()
    {
        commands.push(Command::TakeSnapshot);
    }
    let Some(c) = compare else {
        return;
    };
    ui.checkbox(&mut c.on, "Compare A/B").on_hover_text(
        "Show the snapshot (A) left of the split, the current texture (B) right of it",
    );
    ui.add_enabled(
        c.on,
        egui::Slider::new(&mut c.split, 0.0..=1.0)
            .text("Split")
            .fixed_decimals(2),
    )
    .on_hover_text("Where the split stands across the image");
    if ui
        .button("Drop snapshot")
        .on_hover_text("Forget the snapshot")
        .clicked()
    {
        commands.push(Command::DropSnapshot);
    }
}
