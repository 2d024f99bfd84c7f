//! Streaming atomic writes for files too large to build in memory first (meshes): the
//! content is written into a temporary file in the target's folder, which replaces the
//! target only when everything was written and synced.

use super::error::{Error, Result};
use std::io::{BufWriter, Write};
use std::path::Path;

/// Buffer between the writers' small writes and the file.
const BUFFER: usize = 1 << 20;

/// Calls `write` with a buffered writer into a new temporary file beside `path`, then
/// syncs it and renames it over `path`. On any failure (of `write`, the disk or the
/// rename) the temporary file is removed and `path` is left as it was.
///
/// The temporary file is created by the `tempfile` crate: an unpredictable name,
/// opened exclusively (never through a planted symlink), deleted when dropped.
pub fn write_atomic_streamed(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    if path.is_dir() {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "is a directory",
        )));
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".lattice-").suffix(".tmp");
    // tempfile's own default is 0600 (private); an export should get the permissions
    // any new file gets (0666 less the umask), as `File::create` gives the PNG exports.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let tmp = builder.tempfile_in(dir).map_err(io)?;
    let mut out = BufWriter::with_capacity(BUFFER, tmp);
    write(&mut out).map_err(io)?;
    // An error here drops the temporary file, which deletes it.
    let tmp = out.into_inner().map_err(|e| io(e.into_error()))?;
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
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
