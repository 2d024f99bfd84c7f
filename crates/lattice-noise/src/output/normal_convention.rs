//! [`NormalConvention`]: which way a normal map's green channel points, and the default
//! relief of normal maps and the lit view.

use serde::{Deserialize, Serialize};

/// The default relief: slopes of a few grey levels per pixel become visible tilts.
pub const DEFAULT_STRENGTH: f32 = 8.0;

/// Which way the green channel of a normal map points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NormalConvention {
    /// Green = +Y = up the image (OpenGL, Blender, Godot, Unity).
    #[default]
    #[serde(rename = "opengl")]
    OpenGl,
    /// Green = -Y = down the image (DirectX, Unreal, Substance's DirectX mode).
    #[serde(rename = "directx")]
    DirectX,
}

impl NormalConvention {
    /// Both conventions, in menu order.
    pub const ALL: [NormalConvention; 2] = [NormalConvention::OpenGl, NormalConvention::DirectX];

    /// The id used in presets and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            NormalConvention::OpenGl => "opengl",
            NormalConvention::DirectX => "directx",
        }
    }

    /// A readable name for menus.
    pub fn label(self) -> &'static str {
        match self {
            NormalConvention::OpenGl => "OpenGL (Y+)",
            NormalConvention::DirectX => "DirectX (Y-)",
        }
    }

    /// Looks a convention up by id.
    pub fn from_id(id: &str) -> Option<NormalConvention> {
        Self::ALL.into_iter().find(|c| c.id() == id)
    }
}
