//! [`TurnedOctave`]: one octave of the isotropic mode, its lattice possibly turned, and
//! the numbers of its lattice points.
//!
//! A turned lattice must still tile. Lattice coordinates are `q = M (p + c) / v` for a
//! texture position `p`, with `M = [[a, -b], [b, a]]` a whole-number matrix (a rotation
//! by `atan2(b, a)` scaled by `|M| = sqrt(a^2 + b^2)`) and `v = step * 2^j` with
//! `2^j` close to `|M|`, so a cell is `v / |M|` pixels: within 6% of the octave's step.
//! Moving `p` by the texture size `S` along x moves `q` by `n (a, b)` and along y by
//! `n (-b, a)`, where `n = S / v` is a whole number when `v` divides `S`: the lattice
//! translations `n M Z^2`. A point's numbers are drawn for its representative modulo
//! that sublattice, so they repeat exactly with the texture and nowhere inside it (all
//! `n^2 |M|^2` points of a period are distinct, about as many as the texture's cells).
//! Where `v` does not divide `S` (the coarsest octaves), the octave keeps the square
//! lattice, which tiles with period `S / step` as in the original.

use crate::fade::Fade;
use crate::noise_params::NoiseParams;
use crate::proximity::il_power;
use crate::random::{Frame, PreparedSource, mix32};
use std::sync::OnceLock;

/// The lattice rotations `(a, b, j)` octaves 1, 2, ... take in turn (octave 0 keeps the
/// axes): `|M|` is within 6% of `2^j`, and successive angles differ by 20 degrees or
/// more (29.7, 76.0, 45.0, 14.0, 60.3, 39.8, 7.1, 50.2 degrees).
const ROTATIONS: [(i64, i64, u32); 8] = [
    (7, 4, 3),
    (1, 4, 2),
    (3, 3, 2),
    (4, 1, 2),
    (4, 7, 3),
    (6, 5, 3),
    (8, 1, 3),
    (5, 6, 3),
];

/// Directions a turned lattice point may take: `DIRECTIONS` evenly spaced angles.
const DIRECTIONS: usize = 1024;

/// Points per block of [`TurnedOctave::turns_of_row`]'s hashes.
const BLOCK: usize = 64;

/// `(cos, sin)` of the [`DIRECTIONS`] angles, computed once.
fn directions() -> &'static [[f32; 2]; DIRECTIONS] {
    static TABLE: OnceLock<[[f32; 2]; DIRECTIONS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let (s, c) = (std::f64::consts::TAU * i as f64 / DIRECTIONS as f64).sin_cos();
            [c as f32, s as f32]
        })
    })
}

/// How lattice indices repeat when the texture tiles.
#[derive(Clone, Copy, Debug)]
enum Repeat {
    /// The texture does not tile.
    Never,
    /// Square lattice: indices modulo `period` on each axis.
    Square(i64),
    /// Turned lattice: indices modulo the sublattice `n M Z^2`.
    Turned { a: i64, b: i64, n: i64 },
}

/// Rows of lattice points drawn by the sources' row fills: point `(i, j)` at pixel
/// `first + (i, j) * spacing`, lattice indices modulo `period`.
#[derive(Clone, Copy, Debug)]
pub(super) struct RowsFill {
    pub spacing: i32,
    pub first: [i32; 2],
    pub period: Option<i64>,
}

/// One octave of the isotropic mode.
#[derive(Clone, Debug)]
pub(super) struct TurnedOctave {
    /// `q = (m[0] x + m[1] y + c[0], m[2] x + m[3] y + c[1])`: lattice coordinates (in
    /// cells, less [`Self::cell_offset`]) of texture position `(x, y)`.
    pub m: [f32; 4],
    pub c: [f32; 2],
    /// Whole cells split off the constant so lanes keep their precision.
    pub cell_offset: [i64; 2],
    /// A cell's side in pixels (`v / |M|`; the step itself on the square lattice).
    pub l: f32,
    /// Weight of this octave (the original's amplitude for its step).
    pub amp: f32,
    /// Round window instead of the square one.
    pub round: bool,
    /// Each point turns its function by its own angle.
    pub turn: bool,
    /// A point's mean contribution at distance `r` cells, `c0 + c1 r + c2 r^2 + c3 r^3`
    /// (see `mean_kernel`), divided by the function's unit (`units[P::SCALE]`), taken
    /// out of each point's; zero without turns.
    pub mean: [f32; 4],
    /// `(1 / l)^k` for `k` = 0 to 3, multiplied left to right as `il_power` does: the
    /// functions' units, computed once instead of per sample.
    pub units: [f32; 4],
    pub fade: Fade,
    /// Pixel spacing of the points in the random sources' input (whole for whole steps),
    /// and the position of point 0 there: on the square lattice the displacement's, so
    /// its points draw the original's numbers. Not the octave's shift: a shift is whole
    /// pixels, so it does not scale exactly with the texture size, and a point read
    /// where it lies would draw other numbers at another size (an octave of other
    /// noise); read where the unshifted grid has it, it keeps them.
    spacing: f64,
    first: [f64; 2],
    repeat: Repeat,
    /// The frame the pixel-position sources read corners in.
    frame: Frame,
    /// Mixed into the turn angles so octaves turn independently.
    salt: u32,
}

impl TurnedOctave {
    /// Octave `k` of step `step` of `p`, whose isotropy is on.
    pub(super) fn new(p: &NoiseParams, k: usize, step: f64) -> Self {
        let size = f64::from(p.size);
        let (mut a, mut b, mut j) = (1, 0, 0);
        if p.isotropy.rotated_octaves && k > 0 {
            let (ra, rb, rj) = ROTATIONS[(k - 1) % ROTATIONS.len()];
            let v = step * f64::from(1u32 << rj);
            if v <= size && (!p.tileable || (size / v).fract() == 0.0) {
                (a, b, j) = (ra, rb, rj);
            }
        }
        let spacing = step * f64::from(1u32 << j);
        let repeat = match (p.tileable, b) {
            (false, _) => Repeat::Never,
            (true, 0) => Repeat::Square((size / step) as i64),
            (true, _) => Repeat::Turned {
                a,
                b,
                n: (size / spacing) as i64,
            },
        };
        // The pan, the displacement and the octave's shift move the lattice:
        // `c = M (pan - origin) / v`.
        let pan = p.origin.map(|o| o * f64::from(p.initial_step));
        let moved = p.isotropy.octave_shift(k, step);
        let unmoved = p.displacement.origin_f64(step);
        let origin = moved.map(|m| unmoved + m);
        let shift = [pan[0] - origin[0], pan[1] - origin[1]];
        let (af, bf) = (a as f64 / spacing, b as f64 / spacing);
        let constant = [af * shift[0] - bf * shift[1], bf * shift[0] + af * shift[1]];
        let cell_offset = constant.map(|c| c.floor() as i64);
        let l = (spacing / ((a * a + b * b) as f64).sqrt()) as f32;
        TurnedOctave {
            m: [af as f32, -bf as f32, bf as f32, af as f32],
            c: [0, 1].map(|i| (constant[i] - cell_offset[i] as f64) as f32),
            cell_offset,
            l,
            units: [0, 1, 2, 3].map(|k| il_power(1.0 / l, k)),
            amp: p.amplitude(k, step),
            round: p.isotropy.round_window,
            turn: p.isotropy.turned_points,
            mean: [0.0; 4],
            fade: p.fade,
            spacing,
            first: if b == 0 { [unmoved; 2] } else { [0.0; 2] },
            repeat,
            // A turned lattice's representatives reach past the texture: their
            // positions must not wrap, or distinct points would share numbers.
            frame: Frame::new(p.size, matches!(repeat, Repeat::Square(_)))
                .apart(if p.isotropy.shifted_octaves { k } else { 0 }),
            salt: mix32(p.seed as u32 ^ mix32(k as u32).wrapping_add(0x9e37_79b9)),
        }
    }

    /// The representative of lattice point `z` that its numbers are drawn for.
    fn representative(&self, (x, y): (i64, i64)) -> (i64, i64) {
        match self.repeat {
            Repeat::Never => (x, y),
            Repeat::Square(p) => (x.rem_euclid(p), y.rem_euclid(p)),
            Repeat::Turned { a, b, n } => {
                let d = n * (a * a + b * b);
                let t0 = (a * x + b * y).div_euclid(d);
                let t1 = (a * y - b * x).div_euclid(d);
                (x - n * (a * t0 - b * t1), y - n * (b * t0 + a * t1))
            }
        }
    }

    /// Whether lattice rows can be drawn a row at a time by the sources' row fills
    /// (which give the same numbers as drawing each point).
    pub(super) fn rows_fill(&self) -> Option<RowsFill> {
        let whole = self.spacing.fract() == 0.0 && self.spacing <= f64::from(i32::MAX / 4);
        let fill = |period| RowsFill {
            spacing: self.spacing as i32,
            first: self.first.map(|f| f as i32),
            period,
        };
        match self.repeat {
            Repeat::Never if whole => Some(fill(None)),
            Repeat::Square(p) if whole => Some(fill(Some(p))),
            _ => None,
        }
    }

    /// The lattice point's index (the lane cell plus the split-off cells).
    #[inline]
    pub(super) fn point(&self, (cx, cy): (i64, i64)) -> (i64, i64) {
        (cx + self.cell_offset[0], cy + self.cell_offset[1])
    }

    /// The frame for pixel-position sources.
    pub(super) fn frame(&self) -> &Frame {
        &self.frame
    }

    /// `(cos, sin)` of the turn of lattice point `z` (`(1, 0)` when points do not turn).
    pub(super) fn turn_of(&self, z: (i64, i64)) -> [f32; 2] {
        if !self.turn {
            return [1.0, 0.0];
        }
        let (x, y) = self.representative(z);
        let h = mix32(x as u32 ^ mix32(y as u32 ^ self.salt));
        directions()[(h >> 22) as usize]
    }

    /// The turns of points `x0, x0 + 1, ...` of grid row `y` (`cos[i]`, `sin[i]`), exactly
    /// as [`Self::turn_of`] gives them, for a whole row at once: the row's hash and the
    /// table are looked up once, and a tiling grid's columns wrap without a division.
    #[inline(always)]
    pub(super) fn turns_of_row(&self, (x0, y): (i64, i64), cos: &mut [f32], sin: &mut [f32]) {
        let period = match self.repeat {
            _ if !self.turn => {
                cos.fill(1.0);
                sin.fill(0.0);
                return;
            }
            Repeat::Never => None,
            Repeat::Square(p) => Some(p),
            Repeat::Turned { .. } => {
                for (i, (c, s)) in cos.iter_mut().zip(sin.iter_mut()).enumerate() {
                    [*c, *s] = self.turn_of((x0 + i as i64, y));
                }
                return;
            }
        };
        let (mut x, ry) = self.representative((x0, y));
        let hy = mix32(ry as u32 ^ self.salt);
        let table = directions();
        // Runs of columns that do not wrap, in blocks: a block's hashes are one loop
        // over consecutive columns, which vectorises (the scalar loop hashed one point
        // at a time, a third of a small-step octave's time), then the table lookups.
        let mut index = [0u32; BLOCK];
        let mut at = 0;
        while at < cos.len() {
            let left = cos.len() - at;
            let run = period.map_or(left, |p| {
                usize::try_from(p - x).map_or(left, |r| r.min(left))
            });
            for b in (0..run).step_by(BLOCK) {
                let m = (run - b).min(BLOCK);
                let base = (x as u32).wrapping_add(b as u32);
                for (h, i) in index[..m].iter_mut().zip(0u32..) {
                    *h = mix32(base.wrapping_add(i) ^ hy) >> 22;
                }
                let (c, s) = (&mut cos[at + b..][..m], &mut sin[at + b..][..m]);
                for ((c, s), h) in c.iter_mut().zip(s.iter_mut()).zip(&index[..m]) {
                    [*c, *s] = table[*h as usize];
                }
            }
            at += run.max(1);
            x = if period.is_some() { 0 } else { x + run as i64 };
        }
    }

    /// Random number `k` of lattice point `z`, drawn one point at a time; `one` is a
    /// buffer for the lattice sources' row fill.
    pub(super) fn number(
        &self,
        source: &PreparedSource,
        z: (i64, i64),
        k: usize,
        one: &mut [Vec<f32>; 4],
    ) -> f32 {
        let r = self.representative(z);
        let period = match self.repeat {
            Repeat::Square(p) => Some(p),
            _ => None,
        };
        match source {
            PreparedSource::Lattice(src) => {
                for v in one.iter_mut() {
                    v.resize(1, 0.0);
                }
                src.fill_row(r.1, r.0, period, k + 1, one);
                one[k][0]
            }
            s => {
                let at = |i: i64, axis: usize| self.first[axis] + i as f64 * self.spacing;
                let w = (at(r.0, 0), at(r.1, 1));
                match self.rows_fill() {
                    // Whole positions: exactly what the row fill reads.
                    Some(_) => s.at(&self.frame, w.0 as i32, w.1 as i32, k),
                    None => s.value_at(&self.frame, w, r, period, k),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isotropy::Isotropy;

    fn params(tileable: bool) -> NoiseParams {
        NoiseParams {
            tileable,
            isotropy: Isotropy::TURNED,
            ..NoiseParams::default()
        }
    }

    #[test]
    fn rotations_are_close_to_their_power_of_two_and_spread() {
        for (a, b, j) in ROTATIONS {
            let norm = ((a * a + b * b) as f64).sqrt();
            let ratio = norm / f64::from(1u32 << j);
            assert!((0.94..1.07).contains(&ratio), "{a} {b}: {ratio}");
        }
        let angle = |(a, b, _): (i64, i64, u32)| (b as f64).atan2(a as f64).to_degrees();
        for w in ROTATIONS.windows(2) {
            let d = (angle(w[0]) - angle(w[1])).abs();
            assert!(d >= 20.0, "{w:?}");
        }
    }

    /// Moving a lattice point by a texture period (`n M e`) keeps its representative,
    /// and the representatives of one period are all distinct.
    #[test]
    fn turned_representatives_repeat_with_the_texture_only() {
        let p = params(true);
        for k in 1..8 {
            let o = TurnedOctave::new(&p, k, p.steps().nth(k).unwrap());
            let Repeat::Turned { a, b, n } = o.repeat else {
                continue;
            };
            let mut seen = std::collections::HashSet::new();
            for x in -40..40 {
                for y in -40..40 {
                    let r = o.representative((x, y));
                    assert_eq!(r, o.representative((x + n * a, y + n * b)));
                    assert_eq!(r, o.representative((x - n * b, y + n * a)));
                    seen.insert(r);
                }
            }
            let period = (n * n * (a * a + b * b)) as usize;
            assert_eq!(seen.len(), period.min(6400), "{k}");
        }
    }

    /// Rows of any length and start, across blocks of hashes and the period of a tiling
    /// grid (square, wrapping several times in a row, and turned).
    #[test]
    fn a_rows_turns_are_its_points_turns() {
        let mut square = 0;
        for tileable in [false, true] {
            let p = NoiseParams {
                isotropy: Isotropy::FULL,
                ..params(tileable)
            };
            for (k, step) in [(0, 128.0), (3, 16.0)] {
                let o = TurnedOctave::new(&p, k, step);
                square += usize::from(matches!(o.repeat, Repeat::Square(_)));
                for (x0, n) in [(-37, 70), (0, 1), (5, 63), (-64, 64), (3, 65), (-300, 200)] {
                    let (mut c, mut s) = (vec![0.0; n], vec![0.0; n]);
                    o.turns_of_row((x0, 5), &mut c, &mut s);
                    for (i, x) in (0..n).zip(x0..) {
                        assert_eq!([c[i], s[i]], o.turn_of((x, 5)), "{tileable} {k} {x0} {i}");
                    }
                }
            }
        }
        assert!(square > 0, "no square period tried");
    }

    #[test]
    fn coarse_octaves_keep_the_axes_and_turns_are_unit_vectors() {
        let p = params(true);
        let o = TurnedOctave::new(&p, 1, 64.0);
        // 64 * 8 = 512: (7, 4) fits the default 512 texture exactly.
        assert!(matches!(o.repeat, Repeat::Turned { n: 1, .. }));
        let o = TurnedOctave::new(&p, 0, 128.0);
        assert!(matches!(o.repeat, Repeat::Square(4)));
        let fine = TurnedOctave::new(&params(false), 7, 1.0);
        for z in [(0, 0), (5, -3), (1 << 20, 7)] {
            let [c, s] = fine.turn_of(z);
            assert!((c * c + s * s - 1.0).abs() < 1e-6);
        }
    }
}
