//! [`GpuState`]: what the UI thread hands to the paint callback (a new mesh, a new
//! ramp) and what the callback reports back (the renderer, or why there is none).

use super::terrain_gl::{DrawParams, TerrainRenderer};
use super::view_mesh::ViewMesh;

/// Shared between the UI thread and egui_glow's paint callback (behind a mutex).
#[derive(Default)]
pub(super) struct GpuState {
    renderer: Option<TerrainRenderer>,
    /// Why the 3D view cannot draw (an old OpenGL, a shader the driver refused).
    pub failed: Option<String>,
    /// A mesh waiting to be uploaded.
    pub pending_mesh: Option<Box<ViewMesh>>,
    /// A colour ramp waiting to be uploaded (256 RGBA texels).
    pub pending_ramp: Option<Box<[u8; 1024]>>,
    /// Id of the mesh on the GPU.
    pub uploaded: Option<u64>,
}

impl GpuState {
    /// Creates the renderer on first use, uploads what is pending, and draws.
    pub(super) fn paint(&mut self, gl: &glow::Context, params: &DrawParams) {
        if self.failed.is_some() {
            return;
        }
        if self.renderer.is_none() {
            match TerrainRenderer::new(gl) {
                Ok(r) => self.renderer = Some(r),
                Err(e) => {
                    // Also on stderr, for logs and the real-window test.
                    eprintln!("3D view cannot run here: {e}");
                    self.failed = Some(e);
                    return;
                }
            }
        }
        let Some(renderer) = self.renderer.as_mut() else {
            return;
        };
        if let Some(mesh) = self.pending_mesh.take() {
            renderer.upload(gl, &mesh);
            self.uploaded = Some(mesh.id);
        }
        if let Some(ramp) = self.pending_ramp.take() {
            renderer.set_ramp(gl, &ramp);
        }
        renderer.paint(gl, params);
    }

    /// Frees the GPU objects.
    pub(super) fn destroy(&mut self, gl: &glow::Context) {
        if let Some(r) = self.renderer.take() {
            r.destroy(gl);
        }
    }
}
