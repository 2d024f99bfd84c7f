//! Cancellation and progress shared between a generation job and its owner.

use crate::instruction_set::InstructionSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A cancel flag and a progress counter for one job. Share it in an `Arc`: the owner
/// trips [`JobControl::cancel`], the job polls it between bands of rows and returns
/// promptly with [`EngineError::Cancelled`](super::EngineError::Cancelled).
#[derive(Debug, Default)]
pub struct JobControl {
    cancelled: AtomicBool,
    done: AtomicUsize,
    total: AtomicUsize,
    /// The widest build of the kernels the job may sample in.
    widest_build: InstructionSet,
}

impl JobControl {
    /// A fresh, uncancelled control.
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh control whose job samples its noises in no build of the kernels wider
    /// than `set` (the same bits, at that build's speed): to check the builds against
    /// each other on a CPU, or to measure them. A CPU without `set` runs its widest
    /// build below it. (Blur and the erosion filter keep their own widest build.)
    pub fn limited_to(set: InstructionSet) -> Self {
        JobControl {
            widest_build: set,
            ..Self::default()
        }
    }

    /// The widest build of the kernels the job may sample in ([`Self::limited_to`]).
    pub fn widest_build(&self) -> InstructionSet {
        self.widest_build
    }

    /// Asks the job to stop as soon as possible.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Self::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Fraction of the work done, 0..=1 (0 before the job starts).
    pub fn progress(&self) -> f32 {
        let total = self.total.load(Ordering::Relaxed);
        if total == 0 {
            return 0.0;
        }
        (self.done.load(Ordering::Relaxed) as f32 / total as f32).min(1.0)
    }

    /// Called by the job: `units` of work are about to start.
    pub fn begin(&self, units: usize) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(units, Ordering::Relaxed);
    }

    /// Called by the job: one more unit finished.
    pub fn step(&self) {
        self.step_by(1);
    }

    /// Called by the job: `units` more units finished.
    pub fn step_by(&self, units: usize) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_counts_units() {
        let c = JobControl::new();
        assert_eq!(c.progress(), 0.0);
        c.begin(4);
        c.step();
        assert_eq!(c.progress(), 0.25);
        assert!(!c.is_cancelled());
        c.cancel();
        assert!(c.is_cancelled());
    }
}
