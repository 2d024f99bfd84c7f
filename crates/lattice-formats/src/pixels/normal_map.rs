//! Tangent-space normal maps from a heightmap (central differences); a texture that is
//! one noise takes its slopes from the noise instead ([`super::ExactNormals`]).
//!
//! The surface is the mapped grey (0..1, after contrast, luminance and clamping, the
//! same heights the grey PNG shows) with one pixel as the horizontal unit; `strength`
//! scales the slopes: `n = normalize(-strength * dh/dx, -strength * dh/dy, 1)` in a
//! frame whose X points right and Y up (OpenGL) or down (DirectX).

use super::halo_grid::{HaloGrid, neighbours};
use super::tone_map::ToneMap;
use crate::engine::output::NormalConvention;
use crate::engine::output::OutputParams;
use crate::engine::{Heightmap, Region};
use image::RgbImage;
use rayon::prelude::*;

/// The slope `(dh/dx, dh/dy)` at `(x, y)` of row-major `heights` (`size` square) by
/// central differences; one-sided at clamped edges, across the edge when `wrap`.
pub fn slope(heights: &[f32], size: usize, x: usize, y: usize, wrap: bool) -> (f32, f32) {
    let (xl, xr, dx) = neighbours(x as u32, size as u32, wrap);
    let (yu, yd, dy) = neighbours(y as u32, size as u32, wrap);
    let at = |x: u32, y: u32| {
        heights
            .get(y as usize * size + x as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let (x, y) = (x as u32, y as u32);
    ((at(xr, y) - at(xl, y)) / dx, (at(x, yd) - at(x, yu)) / dy)
}

/// The unit normal for an image-space slope, X right, Y up the image (OpenGL frame).
#[inline(always)]
pub fn normal_from_slope(dhdx: f32, dhdy: f32, strength: f32) -> [f32; 3] {
    // Image rows grow downwards, so the up-the-image slope is -dh/dy.
    let (nx, ny, nz) = (-strength * dhdx, strength * dhdy, 1.0f32);
    let len = (nx * nx + ny * ny + nz * nz).sqrt();
    // Finite and positive (a NaN is neither). Divided either way and then chosen, not
    // branched on, so loops of it vectorise ([`normal_pixels`]).
    let unit = len < f32::INFINITY && len > 0.0;
    let n = [nx / len, ny / len, nz / len];
    if unit { n } else { [0.0, 0.0, 1.0] }
}

/// Encodes a unit vector component -1..1 as 0..255: `x = (c / 2 + 1/2) 255` rounded
/// half away from zero, clamped; what [`encode_unit`] gives, as tests check it.
#[cfg(test)]
fn encode(c: f32) -> u8 {
    ((c * 0.5 + 0.5) * 255.0).round().clamp(0.0, 255.0) as u8
}

/// The RGB bytes of the normal for an image-space slope, in `convention`'s frame: one
/// pixel of [`normal_pixels`], as tests check it.
#[cfg(test)]
fn normal_pixel((dhdx, dhdy): (f32, f32), strength: f32, convention: NormalConvention) -> [u8; 3] {
    let [nx, mut ny, nz] = normal_from_slope(dhdx, dhdy, strength);
    if convention == NormalConvention::DirectX {
        ny = -ny;
    }
    [encode(nx), encode(ny), encode(nz)]
}

/// The RGB bytes of the normals for the image-space slopes `slopes`, 3 a pixel into
/// `out`, each as [`normal_pixel`] makes it, in blocks of pixels that the compiler
/// vectorises: a pixel at a time, a square root and three divisions each, it was a
/// fifth of an exact normal map's time (measured).
pub(super) fn normal_pixels(
    slopes: &[(f32, f32)],
    strength: f32,
    convention: NormalConvention,
    out: &mut [u8],
) {
    const N: usize = 8;
    let flip = convention == NormalConvention::DirectX;
    for (block, bytes) in slopes.chunks(N).zip(out.chunks_mut(3 * N)) {
        let (mut dx, mut dy) = ([0.0f32; N], [0.0f32; N]);
        for (i, &(x, y)) in block.iter().enumerate() {
            (dx[i], dy[i]) = (x, y);
        }
        let mut code = [[0u8; N]; 3];
        for i in 0..N {
            let [x, y, z] = normal_from_slope(dx[i], dy[i], strength);
            code[0][i] = encode_unit(x);
            code[1][i] = encode_unit(if flip { -y } else { y });
            code[2][i] = encode_unit(z);
        }
        for (i, px) in bytes.chunks_exact_mut(3).enumerate() {
            px.copy_from_slice(&[code[0][i], code[1][i], code[2][i]]);
        }
    }
}

/// A component of a unit vector (within a rounding of -1..=1) as 0..255: `x = (c / 2 +
/// 1/2) 255` rounded half away from zero, clamped. In float and bit operations only,
/// which vectorise (`f32::round`, a library call on x86-64's baseline, and the
/// saturating casts do not): the nearest whole number by adding and taking away 2²³,
/// one more where `x` was a half above a whole number (2.5 rounds to 2 that way, to 3
/// by `round`), and the byte read from the bits of the number plus 2²³.
#[inline(always)]
fn encode_unit(c: f32) -> u8 {
    const TWO_23: f32 = 8_388_608.0;
    let x = (c * 0.5 + 0.5) * 255.0;
    let r = (x + TWO_23) - TWO_23;
    let r = if x - r == 0.5 { r + 1.0 } else { r };
    let r = r.clamp(0.0, 255.0);
    ((r + TWO_23).to_bits() & 0xff) as u8
}

/// The normal map of raw heights (no tone mapping). NaN heights count as flat.
pub fn normals_of_heights(
    hm: &Heightmap,
    strength: f32,
    convention: NormalConvention,
    wrap: bool,
) -> RgbImage {
    let grid = HaloGrid::of_texture(hm, wrap, |h| if h.is_finite() { h } else { 0.0 });
    normals_of_grid(&grid, strength, convention)
}

/// The normal map of a window's mapped heights with their ring of neighbours: exactly
/// the pixels of that window of the whole texture's normal map.
pub fn normals_of_grid(grid: &HaloGrid, strength: f32, convention: NormalConvention) -> RgbImage {
    let Region { width, height, .. } = grid.window();
    let mut data = vec![0u8; width as usize * height as usize * 3];
    data.par_chunks_mut((width as usize * 3).max(1))
        .enumerate()
        .for_each(|(y, row)| {
            let slopes: Vec<(f32, f32)> = (0..width as usize).map(|x| grid.slope(x, y)).collect();
            normal_pixels(&slopes, strength, convention, row);
        });
    RgbImage::from_raw(width, height, data).unwrap_or_else(|| RgbImage::new(width, height))
}

/// The mapped grey as a heightmap of 0..1 values (what the grey PNG shows, unquantised).
pub fn mapped_heights(hm: &Heightmap, out: &OutputParams) -> Heightmap {
    let tm = ToneMap::for_heightmap(hm, out);
    let data = hm.data().par_iter().map(|&h| tm.grey(h)).collect();
    let (w, h) = (hm.width(), hm.height());
    Heightmap::from_rect(w, h, data).unwrap_or_else(|| Heightmap::filled_rect(w, h, 0.0))
}

/// The normal map of the texture as exported: mapped grey, `out`'s strength and
/// convention; `wrap` (for tileable textures) makes the normals tile too.
pub fn normal_map(hm: &Heightmap, out: &OutputParams, wrap: bool) -> RgbImage {
    let tm = ToneMap::for_heightmap(hm, out);
    let grid = HaloGrid::of_texture(hm, wrap, |h| tm.grey(h));
    normals_of_grid(&grid, out.normal_strength, out.normal_convention)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(size: u32, f: impl Fn(f32, f32) -> f32) -> Heightmap {
        let s = size as usize;
        let data = (0..s * s)
            .map(|i| f((i % s) as f32, (i / s) as f32))
            .collect();
        Heightmap::from_data(size, data).unwrap()
    }

    fn expected(n: [f32; 3]) -> [u8; 3] {
        n.map(encode)
    }

    #[test]
    fn blocks_of_normals_are_their_pixels() {
        let odd = [0.0, -0.0, 1e-30, 0.37, -2.5, 1e20, f32::NAN, f32::INFINITY];
        let mut slopes: Vec<(f32, f32)> = odd
            .iter()
            .flat_map(|&a| odd.iter().map(move |&b| (a, -b)))
            .collect();
        slopes.extend(
            (0..1003).map(|i| ((i as f32 * 0.37).sin() * 0.3, (i as f32 * 0.11).cos() * 0.2)),
        );
        for convention in [NormalConvention::OpenGl, NormalConvention::DirectX] {
            for strength in [8.0, 0.0, 1e30] {
                // 1067 slopes: whole blocks of 8 and a partial last one.
                let mut out = vec![0u8; 3 * slopes.len()];
                normal_pixels(&slopes, strength, convention, &mut out);
                for (s, px) in slopes.iter().zip(out.chunks_exact(3)) {
                    assert_eq!(
                        px,
                        normal_pixel(*s, strength, convention),
                        "{s:?} {strength}"
                    );
                }
            }
        }
    }

    #[test]
    fn unit_components_encode_as_the_library_round_does() {
        // A hair past -1 and 1, every code's halfway point and its neighbours, a sweep.
        let mut cases = vec![-1.000_000_1f32, 1.000_000_1, -0.0];
        for k in 0..=256 {
            let half = (k as f32 - 0.5) / 255.0 * 2.0 - 1.0;
            let bits = half.to_bits();
            let next = [bits.wrapping_add(1), bits.wrapping_sub(1)].map(f32::from_bits);
            cases.extend([half, next[0], next[1]]);
        }
        cases.extend((0..=200_000).map(|i| i as f32 / 100_000.0 - 1.0));
        for c in cases.into_iter().filter(|c| c.abs() <= 1.000_000_1) {
            assert_eq!(encode_unit(c), encode(c), "component {c:e}");
        }
    }

    #[test]
    fn plane_in_x_gives_the_exact_constant_normal() {
        let (a, s) = (0.025f32, 20.0f32);
        let img = normals_of_heights(
            &field(32, |x, _| 0.1 + a * x),
            s,
            NormalConvention::OpenGl,
            false,
        );
        // n = (-s a, 0, 1) / sqrt(1 + (s a)^2): facing left (uphill is to the right).
        let len = (1.0 + (s * a) * (s * a)).sqrt();
        let want = expected([-s * a / len, 0.0, 1.0 / len]);
        // By hand: 1/sqrt(1.25) = 0.894.., so (-0.447, 0, 0.894) -> (70, 128, 242).
        assert_eq!(want, [70, 128, 242]);
        for p in img.pixels() {
            assert_eq!(p.0, want);
        }
    }

    #[test]
    fn y_flips_between_conventions() {
        // Heights grow down the image: the surface faces up the image (+Y in OpenGL).
        let hm = field(16, |_, y| 0.2 + 0.025 * y);
        let gl = normals_of_heights(&hm, 20.0, NormalConvention::OpenGl, false);
        let dx = normals_of_heights(&hm, 20.0, NormalConvention::DirectX, false);
        let len = 1.25f32.sqrt();
        assert_eq!(gl.get_pixel(5, 5).0, expected([0.0, 0.5 / len, 1.0 / len]));
        assert_eq!(dx.get_pixel(5, 5).0, expected([0.0, -0.5 / len, 1.0 / len]));
        assert_eq!(gl.get_pixel(5, 5).0[1], 185);
        for (a, b) in gl.pixels().zip(dx.pixels()) {
            assert_eq!(a.0[0], b.0[0]);
            assert_eq!(a.0[2], b.0[2]);
            assert_eq!(i32::from(a.0[1]) + i32::from(b.0[1]), 255);
        }
    }

    fn rolled(hm: &Heightmap, k: u32) -> Heightmap {
        let s = hm.size();
        field(s, |x, y| hm.get((x as u32 + k) % s, (y as u32 + k) % s))
    }

    #[test]
    fn wrapped_normals_tile_and_clamped_ones_do_not() {
        let tau = std::f32::consts::TAU;
        let hm = field(32, |x, y| {
            0.5 + 0.3 * (tau * x / 32.0).sin() * (tau * 2.0 * y / 32.0).cos()
        });
        let k = 7;
        for wrap in [true, false] {
            let a = normals_of_heights(&rolled(&hm, k), 30.0, NormalConvention::OpenGl, wrap);
            let b = normals_of_heights(&hm, 30.0, NormalConvention::OpenGl, wrap);
            // Rolling the input rolls the output exactly when wrapping (no edge exists).
            let same = (0..32).all(|y| {
                (0..32).all(|x| a.get_pixel(x, y) == b.get_pixel((x + k) % 32, (y + k) % 32))
            });
            assert_eq!(same, wrap);
        }
    }

    #[test]
    fn mapping_applies_contrast_before_slopes() {
        let hm = field(8, |x, _| 0.5 + 0.01 * x);
        let out = OutputParams {
            contrast: 2.0,
            luminance: -0.1,
            normal_strength: 25.0,
            ..OutputParams::default()
        };
        let m = normal_map(&hm, &out, false);
        let direct = normals_of_heights(
            &field(8, |x, _| 0.4 + 0.02 * x),
            25.0,
            out.normal_convention,
            false,
        );
        assert_eq!(m, direct);
        assert_eq!(
            NormalConvention::from_id("directx"),
            Some(NormalConvention::DirectX)
        );
    }
}
