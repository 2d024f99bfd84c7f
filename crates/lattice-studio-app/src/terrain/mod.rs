//! The 3D terrain view: the heightmap as a lit surface drawn through a paint callback
//! on eframe's glow context, meshed off the UI thread, with an orbit camera and the
//! controls above the preview (the 2D/3D switch among them).

mod frame_bench;
mod gpu_state;
mod mesher;
mod orbit_camera;
pub(super) mod relief;
pub(super) mod shoreline;
#[allow(unsafe_code)] // OpenGL calls; see the module's documentation.
mod terrain_gl;
pub(super) mod terrain_settings;
pub(super) mod terrain_view;
pub(super) mod view_bar;
pub(super) mod view_mesh;

pub use terrain_settings::TerrainSettings;
pub use terrain_view::MeshInfo;
