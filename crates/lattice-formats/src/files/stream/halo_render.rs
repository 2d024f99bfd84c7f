//! The mapped heights of a window with the ring of neighbours its normal map needs
//! ([`HaloGrid`]), taken from the noise outside the window: a normal-map tile or band
//! equals that window of the whole texture's normal map.

use super::band_renderer::BandRenderer;
use crate::engine::{EngineError, Heightmap, Region};
use crate::pixels::{HaloGrid, neighbours};

/// Columns (or rows) `start..end` of the texture.
fn span(start: u32, len: u32, size: u32) -> (u32, u32) {
    (start.saturating_sub(1), (start + len + 1).min(size))
}

/// Renders `window` grown by one pixel where the texture goes on, plus, at the edges
/// of a tileable texture, the row or column on the far side; then maps every height
/// with `map` into a [`HaloGrid`].
pub(super) fn render_halo(
    renderer: &BandRenderer<'_>,
    window: Region,
    map: impl Fn(f32) -> f32 + Sync,
) -> Result<HaloGrid, EngineError> {
    let preset = renderer.preset();
    let (size, wrap) = (preset.size(), preset.layers.tileable());
    let (x0, y0, w, h) = (window.x, window.y, window.width, window.height);
    let (gx0, gx1) = span(x0, w, size);
    let (gy0, gy1) = span(y0, h, size);
    let grown = Region {
        x: gx0,
        y: gy0,
        width: gx1 - gx0,
        height: gy1 - gy0,
    };
    let main = renderer.render(grown)?;
    let left = neighbours(x0, size, wrap).0;
    let right = neighbours(x0 + w - 1, size, wrap).1;
    let top = neighbours(y0, size, wrap).0;
    let bottom = neighbours(y0 + h - 1, size, wrap).1;
    let inside = |v: u32, lo: u32, hi: u32| (lo..hi).contains(&v);
    // The far side of a tileable texture, when the grown window does not reach it.
    let strip = |region: Region| -> Result<Option<Heightmap>, EngineError> {
        let outside_x = !inside(region.x, gx0, gx1);
        let outside_y = !inside(region.y, gy0, gy1);
        if outside_x || outside_y {
            renderer.render(region).map(Some)
        } else {
            Ok(None)
        }
    };
    let column = |x| Region {
        x,
        y: y0,
        width: 1,
        height: h,
    };
    let row = |y| Region {
        x: x0,
        y,
        width: w,
        height: 1,
    };
    let (left_strip, right_strip) = (strip(column(left))?, strip(column(right))?);
    let (top_strip, bottom_strip) = (strip(row(top))?, strip(row(bottom))?);

    let mut grid = HaloGrid::new(size, wrap, window);
    let at = |x: u32, y: u32| main.get(x - gx0, y - gy0);
    for r in 0..h as usize + 2 {
        let out = grid.row_mut(r);
        let ty = match r {
            0 => top,
            r if r == h as usize + 1 => bottom,
            r => y0 + r as u32 - 1,
        };
        let middle = &mut out[1..=w as usize];
        if inside(ty, gy0, gy1) {
            let src = &main.row(ty - gy0)[(x0 - gx0) as usize..][..w as usize];
            for (o, &v) in middle.iter_mut().zip(src) {
                *o = map(v);
            }
        } else if let Some(s) = if r == 0 { &top_strip } else { &bottom_strip } {
            for (o, &v) in middle.iter_mut().zip(s.row(0)) {
                *o = map(v);
            }
        }
        if r == 0 || r == h as usize + 1 {
            continue; // the ring's corners are never read
        }
        let side = |x: u32, s: &Option<Heightmap>| match s {
            Some(s) => map(s.get(0, r as u32 - 1)),
            None => map(at(x, ty)),
        };
        out[0] = side(left, &left_strip);
        out[w as usize + 1] = side(right, &right_strip);
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::JobControl;
    use crate::engine::Preset;

    #[test]
    fn windows_see_the_texture_around_them() {
        for tileable in [false, true] {
            let mut preset = Preset::default();
            preset.layers = preset.layers.resized(64);
            preset.layers.set_tileable(tileable);
            let whole = preset.generate(&JobControl::new()).unwrap();
            let full = HaloGrid::of_texture(&whole, tileable, |h| h * 2.0);
            let r = BandRenderer::new(&preset);
            for window in [
                Region::full(64),
                Region::band(64, 0, 16),
                Region::band(64, 48, 16),
                Region {
                    x: 0,
                    y: 5,
                    width: 7,
                    height: 9,
                },
                Region {
                    x: 60,
                    y: 60,
                    width: 4,
                    height: 4,
                },
                Region {
                    x: 17,
                    y: 33,
                    width: 1,
                    height: 1,
                },
            ] {
                let g = render_halo(&r, window, |h| h * 2.0).unwrap();
                for y in 0..window.height as usize {
                    for x in 0..window.width as usize {
                        let want = full.slope(window.x as usize + x, window.y as usize + y);
                        assert_eq!(g.slope(x, y), want, "{tileable} {window:?} {x},{y}");
                    }
                }
            }
        }
    }
}
