use super::super::stripe_row::StripeRow;
use super::*;
use crate::kernel::PortablePick;
use std::f32::consts::TAU;

/// [`stripes`] with no row prepared: every lane hashes its own points.
fn hashed(q: &Block, qy: f32, cells: u32, seed: u32, across: &Across) -> (Block, Block) {
    stripes::<true, _, _>(
        q,
        qy,
        cells,
        seed,
        across,
        0.8,
        &StripeRow::default(),
        PortablePick,
    )
}

#[test]
fn sine_and_cosine_hold_over_the_half_turn() {
    for i in -100..=100 {
        let a = i as f32 * std::f32::consts::FRAC_PI_2 / 100.0;
        let (s, c) = sin_cos(a);
        assert!(
            (s - a.sin()).abs() < 1e-4 && (c - a.cos()).abs() < 1e-5,
            "{a}"
        );
    }
}

#[test]
fn the_profile_is_a_cosine_bent_to_a_sharp_crest() {
    for i in 0..40 {
        let t = i as f32 / 40.0 - 0.5;
        let (v, d) = profile::<true>(t, 0.0);
        let phase = TAU * t;
        assert!((v - phase.cos()).abs() < 5e-4, "{t}");
        assert!((d + phase.sin()).abs() < 5e-4, "{t}");
        // Sharp: 1 - 2 |sin(phase / 2)|, crest 1 at 0 and trough -1 half a turn away.
        let (v, _) = profile::<true>(t, 1.0);
        assert!(
            (v - (1.0 - 2.0 * (phase / 2.0).sin().abs())).abs() < 5e-4,
            "{t}"
        );
    }
    // Whole turns apart, the same bits.
    assert_eq!(profile::<true>(-0.125, 0.3), profile::<true>(3.875, 0.3));
    assert_eq!(profile::<true>(0.375, 0.7), profile::<true>(2.375, 0.7));
}

/// The sharp crest's slope is -cos(phase / 2) sign(sin(phase / 2)) softened across the
/// crest: odd about it, zero on it, exact at the trough, and without a step.
#[test]
fn the_sharp_slope_flips_smoothly_across_the_crest() {
    for i in 1..200 {
        let t = i as f32 / 400.0;
        let half = std::f32::consts::PI * t;
        let (_, d) = profile::<true>(t, 1.0);
        assert_eq!(d, -profile::<true>(-t, 1.0).1, "odd about the crest, {t}");
        assert!(d <= 0.0 && d >= -half.cos() * 1.0001, "{t}: {d}");
    }
    assert_eq!(profile::<true>(0.0, 1.0).1, 0.0);
    assert!(profile::<true>(0.5, 1.0).1.abs() < 1e-3);
    // No step anywhere: neighbours a thousandth of a turn apart stay close.
    for i in -500..500 {
        let t = i as f32 / 1000.0;
        let (a, b) = (profile::<true>(t, 1.0).1, profile::<true>(t + 0.001, 1.0).1);
        assert!((a - b).abs() < 0.06, "{t}: {a} {b}");
    }
}

/// The pattern of one octave (8 cells, seed 7) at `LANES` points along x from `qx`,
/// row `qy`, for stripes across (0.6, 0.8).
fn pattern(qx: f32, qy: f32) -> (Block, Block) {
    let across = Across {
        x: [0.6; LANES],
        y: [0.8; LANES],
    };
    let q: Block = std::array::from_fn(|k| qx + 0.01 * k as f32);
    hashed(&q, qy, 8, 7, &across)
}

#[test]
fn derivatives_per_turn_match_differences_of_the_pattern() {
    // The blend weights are left out of the derivative, so compare loosely, on points
    // near cell centres where the weights hardly change.
    for &(qx, qy) in &[(3.45f32, 4.5f32), (0.5, 0.55), (6.5, 2.45)] {
        let h = 1e-3f32;
        let (_, dv) = pattern(qx, qy);
        let (a, _) = pattern(qx + h * 0.6, qy + h * 0.8);
        let (b, _) = pattern(qx - h * 0.6, qy - h * 0.8);
        let numeric = (a[0] - b[0]) / (2.0 * h) / TAU;
        assert!(
            (numeric - dv[0]).abs() < 0.1 + 0.2 * dv[0].abs(),
            "{numeric} {}",
            dv[0]
        );
    }
}

#[test]
fn stripes_continue_across_the_wrap_at_the_cell_count() {
    // The texture's points lie in 0..8 cells; the pattern just inside its right (or
    // bottom) edge runs on into the one just inside its left (or top) edge.
    let across = Across {
        x: [0.6; LANES],
        y: [0.8; LANES],
    };
    let row = |qx: f32, qy: f32| hashed(&[qx; LANES], qy, 8, 3, &across);
    for &(a, b) in &[
        ((7.9995f32, 3.3f32), (0.0005f32, 3.3f32)),
        ((5.1, 7.9995), (5.1, 0.0005)),
    ] {
        let (va, _) = row(a.0, a.1);
        let (vb, _) = row(b.0, b.1);
        assert!(
            (va[0] - vb[0]).abs() < 0.02,
            "{a:?} {b:?}: {} {}",
            va[0],
            vb[0]
        );
    }
}

#[test]
fn floor_is_the_library_floor_on_the_filter_range() {
    for x in [
        -2.5f32, -1.0, -0.999, 0.0, 0.3, 0.5, 1.5, 2.5, 1.0, 7.99, 131_071.5, -3.0e-8, 4.0e6,
    ] {
        assert_eq!(floor(x).to_bits(), x.floor().to_bits(), "{x}");
    }
    for c in [0.0f32, 1.0, 7.0, 1023.0, 131_071.0] {
        assert_eq!(whole(c), c as u32);
    }
    assert_eq!((wrap(-1.0, 8), wrap(8.0, 8), wrap(3.0, 8)), (7, 0, 3));
}

/// Stripes at the points of `q` in row `qy`, every source of points that applies
/// (broadcast for blocks in one column, picked from a prepared row, hashed per lane),
/// as bits; the hashed ones first.
fn every_way(
    q: &Block,
    qy: f32,
    (cells, seed): (u32, u32),
    across: &Across,
) -> Vec<(Vec<u32>, Vec<u32>)> {
    let bits =
        |(v, d): (Block, Block)| (v.map(f32::to_bits).to_vec(), d.map(f32::to_bits).to_vec());
    let by = floor(qy - 0.5);
    let bx: Block = std::array::from_fn(|k| floor(q[k] - 0.5));
    let wx: Block = std::array::from_fn(|k| quintic(q[k] - 0.5 - bx[k]));
    let cell = StripeCells {
        qx: q,
        qy,
        wy: quintic(qy - 0.5 - by),
        wx: &wx,
        across,
        sharpness: 0.8,
    };
    let per_lane = Hashed::new(&bx, by, cells, seed);
    let mut ways = vec![bits(cell.blend::<true>(&per_lane))];
    if bx[0] == bx[LANES - 1] {
        ways.push(bits(cell.blend::<true>(&per_lane.shared())));
    }
    // A row prepared from a little left of the block to a little right of it.
    let mut row = StripeRow::default();
    row.prepare((q[0] * 0.5, q[LANES - 1] + 2.0), qy, cells, seed);
    if let Some(points) = row.picked(&bx, by, (cells, seed), PortablePick) {
        ways.push(bits(cell.blend::<true>(&points)));
    }
    let from_row = (q, qy, (cells, seed), across, &row);
    ways.push(bits(with_row::<true>(from_row)));
    // The last octave's way, without derivatives: the same values, derivatives zero.
    let (v, d) = bits(with_row::<false>(from_row));
    assert_eq!(v, ways[0].0);
    assert!(d.iter().all(|&d| d == 0));
    ways
}

/// [`stripes`] with `row` prepared (or not) for the points `q`, `qy`.
fn with_row<const SLOPE: bool>(
    (q, qy, (cells, seed), across, row): (&Block, f32, (u32, u32), &Across, &StripeRow),
) -> (Block, Block) {
    stripes::<SLOPE, _, _>(q, qy, cells, seed, across, 0.8, row, PortablePick)
}

#[test]
fn points_broadcast_or_picked_from_the_row_give_the_bits_of_points_per_lane() {
    // Blocks inside one cell column and across up to 30, at every cell count, seed and
    // row, some touching the wrap at the cell count.
    let across = Across {
        x: std::array::from_fn(|k| (0.3 + 0.1 * k as f32).cos()),
        y: std::array::from_fn(|k| (0.3 + 0.1 * k as f32).sin()),
    };
    let (mut shared, mut picked) = (0, 0);
    for cells in [1u32, 3, 8, 64, 1024] {
        for seed in [0u32, 7, 0x9e37_79b9] {
            for reach in [0.03f32, 0.9, 5.5, 29.0] {
                let reach = reach.min(cells as f32 - 0.6);
                for start in [0.0f32, 0.51, 2.55, cells as f32 - 0.49 - reach] {
                    let start = start.max(0.0);
                    let q: Block = std::array::from_fn(|k| start + reach * k as f32 / LANES as f32);
                    for qy in [0.2f32, 0.5, 0.77, cells as f32 - 0.1] {
                        let ways = every_way(&q, qy, (cells, seed), &across);
                        let first = &ways[0];
                        assert!(
                            ways.iter().all(|w| w == first),
                            "cells {cells} seed {seed} x {start}+{reach} y {qy}"
                        );
                        match ways.len() {
                            4 => shared += 1,
                            3 => picked += 1,
                            _ => {}
                        }
                    }
                }
            }
        }
    }
    assert!(shared > 100 && picked > 300, "{shared} {picked}");
}
