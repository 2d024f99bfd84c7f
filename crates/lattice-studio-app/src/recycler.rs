//! Reuse of heightmap memory between renders of the generation thread.

use crate::engine::Heightmap;
use std::sync::Arc;

/// Heightmaps of earlier full renders, kept so a later render can write into one once
/// the UI no longer shows it: regenerating on every slider move then skips allocating
/// and zeroing a fresh map (as costly as an octave at 2048 x 2048).
#[derive(Default)]
pub(super) struct Recycler {
    retired: Vec<Arc<Heightmap>>,
}

impl Recycler {
    /// Maps kept at most: the one shown, the one being replaced, one spare.
    const KEEP: usize = 3;
    /// Larger maps are freed, not kept (16384^2 would pin a gigabyte per map).
    const MAX_PIXELS: usize = 4096 * 4096;

    /// Keeps `heightmap` for reuse once nothing else holds it (small enough maps only).
    pub(super) fn retire(&mut self, heightmap: Arc<Heightmap>) {
        if heightmap.data().len() > Self::MAX_PIXELS {
            return;
        }
        self.retired.push(heightmap);
        if self.retired.len() > Self::KEEP {
            self.retired.remove(0);
        }
    }

    /// A retired map of `pixels` pixels that nothing else holds any more. Maps of
    /// other sizes are let go: after a switch to a larger size they would only pin
    /// memory (a 4096 map is 64 MiB).
    pub(super) fn take(&mut self, pixels: usize) -> Option<Heightmap> {
        self.retired.retain(|h| h.data().len() == pixels);
        let i = self
            .retired
            .iter()
            .position(|h| Arc::strong_count(h) == 1)?;
        Arc::try_unwrap(self.retired.swap_remove(i)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recycler_hands_out_only_maps_nobody_else_holds() {
        let mut recycler = Recycler::default();
        let shown = Arc::new(Heightmap::filled(8, 1.0));
        recycler.retire(Arc::clone(&shown));
        assert!(recycler.take(64).is_none(), "the UI still shows it");
        drop(shown);
        assert_eq!(recycler.take(64).map(|h| h.size()), Some(8));
        assert!(recycler.take(64).is_none(), "handed out once");
    }

    #[test]
    fn maps_of_another_size_are_let_go() {
        let mut recycler = Recycler::default();
        recycler.retire(Arc::new(Heightmap::filled(8, 1.0)));
        recycler.retire(Arc::new(Heightmap::filled(4, 1.0)));
        assert_eq!(recycler.take(16 * 16).map(|h| h.size()), None);
        assert!(
            recycler.retired.is_empty(),
            "nothing of another size is kept"
        );
    }
}
