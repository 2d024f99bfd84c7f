//! [`TerrainView`]: the 3D preview. Meshes the heightmap on screen off the UI thread,
//! turns mouse input into camera moves, and draws through a paint callback on eframe's
//! glow context.

use super::frame_bench::FrameBench;
use super::gpu_state::GpuState;
use super::mesher::{MeshJob, Mesher};
use super::orbit_camera::OrbitCamera;
use super::relief::Relief;
use super::terrain_gl::DrawParams;
use super::terrain_settings::TerrainSettings;
use super::view_mesh::ViewMesh;
use crate::command::Command;
use crate::mesh::MAX_VIEW_RESOLUTION;
use crate::pixels::{ColorRamp, Light, OutputParams};
use crate::state::AppState;
use egui::{Color32, FontId, PointerButton, Sense};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// What a mesh was built from: the render on screen and the grey mapping.
#[derive(Clone, Debug, PartialEq)]
struct MeshKey {
    render: u64,
    contrast: f32,
    luminance: f32,
    auto_levels: bool,
    normalize: bool,
    wrap: bool,
}

/// The mesh on screen, for the caption.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshInfo {
    /// Vertices per side.
    pub resolution: u32,
    /// Build time.
    pub elapsed: Duration,
    /// Lowest and highest grey.
    pub height_range: (f32, f32),
    /// How rugged the mesh is (what the height scale is fitted to).
    pub(crate) relief: Relief,
    /// While the camera moves, every this many vertices are drawn (`None`: all).
    pub moving_stride: Option<u32>,
}

/// The 3D view's state.
pub(crate) struct TerrainView {
    camera: Option<OrbitCamera>,
    /// Copies per side the camera was framed for, and whether a mesh's heights were
    /// known then (a new mosaic size, or the first mesh, frames it again).
    framed_for: (u32, bool),
    gpu: Arc<Mutex<GpuState>>,
    mesher: Mesher,
    requested: Option<MeshKey>,
    shown: Option<MeshInfo>,
    ramp_sent: Option<Option<ColorRamp>>,
    bench: Option<FrameBench>,
    /// The bench times the full mesh rather than the moving one.
    bench_full: bool,
    /// Fitting the height scale to the opened document, once.
    fit: HeightFit,
}

/// The height scale fitted once per opened document: to the first mesh of a render of
/// it (meshes of the document before can still arrive, and edits must not rescale).
#[derive(Clone, Copy, Debug, Default)]
struct HeightFit {
    /// The [`AppState::opened_at_render`] being fitted.
    document: u64,
    /// The first mesh job of a render of that document.
    first_job: Option<u64>,
    /// The relief to fit, from that mesh, until taken.
    relief: Option<Relief>,
    /// Fitted already.
    done: bool,
}

fn lock(gpu: &Mutex<GpuState>) -> MutexGuard<'_, GpuState> {
    // A panic while drawing leaves the state usable: take it as it is.
    gpu.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The unit vector towards the lit preview's light in the 3D frame (X right, Y up, the
/// image's top at -Z).
pub(crate) fn light_vector(light: &Light) -> [f32; 3] {
    let [x, y, z] = light.direction();
    [x, z, -y]
}

impl TerrainView {
    /// A view with its meshing thread; meshes arrive as [`Command::MeshBuilt`].
    pub(crate) fn new(ctx: egui::Context, results: Sender<Command>) -> Self {
        Self {
            camera: None,
            framed_for: (1, false),
            gpu: Arc::default(),
            mesher: Mesher::spawn(ctx, results),
            requested: None,
            shown: None,
            ramp_sent: None,
            bench: FrameBench::from_env(),
            bench_full: std::env::var("LATTICE_STUDIO_3D_BENCH").is_ok_and(|v| v == "full"),
            fit: HeightFit::default(),
        }
    }

    /// The mesh on screen (or waiting to be uploaded).
    pub(crate) fn mesh_info(&self) -> Option<MeshInfo> {
        self.shown
    }

    /// The relief ([`ViewMesh::relief`]) to fit the height scale to, once per opened
    /// document, when its first mesh has arrived.
    pub(crate) fn take_height_fit(&mut self) -> Option<Relief> {
        self.fit.relief.take()
    }

    /// Asks for a mesh of the render on screen when it is not the one meshed last.
    pub(crate) fn request_mesh(&mut self, state: &AppState) {
        if self.fit.document != state.opened_at_render {
            self.fit = HeightFit {
                document: state.opened_at_render,
                ..HeightFit::default()
            };
        }
        let Some(shown) = state.shown.as_ref() else {
            return;
        };
        let out = &state.preset.output;
        let key = MeshKey {
            render: state.renders_received,
            contrast: out.contrast,
            luminance: out.luminance,
            auto_levels: out.auto_levels,
            normalize: out.normalize,
            wrap: shown.layers.tileable(),
        };
        if self.requested.as_ref() == Some(&key) {
            return;
        }
        let resolution = shown.heightmap.size().clamp(2, MAX_VIEW_RESOLUTION);
        let job = self.mesher.submit(MeshJob {
            heightmap: Arc::clone(&shown.heightmap),
            output: OutputParams {
                ramp: None,
                ..out.clone()
            },
            wrap: key.wrap,
            resolution,
        });
        if key.render > state.opened_at_render && self.fit.first_job.is_none() {
            self.fit.first_job = Some(job);
        }
        self.requested = Some(key);
    }

    /// A mesh arrived from the meshing thread.
    pub(crate) fn mesh_built(&mut self, mesh: Box<ViewMesh>) {
        if self.shown.is_none() {
            // The first mesh: aim at its real middle height.
            self.camera = None;
        }
        if !self.fit.done && self.fit.first_job.is_some_and(|first| mesh.id >= first) {
            // The opened document's first mesh: the height is fitted to it, and the
            // camera framed again for that height.
            self.fit.done = true;
            self.fit.relief = Some(mesh.relief);
            self.camera = None;
        }
        self.shown = Some(MeshInfo {
            resolution: mesh.resolution,
            elapsed: mesh.elapsed,
            height_range: mesh.height_range,
            relief: mesh.relief,
            moving_stride: mesh.coarse.as_ref().map(|c| c.0),
        });
        lock(&self.gpu).pending_mesh = Some(mesh);
    }

    /// Puts the camera back to the starting view.
    pub(crate) fn reset_camera(&mut self) {
        self.camera = None;
    }

    /// Frees the GPU objects (the window is closing).
    pub(crate) fn destroy(&self, gl: &glow::Context) {
        lock(&self.gpu).destroy(gl);
    }

    fn send_ramp(&mut self, ramp: Option<&ColorRamp>) {
        if self.ramp_sent.as_ref().map(Option::as_ref) == Some(ramp) {
            return;
        }
        let sampler = ramp.cloned().unwrap_or_default().sampler();
        let mut texels = Box::new([0u8; 1024]);
        for (k, t) in texels.chunks_exact_mut(4).enumerate() {
            t.copy_from_slice(&sampler.sample(k as f32 / 255.0));
        }
        lock(&self.gpu).pending_ramp = Some(texels);
        self.ramp_sent = Some(ramp.cloned());
    }
}

/// What the 3D view shows besides its own state.
pub(crate) struct TerrainInputs<'a> {
    /// Height scale, ramp, wireframe and water switches.
    pub settings: &'a TerrainSettings,
    /// The lit preview's light.
    pub light: Light,
    /// Copies per side.
    pub repeat: u32,
    /// The preset's colour ramp.
    pub ramp: Option<&'a ColorRamp>,
    /// Whether the window has an OpenGL context (eframe's glow renderer).
    pub gl_available: bool,
}

/// Draws the 3D view in the rest of the panel and handles its mouse input.
pub(crate) fn terrain_view_ui(
    ui: &mut egui::Ui,
    view: &mut TerrainView,
    inputs: &TerrainInputs<'_>,
) {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    // A label, not painted text: screen readers (and the UI tests) can read it.
    let say = |ui: &mut egui::Ui, text: &str| {
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        ui.put(rect, egui::Label::new(egui::RichText::new(text).size(16.0)));
    };
    if !inputs.gl_available {
        say(
            ui,
            "The 3D view needs OpenGL, and this window has no OpenGL context.\nThe 2D view works as before (press 2).",
        );
        return;
    }
    let failed = lock(&view.gpu).failed.clone();
    if let Some(why) = failed {
        say(
            ui,
            &format!("The 3D view cannot run here: {why}\nThe 2D view works as before (press 2)."),
        );
        return;
    }
    let settings = inputs.settings;
    let repeat = inputs.repeat.clamp(1, 3);
    let extent = repeat as f32;
    let ramp = inputs.ramp.filter(|_| settings.use_ramp);
    view.send_ramp(ramp);
    let (lo, hi) = view.shown.map_or((0.0, 0.0), |m| m.height_range);
    let heights = (lo * settings.height_scale, hi * settings.height_scale);
    // Framed again for another mosaic, and once the first mesh tells the heights.
    let framed = (repeat, view.shown.is_some());
    if view.framed_for != framed {
        view.framed_for = framed;
        view.camera = None;
    }
    let camera = view
        .camera
        .get_or_insert_with(|| OrbitCamera::framing(extent, heights));
    let mut moving = steer_camera(ui, &response, camera, extent, heights);
    if let Some(bench) = view.bench.as_mut() {
        // The bench turns the camera as a drag would (coarse mesh), unless it is set to
        // "full", which times the full mesh.
        camera.orbit(4.0, 0.0);
        moving = !view.bench_full;
        if let Some(line) = bench.frame(view.shown.map_or(0, |m| m.resolution)) {
            eprintln!("{line}");
        }
        ui.ctx().request_repaint();
    } else if moving {
        // The frame after the last move draws the full mesh.
        ui.ctx().request_repaint_after(Duration::from_millis(120));
    }
    let bg = ui.visuals().extreme_bg_color;
    let params = DrawParams {
        view_projection: camera.view_projection(rect.aspect_ratio()),
        height_scale: settings.height_scale,
        light: light_vector(&inputs.light),
        use_ramp: ramp.is_some(),
        wireframe: settings.wireframe,
        water: settings.water.then_some(settings.water_level),
        repeat,
        background: [bg.r(), bg.g(), bg.b()].map(|c| f32::from(c) / 255.0),
        moving,
    };
    let gpu = Arc::clone(&view.gpu);
    let callback = egui_glow::CallbackFn::new(move |_info, painter| {
        lock(&gpu).paint(painter.gl(), &params);
    });
    // Clipped to the view's rectangle: the callback clears what it covers, and must not
    // clear the bar above it.
    painter.add(egui::PaintCallback {
        rect,
        callback: Arc::new(callback),
    });
    paint_caption(&painter, rect, view.shown.as_ref());
}

/// Orbits, pans, zooms or reframes `camera` from this frame's pointer input on the
/// view; true while the camera moves (the mesher then draws its coarse mesh).
fn steer_camera(
    ui: &egui::Ui,
    response: &egui::Response,
    camera: &mut OrbitCamera,
    extent: f32,
    heights: (f32, f32),
) -> bool {
    let shift = ui.input(|i| i.modifiers.shift);
    let delta = response.drag_delta();
    let mut moving = response.dragged();
    if response.dragged_by(PointerButton::Secondary)
        || (shift && response.dragged_by(PointerButton::Primary))
    {
        camera.pan(delta.x, delta.y, response.rect.height());
    } else if response.dragged_by(PointerButton::Primary) {
        camera.orbit(delta.x, delta.y);
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        let factor = (scroll * 0.002).exp() * ui.input(|i| i.zoom_delta());
        if (factor - 1.0).abs() > 1e-4 {
            camera.zoom(factor, (0.05 * extent, 8.0 * extent));
            moving = true;
        }
    }
    if response.double_clicked() {
        *camera = OrbitCamera::framing(extent, heights);
    }
    moving
}

/// The mesh's size and build time and the controls, on a dark backing at the bottom left.
fn paint_caption(painter: &egui::Painter, rect: egui::Rect, shown: Option<&MeshInfo>) {
    let caption = match shown {
        Some(m) => format!(
            "{0} x {0} vertices (built in {1:.0} ms{2})   drag: orbit   right or Shift+drag: pan   wheel: zoom   double click: reset",
            m.resolution,
            m.elapsed.as_secs_f64() * 1e3,
            m.moving_stride.map_or(String::new(), |k| format!(
                "; 1 in {k} per side while moving"
            )),
        ),
        None => "building the mesh...".to_owned(),
    };
    // On a dark backing: the terrain behind the caption may be as light as the text.
    let galley =
        painter.layout_no_wrap(caption, FontId::proportional(12.0), Color32::from_gray(220));
    let at = rect.left_bottom() + egui::vec2(8.0, -6.0 - galley.size().y);
    let backing = egui::Rect::from_min_size(at, galley.size()).expand(3.0);
    painter.rect_filled(backing, 3.0, Color32::from_black_alpha(170));
    painter.galley(at, galley, Color32::from_gray(220));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_light_comes_from_where_the_lit_preview_says() {
        // From the top of the image (azimuth 90), low: towards -Z and a little up.
        let l = light_vector(&Light {
            azimuth_deg: 90.0,
            elevation_deg: 10.0,
            strength: 1.0,
        });
        assert!(l[2] < -0.9 && l[1] > 0.1 && l[0].abs() < 1e-5, "{l:?}");
        let right = light_vector(&Light {
            azimuth_deg: 0.0,
            elevation_deg: 0.0,
            strength: 1.0,
        });
        assert!((right[0] - 1.0).abs() < 1e-6);
    }
}
