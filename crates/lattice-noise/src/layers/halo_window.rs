//! [`toned_window`]: a layer's toned heights over a region and a margin of pixels around
//! it, for what reads a pixel's neighbours (slope masks, erosion): the halo is read from the texture,
//! wrapped when it tiles and clamped at its edges when not, so a window of the texture
//! sees exactly the neighbours the whole texture does.

use super::cache_core::CacheCore;
use super::noise_sampler::NoiseSampler;
use super::raw_spec::RawSpec;
use super::tone::Tone;
use crate::engine_error::EngineError;
use crate::heightmap::Heightmap;
use crate::job_control::JobControl;
use crate::region::Region;
use std::sync::Arc;

/// What a window's halo holds past the edge of a texture that does not tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edges {
    /// The edge pixel's copy (slopes: a one-sided difference at the edge).
    Copied,
    /// The line through the edge pixel and the next ([`extend_edges_linearly`]).
    Continued,
}

/// `read` of the heights of `spec` through `tone` over `region` grown by `margin`
/// pixels on every side (`width + 2 margin` by `height + 2 margin`, row-major), read
/// through `cache` in as few rectangles of the texture as the wrap takes (one when it
/// does not wrap; a clamped halo reads the edge pixels of the same rectangle again);
/// past the edges of a texture that does not tile, the halo is as `edges` says. The
/// window is written into the memory of the cache's last one, and its memory kept for
/// the next: a fresh one costs its page faults on every render.
pub(super) fn toned_window<S: NoiseSampler, R>(
    cache: &mut CacheCore<S>,
    spec: &RawSpec,
    tone: &Tone,
    (region, margin, edges): (Region, usize, Edges),
    control: &JobControl,
    read: impl FnOnce(&[f32]) -> R,
) -> Result<R, EngineError> {
    let texture = (spec.noise.size, spec.noise.tileable);
    let memory = std::mem::take(&mut cache.window);
    let fetch = |piece| cache.heights(spec, piece, control);
    let window = window_of(texture, tone, (region, margin, edges), fetch, memory)?;
    let out = read(&window);
    cache.window = window;
    Ok(out)
}

/// [`toned_window`] of any heights of a texture of `(size, tiles)`: `fetch` gives
/// those of a rectangle of it (a layer's, or a composite's); written into `memory`'s
/// allocation, row by row (every pixel of the window once, so with no zeroing first).
pub(super) fn window_of(
    (size, tiles): (u32, bool),
    tone: &Tone,
    (region, margin, edges): (Region, usize, Edges),
    mut fetch: impl FnMut(Region) -> Result<Arc<Heightmap>, EngineError>,
    mut memory: Vec<f32>,
) -> Result<Vec<f32>, EngineError> {
    let (w, h) = (region.width as usize, region.height as usize);
    let cols = halo_axis(region.x, w, margin, size, tiles);
    let rows = halo_axis(region.y, h, margin, size, tiles);
    let (col_pieces, col_at) = pieces(&cols);
    let (row_pieces, row_at) = pieces(&rows);
    let col_spans = spans(&col_at);
    // Every piece first (a halo clamped at an edge reads the edge's pixels again; one
    // that wraps reads the far side's), then the window row by row, span by span.
    let mut maps = Vec::with_capacity(row_pieces.len() * col_pieces.len());
    for &(y, rn) in &row_pieces {
        for &(x, cn) in &col_pieces {
            let piece = Region {
                x,
                y,
                width: cn as u32,
                height: rn as u32,
            };
            maps.push(fetch(piece)?);
        }
    }
    memory.clear();
    memory.reserve(cols.len() * rows.len());
    // An identity tone returns every height as it is: copied as slices.
    let identity = tone.is_identity();
    for &(pj, oy) in &row_at {
        for &(_, pi, ox, n) in &col_spans {
            let cn = col_pieces[pi].1;
            let src = &maps[pj * col_pieces.len() + pi].data()[oy * cn + ox..][..n];
            if identity {
                memory.extend_from_slice(src);
            } else {
                memory.extend(src.iter().map(|&v| tone.apply(v)));
            }
        }
    }
    if edges == Edges::Continued && !tiles {
        extend_edges_linearly(&mut memory, region, margin, size);
    }
    Ok(memory)
}

/// Rewrites the halo of a [`toned_window`] of `region` (grown by `margin`) where it lies
/// past the edge of a `size` texture that does not tile: each such halo pixel, `d`
/// pixels out, continues the line through the edge pixel and the one `d` pixels inside
/// it (`2 h(0) - h(d)`), in place of the edge pixel's copy. Second differences across an
/// edge are then about 0, where a copy would make every edge pixel look like a crease
/// (curvature masks). Positions are the texture's, and only texture values go in, so
/// every window of the texture (one near an edge but not touching it too, when the
/// margin is wider than a pixel) rewrites the same halo. The pixel `d` inside always
/// lies in the window: it is no further from the edge than the halo pixel is.
fn extend_edges_linearly(window: &mut [f32], region: Region, margin: usize, size: u32) {
    let (w, h) = (region.width as usize, region.height as usize);
    if w == 0 || h == 0 {
        return;
    }
    let m = margin as i64;
    let stride = w + 2 * margin;
    let rows = h + 2 * margin;
    let (x0, y0) = (i64::from(region.x) - m, i64::from(region.y) - m);
    let last = i64::from(size) - 1;
    // The edge and the mirror pixel inside of texture coordinate `t` past an edge.
    let past = |t: i64| -> Option<(i64, i64)> {
        let (edge, mirror) = if t < 0 {
            (0, -t)
        } else if t > last {
            (last, 2 * last - t)
        } else {
            return None;
        };
        Some((edge, mirror.clamp(0, last)))
    };
    // Only the window's columns past the left and right edges change (the others'
    // `past` is `None`): a pass over those alone, not over every pixel.
    let inside = |t: i64| t.clamp(0, stride as i64) as usize;
    let halo_columns = (0..inside(-x0)).chain(inside(last + 1 - x0)..stride);
    // Rows inside the texture first; then every column, so corners continue the
    // rewritten rows.
    for j in 0..rows {
        let ty = y0 + j as i64;
        if !(0..=last).contains(&ty) {
            continue;
        }
        let row = &mut window[j * stride..][..stride];
        for i in halo_columns.clone() {
            if let Some((edge, mirror)) = past(x0 + i as i64) {
                row[i] = 2.0 * row[(edge - x0) as usize] - row[(mirror - x0) as usize];
            }
        }
    }
    for j in 0..rows {
        if let Some((edge, mirror)) = past(y0 + j as i64) {
            let (e, r) = ((edge - y0) as usize, (mirror - y0) as usize);
            for i in 0..stride {
                window[j * stride + i] = 2.0 * window[e * stride + i] - window[r * stride + i];
            }
        }
    }
}

/// The texture coordinates of `len` pixels from `start` with `margin` more on each
/// side: wrapped at `size` when the texture tiles, else clamped to it.
fn halo_axis(start: u32, len: usize, margin: usize, size: u32, tiles: bool) -> Vec<u32> {
    let size = i64::from(size.max(1));
    let m = margin as i64;
    (0..len as i64 + 2 * m)
        .map(|i| {
            let t = i64::from(start) - m + i;
            let t = if tiles {
                t.rem_euclid(size)
            } else {
                t.clamp(0, size - 1)
            };
            t as u32
        })
        .collect()
}

/// The window's columns grouped as (first column, piece, offset, length): runs of
/// columns read from consecutive pixels of one piece, so they are copied as slices.
fn spans(at: &[(usize, usize)]) -> Vec<(usize, usize, usize, usize)> {
    let mut out: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (i, &(p, o)) in at.iter().enumerate() {
        match out.last_mut() {
            Some((_, sp, so, n)) if *sp == p && *so + *n == o => *n += 1,
            _ => out.push((i, p, o, 1)),
        }
    }
    out
}

/// A run of texture coordinates along one axis: (first coordinate, length).
type Piece = (u32, usize);

/// The pieces of the texture one axis of a window reads, as (first coordinate, length),
/// and where each of its coordinates lies in them (piece, offset): runs of consecutive
/// coordinates, a coordinate already in a piece (an edge clamped, a wrap round a small
/// texture) read from that piece again, so each height is rendered once.
fn pieces(axis: &[u32]) -> (Vec<Piece>, Vec<(usize, usize)>) {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut at = Vec::with_capacity(axis.len());
    for &t in axis {
        let held = pieces
            .iter()
            .position(|&(s, n)| (s..s + n as u32).contains(&t));
        if let Some(p) = held {
            at.push((p, (t - pieces[p].0) as usize));
            continue;
        }
        match pieces.last_mut() {
            Some((s, n)) if *s + *n as u32 == t => *n += 1,
            _ => pieces.push((t, 1)),
        }
        let p = pieces.len() - 1;
        at.push((p, (t - pieces[p].0) as usize));
    }
    (pieces, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halos_wrap_or_clamp_and_split_into_pieces() {
        assert_eq!(halo_axis(0, 3, 1, 8, true), vec![7, 0, 1, 2, 3]);
        assert_eq!(halo_axis(0, 3, 1, 8, false), vec![0, 0, 1, 2, 3]);
        assert_eq!(halo_axis(5, 3, 1, 8, true), vec![4, 5, 6, 7, 0]);
        assert_eq!(halo_axis(5, 3, 1, 8, false), vec![4, 5, 6, 7, 7]);
        assert_eq!(
            pieces(&[7, 0, 1, 2, 3]),
            (
                vec![(7, 1), (0, 4)],
                vec![(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)]
            )
        );
        // A clamped edge reads its pixel again rather than a piece of its own per copy.
        assert_eq!(
            pieces(&[0, 0, 0, 1, 2]),
            (vec![(0, 3)], vec![(0, 0), (0, 0), (0, 0), (0, 1), (0, 2)])
        );
        assert_eq!(
            pieces(&[4, 5, 6, 7, 7, 7]),
            (
                vec![(4, 4)],
                vec![(0, 0), (0, 1), (0, 2), (0, 3), (0, 3), (0, 3)]
            )
        );
        assert_eq!(
            pieces(&[2, 3, 4]),
            (vec![(2, 3)], vec![(0, 0), (0, 1), (0, 2)])
        );
        assert_eq!(
            spans(&[(0, 0), (0, 0), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]),
            vec![(0, 0, 0, 1), (1, 0, 0, 1), (2, 0, 0, 3), (5, 1, 0, 2)]
        );
        // Round a whole tiling texture and on: the coordinates come back to the first
        // piece.
        assert_eq!(
            pieces(&[6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0]),
            (
                vec![(6, 2), (0, 6)],
                vec![
                    (0, 0),
                    (0, 1),
                    (1, 0),
                    (1, 1),
                    (1, 2),
                    (1, 3),
                    (1, 4),
                    (1, 5),
                    (0, 0),
                    (0, 1),
                    (1, 0)
                ]
            )
        );
        // A whole tiling texture of 2 pixels: every coordinate, twice around.
        assert_eq!(halo_axis(0, 2, 1, 2, true), vec![1, 0, 1, 0]);
        assert_eq!(halo_axis(1, 2, 2, 8, false), vec![0, 0, 1, 2, 3, 4]);
    }

    #[test]
    fn edges_continue_the_slope_and_inner_halos_stay() {
        // A 3 x 2 window (1 x 0 halo rows aside) at the top-left corner of a 10 px
        // texture, heights 10 x + y inside: the left and top halos are extrapolated, the
        // right and bottom ones (inside the texture) kept.
        let region = Region {
            x: 0,
            y: 0,
            width: 2,
            height: 2,
        };
        let mut window: Vec<f32> = (0..4)
            .flat_map(|y| {
                (0..4).map(move |x| 10.0 * (x as f32 - 1.0).max(0.0) + (y as f32 - 1.0).max(0.0))
            })
            .collect();
        extend_edges_linearly(&mut window, region, 1, 10);
        assert_eq!(&window[4..8], &[-10.0, 0.0, 10.0, 20.0]);
        assert_eq!(&window[8..12], &[-9.0, 1.0, 11.0, 21.0]);
        assert_eq!(window[1..3], [-1.0, 9.0]);
        assert_eq!(window[13..15], [2.0, 12.0]);
        // Nothing to do for an empty region.
        extend_edges_linearly(&mut [], Region { width: 0, ..region }, 1, 10);
    }

    #[test]
    fn windows_near_an_edge_rewrite_the_whole_textures_halo() {
        // A 12 px texture, heights i² + 3 j, margin 3: the window of every 2 x 1 region
        // (those near the bottom and right edges reach past them without touching them)
        // equals that part of the whole texture's window.
        let (size, m) = (12u32, 3usize);
        let n = size as usize + 2 * m;
        let texture = |x: i64, y: i64| {
            let (x, y) = (x.clamp(0, 11), y.clamp(0, 11));
            (x * x + 3 * y) as f32
        };
        let window_of = |r: Region| {
            let (w, h) = (r.width as usize + 2 * m, r.height as usize + 2 * m);
            let mut v: Vec<f32> = (0..w * h)
                .map(|k| {
                    let x = i64::from(r.x) - m as i64 + (k % w) as i64;
                    let y = i64::from(r.y) - m as i64 + (k / w) as i64;
                    texture(x, y)
                })
                .collect();
            extend_edges_linearly(&mut v, r, m, size);
            v
        };
        let whole = window_of(Region::full(size));
        for y in 0..size {
            for x in 0..size - 1 {
                let r = Region {
                    x,
                    y,
                    width: 2,
                    height: 1,
                };
                let part = window_of(r);
                let w = 2 + 2 * m;
                for (k, v) in part.iter().enumerate() {
                    let (i, j) = (x as usize + k % w, y as usize + k / w);
                    assert_eq!(*v, whole[j * n + i], "{r:?} at {i},{j}");
                }
            }
        }
    }
}
