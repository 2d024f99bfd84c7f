//! [`MeshOptions`]: how finely and how tall a heightmap is meshed.

use super::mesh_error::MeshError;

/// Default height of white (grey 1) above black, relative to the mesh's width.
pub const DEFAULT_HEIGHT_SCALE: f32 = 0.25;
/// Most vertices per side of an exported mesh (a 4 GiB glb holds about 8190).
pub const MAX_RESOLUTION: u32 = 8192;
/// Most vertices per side of the app's 3D view (and the default of exports).
pub const MAX_VIEW_RESOLUTION: u32 = 1024;

/// How a heightmap is turned into a mesh.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeshOptions {
    /// Vertices per side (2..=[`MAX_RESOLUTION`]). Fewer than the texture's pixels
    /// average the pixels each vertex stands for; more interpolate bilinearly.
    pub resolution: u32,
    /// Height of grey 1 (white) above grey 0, relative to the mesh's width.
    pub height_scale: f32,
}

impl MeshOptions {
    /// The defaults for a texture of `size` pixels: one vertex per pixel up to
    /// [`MAX_VIEW_RESOLUTION`] per side, height scale [`DEFAULT_HEIGHT_SCALE`].
    pub fn for_size(size: u32) -> Self {
        Self {
            resolution: size.clamp(2, MAX_VIEW_RESOLUTION),
            height_scale: DEFAULT_HEIGHT_SCALE,
        }
    }

    /// Checks the resolution and the height scale.
    pub fn validate(&self) -> Result<(), MeshError> {
        if !(2..=MAX_RESOLUTION).contains(&self.resolution) {
            return Err(MeshError::Resolution {
                value: self.resolution,
                max: MAX_RESOLUTION,
            });
        }
        if !(0.0..=16.0).contains(&self.height_scale) {
            return Err(MeshError::HeightScale(self.height_scale));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_texture_up_to_the_limit() {
        assert_eq!(MeshOptions::for_size(512).resolution, 512);
        assert_eq!(MeshOptions::for_size(8192).resolution, 1024);
        assert_eq!(MeshOptions::for_size(1).resolution, 2);
        assert!(MeshOptions::for_size(300).validate().is_ok());
    }

    #[test]
    fn bad_options_are_refused() {
        let ok = MeshOptions::for_size(64);
        for bad in [
            MeshOptions {
                resolution: 1,
                ..ok
            },
            MeshOptions {
                resolution: MAX_RESOLUTION + 1,
                ..ok
            },
            MeshOptions {
                height_scale: -0.1,
                ..ok
            },
            MeshOptions {
                height_scale: f32::NAN,
                ..ok
            },
            MeshOptions {
                height_scale: f32::INFINITY,
                ..ok
            },
        ] {
            assert!(bad.validate().is_err(), "{bad:?}");
        }
    }
}
