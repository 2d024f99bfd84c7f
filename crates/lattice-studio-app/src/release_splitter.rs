//! [`ReleaseSplitter`]: a pointer release is processed on its own frame.
//!
//! egui takes a dragged widget's final position from the pointer's last position in the
//! frame (`PointerState::interact_pos`). When the button is released and the pointer
//! moves on before the next frame (fast hands, scripted input, a slow frame), the frame
//! sees the release *and* the later position, and a slider released at 0.4 jumps to
//! wherever the pointer went, often its end. Cutting the frame's events just after the
//! release and handing the rest to the next frame makes the release land where it
//! happened; nothing is dropped, at most delayed by one frame.

use egui::Event;

/// Holds the events that came after a pointer release until the next frame.
#[derive(Debug, Default)]
pub(crate) struct ReleaseSplitter {
    deferred: Vec<Event>,
}

impl ReleaseSplitter {
    /// Rewrites this frame's `events`: the events held from the last frame come first;
    /// if a button release is followed by pointer movement, everything after the release
    /// is held back for the next frame. Returns true when events are held (the caller
    /// asks for another frame so they are not left waiting for input).
    pub(crate) fn split(&mut self, events: &mut Vec<Event>) -> bool {
        if !self.deferred.is_empty() {
            let mut all = std::mem::take(&mut self.deferred);
            all.append(events);
            *events = all;
        }
        let release = events
            .iter()
            .position(|e| matches!(e, Event::PointerButton { pressed: false, .. }));
        let Some(release) = release else {
            return false;
        };
        let moves_after = events[release + 1..]
            .iter()
            .any(|e| matches!(e, Event::PointerMoved(_) | Event::PointerGone));
        if moves_after {
            self.deferred = events.split_off(release + 1);
        }
        !self.deferred.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Modifiers, PointerButton, pos2};

    fn button(x: f32, pressed: bool) -> Event {
        Event::PointerButton {
            pos: pos2(x, 0.0),
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        }
    }

    fn moved(x: f32) -> Event {
        Event::PointerMoved(pos2(x, 0.0))
    }

    #[test]
    fn moves_after_a_release_wait_for_the_next_frame() {
        let mut s = ReleaseSplitter::default();
        let mut frame = vec![moved(10.0), button(10.0, true), moved(40.0)];
        assert!(!s.split(&mut frame), "no release: untouched");
        assert_eq!(frame.len(), 3);

        let mut frame = vec![moved(50.0), button(50.0, false), moved(900.0), moved(950.0)];
        assert!(s.split(&mut frame));
        assert_eq!(frame, vec![moved(50.0), button(50.0, false)]);

        // The held moves come first in the next frame, before its own events.
        let mut next = vec![moved(960.0)];
        assert!(!s.split(&mut next));
        assert_eq!(next, vec![moved(900.0), moved(950.0), moved(960.0)]);
    }

    #[test]
    fn a_click_without_later_movement_stays_in_one_frame() {
        let mut s = ReleaseSplitter::default();
        let mut frame = vec![
            button(5.0, true),
            button(5.0, false),
            Event::Text("a".into()),
        ];
        assert!(!s.split(&mut frame));
        assert_eq!(frame.len(), 3);
    }

    #[test]
    fn a_second_release_in_the_held_events_is_split_again() {
        let mut s = ReleaseSplitter::default();
        let mut frame = vec![
            button(1.0, false),
            moved(2.0),
            button(2.0, true),
            button(2.0, false),
            moved(3.0),
        ];
        assert!(s.split(&mut frame));
        assert_eq!(frame, vec![button(1.0, false)]);
        let mut next = Vec::new();
        assert!(s.split(&mut next));
        assert_eq!(
            next,
            vec![moved(2.0), button(2.0, true), button(2.0, false)]
        );
        let mut last = Vec::new();
        assert!(!s.split(&mut last));
        assert_eq!(last, vec![moved(3.0)]);
    }
}
