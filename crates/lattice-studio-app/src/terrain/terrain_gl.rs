//! [`TerrainRenderer`]: the OpenGL side of the 3D view, drawn inside egui's frame
//! through a paint callback on eframe's own glow context.
//!
//! `unsafe`: every OpenGL call is `unsafe` in glow (the driver trusts its arguments).
//! The calls here only pass objects this renderer created, buffers whose sizes come
//! from the slices handed over, and draw ranges within the uploaded index count.

use super::view_mesh::{FLOATS_PER_VERTEX, ViewMesh};
use glow::HasContext as _;

/// Everything one frame of the 3D view needs (plain values, sent into the callback).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct DrawParams {
    /// Projection times view.
    pub view_projection: [f32; 16],
    /// Height of grey 1, in widths.
    pub height_scale: f32,
    /// Unit vector towards the light.
    pub light: [f32; 3],
    /// Colour the surface with the ramp texture (else a neutral clay colour).
    pub use_ramp: bool,
    /// Draw the triangle edges.
    pub wireframe: bool,
    /// Water plane at this grey level.
    pub water: Option<f32>,
    /// Copies per side (tileable textures can be shown 2 x 2).
    pub repeat: u32,
    /// Background colour, 0..1 RGB.
    pub background: [f32; 3],
    /// The camera is moving: draw the coarse mesh when there is one.
    pub moving: bool,
}

const VERTEX: &str = r#"
in vec3 a_pos;   // x, z, grey
in vec2 a_slope; // d grey / dx, d grey / dz
uniform mat4 u_mvp;
uniform float u_scale;
uniform vec2 u_offset;
uniform float u_cells;
out vec3 v_normal;
out float v_grey;
out vec2 v_cell;
void main() {
    vec3 p = vec3(a_pos.x + u_offset.x, a_pos.z * u_scale, a_pos.y + u_offset.y);
    v_normal = vec3(-a_slope.x * u_scale, 1.0, -a_slope.y * u_scale);
    v_grey = a_pos.z;
    v_cell = (a_pos.xy + 0.5) * u_cells;
    gl_Position = u_mvp * vec4(p, 1.0);
}
"#;

const FRAGMENT: &str = r#"
in vec3 v_normal;
in float v_grey;
in vec2 v_cell;
uniform vec3 u_light;
uniform sampler2D u_ramp;
uniform int u_mode;      // 0 terrain, 1 water
uniform int u_use_ramp;
uniform int u_wire;
out vec4 o_colour;
// Gamma 2 instead of 2.2: a square and a square root cost a software renderer far
// less than two pow() per fragment, and look the same here.
vec3 to_linear(vec3 c) { return c * c; }
vec3 to_gamma(vec3 c) { return sqrt(c); }
void main() {
    vec3 n = normalize(v_normal);
    float lambert = max(dot(n, u_light), 0.0);
    if (u_mode == 1) {
        vec3 water = to_linear(vec3(0.16, 0.38, 0.62)) * (0.45 + 0.55 * lambert);
        o_colour = vec4(to_gamma(water), 0.62);
        return;
    }
    vec3 base = u_use_ramp == 1
        ? to_linear(texture(u_ramp, vec2(v_grey, 0.5)).rgb)
        : to_linear(vec3(0.80, 0.77, 0.72));
    vec3 c = base * (0.12 + 0.88 * lambert);
    if (u_wire == 1) {
        // Distance to the nearest cell edge or diagonal, in pixels.
        vec2 f = fract(v_cell);
        vec2 w = max(fwidth(v_cell), vec2(1e-6));
        vec2 e = min(f, 1.0 - f) / w;
        float diag = abs(f.x + f.y - 1.0) / max(fwidth(f.x + f.y), 1e-6);
        float line = 1.0 - clamp(min(min(e.x, e.y), diag) - 0.5, 0.0, 1.0);
        // Cells smaller than a few pixels: a uniform tint rather than moire.
        float dense = clamp(max(w.x, w.y) * 3.0 - 1.0, 0.0, 1.0);
        c = mix(c, vec3(0.02), mix(line, 0.45, dense) * 0.85);
    }
    o_colour = vec4(to_gamma(c), 1.0);
}
"#;

/// GPU objects of the 3D view.
pub(super) struct TerrainRenderer {
    program: glow::Program,
    terrain: (glow::VertexArray, glow::Buffer, glow::Buffer),
    /// Index buffer of the coarse mesh and its index count (0: none).
    coarse: (glow::Buffer, i32),
    water: (glow::VertexArray, glow::Buffer),
    ramp: glow::Texture,
    index_count: i32,
    resolution: u32,
}

/// Compiles one shader stage.
///
/// # Safety
/// `gl` must be the current context of the calling thread (egui's paint callback).
unsafe fn compile(
    gl: &glow::Context,
    kind: u32,
    header: &str,
    body: &str,
) -> Result<glow::Shader, String> {
    // SAFETY: `gl` is current (the caller's contract); creating a shader takes no pointer.
    let shader = unsafe { gl.create_shader(kind) }?;
    // SAFETY: `shader` was just created on this context; the source is an owned string
    // that glow passes with its length, and the log is read into a String glow sizes.
    unsafe {
        gl.shader_source(shader, &format!("{header}{body}"));
        gl.compile_shader(shader);
        if !gl.get_shader_compile_status(shader) {
            let log = gl.get_shader_info_log(shader);
            gl.delete_shader(shader);
            return Err(log);
        }
    }
    Ok(shader)
}

/// Attribute locations, bound before linking (GLSL 1.40 has no `layout(location)`).
const A_POS: u32 = 0;
const A_SLOPE: u32 = 1;

impl TerrainRenderer {
    /// Compiles the shaders and creates the buffers; an error (with the reason) where
    /// the context is older than OpenGL 3.1 / OpenGL ES 3.0.
    pub(super) fn new(gl: &glow::Context) -> Result<Self, String> {
        let v = gl.version();
        let ok = if v.is_embedded {
            v.major >= 3
        } else {
            (v.major, v.minor) >= (3, 1)
        };
        if !ok {
            return Err(format!(
                "the 3D view needs OpenGL 3.1 or OpenGL ES 3.0; this driver offers {}.{}{} ({})",
                v.major,
                v.minor,
                if v.is_embedded { " ES" } else { "" },
                v.vendor_info
            ));
        }
        let header = if v.is_embedded {
            "#version 300 es\nprecision highp float;\n"
        } else {
            "#version 140\n"
        };
        // SAFETY: called from egui's paint callback with eframe's context current; every
        // object used is created here on that context; the attribute pointers describe
        // `FLOATS_PER_VERTEX` floats per vertex, the layout `ViewMesh` uploads.
        unsafe {
            let program = gl.create_program()?;
            let vs = compile(gl, glow::VERTEX_SHADER, header, VERTEX)?;
            let fs = compile(gl, glow::FRAGMENT_SHADER, header, FRAGMENT)?;
            gl.attach_shader(program, vs);
            gl.attach_shader(program, fs);
            gl.bind_attrib_location(program, A_POS, "a_pos");
            gl.bind_attrib_location(program, A_SLOPE, "a_slope");
            gl.link_program(program);
            gl.detach_shader(program, vs);
            gl.detach_shader(program, fs);
            gl.delete_shader(vs);
            gl.delete_shader(fs);
            if !gl.get_program_link_status(program) {
                let log = gl.get_program_info_log(program);
                gl.delete_program(program);
                return Err(format!("cannot link the 3D view's shaders: {log}"));
            }
            let terrain = (
                gl.create_vertex_array()?,
                gl.create_buffer()?,
                gl.create_buffer()?,
            );
            let water = (gl.create_vertex_array()?, gl.create_buffer()?);
            for (vao, vbo) in [(terrain.0, terrain.1), (water.0, water.1)] {
                gl.bind_vertex_array(Some(vao));
                gl.bind_buffer(glow::ARRAY_BUFFER, Some(vbo));
                let stride = (FLOATS_PER_VERTEX * 4) as i32;
                gl.vertex_attrib_pointer_f32(A_POS, 3, glow::FLOAT, false, stride, 0);
                gl.vertex_attrib_pointer_f32(A_SLOPE, 2, glow::FLOAT, false, stride, 12);
                gl.enable_vertex_attrib_array(A_POS);
                gl.enable_vertex_attrib_array(A_SLOPE);
            }
            gl.bind_vertex_array(Some(terrain.0));
            gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(terrain.2));
            gl.bind_vertex_array(None);
            let ramp = gl.create_texture()?;
            let renderer = Self {
                program,
                terrain,
                coarse: (gl.create_buffer()?, 0),
                water,
                ramp,
                index_count: 0,
                resolution: 0,
            };
            renderer.set_ramp(gl, &[200; 256 * 4]);
            Ok(renderer)
        }
    }

    /// Replaces the terrain mesh.
    pub(super) fn upload(&mut self, gl: &glow::Context, mesh: &ViewMesh) {
        // SAFETY: the buffers are this renderer's, on the current context; the data are
        // slices whose lengths glow passes, so the driver copies exactly what they hold.
        unsafe {
            gl.bind_vertex_array(Some(self.terrain.0));
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.terrain.1));
            let bytes: &[u8] = bytemuck::cast_slice(&mesh.vertices);
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, bytes, glow::STATIC_DRAW);
            gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(self.terrain.2));
            let bytes: &[u8] = bytemuck::cast_slice(&mesh.indices);
            gl.buffer_data_u8_slice(glow::ELEMENT_ARRAY_BUFFER, bytes, glow::STATIC_DRAW);
            let coarse = mesh.coarse.as_ref().map_or(&[][..], |(_, c)| c.as_slice());
            gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(self.coarse.0));
            gl.buffer_data_u8_slice(
                glow::ELEMENT_ARRAY_BUFFER,
                bytemuck::cast_slice(coarse),
                glow::STATIC_DRAW,
            );
            gl.bind_vertex_array(None);
        }
        self.coarse.1 =
            i32::try_from(mesh.coarse.as_ref().map_or(0, |(_, c)| c.len())).unwrap_or(0);
        self.index_count = i32::try_from(mesh.indices.len()).unwrap_or(0);
        self.resolution = mesh.resolution;
    }

    /// Whether a mesh has been uploaded.
    pub(super) fn has_mesh(&self) -> bool {
        self.index_count > 0
    }

    /// Replaces the colour ramp: 256 RGBA texels for grey 0..1.
    pub(super) fn set_ramp(&self, gl: &glow::Context, texels: &[u8; 256 * 4]) {
        // SAFETY: `self.ramp` is this renderer's texture on the current context, and the
        // array holds exactly the 256 x 1 RGBA8 texels the upload reads.
        unsafe {
            gl.bind_texture(glow::TEXTURE_2D, Some(self.ramp));
            gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA8 as i32,
                256,
                1,
                0,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(Some(texels)),
            );
            for (name, value) in [
                (glow::TEXTURE_MIN_FILTER, glow::LINEAR),
                (glow::TEXTURE_MAG_FILTER, glow::LINEAR),
                (glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE),
                (glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE),
            ] {
                gl.tex_parameter_i32(glow::TEXTURE_2D, name, value as i32);
            }
            gl.bind_texture(glow::TEXTURE_2D, None);
        }
    }

    /// Draws the terrain (and the water) into the current viewport, clearing it first;
    /// leaves depth testing and blending as egui expects them (off / its own).
    pub(super) fn paint(&self, gl: &glow::Context, p: &DrawParams) {
        // SAFETY: `self.program` is this renderer's linked program on the current context.
        let uniform = |name: &str| unsafe { gl.get_uniform_location(self.program, name) };
        // SAFETY: every object bound is this renderer's; `draw_elements` reads `count`
        // indices, the number uploaded to the bound element buffer, each below the vertex
        // count (the mesher's triangles index its own grid); the water quad is the 6
        // vertices just uploaded.
        unsafe {
            let [r, g, b] = p.background;
            gl.clear_color(r, g, b, 1.0);
            gl.clear_depth_f32(1.0);
            gl.depth_mask(true);
            gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
            if !self.has_mesh() {
                return;
            }
            gl.enable(glow::DEPTH_TEST);
            gl.depth_func(glow::LEQUAL);
            gl.disable(glow::CULL_FACE);
            gl.disable(glow::BLEND);
            gl.use_program(Some(self.program));
            gl.uniform_matrix_4_f32_slice(uniform("u_mvp").as_ref(), false, &p.view_projection);
            gl.uniform_3_f32_slice(uniform("u_light").as_ref(), &p.light);
            gl.uniform_1_f32(
                uniform("u_cells").as_ref(),
                self.resolution.saturating_sub(1) as f32,
            );
            gl.uniform_1_i32(uniform("u_use_ramp").as_ref(), i32::from(p.use_ramp));
            gl.uniform_1_i32(uniform("u_wire").as_ref(), i32::from(p.wireframe));
            gl.uniform_1_i32(uniform("u_mode").as_ref(), 0);
            gl.uniform_1_f32(uniform("u_scale").as_ref(), p.height_scale);
            gl.active_texture(glow::TEXTURE0);
            gl.bind_texture(glow::TEXTURE_2D, Some(self.ramp));
            gl.uniform_1_i32(uniform("u_ramp").as_ref(), 0);
            gl.bind_vertex_array(Some(self.terrain.0));
            // The element buffer is part of the vertex array's state: pick the level.
            let (indices, count) = if p.moving && self.coarse.1 > 0 {
                self.coarse
            } else {
                (self.terrain.2, self.index_count)
            };
            gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(indices));
            let repeat = p.repeat.clamp(1, 3);
            let centre = (repeat - 1) as f32 * 0.5;
            for tj in 0..repeat {
                for ti in 0..repeat {
                    let offset = [ti as f32 - centre, tj as f32 - centre];
                    gl.uniform_2_f32_slice(uniform("u_offset").as_ref(), &offset);
                    gl.draw_elements(glow::TRIANGLES, count, glow::UNSIGNED_INT, 0);
                }
            }
            if let Some(level) = p.water {
                // One quad over the whole mosaic at y = level * scale, seen through.
                let e = repeat as f32 * 0.5;
                let quad: [f32; 30] = [
                    -e, -e, 1.0, 0.0, 0.0, e, -e, 1.0, 0.0, 0.0, -e, e, 1.0, 0.0, 0.0, //
                    e, -e, 1.0, 0.0, 0.0, e, e, 1.0, 0.0, 0.0, -e, e, 1.0, 0.0, 0.0,
                ];
                gl.bind_vertex_array(Some(self.water.0));
                gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.water.1));
                gl.buffer_data_u8_slice(
                    glow::ARRAY_BUFFER,
                    bytemuck::cast_slice(&quad),
                    glow::STREAM_DRAW,
                );
                gl.uniform_1_i32(uniform("u_mode").as_ref(), 1);
                gl.uniform_1_f32(uniform("u_scale").as_ref(), level * p.height_scale);
                gl.uniform_2_f32_slice(uniform("u_offset").as_ref(), &[0.0, 0.0]);
                gl.enable(glow::BLEND);
                gl.blend_func(glow::SRC_ALPHA, glow::ONE_MINUS_SRC_ALPHA);
                gl.depth_mask(false);
                gl.draw_arrays(glow::TRIANGLES, 0, 6);
                gl.depth_mask(true);
            }
            gl.bind_vertex_array(None);
            gl.bind_texture(glow::TEXTURE_2D, None);
            gl.use_program(None);
            gl.disable(glow::DEPTH_TEST);
        }
    }

    /// Frees the GPU objects (when the window closes).
    pub(super) fn destroy(&self, gl: &glow::Context) {
        // SAFETY: deletes only this renderer's objects, once, as the window closes.
        unsafe {
            gl.delete_program(self.program);
            gl.delete_vertex_array(self.terrain.0);
            gl.delete_buffer(self.terrain.1);
            gl.delete_buffer(self.terrain.2);
            gl.delete_buffer(self.coarse.0);
            gl.delete_vertex_array(self.water.0);
            gl.delete_buffer(self.water.1);
            gl.delete_texture(self.ramp);
        }
    }
}
