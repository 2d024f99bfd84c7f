//! [`TurnedGrid`]: the numbers and turns of every lattice point a tile's sample points
//! can reach in one octave of the isotropic mode, drawn once per tile; or, when the
//! points spread over too many, each pixel's four points drawn on their own. Both draw
//! through [`TurnedOctave`], so a pixel's value does not depend on which one its tile
//! used.

use super::row_copy::copy_row;
use super::tile_positions::Ranges;
use super::turned_octave::TurnedOctave;
use crate::random::PreparedSource;

/// Floats past the grid's end that window loads may read: the widest lane type's.
const PAD: usize = 32;
/// Planes: four random numbers, then the turn's cosine and sine.
pub(super) const PLANES: usize = 6;

/// One octave's lattice points over the reach of one tile.
#[derive(Default)]
pub(super) struct TurnedGrid {
    /// Lane cell (before the octave's cell offset) of the first point.
    pub x0: i32,
    pub y0: i32,
    /// Points per row.
    pub cols: usize,
    /// The largest index of a top-left point whose three neighbours are in the grid.
    pub bound: u32,
    /// Too many points for a grid: [`Self::direct`] draws each pixel's.
    pub direct: bool,
    /// `planes[k][row * cols + col]`.
    pub planes: [Vec<f32>; PLANES],
    row: [Vec<f32>; 4],
    one: [Vec<f32>; 4],
}

/// The lattice coordinates' range over the rectangle `ranges` of positions, in whole
/// cells with one cell of margin each way (covering any rounding of the lanes' own
/// arithmetic); `None` if it is not finite.
fn cell_range(o: &TurnedOctave, ((x0, x1), (y0, y1)): Ranges) -> Option<[(i64, i64); 2]> {
    let m = o.m.map(f64::from);
    let c = o.c.map(f64::from);
    let corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map(|(x, y)| {
        let (x, y) = (f64::from(x), f64::from(y));
        (m[0] * x + m[1] * y + c[0], m[2] * x + m[3] * y + c[1])
    });
    let range = |f: fn(&(f64, f64)) -> f64| {
        let lo = corners.iter().map(f).fold(f64::MAX, f64::min).floor() - 1.0;
        let hi = corners.iter().map(f).fold(f64::MIN, f64::max).floor() + 1.0;
        let limit = f64::from(i32::MAX / 2);
        (lo.is_finite() && hi.is_finite() && lo > -limit && hi < limit)
            .then_some((lo as i64, hi as i64))
    };
    Some([range(|q| q.0)?, range(|q| q.1)?])
}

impl TurnedGrid {
    /// Prepares the points of the cells the positions in `ranges` fall in: as a grid
    /// when there are at most `budget`, otherwise for [`Self::direct`].
    pub(super) fn prepare(
        &mut self,
        source: &PreparedSource,
        o: &TurnedOctave,
        needs: usize,
        ranges: Ranges,
        budget: usize,
    ) {
        let Some([(cx0, cx1), (cy0, cy1)]) = cell_range(o, ranges) else {
            self.direct = true;
            return;
        };
        // One more column and row for the right and bottom points of the last cells.
        let (cols, rows) = ((cx1 - cx0 + 2) as usize, (cy1 - cy0 + 2) as usize);
        let points = cols.saturating_mul(rows);
        self.direct = points > budget || points >= super::sample_lane::MAX_INDEX as usize;
        if self.direct {
            return;
        }
        (self.x0, self.y0, self.cols) = (cx0 as i32, cy0 as i32, cols);
        self.bound = (points - cols - 2) as u32;
        for plane in &mut self.planes {
            plane.resize(points + PAD, 0.0);
        }
        for k in 0..needs {
            self.row[k].resize(cols, 0.0);
        }
        let fill = o.rows_fill();
        let (zx0, _) = o.point((cx0, 0));
        let columns = match (fill, source) {
            (Some(f), s) if !matches!(s, PreparedSource::Lattice(_)) => s.columns(
                o.frame(),
                f.first[0] + zx0 as i32 * f.spacing,
                f.spacing,
                cols,
            ),
            _ => Vec::new(),
        };
        for r in 0..rows {
            let (_, zy) = o.point((0, cy0 + r as i64));
            let at = r * cols;
            match (fill, source) {
                (Some(f), PreparedSource::Lattice(src)) => {
                    src.fill_row(zy, zx0, f.period, needs, &mut self.row);
                }
                (Some(f), s) => {
                    let y = f.first[1] + zy as i32 * f.spacing;
                    s.fill_row(o.frame(), y, &columns, needs, &mut self.row);
                }
                (None, s) => {
                    for i in 0..cols {
                        let z = (zx0 + i as i64, zy);
                        for k in 0..needs {
                            self.row[k][i] = o.number(s, z, k, &mut self.one);
                        }
                    }
                }
            }
            for k in 0..needs {
                copy_row(&mut self.planes[k][at..at + cols], &self.row[k]);
            }
            for i in 0..cols {
                let [c, s] = o.turn_of((zx0 + i as i64, zy));
                self.planes[4][at + i] = c;
                self.planes[5][at + i] = s;
            }
        }
    }

    /// The planes' values `out[q][k]` of the four points `q` (top-left, top-right,
    /// bottom-left, bottom-right) of lane cell `(cx, cy)`, drawn one by one.
    pub(super) fn direct(
        &mut self,
        source: &PreparedSource,
        o: &TurnedOctave,
        needs: usize,
        (cx, cy): (i64, i64),
        out: &mut [[f32; PLANES]; 4],
    ) {
        for (q, point) in out.iter_mut().enumerate() {
            let z = o.point((cx + (q & 1) as i64, cy + (q >> 1) as i64));
            for (k, v) in point.iter_mut().enumerate().take(needs) {
                *v = o.number(source, z, k, &mut self.one);
            }
            [point[4], point[5]] = o.turn_of(z);
        }
    }
}
