//! What a path names before it is read or replaced: only regular files are, so a FIFO
//! never blocks a load and a device is never replaced by an export.

use super::error::{Error, Result};
use super::shown_path::shown;
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The file an atomic write replaces.
pub(crate) struct Target {
    /// The regular file (through a symlink, the file it points to), or the new path.
    pub file: PathBuf,
    /// The permissions to keep, when a file is replaced.
    pub permissions: Option<std::fs::Permissions>,
}

/// What a non-regular file is, for messages.
fn describe(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// Checks `path` can be replaced by an atomic write and says which file that replaces.
pub(crate) fn resolve_target(path: &Path) -> Result<Target> {
    let not_regular = |what| Error::NotRegular {
        path: path.to_path_buf(),
        what,
    };
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            // Written through: the link stays, the file it points to is replaced.
            let file =
                std::fs::canonicalize(path).map_err(|_| not_regular("a dangling symlink"))?;
            let meta = std::fs::metadata(&file).map_err(|e| Error::io(path, e))?;
            if !meta.is_file() {
                return Err(not_regular(describe(&meta)));
            }
            Ok(Target {
                file,
                permissions: Some(meta.permissions()),
            })
        }
        Ok(meta) if meta.is_file() => Ok(Target {
            file: path.to_path_buf(),
            permissions: Some(meta.permissions()),
        }),
        Ok(meta) => Err(not_regular(describe(&meta))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let parent = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            if !parent.is_dir() {
                let e = std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!("folder {} does not exist", shown(parent)),
                );
                return Err(Error::io(path, e));
            }
            Ok(Target {
                file: path.to_path_buf(),
                permissions: None,
            })
        }
        Err(e) => Err(Error::io(path, e)),
    }
}

/// Opens a regular file for reading (following symlinks); anything else is refused
/// before it is opened.
pub(crate) fn open_regular(path: &Path) -> Result<File> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    if !meta.is_file() {
        return Err(Error::NotRegular {
            path: path.to_path_buf(),
            what: describe(&meta),
        });
    }
    File::open(path).map_err(|e| Error::io(path, e))
}

/// Reads a regular file of at most `limit` bytes (following symlinks); anything else is
/// refused before it is opened, so a FIFO cannot block and a huge file is not read.
pub(crate) fn read_limited(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>> {
    let file = open_regular(path)?;
    let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
    if len > limit {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            what,
            limit,
        });
    }
    // The file may have grown since the check.
    read_at_most(file, limit, path, what)
}

/// Reads `source` to its end, refusing it (with `path` and `what` in the error) when it
/// holds more than `limit` bytes; no more than `limit + 1` bytes are ever read.
pub(crate) fn read_at_most(
    source: impl Read,
    limit: u64,
    path: &Path,
    what: &'static str,
) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    source
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    if bytes.len() as u64 > limit {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            what,
            limit,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_files_are_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("big");
        std::fs::write(&p, vec![b'x'; 2000]).unwrap();
        let e = read_limited(&p, 1000, "the preset").unwrap_err();
        assert!(e.to_string().contains("larger than 1000 bytes"), "{e}");
        assert_eq!(read_limited(&p, 2000, "the preset").unwrap().len(), 2000);
    }

    #[cfg(unix)]
    #[test]
    fn fifos_are_neither_read_nor_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo on this system
        }
        let e = read_limited(&fifo, 10, "the preset").unwrap_err();
        assert!(e.to_string().contains("FIFO"), "{e}");
        let e = resolve_target(&fifo).err().unwrap();
        assert!(e.to_string().contains("FIFO"), "{e}");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        assert!(resolve_target(&link).is_err());
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("missing"), &dangling).unwrap();
        let e = resolve_target(&dangling).err().unwrap();
        assert!(e.to_string().contains("dangling"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_a_file_is_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.png");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.png");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        super::super::atomic_file::write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }
}
