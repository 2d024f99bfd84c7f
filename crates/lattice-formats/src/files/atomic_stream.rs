//! Streaming atomic writes for files too large to build in memory first (meshes): the
//! content goes through an [`AtomicFile`], which replaces the target only when
//! everything was written and synced.

use super::atomic_file::AtomicFile;
use super::error::{Error, Result};
use std::io::Write;
use std::path::Path;

/// Calls `write` with a buffered writer into a new temporary file for `path`, then puts
/// it in place. On any failure (of `write`, the disk or the final link) nothing is
/// left behind and `path` stays as it was; targets that are not regular files are
/// refused as for every export.
pub fn write_atomic_streamed(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    write(&mut file).map_err(|e| Error::io(path, e))?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_files_and_leaves_nothing_on_failure() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("mesh.obj");
        write_atomic_streamed(&p, |w| w.write_all(b"first")).unwrap();
        write_atomic_streamed(&p, |w| w.write_all(b"second")).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        // The same permissions as any new file (not tempfile's private 0600).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let plain = dir.path().join("plain");
            std::fs::File::create(&plain).unwrap();
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&p), mode(&plain));
            std::fs::remove_file(&plain).unwrap();
        }
        // A writer that fails halfway: the old file stays, no temporary file is left.
        let err = write_atomic_streamed(&p, |w| {
            w.write_all(&[b'x'; 3 << 20])?;
            Err(std::io::Error::other("disk on fire"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("disk on fire"), "{err}");
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // A directory as the target, or a missing folder, is refused.
        assert!(write_atomic_streamed(dir.path(), |_| Ok(())).is_err());
        assert!(write_atomic_streamed(&dir.path().join("no/such.obj"), |_| Ok(())).is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
