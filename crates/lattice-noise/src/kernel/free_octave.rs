//! Octaves off the integer grid: fractional steps (the classic law with a lacunarity
//! other than 2) or a panned lattice origin. Per-pixel and general, so slower than the
//! grid kernel, but it computes the same formula: a pan by whole cells gives the same
//! pixels, shifted.

use super::array_of::array_of;
use super::cell_locate::CellLocate;
use crate::fade::Fade;
use crate::noise_params::NoiseParams;
use crate::proximity::ProximityFn;
use crate::random::{Frame, PreparedSource};
use crate::region::Region;

/// One octave placed anywhere: lattice points at `init + i * step - offset` pixels.
pub(super) struct FreeOctave {
    /// Pan in pixels: the world position of texture pixel `(0, 0)`.
    pub offset: [f64; 2],
    pub l: f32,
    pub il: f32,
    pub amp: f32,
    /// Lattice period in cells when the texture tiles.
    pub period: Option<i64>,
    /// The octave's lines on either axis (the same on both): its step in pixels (may
    /// be fractional) and grid displacement (pixels, before the pan), and where
    /// positions fall among them.
    pub axis: CellLocate,
}

/// Per-thread buffers of the free path.
#[derive(Default)]
pub(super) struct FreeScratch {
    top: [Vec<f32>; 4],
    bottom: [Vec<f32>; 4],
}

impl FreeOctave {
    /// Octave `k` of step `s` of `p`, placed off the integer grid.
    pub(super) fn new(p: &NoiseParams, k: usize, s: f64) -> Self {
        let l = s as f32;
        FreeOctave {
            offset: p.origin.map(|o| o * f64::from(p.initial_step)),
            l,
            il: 1.0 / l,
            amp: p.amplitude(k, s),
            period: p.tileable.then_some((f64::from(p.size) / s) as i64),
            axis: CellLocate::new(p.displacement.origin_f64(s), s),
        }
    }

    /// The cell index and the offset inside it of world coordinate `w`.
    #[inline(always)]
    pub(super) fn locate(&self, w: f64) -> (i64, f32) {
        let (i, u) = self.locate_whole(w);
        (i as i64, u)
    }

    /// [`Self::locate`] with the cell index as a whole `f64` (lane loops compare and
    /// subtract these without a saturating conversion per lane).
    #[inline(always)]
    pub(super) fn locate_whole(&self, w: f64) -> (f64, f32) {
        self.axis.cell(w)
    }

    /// Fills `out[k][i] = R((ix0 + i, iy), k)` for `k < needs`: a lattice source's row
    /// in one call, the pixel-frame sources corner by corner at the corners' positions.
    pub(super) fn fill(
        &self,
        source: &PreparedSource,
        frame: &Frame,
        iy: i64,
        ix0: i64,
        needs: usize,
        out: &mut [Vec<f32>; 4],
    ) {
        if let PreparedSource::Lattice(src) = source {
            src.fill_row(iy, ix0, self.period, needs, out);
            return;
        }
        let wy = self.axis.init + iy as f64 * self.axis.step;
        for (k, o) in out.iter_mut().enumerate().take(needs) {
            for (i, v) in o.iter_mut().enumerate() {
                let ix = ix0 + i as i64;
                let wx = self.axis.init + ix as f64 * self.axis.step;
                *v = source.value_at(frame, (wx, wy), (ix, iy), self.period, k);
            }
        }
    }

    /// The first `needs` random numbers of lattice point `(cx, cy)` (the rest 0).
    pub(super) fn corner(
        &self,
        source: &PreparedSource,
        frame: &Frame,
        needs: usize,
        (cx, cy): (i64, i64),
    ) -> [f32; 4] {
        let w = (
            self.axis.init + cx as f64 * self.axis.step,
            self.axis.init + cy as f64 * self.axis.step,
        );
        array_of(0.0, |k| {
            if k < needs {
                source.value_at(frame, w, (cx, cy), self.period, k)
            } else {
                0.0
            }
        })
    }

    /// This octave's value at any position `(x, y)` in texture pixels (a warped sample
    /// point): the formula of [`Self::add`], with the corners drawn one by one.
    pub(super) fn sample<P: ProximityFn>(
        &self,
        source: &PreparedSource,
        frame: &Frame,
        fade: Fade,
        x: f64,
        y: f64,
    ) -> f32 {
        let (ix, u) = self.locate(self.offset[0] + x);
        let (iy, v) = self.locate(self.offset[1] + y);
        let corner = |cx: i64, cy: i64| self.corner(source, frame, P::NEEDS, (cx, cy));
        let (us, vs) = (u / self.l, v / self.l);
        let (fl, fr) = (fade.eval(us), fade.eval(1.0 - us));
        let (fv_t, fv_b) = (fade.eval(vs), fade.eval(1.0 - vs));
        let (xl, xr, y_t, y_b) = (u, u - self.l, v, v - self.l);
        let (l, il) = (self.l, self.il);
        let sum = P::eval(xl, y_t, l, il, corner(ix, iy)) * (fl * fv_t)
            + P::eval(xr, y_t, l, il, corner(ix + 1, iy)) * (fr * fv_t)
            + P::eval(xl, y_b, l, il, corner(ix, iy + 1)) * (fl * fv_b)
            + P::eval(xr, y_b, l, il, corner(ix + 1, iy + 1)) * (fr * fv_b);
        sum * self.amp
    }

    /// Adds this octave to `rows`: whole rows of the window `region` (texture columns
    /// `region.x..`), the first being texture row `y0`. Pixel positions are whole
    /// numbers added to the pan, so a window computes exactly the texture's values.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn add<P: ProximityFn>(
        &self,
        source: &PreparedSource,
        frame: &Frame,
        fade: Fade,
        region: Region,
        y0: usize,
        rows: &mut [f32],
        sc: &mut FreeScratch,
    ) {
        let (x0, size) = (region.x as usize, region.width as usize);
        let (ix0, _) = self.locate(self.offset[0] + x0 as f64);
        let (ix1, _) = self.locate(self.offset[0] + (x0 + size - 1) as f64);
        let n = (ix1 - ix0 + 2) as usize;
        for k in 0..P::NEEDS {
            sc.top[k].resize(n, 0.0);
            sc.bottom[k].resize(n, 0.0);
        }
        for (r, row) in rows.chunks_exact_mut(size).enumerate() {
            let (iy, v) = self.locate(self.offset[1] + (y0 + r) as f64);
            self.fill(source, frame, iy, ix0, P::NEEDS, &mut sc.top);
            self.fill(source, frame, iy + 1, ix0, P::NEEDS, &mut sc.bottom);
            let vs = v / self.l;
            let (fv_t, fv_b) = (fade.eval(vs), fade.eval(1.0 - vs));
            let (y_t, y_b) = (v, v - self.l);
            let corner = |rows: &[Vec<f32>; 4], j: usize| -> [f32; 4] {
                array_of(0.0, |k| if k < P::NEEDS { rows[k][j] } else { 0.0 })
            };
            for (x, h) in row.iter_mut().enumerate() {
                let (ix, u) = self.locate(self.offset[0] + (x0 + x) as f64);
                let j = (ix - ix0) as usize;
                let us = u / self.l;
                let (fl, fr) = (fade.eval(us), fade.eval(1.0 - us));
                let (xl, xr) = (u, u - self.l);
                let (l, il) = (self.l, self.il);
                let sum = P::eval(xl, y_t, l, il, corner(&sc.top, j)) * (fl * fv_t)
                    + P::eval(xr, y_t, l, il, corner(&sc.top, j + 1)) * (fr * fv_t)
                    + P::eval(xl, y_b, l, il, corner(&sc.bottom, j)) * (fl * fv_b)
                    + P::eval(xr, y_b, l, il, corner(&sc.bottom, j + 1)) * (fr * fv_b);
                *h += sum * self.amp;
            }
        }
    }
}
