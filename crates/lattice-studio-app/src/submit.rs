//! Sending the edited parameters to the worker, at the resolution the screen shows.

use super::LatticeApp;
use super::worker::RenderJob;

/// Largest preview texture side; bigger textures are shown reduced.
const MAX_PREVIEW_SIDE: usize = 4096;

/// Side of the screen image for a `size` texture drawn at `pixels_per_texel` screen
/// pixels per texture pixel: what the screen shows of it, rounded up to a power of two
/// (so zooming re-maps only now and then), at least 256, at most the GPU's limit and
/// [`MAX_PREVIEW_SIDE`]. Mapping and uploading more than the screen shows is what made
/// an 8192 texture take over a second to appear.
fn screen_side(size: u32, pixels_per_texel: f32, gpu_side: usize) -> usize {
    let on_screen = (size as f32 * pixels_per_texel).ceil();
    let on_screen = if on_screen.is_finite() && on_screen > 0.0 {
        on_screen as usize
    } else {
        size as usize
    };
    on_screen
        .min(size as usize)
        .next_power_of_two()
        .clamp(256, MAX_PREVIEW_SIDE.min(gpu_side.max(256)))
}

impl LatticeApp {
    /// Sends the current parameters to the worker when they changed.
    pub(super) fn submit_if_changed(&mut self, ctx: &egui::Context) {
        let p = &self.state.preset;
        let gpu_side = ctx.input(|i| i.max_texture_side);
        // While fitting, the scale the preview will have for this size (the view
        // catches up with a new size only when it is next drawn).
        let repeat = self.state.view.repeat.clamp(1, 3) as f32;
        let scale = match self.preview_rect {
            Some(r) if self.view.fit => {
                r.width().min(r.height()) / (p.size().max(1) as f32 * repeat)
            }
            _ => self.view.scale,
        };
        let side = screen_side(p.size(), scale * ctx.pixels_per_point(), gpu_side);
        let wanted = RenderJob {
            id: 0,
            layers: p.layers.clone(),
            solo: self.state.solo.filter(|&i| i < p.layers.len()),
            output: p.output.clone(),
            mode: self
                .state
                .view
                .mode(&p.output, self.state.persisted.transparent),
            max_texture_side: side,
            // The histograms cost a pass over the whole texture: only for the open
            // statistics group (opening it asks for them).
            statistics: self.state.view.stats_open,
        };
        if self.submitted.as_ref() == Some(&wanted) {
            return;
        }
        if let Err(e) = p
            .validate()
            .map_err(|e| e.to_string())
            .and_then(|()| p.output.validate().map_err(|e| e.to_string()))
        {
            self.state.params_error(format!("cannot render: {e}"));
            self.submitted = Some(wanted);
            return;
        }
        // These parameters render: errors about earlier ones are out of date.
        self.state.clear_params_errors();
        let id = self.worker.submit(wanted.clone());
        self.latency.submitted(id);
        self.state.rendering = Some(id);
        self.submitted = Some(wanted);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screen_image_is_what_the_screen_shows() {
        // An 8192 texture fitted into ~800 pixels: a 1024 image, not 4096.
        assert_eq!(screen_side(8192, 0.1, 16384), 1024);
        // Never more than the texture, at least 256, at most the GPU's limit.
        assert_eq!(screen_side(512, 1.6, 16384), 512);
        assert_eq!(screen_side(100, 0.5, 16384), 256);
        assert_eq!(screen_side(8192, 1.0, 2048), 2048);
        assert_eq!(screen_side(16384, 4.0, 16384), MAX_PREVIEW_SIDE);
        assert_eq!(screen_side(8192, f32::NAN, 16384), MAX_PREVIEW_SIDE);
    }
}
