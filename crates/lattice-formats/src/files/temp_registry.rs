//! The named temporary files an export has open, so that a signal handler (on a normal
//! thread, see the command line's `main`) can remove them before the process exits.
//! Unnamed temporary files (Linux `O_TMPFILE`) need no entry: the kernel drops them.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    // A panic while holding the lock leaves a valid list (pushes and removals are whole).
    PENDING.lock().unwrap_or_else(|p| p.into_inner())
}

/// Records a temporary file to remove if the process is interrupted.
pub fn register(path: &Path) {
    pending().push(path.to_path_buf());
}

/// Forgets a temporary file that was renamed into place or removed.
pub fn unregister(path: &Path) {
    pending().retain(|p| p != path);
}

/// Removes every registered temporary file (best effort) and forgets them; returns how
/// many were removed.
pub fn remove_all() -> usize {
    let mut list = pending();
    list.drain(..)
        .filter(|p| std::fs::remove_file(p).is_ok())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_files_are_removed_once() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, b"x").unwrap();
        std::fs::write(&b, b"x").unwrap();
        register(&a);
        register(&b);
        unregister(&b);
        assert!(remove_all() >= 1);
        assert!(!a.exists() && b.exists());
    }
}
