//! Heightmap -> geometry: the terrain surface as a grid of vertices (the mapped grey,
//! resampled to the mesh resolution with an area-average filter), its normals and
//! texture coordinates, and the closed solid (surface, walls and base) a 3D printer
//! needs. Sits between `pixels` (it meshes the tone-mapped grey) and `files` (which
//! streams these meshes to glb, OBJ and STL); the app's 3D view draws the same grid.
//!
//! Frame: one texture is one unit wide, centred on the origin, Y up (glTF's frame):
//! vertex `(i, j)` (column, row) stands at `x = i / (n - 1) - 0.5`,
//! `z = j / (n - 1) - 0.5` (the top row of the image is the far edge, -Z) and
//! `y = grey * height_scale`.

mod axis_filter;
mod mesh_error;
mod mesh_options;
mod solid;
mod terrain_grid;

pub use axis_filter::{AxisFilter, Sampling};
pub use mesh_error::MeshError;
pub use mesh_options::{DEFAULT_HEIGHT_SCALE, MAX_RESOLUTION, MAX_VIEW_RESOLUTION, MeshOptions};
pub use solid::{STL_BASE_MM, STL_WIDTH_MM, Solid, facet_normal};
pub use terrain_grid::TerrainGrid;
