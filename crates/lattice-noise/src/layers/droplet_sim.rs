//! [`simulate`]: the droplet erosion itself, on one square grid of heights. Each droplet
//! starts at a random point, turns down the slope (keeping some of its direction),
//! moves one pixel per step, and compares what it carries with what it could carry at
//! its speed, water and drop: below that it takes soil from a disc around it, above it
//! (or climbing) it leaves soil where it stands. After the erosion of Hans Theobald
//! Beyer's thesis (2015) as Sebastian Lague's tutorial popularised it.
//!
//! Droplets run one after another in a fixed order from the seed, in plain `f32`
//! arithmetic with no fused operations, so a simulation gives the same heights on
//! every machine and at every thread count.

use super::droplets::Droplets;
use crate::engine_error::EngineError;
use crate::job_control::JobControl;

/// Speed gained per unit of height dropped (squared speed, as a falling body).
const GRAVITY: f32 = 4.0;
/// What a droplet can carry on flat ground, in heights, on a 256 pixel grid (smaller
/// on finer grids, whose steps drop less): so flat ground still erodes a little.
const MIN_CAPACITY: f32 = 0.01;
/// Droplets between looks at the cancel flag.
const CHECK_EVERY: u64 = 2048;

/// Runs `d`'s droplets on `map`, `n` x `n` heights (rows of `n`), wrapping around the
/// edges when `wrap` (a tileable texture), otherwise letting droplets run off them.
/// `Err(Cancelled)` leaves `map` part-way.
pub(super) fn simulate(
    map: &mut [f32],
    n: usize,
    wrap: bool,
    d: &Droplets,
    control: &JobControl,
) -> Result<(), EngineError> {
    if n < 2 || map.len() != n * n {
        return Ok(());
    }
    let grid = Grid { map, n, wrap };
    let brush = Brush::new(d.radius, n);
    let mut rng = SplitMix64(u64::from(d.seed) ^ 0x6c61_7474_6963_6521);
    let fine = 256.0 / n as f32;
    let model = Model {
        inertia: d.inertia,
        capacity: d.capacity,
        min_capacity: MIN_CAPACITY * fine,
        erode: d.erode,
        deposit: d.deposit,
        // The same share lost over the same distance on every grid.
        keep_water: (1.0 - d.evaporation).powf(512.0 / n as f32),
        steps: d.steps(),
    };
    let mut sim = Simulation { grid, brush, model };
    // Starting points anywhere on a tileable texture; within the last cell otherwise.
    let span = if wrap { n as f32 } else { (n - 1) as f32 };
    for i in 0..d.count() {
        if i % CHECK_EVERY == 0 && control.is_cancelled() {
            return Err(EngineError::Cancelled);
        }
        let start = (rng.unit() * span, rng.unit() * span);
        sim.run(start);
    }
    Ok(())
}

/// The heights the droplets run on.
struct Grid<'a> {
    map: &'a mut [f32],
    n: usize,
    wrap: bool,
}

impl Grid<'_> {
    /// The index of cell `(x, y)`, wrapped, or `None` off the edge.
    fn index(&self, x: i64, y: i64) -> Option<usize> {
        let n = self.n as i64;
        if self.wrap {
            return Some((y.rem_euclid(n) * n + x.rem_euclid(n)) as usize);
        }
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| (y * n + x) as usize)
    }

    /// The height of cell `(x, y)`: wrapped, or the edge's past it.
    fn at(&self, x: i64, y: i64) -> f32 {
        let i = if self.wrap {
            self.index(x, y)
        } else {
            let n = self.n as i64 - 1;
            self.index(x.clamp(0, n), y.clamp(0, n))
        };
        i.and_then(|i| self.map.get(i)).copied().unwrap_or(0.0)
    }

    /// The index of cell `(x, y)` when it and the cells right of and below it are all
    /// inside (most steps): they are then read and written straight, the same cells
    /// as through [`Self::index`].
    fn inner(&self, x: i64, y: i64) -> Option<usize> {
        let n = self.n as i64;
        (x >= 0 && y >= 0 && x + 1 < n && y + 1 < n).then(|| (y * n + x) as usize)
    }

    /// The four heights around cell `(x, y)`'s top-left corner: top-left, top-right,
    /// bottom-left, bottom-right.
    fn corners(&self, x: i64, y: i64) -> [f32; 4] {
        let n = self.n;
        let straight = self.inner(x, y).and_then(|i| {
            let row = self.map.get(i..i + n + 2)?;
            Some([row[0], row[1], row[n], row[n + 1]])
        });
        straight.unwrap_or_else(|| {
            [
                self.at(x, y),
                self.at(x + 1, y),
                self.at(x, y + 1),
                self.at(x + 1, y + 1),
            ]
        })
    }

    /// Height and gradient at `(px, py)`, bilinear between the four cells around it.
    fn sample(&self, (px, py): (f32, f32)) -> (f32, f32, f32) {
        let (x, y) = (floor(px), floor(py));
        let (u, v) = (px - x, py - y);
        let [a, b, c, e] = self.corners(x as i64, y as i64);
        let gx = (b - a) * (1.0 - v) + (e - c) * v;
        let gy = (c - a) * (1.0 - u) + (e - b) * u;
        let h = a * (1.0 - u) * (1.0 - v) + b * u * (1.0 - v) + c * (1.0 - u) * v + e * u * v;
        (h, gx, gy)
    }

    /// Adds `amount` at `(px, py)`, shared between the four cells around it.
    fn deposit(&mut self, (px, py): (f32, f32), amount: f32) {
        let (x, y) = (floor(px), floor(py));
        let (u, v) = (px - x, py - y);
        let (x, y) = (x as i64, y as i64);
        let shares = [
            (0, 0, (1.0 - u) * (1.0 - v)),
            (1, 0, u * (1.0 - v)),
            (0, 1, (1.0 - u) * v),
            (1, 1, u * v),
        ];
        let n = self.n;
        if let Some(i) = self.inner(x, y) {
            for (dx, dy, w) in shares {
                if let Some(h) = self.map.get_mut(i + dy as usize * n + dx as usize) {
                    *h += amount * w;
                }
            }
            return;
        }
        for (dx, dy, w) in shares {
            if let Some(h) = self.index(x + dx, y + dy).and_then(|i| self.map.get_mut(i)) {
                *h += amount * w;
            }
        }
    }
}

/// `x.floor()` for the droplets' positions, which are never negative (on the grid, or
/// wrapped onto it) and below 2^24: their whole part by a conversion, not the library
/// call the baseline x86-64 build makes of `floor` (a seventh of a simulation's time).
#[inline(always)]
fn floor(x: f32) -> f32 {
    if x >= 0.0 { x as i64 as f32 } else { x.floor() }
}

/// The cells around a droplet it takes soil from, with weights summing to one that
/// fall off linearly to the radius, and their offsets in a grid's rows.
struct Brush {
    cells: Vec<(i64, i64, f32)>,
    /// `dy * n + dx` of each cell, for steps whose whole brush is inside the grid.
    offsets: Vec<i64>,
    /// Cells the brush reaches from its centre along each axis.
    reach: i64,
}

impl Brush {
    fn new(radius: f32, n: usize) -> Self {
        let r = radius.max(1.0);
        let reach = r.ceil() as i64;
        let mut cells = Vec::new();
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let w = r - ((dx * dx + dy * dy) as f32).sqrt();
                if w > 0.0 {
                    cells.push((dx, dy, w));
                }
            }
        }
        let total: f32 = cells.iter().map(|c| c.2).sum();
        let cells: Vec<_> = cells
            .into_iter()
            .map(|(x, y, w)| (x, y, w / total))
            .collect();
        let offsets = cells.iter().map(|&(x, y, _)| y * n as i64 + x).collect();
        Brush {
            cells,
            offsets,
            reach,
        }
    }
}

/// The droplets' constants for one grid.
#[derive(Clone, Copy)]
struct Model {
    inertia: f32,
    capacity: f32,
    min_capacity: f32,
    erode: f32,
    deposit: f32,
    keep_water: f32,
    steps: u32,
}

/// A grid, its brush and its droplets' model.
struct Simulation<'a> {
    grid: Grid<'a>,
    brush: Brush,
    model: Model,
}

impl Simulation<'_> {
    /// Runs one droplet from `pos` until it stops or its steps run out, where it
    /// leaves what it still carries, or until it runs off the grid with it.
    fn run(&mut self, mut pos: (f32, f32)) {
        let m = self.model;
        let n = self.grid.n as f32;
        let (mut dir, mut speed, mut water) = ((0.0f32, 0.0f32), 1.0f32, 1.0f32);
        let mut carried = 0.0f32;
        for _ in 0..m.steps {
            let (h, gx, gy) = self.grid.sample(pos);
            dir = (
                dir.0 * m.inertia - gx * (1.0 - m.inertia),
                dir.1 * m.inertia - gy * (1.0 - m.inertia),
            );
            let len = (dir.0 * dir.0 + dir.1 * dir.1).sqrt();
            if len.is_nan() || len <= 0.0 {
                // Flat, or not a number: nowhere to run.
                break;
            }
            dir = (dir.0 / len, dir.1 / len);
            let mut next = (pos.0 + dir.0, pos.1 + dir.1);
            if self.grid.wrap {
                next = (next.0.rem_euclid(n), next.1.rem_euclid(n));
            } else if !(0.0..=n - 1.0).contains(&next.0) || !(0.0..=n - 1.0).contains(&next.1) {
                return;
            }
            let below = self.grid.sample(next).0;
            let drop = h - below;
            let can_carry = (drop * speed * water * m.capacity).max(m.min_capacity);
            if carried > can_carry || drop < 0.0 {
                // Climbing, it fills the hollow behind it (no more than it carries);
                // overloaded, it leaves part of the excess.
                let left = if drop < 0.0 {
                    (-drop).min(carried)
                } else {
                    (carried - can_carry) * m.deposit
                };
                carried -= left;
                self.grid.deposit(pos, left);
            } else {
                // Never more than the drop, and no cell below where the droplet goes:
                // the brush reaches downhill too, and droplets leaving by one outlet
                // would otherwise dig it without end.
                let wanted = ((can_carry - carried) * m.erode).min(drop);
                carried += self.take(pos, wanted, below);
            }
            speed = (speed * speed + drop * GRAVITY).max(0.0).sqrt();
            water *= m.keep_water;
            pos = next;
        }
        if carried.is_finite() {
            self.grid.deposit(pos, carried);
        }
    }

    /// Takes up to `amount` of soil from the brush's cells around `pos`, none below
    /// `lowest`; returns how much it took.
    fn take(&mut self, pos: (f32, f32), amount: f32, lowest: f32) -> f32 {
        let (x, y) = (floor(pos.0) as i64, floor(pos.1) as i64);
        let (n, r) = (self.grid.n as i64, self.brush.reach);
        let mut taken = 0.0;
        let mut take = |h: &mut f32, w: f32| {
            let t = (amount * w).min((*h - lowest).max(0.0));
            *h -= t;
            taken += t;
        };
        if x >= r && y >= r && x + r < n && y + r < n {
            // The whole brush inside: the same cells, by their offsets.
            let centre = y * n + x;
            for (&off, &(_, _, w)) in self.brush.offsets.iter().zip(&self.brush.cells) {
                if let Some(h) = self.grid.map.get_mut((centre + off) as usize) {
                    take(h, w);
                }
            }
            return taken;
        }
        for &(dx, dy, w) in &self.brush.cells {
            if let Some(h) = self
                .grid
                .index(x + dx, y + dy)
                .and_then(|i| self.grid.map.get_mut(i))
            {
                take(h, w);
            }
        }
        taken
    }
}

/// A small, fast generator whose sequence is fixed by its seed (SplitMix64).
struct SplitMix64(u64);

impl SplitMix64 {
    /// A number in `0..1` with 24 random bits.
    fn unit(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 40) as f32 / (1u64 << 24) as f32
    }
}

#[cfg(test)]
#[path = "droplet_sim_tests.rs"]
mod tests;
