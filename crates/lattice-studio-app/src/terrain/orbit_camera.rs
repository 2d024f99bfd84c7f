//! [`OrbitCamera`]: the 3D view's camera, orbiting a target point, and the few matrix
//! functions it needs (column-major, as OpenGL takes them).

/// Vertical field of view.
const FOV_Y_DEG: f32 = 40.0;
/// Steepest and flattest view angles (never down among the peaks, where the camera
/// would cut into the terrain, nor exactly overhead, where the up vector would be
/// undefined).
const PITCH_RANGE: (f32, f32) = (8.0, 89.0);

/// A camera looking at `target` from `distance` away, at compass angle `yaw_deg`
/// (0 = from the bottom edge of the image, +Z) and `pitch_deg` above the ground.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct OrbitCamera {
    /// Turn around the vertical axis, degrees.
    pub yaw_deg: f32,
    /// Angle above the ground, degrees.
    pub pitch_deg: f32,
    /// Distance from the target.
    pub distance: f32,
    /// The point looked at.
    pub target: [f32; 3],
}

impl OrbitCamera {
    /// The starting view of a terrain `extent` units wide whose heights span `low..high`:
    /// from the front right, 35 degrees up, looking at the middle of its bounding box
    /// from far enough that the box's bounding sphere fits the vertical field of view
    /// (so every corner is in view at any yaw in a view at least as wide as tall).
    pub(super) fn framing(extent: f32, (low, high): (f32, f32)) -> Self {
        let relief = (high - low).abs();
        let radius = (0.5 * extent * extent + 0.25 * relief * relief).sqrt();
        let distance = 1.02 * radius / (FOV_Y_DEG.to_radians() * 0.5).sin();
        Self {
            yaw_deg: 30.0,
            pitch_deg: 35.0,
            distance: distance.max(0.1 * extent),
            target: [0.0, 0.5 * (low + high), 0.0],
        }
    }

    /// Where the camera is.
    pub(super) fn eye(&self) -> [f32; 3] {
        let (yaw, pitch) = (self.yaw_deg.to_radians(), self.pitch_deg.to_radians());
        let t = self.target;
        [
            t[0] + self.distance * pitch.cos() * yaw.sin(),
            t[1] + self.distance * pitch.sin(),
            t[2] + self.distance * pitch.cos() * yaw.cos(),
        ]
    }

    /// Turns the camera by a mouse drag of `dx, dy` points.
    pub(super) fn orbit(&mut self, dx: f32, dy: f32) {
        self.yaw_deg = (self.yaw_deg - dx * 0.4).rem_euclid(360.0);
        self.pitch_deg = (self.pitch_deg + dy * 0.3).clamp(PITCH_RANGE.0, PITCH_RANGE.1);
    }

    /// Slides the target over the ground by a drag of `dx, dy` points in a view
    /// `height` points tall, so the ground under the cursor roughly follows it.
    pub(super) fn pan(&mut self, dx: f32, dy: f32, height: f32) {
        let per_point =
            2.0 * self.distance * (FOV_Y_DEG.to_radians() * 0.5).tan() / height.max(1.0);
        let yaw = self.yaw_deg.to_radians();
        let right = [yaw.cos(), 0.0, -yaw.sin()];
        let forward = [-yaw.sin(), 0.0, -yaw.cos()];
        for k in 0..3 {
            self.target[k] += (-right[k] * dx + forward[k] * dy) * per_point;
        }
    }

    /// Moves closer (`factor` > 1) or away, within `limits` (min, max distance).
    pub(super) fn zoom(&mut self, factor: f32, limits: (f32, f32)) {
        if factor.is_finite() && factor > 0.0 {
            self.distance = (self.distance / factor).clamp(limits.0, limits.1);
        }
    }

    /// Projection times view for a viewport of aspect ratio `aspect` (width / height).
    pub(super) fn view_projection(&self, aspect: f32) -> [f32; 16] {
        let near = self.distance * 0.01;
        let far = self.distance * 20.0 + 10.0;
        let proj = perspective(FOV_Y_DEG.to_radians(), aspect.max(1e-3), near, far);
        mul(&proj, &look_at(self.eye(), self.target))
    }
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn normalize(a: [f32; 3]) -> [f32; 3] {
    let len = dot(a, a).sqrt().max(f32::MIN_POSITIVE);
    a.map(|v| v / len)
}

/// The view matrix of a camera at `eye` looking at `target`, Y up.
fn look_at(eye: [f32; 3], target: [f32; 3]) -> [f32; 16] {
    let f = normalize(sub(target, eye));
    let s = normalize(cross(f, [0.0, 1.0, 0.0]));
    let u = cross(s, f);
    [
        s[0],
        u[0],
        -f[0],
        0.0, //
        s[1],
        u[1],
        -f[1],
        0.0, //
        s[2],
        u[2],
        -f[2],
        0.0, //
        -dot(s, eye),
        -dot(u, eye),
        dot(f, eye),
        1.0,
    ]
}

/// OpenGL's perspective projection (clip depth -1..1).
fn perspective(fov_y: f32, aspect: f32, near: f32, far: f32) -> [f32; 16] {
    let f = 1.0 / (fov_y * 0.5).tan();
    let nf = 1.0 / (near - far);
    [
        f / aspect,
        0.0,
        0.0,
        0.0, //
        0.0,
        f,
        0.0,
        0.0, //
        0.0,
        0.0,
        (far + near) * nf,
        -1.0, //
        0.0,
        0.0,
        2.0 * far * near * nf,
        0.0,
    ]
}

/// `a * b`, column-major.
fn mul(a: &[f32; 16], b: &[f32; 16]) -> [f32; 16] {
    let mut m = [0.0; 16];
    for c in 0..4 {
        for r in 0..4 {
            m[c * 4 + r] = (0..4).map(|k| a[k * 4 + r] * b[c * 4 + k]).sum();
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `m * (p, 1)` divided by w: the point's normalised device coordinates.
    fn project(m: &[f32; 16], p: [f32; 3]) -> [f32; 3] {
        let v = [p[0], p[1], p[2], 1.0];
        let o: Vec<f32> = (0..4)
            .map(|r| (0..4).map(|k| m[k * 4 + r] * v[k]).sum())
            .collect();
        [o[0] / o[3], o[1] / o[3], o[2] / o[3]]
    }

    /// Every shipped preset, on first open of the 3D view (its height fitted, the camera
    /// framing it): the terrains rise as terrains do, and all of it is in view.
    #[test]
    fn every_shipped_preset_opens_fitted_and_framed() {
        use crate::engine::{JobControl, Preset};
        use crate::files::PresetFiles as _;
        use crate::terrain::view_mesh::ViewMesh;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../presets");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "ron") {
                continue;
            }
            let mut preset = Preset::load(&path).unwrap();
            // The app's default size, meshed at full resolution as the view does.
            preset.layers = preset.layers.resized(512);
            let hm = preset.generate(&JobControl::new()).unwrap();
            let wrap = preset.layers.tileable();
            let control = JobControl::new();
            let mesh = ViewMesh::build(1, &hm, &preset.output, 512, wrap, &control).unwrap();
            let name = path.display();
            let scale = mesh.relief.fitted_height_scale().unwrap();
            let (lo, hi) = mesh.height_range;
            let rise = (hi - lo) * scale;
            eprintln!(
                "{name}: relief {:?}, scale {scale:.3}, rise {rise:.3}",
                mesh.relief
            );
            // The terrains rise like hills and mountains; the other textures rise
            // what their slopes allow (fine grain stays a rough plane).
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if ["terrain", "layered-terrain", "eroded-cliffs"].contains(&stem) {
                assert!(
                    (0.08..=0.3).contains(&rise),
                    "{name}: rises {rise} over the width"
                );
            }
            assert!(
                rise > 0.01 && rise <= 0.5,
                "{name}: rises {rise} over the width"
            );
            let cam = OrbitCamera::framing(1.0, (lo * scale, hi * scale));
            for aspect in [1.0, 1.6, 2.5] {
                let m = cam.view_projection(aspect);
                for i in 0..8 {
                    let corner = [
                        if i & 1 == 0 { -0.5 } else { 0.5 },
                        if i & 2 == 0 { lo * scale } else { hi * scale },
                        if i & 4 == 0 { -0.5 } else { 0.5 },
                    ];
                    let p = project(&m, corner);
                    assert!(
                        p.iter().all(|v| v.abs() < 1.0),
                        "{name}: {corner:?} -> {p:?}"
                    );
                }
            }
            seen += 1;
        }
        assert!(seen >= 20, "{seen} presets");
    }

    #[test]
    fn the_target_is_in_the_middle_and_the_terrain_in_view() {
        let mut cam = OrbitCamera::framing(1.0, (0.0, 0.4));
        let m = cam.view_projection(1.5);
        let c = project(&m, cam.target);
        assert!(
            c[0].abs() < 1e-5 && c[1].abs() < 1e-5 && c[2].abs() < 1.0,
            "{c:?}"
        );
        assert!((cam.target[1] - 0.2).abs() < 1e-6);
        // Every corner of the terrain's box is in view, whichever way the camera turns.
        for yaw in (0..360).step_by(15) {
            cam.yaw_deg = yaw as f32;
            for aspect in [1.0, 1.5, 2.5] {
                let m = cam.view_projection(aspect);
                for i in 0..8 {
                    let corner = [
                        if i & 1 == 0 { -0.5 } else { 0.5 },
                        if i & 2 == 0 { 0.0 } else { 0.4 },
                        if i & 4 == 0 { -0.5 } else { 0.5 },
                    ];
                    let p = project(&m, corner);
                    assert!(
                        p.iter().all(|v| v.abs() < 1.0),
                        "{yaw} {aspect} {corner:?} -> {p:?}"
                    );
                }
            }
        }
        cam.yaw_deg = 30.0;
        let m = cam.view_projection(1.5);
        // The far edge (top row of the image, -Z) is higher on screen than the near one.
        assert!(project(&m, [0.0, 0.0, -0.5])[1] > project(&m, [0.0, 0.0, 0.5])[1]);
    }

    #[test]
    fn orbit_pan_and_zoom_stay_in_bounds() {
        let mut cam = OrbitCamera::framing(1.0, (0.0, 0.0));
        cam.orbit(0.0, 10_000.0);
        assert_eq!(cam.pitch_deg, PITCH_RANGE.1);
        cam.orbit(900.0, -10_000.0);
        assert_eq!(cam.pitch_deg, PITCH_RANGE.0);
        assert!((0.0..360.0).contains(&cam.yaw_deg));
        let (before, framed) = (cam.eye(), cam.distance);
        cam.zoom(2.0, (0.1, 10.0));
        assert!((cam.distance - framed / 2.0).abs() < 1e-5);
        cam.zoom(f32::NAN, (0.1, 10.0));
        cam.zoom(1e-9, (0.1, 10.0));
        assert_eq!(cam.distance, 10.0);
        cam.pan(100.0, 0.0, 500.0);
        assert!(cam.target[1] == 0.0 && cam.eye() != before);
    }
}
