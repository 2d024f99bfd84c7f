//! Undo / redo over whole presets.

use crate::engine::Preset;

/// How many steps are kept.
const MAX_STEPS: usize = 200;

/// Undo and redo stacks of preset snapshots. A change becomes a step when it is
/// [`History::commit`]ted, which the app does only when no widget is being dragged,
/// so a slider drag is one step.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Preset>,
    redo: Vec<Preset>,
    committed: Option<Preset>,
}

impl History {
    /// Starts over with `preset` as the base state.
    pub fn reset(&mut self, preset: &Preset) {
        self.undo.clear();
        self.redo.clear();
        self.committed = Some(preset.clone());
    }

    /// Records `current` as a step if it differs from the last recorded state.
    pub fn commit(&mut self, current: &Preset) {
        match &self.committed {
            Some(last) if last == current => {}
            Some(last) => {
                self.undo.push(last.clone());
                if self.undo.len() > MAX_STEPS {
                    self.undo.remove(0);
                }
                self.redo.clear();
                self.committed = Some(current.clone());
            }
            None => self.committed = Some(current.clone()),
        }
    }

    /// The state before the last step, if any.
    pub fn undo(&mut self, current: &Preset) -> Option<Preset> {
        self.commit(current);
        let previous = self.undo.pop()?;
        self.redo.push(current.clone());
        self.committed = Some(previous.clone());
        Some(previous)
    }

    /// The state undone last, if any.
    pub fn redo(&mut self, current: &Preset) -> Option<Preset> {
        self.commit(current);
        let next = self.redo.pop()?;
        self.undo.push(current.clone());
        self.committed = Some(next.clone());
        Some(next)
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_seed(seed: i32) -> Preset {
        let mut p = Preset::default();
        p.noise_mut().seed = seed;
        p
    }

    #[test]
    fn undo_and_redo_walk_the_steps() {
        let mut h = History::default();
        h.reset(&with_seed(0));
        h.commit(&with_seed(1));
        h.commit(&with_seed(1));
        h.commit(&with_seed(2));
        assert_eq!(h.undo(&with_seed(2)).unwrap().noise().seed, 1);
        assert_eq!(h.undo(&with_seed(1)).unwrap().noise().seed, 0);
        assert!(h.undo(&with_seed(0)).is_none());
        assert_eq!(h.redo(&with_seed(0)).unwrap().noise().seed, 1);
        // A new change drops the redo branch.
        h.commit(&with_seed(7));
        assert!(!h.can_redo());
        assert_eq!(h.undo(&with_seed(7)).unwrap().noise().seed, 1);
    }

    #[test]
    fn uncommitted_change_is_undone_first() {
        let mut h = History::default();
        h.reset(&with_seed(0));
        assert_eq!(h.undo(&with_seed(5)).unwrap().noise().seed, 0);
        assert_eq!(h.redo(&with_seed(0)).unwrap().noise().seed, 5);
    }
}
