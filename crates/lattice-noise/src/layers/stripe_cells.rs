//! The stripe pattern the erosion filter carves with: per octave, stripes across the
//! slope in cells, each turned about its own point, blended over the four cells around
//! a point, with the few helpers that keep every build's bits the same.

use crate::kernel::BlockPick;

/// Pixels worked on together: loops over this many lanes vectorise. Two registers' worth
/// (AVX-512) rather than one: each loop then carries two independent chains side by
/// side, which the processor overlaps (the filter of `eroded-mountains` at 2048 took
/// about a sixth less time than with 16, measured; 64 gained nothing). Each lane does
/// the same operations either way, so the same bits.
pub(super) const LANES: usize = crate::kernel::PICK_LANES;
/// One value per pixel of a block.
pub(super) type Block = [f32; LANES];

/// The unit vectors, per pixel, that stripes vary along.
pub(super) struct Across {
    pub(super) x: Block,
    pub(super) y: Block,
}

/// The stripe pattern of one octave at points (`qx`, `qy`) in cells, for stripes that
/// vary along `across`: values (-1..=1) and derivatives per turn of phase. Each of the
/// four nearest cells turns the stripes about its own point; their patterns are blended
/// with weights that depend on the position alone (a smooth partition of one), so the
/// pattern is continuous everywhere. `row` holds the cells' points around the row
/// (prepared for this octave and row, or not), which lanes take with `pick`. Without
/// `SLOPE` the derivatives are left at zero and not computed (the last octave's, which
/// no octave follows), and the values keep their bits.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn stripes<const SLOPE: bool, P: BlockPick, R: RowPoints>(
    qx: &Block,
    qy: f32,
    cells: u32,
    seed: u32,
    across: &Across,
    sharpness: f32,
    row: &R,
    pick: P,
) -> (Block, Block) {
    let by = floor(qy - 0.5);
    let wy = quintic(qy - 0.5 - by);
    let (mut bx, mut wx) = ([0.0; LANES], [0.0; LANES]);
    for k in 0..LANES {
        bx[k] = floor(qx[k] - 0.5);
        wx[k] = quintic(qx[k] - 0.5 - bx[k]);
    }
    let cell = StripeCells {
        qx,
        qy,
        wy,
        wx: &wx,
        across,
        sharpness,
    };
    // In cells wider than a block, most blocks lie in one column: its four points
    // are hashed once and broadcast, not hashed in every lane (about a tenth off the
    // whole filter, measured). In narrower cells, the lanes take their points from the
    // row's by register permutes (a tenth off again, see the README's Erosion section).
    // The same points, so the same bits. Rows are hashed only on the paths that hash.
    if bx[0] == bx[LANES - 1] {
        cell.blend::<SLOPE>(&Hashed::new(&bx, by, cells, seed).shared())
    } else if let Some(points) = row.picked(&bx, by, (cells, seed), pick) {
        cell.blend::<SLOPE>(&points)
    } else {
        cell.blend::<SLOPE>(&Hashed::new(&bx, by, cells, seed))
    }
}

/// Cells' points prepared around a row of pixels, for a block's lanes to pick from.
pub(super) trait RowPoints {
    /// Each lane's points, picked.
    type Points: CellPoints;
    /// The points of the cells right of columns `bx` and below row `by` of the octave
    /// of `cells` cells and `seed`, picked by `pick`; `None` when the row holds
    /// another octave or row, or the block spans more columns than a pick reaches.
    fn picked<P: BlockPick>(
        &self,
        bx: &Block,
        by: f32,
        octave: (u32, u32),
        pick: P,
    ) -> Option<Self::Points>;
}

/// Where the points of the four cells around each lane's point come from.
pub(super) trait CellPoints {
    /// The point of the cell `i` columns right of lane `k`'s left column and `j` rows
    /// below its upper row (`i`, `j` 0 or 1).
    fn point(&self, i: usize, j: usize, k: usize) -> (f32, f32);
}

/// Points hashed in every lane: columns `bx[k]` and `bx[k] + 1` of rows `by` and
/// `by + 1`.
pub(super) struct Hashed<'a> {
    bx: &'a Block,
    cy: [f32; 2],
    row_hash: [u32; 2],
    cells: u32,
}

impl<'a> Hashed<'a> {
    /// The cells right of columns `bx` and below row `by` of an octave of `cells`
    /// cells and seed `seed`.
    #[inline(always)]
    pub(super) fn new(bx: &'a Block, by: f32, cells: u32, seed: u32) -> Self {
        let cy = [by, by + 1.0];
        Hashed {
            bx,
            cy,
            row_hash: cy.map(|cy| mix(wrap(cy, cells) ^ seed)),
            cells,
        }
    }

    /// The first lane's points, for blocks whose lanes share its columns.
    #[inline(always)]
    pub(super) fn shared(&self) -> Shared {
        Shared(std::array::from_fn(|j| {
            std::array::from_fn(|i| self.point(i, j, 0))
        }))
    }
}

impl CellPoints for Hashed<'_> {
    #[inline(always)]
    fn point(&self, i: usize, j: usize, k: usize) -> (f32, f32) {
        cell_point(
            self.bx[k] + i as f32,
            self.cy[j],
            self.cells,
            self.row_hash[j],
        )
    }
}

/// The same four points in every lane, by row `j` and column `i`.
pub(super) struct Shared([[(f32, f32); 2]; 2]);

impl CellPoints for Shared {
    #[inline(always)]
    fn point(&self, i: usize, j: usize, _: usize) -> (f32, f32) {
        self.0[j][i]
    }
}

/// One octave's cells around a block of points: what [`stripes`] blends.
struct StripeCells<'a> {
    qx: &'a Block,
    qy: f32,
    /// The weight of the cell row below the points' centres.
    wy: f32,
    /// Per lane, the weight of the cell column right of the point's centre.
    wx: &'a Block,
    across: &'a Across,
    sharpness: f32,
}

impl StripeCells<'_> {
    /// The four cells' stripes at each lane's point, blended, the cells' points taken
    /// from `points`; their derivatives too with `SLOPE`.
    #[inline(always)]
    fn blend<const SLOPE: bool>(&self, points: &impl CellPoints) -> (Block, Block) {
        let (mut v, mut dv) = ([0.0f32; LANES], [0.0f32; LANES]);
        for j in 0..2 {
            let fy = if j == 0 { 1.0 - self.wy } else { self.wy };
            for i in 0..2 {
                for k in 0..LANES {
                    let (px, py) = points.point(i, j, k);
                    let turns = (self.qx[k] - px)
                        .mul_add(self.across.x[k], (self.qy - py) * self.across.y[k]);
                    let (val, der) = profile::<SLOPE>(turns, self.sharpness);
                    let fx = if i == 0 { 1.0 - self.wx[k] } else { self.wx[k] };
                    let w = fx * fy;
                    v[k] = w.mul_add(val, v[k]);
                    if SLOPE {
                        dv[k] = w.mul_add(der, dv[k]);
                    }
                }
            }
        }
        (v, dv)
    }
}

/// The point of the cell in column `cx` of row `cy` (whole numbers, from -1 to
/// `cells`), the row's hash being `row_hash`.
#[inline(always)]
pub(super) fn cell_point(cx: f32, cy: f32, cells: u32, row_hash: u32) -> (f32, f32) {
    let h = mix(wrap(cx, cells) ^ row_hash);
    let px = ((h & 0xffff) as i32 as f32).mul_add(1.0 / 65536.0, cx);
    let py = ((h >> 16) as i32 as f32).mul_add(1.0 / 65536.0, cy);
    (px, py)
}

/// A stripe's height (-1..=1) `turns` turns across it and its derivative per radian:
/// the cosine, bent towards `1 - 2 |sin(phase / 2)|` (a sharp crest, a round gully) by
/// `sharpness`; the derivative only with `SLOPE` (zero otherwise), the height's bits
/// the same either way.
#[inline(always)]
fn profile<const SLOPE: bool>(turns: f32, sharpness: f32) -> (f32, f32) {
    // Half the phase, reduced to -pi/2..=pi/2: the stripe reads only s², |s| and s c,
    // which are periodic in whole turns, so the nearest whole turn is taken away.
    let r = turns - round(turns);
    let (s, c) = sin_cos(std::f32::consts::PI * r);
    let a = s.abs();
    let k = sharpness;
    // The cosine is 1 - 2 s², the sharp crest 1 - 2 |s|; their blend by k is
    // 1 - 2 |s| ((1 - k) |s| + k).
    let height = (-2.0 * a).mul_add(a.mul_add(1.0 - k, k), 1.0);
    if !SLOPE {
        // The cosine is then dead code too: its polynomial is not evaluated.
        return (height, 0.0);
    }
    // The slopes: -2 s c for the cosine, -c sign(s) for the sharp crest. That sign
    // flips at the crest; the finer octaves follow this slope (branching), so a flip
    // there turned their stripes at once and drew a seam one pixel wide along every
    // coarser crest (seen at 4096): the flip is eased over the band |s| < SOFT, as
    // 1 - (1 - t)³ of t = |s| / SOFT (steep at the crest, flat where it meets 1, no
    // division), and is exact (±c) beyond it.
    let u = 1.0 - (a * (1.0 / SOFT)).min(1.0);
    let eased = (-u * u).mul_add(u, 1.0).copysign(s);
    let slope = -c * (2.0 * (1.0 - k)).mul_add(s, eased * k);
    (height, slope)
}

/// Half-width, in `|sin(phase / 2)|`, of the band over which a sharp crest's slope turns
/// (a sixth of a turn each side).
const SOFT: f32 = 0.5;

/// Sine and cosine of `a` in -pi/2..=pi/2 by polynomials fitted to them over that
/// range (errors below 7e-5 and 7e-6), the same bits on every machine. Degrees 5 and
/// 6: higher degrees cost more multiply-adds per cell and pixel for digits a stripe
/// does not show.
#[inline(always)]
fn sin_cos(a: f32) -> (f32, f32) {
    let a2 = a * a;
    let s = a2.mul_add(0.007_514_37, -0.165_673_06);
    let s = a2.mul_add(s, 0.999_696_8) * a;
    let c = a2.mul_add(-0.001_271_21, 0.041_487_75);
    let c = a2.mul_add(c, -0.499_912_44);
    let c = a2.mul_add(c, 0.999_993_3);
    (s, c)
}

/// The whole number nearest `x` (ties to even), for phases (|x| < 2²²), in float
/// operations only: adding and taking away 1.5 * 2²³ rounds to the nearest.
#[inline(always)]
fn round(x: f32) -> f32 {
    const ROUND: f32 = 12_582_912.0;
    (x + ROUND) - ROUND
}

/// The largest whole number at most `x`, for the filter's coordinates and phases
/// (|x| < 2²²): the same value as `f32::floor` (0 for -0), in float operations only, so
/// the loops vectorise (the library call, or a conversion to integers, kept them
/// scalar).
#[inline(always)]
pub(super) fn floor(x: f32) -> f32 {
    let r = round(x);
    if r > x { r - 1.0 } else { r }
}

/// `6t⁵ - 15t⁴ + 10t³`: weights that blend the cells with continuous slopes.
#[inline(always)]
fn quintic(t: f32) -> f32 {
    t * t * t * t.mul_add(t.mul_add(6.0, -15.0), 10.0)
}

/// Cell coordinate `c` (a whole number from -1 to `cells`: the cells next to a point
/// of the texture) wrapped at `cells`, so the stripes tile at the texture's size.
#[inline(always)]
pub(super) fn wrap(c: f32, cells: u32) -> u32 {
    let n = cells as f32;
    let c = if c < 0.0 {
        c + n
    } else if c >= n {
        c - n
    } else {
        c
    };
    whole(c)
}

/// The whole number `c` (0 to 2²³) as an integer, read from the bits of `c + 2²³`: a
/// float-to-integer conversion kept the loops scalar (Rust's saturates, which AVX2 has
/// no instruction for).
#[inline(always)]
fn whole(c: f32) -> u32 {
    const TWO_23: f32 = 8_388_608.0;
    (c + TWO_23).to_bits().wrapping_sub(TWO_23.to_bits())
}

/// A 32-bit integer hash with every bit of the input reaching every bit of the output.
#[inline(always)]
pub(super) fn mix(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^ (x >> 16)
}

#[cfg(test)]
#[path = "stripe_cells_tests.rs"]
mod tests;
