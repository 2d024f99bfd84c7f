//! Work split into chunks of a slice: on rayon's pool with the `rayon` feature (the
//! default), else one chunk after another on the caller's thread, for a game that runs
//! the engine on threads of its own. Each chunk's values are computed by the same
//! operations either way, so the output does not depend on the feature or the thread
//! count.

/// Calls `f(state, index, chunk)` for every `chunk`-long piece of `data` (the last may
/// be shorter); `init` makes the per-thread scratch state.
pub(crate) fn for_each_chunk_mut<T, S, I, F>(data: &mut [T], chunk: usize, init: I, f: F)
where
    T: Send,
    I: Fn() -> S + Sync + Send,
    F: Fn(&mut S, usize, &mut [T]) + Sync + Send,
{
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        data.par_chunks_mut(chunk)
            .enumerate()
            .for_each_init(init, |state, (i, piece)| f(state, i, piece));
    }
    #[cfg(not(feature = "rayon"))]
    {
        let mut state = init();
        for (i, piece) in data.chunks_mut(chunk).enumerate() {
            f(&mut state, i, piece);
        }
    }
}

/// `f` of every `chunk`-long piece of `data`, in order.
pub(crate) fn map_chunks<T, R, F>(data: &[T], chunk: usize, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&[T]) -> R + Sync + Send,
{
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        data.par_chunks(chunk).map(f).collect()
    }
    #[cfg(not(feature = "rayon"))]
    {
        data.chunks(chunk).map(f).collect()
    }
}
