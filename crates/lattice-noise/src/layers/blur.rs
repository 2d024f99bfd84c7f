//! A layer's Gaussian blur: [`blur_into`] smooths a window of heights that carries a
//! halo of [`blur_margin`] pixels on every side, so each pixel reads only its
//! neighbours within three radii, in the same order wherever the window lies: regions,
//! tiles and streamed bands keep the whole render's bits.

use crate::kernel::{VectorIsa, VectorWork, on_vector_isa};
use crate::region::Region;

/// Largest blur radius (the Gaussian's standard deviation) in pixels. Its halo of three
/// radii is read around every window, which bounds the memory of a streamed band.
pub const MAX_BLUR_RADIUS: f32 = 16.0;

/// Whether `radius` is a blur the engine renders: a number in 0..=[`MAX_BLUR_RADIUS`]
/// (0 is no blur).
pub fn blur_radius_is_valid(radius: f32) -> bool {
    (0.0..=MAX_BLUR_RADIUS).contains(&radius)
}

/// The halo, in pixels on every side, a blur of `radius` reads: three radii, rounded
/// up (0 for no blur). The weights past it are under 1.2% of the centre's.
pub fn blur_margin(radius: f32) -> usize {
    if radius > 0.0 {
        (3.0 * radius.min(MAX_BLUR_RADIUS)).ceil() as usize
    } else {
        0
    }
}

/// The Gaussian's weights from the centre out (`margin + 1` of them), summing to one
/// over both sides; worked out in f64 so they do not depend on the build.
fn weights(radius: f32) -> Vec<f32> {
    let m = blur_margin(radius);
    let s = f64::from(radius);
    let raw: Vec<f64> = (0..=m)
        .map(|k| (-((k * k) as f64) / (2.0 * s * s)).exp())
        .collect();
    let total = raw[0] + 2.0 * raw[1..].iter().sum::<f64>();
    raw.iter().map(|w| (w / total) as f32).collect()
}

/// `out` (`region`'s pixels, row-major) is `window` (those pixels grown by
/// [`blur_margin`]`(radius)` on every side, see
/// [`super::halo_window::toned_window`]) blurred by a Gaussian of `radius` pixels: a
/// pass along rows, then one along columns. Every pixel's sum runs over the same
/// weights in the same order, from the centre out, at any thread count and in every
/// instruction set's build.
pub(super) fn blur_into(window: &[f32], region: Region, radius: f32, out: &mut [f32]) {
    let (w, h) = (region.width as usize, region.height as usize);
    let m = blur_margin(radius);
    if w == 0 || h == 0 {
        return;
    }
    if m == 0 {
        for (dst, src) in out.chunks_mut(w).zip(window.chunks(w)) {
            dst.copy_from_slice(src);
        }
        return;
    }
    let weights = weights(radius);
    let isa = VectorIsa::detect();
    let stride = w + 2 * m;
    // Rows first: every row of the window, halo rows included, blurred along x.
    let mut across = vec![0.0f32; w * (h + 2 * m)];
    pass_rows(&mut across, w, &weights, isa, |j, k| {
        let src = &window[j * stride..][..stride];
        (&src[m - k..][..w], &src[m + k..][..w])
    });
    let row = |j: usize| &across[j * w..][..w];
    pass_rows(out, w, &weights, isa, |y, k| {
        (row(y + m - k), row(y + m + k))
    });
}

/// Every `w`-long row `j` of `dst` through a [`Pass`] whose taps at distance `k` are
/// `taps(j, k)`, rows spread over the thread pool.
fn pass_rows<'a>(
    dst: &mut [f32],
    w: usize,
    weights: &[f32],
    isa: VectorIsa,
    taps: impl Fn(usize, usize) -> (&'a [f32], &'a [f32]) + Sync + Send,
) {
    crate::parallel::for_each_chunk_mut(
        dst,
        w,
        || (),
        |_, j, dst| {
            on_vector_isa(
                Pass {
                    weights,
                    taps: |k| taps(j, k),
                    dst,
                },
                isa,
            );
        },
    );
}

/// Pixels of a row a pass sums at a time, in registers: eight AVX2 vectors.
const BLOCK: usize = 64;

/// One output row of a pass: `dst` is the centre times the first weight, plus each
/// further weight times the sum of the two taps at that distance, summed a block of
/// pixels at a time so the sums stay in registers over every tap.
struct Pass<'a, T> {
    weights: &'a [f32],
    /// The inputs `k` pixels before and after each output pixel.
    taps: T,
    dst: &'a mut [f32],
}

impl<'a, T: Fn(usize) -> (&'a [f32], &'a [f32])> VectorWork for Pass<'a, T> {
    #[inline(always)]
    fn run<P: crate::kernel::BlockPick>(self, _: P) {
        let Pass { weights, taps, dst } = self;
        let whole = dst.len() / BLOCK * BLOCK;
        let (blocks, tail) = dst.split_at_mut(whole);
        for (b, out) in blocks.chunks_exact_mut(BLOCK).enumerate() {
            // Whole blocks as arrays of a fixed length, whose sums the compiler keeps
            // in registers over every tap (the slices are always BLOCK long).
            let at = |s: &'a [f32]| -> &'a [f32; BLOCK] {
                s[b * BLOCK..].first_chunk().unwrap_or(&[0.0; BLOCK])
            };
            let mut acc = [0.0f32; BLOCK];
            sum_block(&mut acc, weights, |k| {
                let (l, r) = taps(k);
                (at(l), at(r))
            });
            out.copy_from_slice(&acc);
        }
        let n = tail.len();
        if n > 0 {
            let mut acc = [0.0f32; BLOCK];
            sum_block(&mut acc[..n], weights, |k| {
                let (l, r) = taps(k);
                (&l[whole..whole + n], &r[whole..whole + n])
            });
            tail.copy_from_slice(&acc[..n]);
        }
    }
}

/// `acc` is the centre (`taps(0).0`) times the first weight, plus each further weight
/// times the sum of the two taps at that distance, added from the centre out.
#[inline(always)]
fn sum_block<S: AsRef<[f32]>>(acc: &mut [f32], weights: &[f32], taps: impl Fn(usize) -> (S, S)) {
    let (centre, _) = taps(0);
    for (a, &c) in acc.iter_mut().zip(centre.as_ref()) {
        *a = weights[0] * c;
    }
    for (k, &wk) in weights.iter().enumerate().skip(1) {
        let (before, after) = taps(k);
        for ((a, &l), &r) in acc.iter_mut().zip(before.as_ref()).zip(after.as_ref()) {
            *a += wk * (l + r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(width: u32, height: u32) -> Region {
        Region {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// The blur of `window` worked out pixel by pixel over the full square of weights.
    fn direct(window: &[f32], w: usize, h: usize, radius: f32) -> Vec<f32> {
        let m = blur_margin(radius);
        let wt = weights(radius);
        let stride = w + 2 * m;
        let mut out = vec![0.0f32; w * h];
        for y in 0..h {
            for x in 0..w {
                let mut s = 0.0f64;
                for j in 0..=2 * m {
                    for i in 0..=2 * m {
                        let weight = f64::from(wt[j.abs_diff(m)]) * f64::from(wt[i.abs_diff(m)]);
                        s += weight * f64::from(window[(y + j) * stride + x + i]);
                    }
                }
                out[y * w + x] = s as f32;
            }
        }
        out
    }

    #[test]
    fn weights_sum_to_one_and_fall_off() {
        for r in [0.3, 1.0, 2.5, MAX_BLUR_RADIUS] {
            let w = weights(r);
            assert_eq!(w.len(), blur_margin(r) + 1);
            let total: f32 = w[0] + 2.0 * w[1..].iter().sum::<f32>();
            assert!((total - 1.0).abs() < 1e-5, "{r}: {total}");
            assert!(w.windows(2).all(|p| p[0] > p[1]), "{r}");
        }
        assert_eq!(blur_margin(0.0), 0);
        assert_eq!(blur_margin(1.0), 3);
        assert_eq!(blur_margin(2.1), 7);
        assert!(blur_radius_is_valid(0.0) && blur_radius_is_valid(MAX_BLUR_RADIUS));
        for bad in [-1.0, f32::NAN, f32::INFINITY, MAX_BLUR_RADIUS + 0.5] {
            assert!(!blur_radius_is_valid(bad), "{bad}");
        }
    }

    #[test]
    fn the_passes_equal_the_square_of_weights() {
        let (w, h, r) = (70usize, 17usize, 2.2f32);
        let m = blur_margin(r);
        let window: Vec<f32> = (0..(w + 2 * m) * (h + 2 * m))
            .map(|i| ((i * 7919 % 1013) as f32 / 1013.0).sin())
            .collect();
        let mut out = vec![f32::NAN; w * h];
        blur_into(&window, region(w as u32, h as u32), r, &mut out);
        let want = direct(&window, w, h, r);
        for (i, (a, b)) in out.iter().zip(&want).enumerate() {
            assert!((a - b).abs() < 1e-5, "pixel {i}: {a} against {b}");
        }
    }

    #[test]
    fn a_flat_field_stays_flat_and_an_impulse_spreads_symmetrically() {
        let r = 1.5f32;
        let m = blur_margin(r);
        // The output reaches as far from the impulse as the weights do.
        let (w, c) = (2 * m + 1, m);
        let side = w + 2 * m;
        let flat = vec![0.75f32; side * side];
        let mut out = vec![0.0; w * w];
        blur_into(&flat, region(w as u32, w as u32), r, &mut out);
        assert!(out.iter().all(|v| (v - 0.75).abs() < 1e-6), "{out:?}");
        let mut impulse = vec![0.0f32; side * side];
        impulse[(m + c) * side + m + c] = 1.0;
        blur_into(&impulse, region(w as u32, w as u32), r, &mut out);
        let at = |x: usize, y: usize| out[y * w + x];
        assert!(at(c, c) > at(c + 1, c) && at(c + 1, c) > at(c + 2, c));
        // A row pass then a column pass give the same bits both ways round a centre.
        assert_eq!(at(c - 1, c).to_bits(), at(c + 1, c).to_bits());
        assert_eq!(at(c, c - 1).to_bits(), at(c, c + 1).to_bits());
        assert_eq!(at(c - 1, c).to_bits(), at(c, c - 1).to_bits());
        let total: f32 = out.iter().sum();
        assert!((total - 1.0).abs() < 1e-5, "{total}");
    }

    #[test]
    fn the_portable_and_vector_builds_agree_bit_for_bit() {
        let (w, h, r) = (150usize, 5usize, 3.7f32);
        let m = blur_margin(r);
        let window: Vec<f32> = (0..(w + 2 * m) * (h + 2 * m))
            .map(|i| ((i * 2654435761usize) % 10007) as f32 / 10007.0)
            .collect();
        let wt = weights(r);
        let stride = w + 2 * m;
        let row = &window[2 * stride..][..stride];
        let taps = |k: usize| (&row[m - k..][..w], &row[m + k..][..w]);
        let (mut a, mut b) = (vec![0.0f32; w], vec![0.0f32; w]);
        on_vector_isa(
            Pass {
                weights: &wt,
                taps,
                dst: &mut a,
            },
            VectorIsa::portable(),
        );
        on_vector_isa(
            Pass {
                weights: &wt,
                taps,
                dst: &mut b,
            },
            VectorIsa::detect(),
        );
        assert_eq!(
            a.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            b.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        );
    }
}
