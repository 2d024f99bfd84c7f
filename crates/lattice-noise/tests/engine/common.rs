//! Helpers shared by the engine's integration tests.

use lattice_noise::{Heightmap, Region};

/// The bits of every height, row-major (heights compared bit for bit).
pub fn bits(hm: &Heightmap) -> Vec<u32> {
    hm.data().iter().map(|v| v.to_bits()).collect()
}

/// The bits of the window `r` of `whole`, row-major: what a render of `r` alone must give.
pub fn window_bits(whole: &Heightmap, r: Region) -> Vec<u32> {
    (r.y..r.y + r.height)
        .flat_map(|y| (r.x..r.x + r.width).map(move |x| (x, y)))
        .map(|(x, y)| whole.get(x, y).to_bits())
        .collect()
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
