//! The stripe pattern the erosion filter carves with: per octave, stripes across the
//! slope in cells, each turned about its own point, blended over the four cells around
//! a point, with the few helpers that keep every build's bits the same.

/// Pixels worked on together: loops over this many lanes vectorise.
pub(super) const LANES: usize = 16;
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
/// pattern is continuous everywhere.
#[inline(always)]
pub(super) fn stripes(
    qx: &Block,
    qy: f32,
    cells: u32,
    seed: u32,
    across: &Across,
    sharpness: f32,
) -> (Block, Block) {
    let by = floor(qy - 0.5);
    let wy = quintic(qy - 0.5 - by);
    let bx: Block = std::array::from_fn(|k| floor(qx[k] - 0.5));
    let wx: Block = std::array::from_fn(|k| quintic(qx[k] - 0.5 - bx[k]));
    let cell = StripeCells {
        qx,
        qy,
        by,
        wy,
        bx: &bx,
        wx: &wx,
        cells,
        seed,
        across,
        sharpness,
    };
    // In cells wider than a block, most blocks lie in one column: its four points
    // are hashed once and broadcast, not hashed in every lane (about a tenth off the
    // whole filter, measured). The same points, so the same bits.
    if bx[0] == bx[LANES - 1] {
        cell.blend::<true>()
    } else {
        cell.blend::<false>()
    }
}

/// One octave's cells around a block of points: what [`stripes`] blends.
struct StripeCells<'a> {
    qx: &'a Block,
    qy: f32,
    /// The cell row above the points' centres and the weight of the one below.
    by: f32,
    wy: f32,
    /// Per lane, the cell column left of the point's centre and the weight of the one
    /// right of it.
    bx: &'a Block,
    wx: &'a Block,
    cells: u32,
    seed: u32,
    across: &'a Across,
    sharpness: f32,
}

impl StripeCells<'_> {
    /// The four cells' stripes at each lane's point, blended; with `SHARED`, every
    /// lane's cells are the first lane's.
    #[inline(always)]
    fn blend<const SHARED: bool>(&self) -> (Block, Block) {
        let (mut v, mut dv) = ([0.0f32; LANES], [0.0f32; LANES]);
        for j in [0.0f32, 1.0] {
            let cy = self.by + j;
            let row_hash = mix(wrap(cy, self.cells) ^ self.seed);
            let fy = if j == 0.0 { 1.0 - self.wy } else { self.wy };
            for i in [0.0f32, 1.0] {
                let shared = cell_point(self.bx[0] + i, cy, self.cells, row_hash);
                for k in 0..LANES {
                    let (px, py) = if SHARED {
                        shared
                    } else {
                        cell_point(self.bx[k] + i, cy, self.cells, row_hash)
                    };
                    let turns =
                        (self.qx[k] - px) * self.across.x[k] + (self.qy - py) * self.across.y[k];
                    let (val, der) = profile(turns, self.sharpness);
                    let fx = if i == 0.0 {
                        1.0 - self.wx[k]
                    } else {
                        self.wx[k]
                    };
                    let w = fx * fy;
                    v[k] += w * val;
                    dv[k] += w * der;
                }
            }
        }
        (v, dv)
    }
}

/// The point of the cell in column `cx` of row `cy` (whole numbers, from -1 to
/// `cells`), the row's hash being `row_hash`.
#[inline(always)]
fn cell_point(cx: f32, cy: f32, cells: u32, row_hash: u32) -> (f32, f32) {
    let h = mix(wrap(cx, cells) ^ row_hash);
    let px = cx + (h & 0xffff) as i32 as f32 * (1.0 / 65536.0);
    let py = cy + (h >> 16) as i32 as f32 * (1.0 / 65536.0);
    (px, py)
}

/// A stripe's height (-1..=1) `turns` turns across it and its derivative per radian
/// (softened across a sharp crest, see `SOFT`): the cosine, bent towards
/// `1 - 2 |sin(phase / 2)|` (a sharp crest, a round gully) by `sharpness`.
#[inline(always)]
fn profile(turns: f32, sharpness: f32) -> (f32, f32) {
    // Half the phase, reduced to -pi/2..=pi/2: sin and cos of it change sign together
    // there, which none of the terms below sees.
    let r = turns - floor(turns + 0.5);
    let (s, c) = sin_cos(std::f32::consts::PI * r);
    let round = 1.0 - 2.0 * s * s;
    let sharp = 1.0 - 2.0 * s.abs();
    let d_round = -2.0 * s * c;
    // The sharp crest's slope flips sign at the crest. The finer octaves follow this
    // slope (branching), so a flip there turned their stripes at once and drew a seam
    // one pixel wide along every coarser crest (seen at 4096): the flip is spread over
    // the band |sin| < SOFT instead, and is exact (±c) at the trough.
    let d_sharp = -c * s * ((1.0 + SOFT) / (s.abs() + SOFT));
    let k = sharpness;
    (
        round + k * (sharp - round),
        d_round + k * (d_sharp - d_round),
    )
}

/// Half-width, in `|sin(phase / 2)|`, of the band over which a sharp crest's slope turns
/// (about a fiftieth of a turn each side).
const SOFT: f32 = 0.06;

/// Sine and cosine of `a` in -pi/2..=pi/2 by polynomials fitted to them over that
/// range (errors below 6e-7 and 5e-8), the same bits on every machine. Degrees 7 and
/// 8: the Taylor series to degrees 11 and 10 they replace cost three more
/// multiply-adds per cell and pixel for digits a stripe does not show.
#[inline(always)]
fn sin_cos(a: f32) -> (f32, f32) {
    let a2 = a * a;
    let s = a * (0.999_996_6 + a2 * (-0.166_648_28 + a2 * (0.008_306_325 + a2 * -0.000_183_636_5)));
    let c = 0.999_999_94
        + a2 * (-0.499_999_05
            + a2 * (0.041_663_583 + a2 * (-0.001_385_370_6 + a2 * 2.315_396_9e-5)));
    (s, c)
}

/// The largest whole number at most `x`, for the filter's coordinates and phases
/// (|x| < 2²²): the same value as `f32::floor` (0 for -0), in float operations only, so
/// the loops vectorise (the library call, or a conversion to integers, kept them
/// scalar).
#[inline(always)]
fn floor(x: f32) -> f32 {
    // Adding and taking away 1.5 * 2²³ rounds to the nearest whole number.
    const ROUND: f32 = 12_582_912.0;
    let r = (x + ROUND) - ROUND;
    if r > x { r - 1.0 } else { r }
}

/// `6t⁵ - 15t⁴ + 10t³`: weights that blend the cells with continuous slopes.
#[inline(always)]
fn quintic(t: f32) -> f32 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

/// Cell coordinate `c` (a whole number from -1 to `cells`: the cells next to a point
/// of the texture) wrapped at `cells`, so the stripes tile at the texture's size.
#[inline(always)]
fn wrap(c: f32, cells: u32) -> u32 {
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
