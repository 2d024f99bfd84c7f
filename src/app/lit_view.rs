//! A minimal lit (bump-mapped) view of a heightmap: the libnoise article's way of making
//! interpolation creases visible. (A fuller shading module lives on another branch; this
//! is only what the classic viewer needs.)

use crate::Heightmap;

/// Share of light on surfaces facing away from the light, so shadows stay readable.
const AMBIENT: f32 = 0.1;

/// A directional light: where it comes from and how strongly slopes are exaggerated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    /// Direction the light comes from, degrees counter-clockwise from +x (right).
    pub azimuth_deg: f32,
    /// Height above the surface, degrees (90 = straight above).
    pub elevation_deg: f32,
    /// Slope exaggeration; relief is measured per 1/64 of the texture so the look does
    /// not change with the preview's resolution.
    pub strength: f32,
}

impl Default for Light {
    fn default() -> Self {
        Self {
            azimuth_deg: 135.0,
            elevation_deg: 40.0,
            strength: 4.0,
        }
    }
}

/// Grey values 0..=255, row-major, of `hm` lit by `light` (Lambert with ambient; central
/// differences, clamped at the edges). Non-finite heights or light give mid grey.
pub fn shade(hm: &Heightmap, light: &Light) -> Vec<u8> {
    let size = hm.size() as usize;
    let (az, el) = (
        light.azimuth_deg.to_radians(),
        light.elevation_deg.clamp(0.0, 90.0).to_radians(),
    );
    // Image rows go down, so "up" in the light's frame is -y in pixels.
    let l = [el.cos() * az.cos(), -el.cos() * az.sin(), el.sin()];
    let k = light.strength * size as f32 / 64.0;
    let data = hm.data();
    let at = |x: usize, y: usize| data[y * size + x];
    let mut out = vec![128u8; size * size];
    for y in 0..size {
        for x in 0..size {
            let (x0, x1) = (x.saturating_sub(1), (x + 1).min(size - 1));
            let (y0, y1) = (y.saturating_sub(1), (y + 1).min(size - 1));
            let dx = (at(x1, y) - at(x0, y)) / (x1 - x0).max(1) as f32;
            let dy = (at(x, y1) - at(x, y0)) / (y1 - y0).max(1) as f32;
            let n = [-k * dx, -k * dy, 1.0];
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            let lambert = ((n[0] * l[0] + n[1] * l[1] + n[2] * l[2]) / len).max(0.0);
            let b = AMBIENT + (1.0 - AMBIENT) * lambert;
            if b.is_finite() {
                out[y * size + x] = (b.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp(size: u32, slope_x: f32) -> Heightmap {
        let data = (0..size * size)
            .map(|i| (i % size) as f32 * slope_x)
            .collect();
        Heightmap::from_data(size, data).unwrap()
    }

    #[test]
    fn slopes_facing_the_light_are_brighter() {
        // Light from the left (azimuth 180): a surface rising to the right faces it.
        let light = Light {
            azimuth_deg: 180.0,
            elevation_deg: 30.0,
            strength: 4.0,
        };
        let up = shade(&ramp(16, 0.01), &light);
        let flat = shade(&ramp(16, 0.0), &light);
        let down = shade(&ramp(16, -0.01), &light);
        assert!(up[8 * 16 + 8] > flat[8 * 16 + 8]);
        assert!(flat[8 * 16 + 8] > down[8 * 16 + 8]);
    }

    #[test]
    fn creases_of_linear_value_noise_show_up() {
        // Bilinear value noise has slope jumps on grid lines: neighbouring pixels across a
        // grid line differ more in the lit view than within a cell.
        let p = crate::NoiseParams {
            size: 64,
            octaves: 1,
            initial_step: 16,
            persistence: 1.0,
            proximity: crate::Proximity::Hill,
            fade: crate::Fade::Linear,
            random: crate::RandomSource::LibnoiseValue,
            ..crate::NoiseParams::default()
        };
        let hm = crate::engine::generate_simple(&p).unwrap();
        let lit = shade(&hm, &Light::default());
        let jump = |x: usize| -> u32 {
            (1..63)
                .map(|y| u32::from(lit[y * 64 + x].abs_diff(lit[y * 64 + x + 1])))
                .sum()
        };
        // Pixel 16 is on the grid line: 15 -> 16 stays in a cell, 16 -> 17 crosses the crease.
        let (across, within) = (jump(15) + jump(16), jump(7) + jump(8));
        assert!(across > within, "across {across}, within {within}");
    }
}
