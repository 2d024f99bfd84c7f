//! Helpers shared by the engine's integration tests.

use lattice_noise::{Erosion, Heightmap, JobControl, LayerStack, MaskMeasure, MaskSlope, Region};

/// A slope mask's ramp for steep ground: from 1 to 3 heights per texture width.
pub const STEEP: MaskSlope = MaskSlope {
    from: 1.0,
    to: 3.0,
    measure: MaskMeasure::Slope,
    scale: None,
};

/// A curvature mask's ramp for crests: convexity from 0 to 3.
pub const CRESTS: MaskSlope = MaskSlope {
    from: 0.0,
    to: 3.0,
    measure: MaskMeasure::Curvature,
    scale: None,
};

/// Erosion whose differences step 8 pixels at 256 (4 cells, 3 octaves: the finest cell
/// is 16 px), so windows read a wide halo.
pub const WIDE: Erosion = Erosion {
    strength: 0.4,
    cells: 4,
    octaves: 3,
    auto_octaves: false,
    detail: 0.5,
    branching: 0.5,
    sharpness: 0.8,
    keep: 0.8,
    seed: 3,
};

/// The heights of `s` over `r`.
pub fn render(s: &LayerStack, r: Region) -> Heightmap {
    s.generate_region(r, &JobControl::default()).unwrap()
}

/// The region of `width` x `height` pixels from (`x`, `y`).
pub fn region(x: u32, y: u32, width: u32, height: u32) -> Region {
    Region {
        x,
        y,
        width,
        height,
    }
}

/// Windows of a 256 texture for effects that read a halo around each window: sixteen
/// 64 px tiles, slivers at the edges narrower than a halo, and windows whose halo reaches
/// past an edge they do not touch.
pub fn halo_windows_of_256() -> Vec<Region> {
    let mut windows: Vec<Region> = (0..16)
        .map(|i| region(i % 4 * 64, i / 4 * 64, 64, 64))
        .collect();
    windows.extend([
        region(0, 0, 3, 256),
        region(253, 0, 3, 5),
        region(0, 255, 256, 1),
        region(255, 100, 1, 1),
        region(100, 0, 7, 2),
        region(10, 250, 20, 3),
        region(10, 245, 20, 3),
        region(251, 40, 2, 9),
        region(241, 40, 2, 9),
        region(3, 2, 5, 5),
    ]);
    windows
}

/// The bits of every height, row-major (heights compared bit for bit).
pub fn bits(hm: &Heightmap) -> Vec<u32> {
    hm.data().iter().map(|v| v.to_bits()).collect()
}

/// How many pixels of `a` and `b` (maps of one shape) differ by more than 0.001.
pub fn pixels_changed(a: &Heightmap, b: &Heightmap) -> usize {
    let pairs = a.data().iter().zip(b.data());
    pairs.filter(|(a, b)| (*a - *b).abs() > 1e-3).count()
}

/// Asserts that each of `windows` of `s`, rendered alone, gives that window of the
/// whole render bit for bit; `case` names the stack in a failure's message.
pub fn assert_windows_give_the_whole(s: &LayerStack, windows: &[Region], case: &str) {
    let whole = render(s, Region::full(s.size()));
    for &r in windows {
        assert_eq!(bits(&render(s, r)), window_bits(&whole, r), "{case} {r:?}");
    }
}

/// The bits of the window `r` of `whole`, row-major: what a render of `r` alone must give.
pub fn window_bits(whole: &Heightmap, r: Region) -> Vec<u32> {
    (r.y..r.y + r.height)
        .flat_map(|y| (r.x..r.x + r.width).map(move |x| (x, y)))
        .map(|(x, y)| whole.get(x, y).to_bits())
        .collect()
}

/// Asserts that `render` gives the same bits on a pool of each of `threads` threads;
/// `what` names the case in the failure.
#[cfg(feature = "rayon")]
pub fn assert_same_bits_at_thread_counts(
    threads: &[usize],
    what: &str,
    render: impl Fn() -> Heightmap + Sync,
) {
    let runs = bits_at_thread_counts(threads, render);
    for (t, run) in threads.iter().zip(&runs).skip(1) {
        assert!(
            *run == runs[0],
            "{what}: {t} threads differ from {}",
            threads[0]
        );
    }
}

/// The bits of `render` run on a pool of each of `threads` threads.
#[cfg(feature = "rayon")]
pub fn bits_at_thread_counts(
    threads: &[usize],
    render: impl Fn() -> Heightmap + Sync,
) -> Vec<Vec<u32>> {
    threads
        .iter()
        .map(|&t| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build()
                .unwrap();
            bits(&pool.install(&render))
        })
        .collect()
}

/// Olsen's erosion score: the standard deviation of the slope over its mean (central
/// differences inside the texture).
pub fn olsen(h: &Heightmap) -> f64 {
    let n = h.width() as usize;
    let d = h.data();
    let mut slopes = Vec::new();
    for y in 1..n - 1 {
        for x in 1..n - 1 {
            let gx = f64::from(d[y * n + x + 1] - d[y * n + x - 1]);
            let gy = f64::from(d[(y + 1) * n + x] - d[(y - 1) * n + x]);
            slopes.push(gx.hypot(gy));
        }
    }
    let mean = slopes.iter().sum::<f64>() / slopes.len() as f64;
    let var = slopes.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / slopes.len() as f64;
    var.sqrt() / mean
}

/// The mean jump between neighbouring pixels of a square map along each axis: over the
/// whole map, beside its wrap-around seam, and across it.
pub struct Seams {
    /// Between neighbouring columns (`[0]`) and rows (`[1]`), over the whole map.
    pub inside: [f32; 2],
    /// Between the two columns (rows) next to the seam on either side: the last two and
    /// the first two. A texture's coarse octaves make its slope vary across the map,
    /// so the seam is compared with the lines beside it rather than with the mean.
    pub beside: [f32; 2],
    /// From the last column to the first (`[0]`) and the last row to the first (`[1]`).
    pub across: [f32; 2],
}

/// [`Seams`] of `h`: a tileable texture continues round, so each axis's jumps across
/// the seam are like the jumps beside it.
pub fn seams(h: &Heightmap) -> Seams {
    let n = h.width() as usize;
    let at = |x: usize, y: usize| h.data()[y * n + x];
    let mean = |jumps: &mut dyn Iterator<Item = f32>| {
        let (sum, count) = jumps.fold((0.0f64, 0usize), |(s, c), d| {
            (s + f64::from(d.abs()), c + 1)
        });
        (sum / count.max(1) as f64) as f32
    };
    let pairs = |a: usize, b: usize| (0..n).map(move |i| (a, b, i));
    let columns = |x0: usize, x1: usize| pairs(x0, x1).map(|(a, b, y)| at(b, y) - at(a, y));
    let rows = |y0: usize, y1: usize| pairs(y0, y1).map(|(a, b, x)| at(x, b) - at(x, a));
    Seams {
        inside: [
            mean(&mut (1..n).flat_map(|x| columns(x - 1, x))),
            mean(&mut (1..n).flat_map(|y| rows(y - 1, y))),
        ],
        beside: [
            mean(&mut columns(n - 2, n - 1).chain(columns(0, 1))),
            mean(&mut rows(n - 2, n - 1).chain(rows(0, 1))),
        ],
        across: [mean(&mut columns(n - 1, 0)), mean(&mut rows(n - 1, 0))],
    }
}

/// Pearson's correlation of `a` and `b`.
pub fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(a), mean(b));
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(a, ma) * var(b, mb)).sqrt()
}

/// A map `factor` times `side` pixels wide, averaged over each `factor` x `factor`
/// block: `side` x `side` values to set beside a render at that size.
pub fn block_means(large: &[f64], side: usize, factor: usize) -> Vec<f64> {
    let width = side * factor;
    let block = |i: usize| {
        let (x, y) = (i % side * factor, i / side * factor);
        let n = factor * factor;
        (0..n)
            .map(|k| large[(y + k / factor) * width + x + k % factor])
            .sum::<f64>()
            / n as f64
    };
    (0..side * side).map(block).collect()
}

/// Asserts that `h` wraps round: on each axis the jump across its seam is less than
/// `factor` times the jumps beside it (see [`seams`]); `what` names it in the message.
pub fn assert_wraps_round(h: &Heightmap, factor: f32, what: &str) {
    let s = seams(h);
    for axis in 0..2 {
        let (across, beside) = (s.across[axis], s.beside[axis]);
        assert!(
            across < factor * beside,
            "{what}, axis {axis}: {across} across the seam against {beside} beside it"
        );
    }
}

/// The seam measure tells a texture that wraps from one that does not: untiled, the
/// last column and the first are unrelated, so the jump between them is several inner
/// ones; tiled, it is one like the others.
#[test]
fn seams_tell_a_wrapping_texture() {
    for tileable in [false, true] {
        let p = lattice_noise::NoiseParams {
            size: 128,
            initial_step: 32,
            octaves: 4,
            tileable,
            ..lattice_noise::NoiseParams::default()
        };
        let s = seams(&lattice_noise::generate_simple(&p).unwrap());
        for axis in 0..2 {
            let ratio = s.across[axis] / s.beside[axis];
            if tileable {
                assert!(ratio < 1.5, "axis {axis}: {ratio}");
            } else {
                assert!(ratio > 3.0, "axis {axis}: {ratio}");
            }
        }
    }
}
