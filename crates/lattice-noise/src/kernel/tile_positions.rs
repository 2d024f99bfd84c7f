//! [`TilePositions`]: the warped sample positions of one tile of the warped sampler,
//! computed `W` pixels at a time with the scalar operations' bits, and their range.

use super::sample_lane::SampleLane;

/// What a tile's positions are computed from: the texture position of a pixel is
/// `x + (w - 0.5) * amplitude`, wrapped at `size` when tiling is on.
#[derive(Clone, Copy, Debug)]
pub(super) struct Displace {
    /// Pixels of displacement per unit of field.
    pub amplitude: f32,
    /// Texture side, and whether positions wrap at it.
    pub size: f32,
    pub wrap: bool,
}

impl Displace {
    /// The sample position of texture pixel `x` with field value `w` (either axis), one
    /// value at a time: the definition the lanes follow.
    #[inline(always)]
    pub(super) fn position(&self, x: f32, w: f32) -> f32 {
        let p = x + (w - 0.5) * self.amplitude;
        if !self.wrap {
            return p;
        }
        let s = self.size;
        let r = p - (p * (1.0 / s)).floor() * s;
        if r >= s {
            r - s
        } else if r < 0.0 {
            r + s
        } else {
            r
        }
    }

    /// [`Self::position`] of every lane. Wrapping keeps the lanes when all of them land
    /// in `0..size` after the first step (nearly always), else redoes them one by one,
    /// so each lane holds exactly the scalar bits.
    #[inline(always)]
    fn lanes<V: SampleLane>(&self, isa: V::Isa, x: V, w: V) -> V {
        let k = |c: f32| V::all(isa, c);
        let p = x + (w - k(0.5)) * k(self.amplitude);
        if !self.wrap {
            return p;
        }
        let s = self.size;
        let r = p - (p * k(1.0 / s)).floor() * k(s);
        if r.all_within(0.0, s.next_down()) {
            return r;
        }
        let (mut ps, mut xs, mut ws) = ([0.0f32; 16], [0.0f32; 16], [0.0f32; 16]);
        x.write(&mut xs);
        w.write(&mut ws);
        for ((p, x), w) in ps.iter_mut().zip(xs).zip(ws).take(V::W) {
            *p = self.position(x, w);
        }
        V::read(isa, &ps)
    }
}

/// The sample positions of a tile, row by row, `padded` per row; lanes past the tile's
/// end repeat its last pixel, so every lane is a real position.
#[derive(Default)]
pub(super) struct TilePositions {
    pub px: Vec<f32>,
    pub py: Vec<f32>,
    /// Each column's texture `x`, as `f32`.
    columns: Vec<f32>,
    /// A row's fields for its last, partial group of lanes.
    tail: [Vec<f32>; 2],
}

/// The smallest and largest sample position on each axis.
pub(super) type Ranges = ((f32, f32), (f32, f32));

impl TilePositions {
    /// Sizes the buffers for a tile of `nrows` rows of `tw` pixels from texture column
    /// `x0`, `padded` lanes per row, and sets each column's `x`.
    pub(super) fn start(&mut self, (x0, tw): (usize, usize), nrows: usize, padded: usize) {
        self.px.resize(nrows * padded, 0.0);
        self.py.resize(nrows * padded, 0.0);
        self.columns.clear();
        self.columns
            .extend((0..padded).map(|i| (x0 + i.min(tw - 1)) as f32));
    }

    /// Stores the positions of lanes `c..c + W` of tile row `r` of the fields' rows `wx`,
    /// `wy` (`tw` values each) at texture row `y`, returning them.
    #[inline(always)]
    pub(super) fn lanes<V: SampleLane>(
        &mut self,
        isa: V::Isa,
        d: &Displace,
        (wx, wy): (&[f32], &[f32]),
        (r, c, y): (usize, usize, V),
        (tw, padded): (usize, usize),
    ) -> (V, V) {
        let (fx, fy) = if c + V::W <= tw {
            (V::read(isa, &wx[c..]), V::read(isa, &wy[c..]))
        } else {
            self.fill_tail((wx, wy), c..c + V::W, tw);
            (V::read(isa, &self.tail[0]), V::read(isa, &self.tail[1]))
        };
        let at = r * padded + c;
        let px = d.lanes(isa, V::read(isa, &self.columns[c..]), fx);
        let py = d.lanes(isa, y, fy);
        px.write(&mut self.px[at..]);
        py.write(&mut self.py[at..]);
        (px, py)
    }

    /// Puts the fields of columns `cols` in [`Self::tail`], repeating the row's last
    /// pixel past `tw` (the last group of lanes of a row, once per row at most).
    #[inline(never)]
    fn fill_tail(&mut self, (wx, wy): (&[f32], &[f32]), cols: std::ops::Range<usize>, tw: usize) {
        for (t, w) in self.tail.iter_mut().zip([wx, wy]) {
            t.clear();
            t.extend(cols.clone().map(|i| w[i.min(tw - 1)]));
        }
    }
}

/// The running bounds of positions, lane by lane.
#[derive(Clone, Copy)]
pub(super) struct Bounds<V> {
    lo: (V, V),
    hi: (V, V),
}

impl<V: SampleLane> Bounds<V> {
    /// No position yet.
    #[inline(always)]
    pub(super) fn new(isa: V::Isa) -> Self {
        let (lo, hi) = (V::all(isa, f32::MAX), V::all(isa, f32::MIN));
        Bounds {
            lo: (lo, lo),
            hi: (hi, hi),
        }
    }

    /// Takes in the lanes `(px, py)`; a NaN lane keeps the bound (the new value first).
    #[inline(always)]
    pub(super) fn add(&mut self, (px, py): (V, V)) {
        self.lo = (px.mn(self.lo.0), py.mn(self.lo.1));
        self.hi = (px.mx(self.hi.0), py.mx(self.hi.1));
    }

    /// The smallest and largest position on each axis, as `f32::min`/`max` find them.
    #[inline(always)]
    pub(super) fn ranges(self) -> Ranges {
        let mut l = [[0.0f32; 16]; 4];
        self.lo.0.write(&mut l[0]);
        self.hi.0.write(&mut l[1]);
        self.lo.1.write(&mut l[2]);
        self.hi.1.write(&mut l[3]);
        let [lx, hx, ly, hy] = l.map(|v| v.into_iter().take(V::W));
        (
            (lx.fold(f32::MAX, f32::min), hx.fold(f32::MIN, f32::max)),
            (ly.fold(f32::MAX, f32::min), hy.fold(f32::MIN, f32::max)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every build's lanes hold the scalar positions, wrapped or not, with a NaN field
    /// and positions far outside the texture; the ranges leave the NaN out.
    #[test]
    fn lanes_match_the_scalar_positions() {
        fn check<V: SampleLane>(isa: V::Isa) {
            let tw: usize = 37;
            let wx: Vec<f32> = (0..tw).map(|i| (i as f32 * 0.37).sin() * 9.0).collect();
            let mut wy: Vec<f32> = (0..tw).map(|i| 0.5 - i as f32 * 0.61).collect();
            wy[5] = f32::NAN;
            for wrap in [false, true] {
                let d = Displace {
                    amplitude: 23.5,
                    size: 64.0,
                    wrap,
                };
                let mut t = TilePositions::default();
                let padded = tw.div_ceil(V::W) * V::W;
                t.start((40, tw), 2, padded);
                let mut b = Bounds::<V>::new(isa);
                for r in 0..2 {
                    for c in (0..padded).step_by(V::W) {
                        let y = V::all(isa, (3 + r) as f32);
                        b.add(t.lanes(isa, &d, (&wx, &wy), (r, c, y), (tw, padded)));
                    }
                }
                let ((lx, hx), (ly, hy)) = b.ranges();
                let (mut want_x, mut want_y) = ((f32::MAX, f32::MIN), (f32::MAX, f32::MIN));
                for r in 0..2 {
                    for i in 0..padded {
                        let j = i.min(tw - 1);
                        let px = d.position((40 + j) as f32, wx[j]);
                        let py = d.position((3 + r) as f32, wy[j]);
                        let at = r * padded + i;
                        assert_eq!(t.px[at].to_bits(), px.to_bits(), "x {wrap} {at}");
                        assert_eq!(t.py[at].to_bits(), py.to_bits(), "y {wrap} {at}");
                        want_x = (want_x.0.min(px), want_x.1.max(px));
                        want_y = (want_y.0.min(py), want_y.1.max(py));
                    }
                }
                assert_eq!(((lx, hx), (ly, hy)), (want_x, want_y), "{wrap}");
                assert!(ly.is_finite() && hy.is_finite());
            }
        }
        check::<f32>(());
        #[cfg(target_arch = "x86_64")]
        if let Some(isa) = super::super::avx2::Avx2::detect() {
            check::<super::super::f32x8::F32x8>(isa.token());
            if let Some(wide) = isa.avx512() {
                check::<super::super::f32x16::F32x16>(wide);
            }
        }
    }
}
