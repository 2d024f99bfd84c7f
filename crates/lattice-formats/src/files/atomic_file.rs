//! [`AtomicFile`]: a file written in full or not at all, streamed.
//!
//! The bytes go to a temporary file in the target's folder, which replaces the target
//! only at [`AtomicFile::commit`]. On Linux the temporary file is unnamed (`O_TMPFILE`):
//! nothing is left behind even by `SIGKILL` or a power cut, and it is linked in under
//! the target's name at the end. Elsewhere, and on file systems without `O_TMPFILE`, it
//! has a short random name (created with `O_EXCL`, never through a symlink), removed on
//! error, on drop and by the interrupt handler ([`super::temp_registry`]).
//!
//! The target must be a regular file or not exist: FIFOs, devices, sockets and
//! directories are refused, not replaced. A symlink to a regular file is written
//! through (the link stays a link, its target is replaced atomically). Replacing a file
//! keeps its permission bits.

use super::error::{Error, Result};
use super::regular_file::{Target, resolve_target};
use super::temp_registry;
use super::writeback_file::WritebackFile;
use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Where the bytes are until the commit.
enum Temp {
    /// Linux `O_TMPFILE`: no name until it is linked in.
    #[cfg(target_os = "linux")]
    Unnamed,
    /// A randomly named file beside the target.
    Named(NamedTemp),
}

/// A named temporary file, registered for the interrupt handler while it exists.
struct NamedTemp(Option<tempfile::TempPath>);

impl Drop for NamedTemp {
    fn drop(&mut self) {
        if let Some(tmp) = self.0.take() {
            temp_registry::unregister(&tmp);
            // Dropping the `TempPath` removes the file.
        }
    }
}

/// A file being written; [`Self::commit`] puts it in place, dropping it discards it.
pub struct AtomicFile {
    /// The path as given (for messages).
    path: PathBuf,
    /// The file replaced: `path`, or the regular file a symlink at `path` points to.
    target: PathBuf,
    permissions: Option<std::fs::Permissions>,
    writer: BufWriter<WritebackFile>,
    temp: Temp,
}

/// Short names: a 250-byte file name must still leave room for the temporary one.
const TEMP_PREFIX: &str = ".ls";

impl AtomicFile {
    /// Opens a temporary file that will replace `path` at [`Self::commit`]; refuses a
    /// `path` that is not a regular file (or a symlink to one) or whose folder is missing.
    pub fn create(path: &Path) -> Result<AtomicFile> {
        let Target {
            file: target,
            permissions,
        } = resolve_target(path)?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let (file, temp) = open_temp(&dir).map_err(|e| Error::io(path, e))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            target,
            permissions,
            writer: BufWriter::with_capacity(1 << 20, WritebackFile::new(file)),
            temp,
        })
    }

    /// Checks that `path` could be written (a regular file, a symlink to one, or a new
    /// name in an existing folder) without creating anything: to refuse early, before
    /// a long render.
    pub fn check(path: &Path) -> Result<()> {
        resolve_target(path).map(|_| ())
    }

    /// Flushes, syncs and moves the file into place (keeping an old file's permissions).
    pub fn commit(self) -> Result<()> {
        let AtomicFile {
            path,
            target,
            permissions,
            writer,
            temp,
        } = self;
        let io = |e| Error::io(&path, e);
        let file = writer
            .into_inner()
            .map_err(|e| io(e.into_error()))?
            .into_inner()
            .map_err(io)?;
        if let Some(p) = permissions {
            file.set_permissions(p).map_err(io)?;
        }
        file.sync_all().map_err(io)?;
        match temp {
            #[cfg(target_os = "linux")]
            Temp::Unnamed => link_unnamed(&file, &target).map_err(io)?,
            Temp::Named(mut named) => {
                if let Some(tmp) = named.0.take() {
                    let name = tmp.to_path_buf();
                    let persisted = tmp.persist(&target);
                    temp_registry::unregister(&name);
                    // On failure the returned `TempPath` is dropped: the file goes.
                    persisted.map_err(|e| io(e.error))?;
                }
            }
        }
        sync_dir(&target);
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writer.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.writer.write_all(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}

/// Formats whose index precedes the data (OpenEXR's offset table) go back to fill it in.
impl Seek for AtomicFile {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.writer.seek(pos)
    }
}

/// Writes `bytes` to `path` atomically: a failed write leaves no file and keeps any old
/// one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes).map_err(|e| Error::io(path, e))?;
    file.commit()
}

fn open_temp(dir: &Path) -> std::io::Result<(File, Temp)> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{Mode, OFlags};
        // Mode 0o666 less the umask, as a new file of `File::create` would get.
        let flags = OFlags::TMPFILE | OFlags::WRONLY | OFlags::CLOEXEC;
        match rustix::fs::open(dir, flags, Mode::from_bits_truncate(0o666)) {
            Ok(fd) => return Ok((File::from(fd), Temp::Unnamed)),
            // Not every file system has O_TMPFILE (EOPNOTSUPP, EISDIR on old kernels).
            Err(e) if e == rustix::io::Errno::NOENT || e == rustix::io::Errno::NOTDIR => {
                return Err(e.into());
            }
            Err(_) => {}
        }
    }
    let named = named_temp(dir)?;
    let (file, path) = named.into_parts();
    temp_registry::register(&path);
    Ok((file, Temp::Named(NamedTemp(Some(path)))))
}

fn named_temp(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).rand_bytes(8);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Links the unnamed `file` in as `target`: directly when `target` does not exist, else
/// under a short random name renamed over it (the one moment a name exists).
#[cfg(target_os = "linux")]
fn link_unnamed(file: &File, target: &Path) -> std::io::Result<()> {
    use rustix::fs::{AtFlags, CWD};
    use std::os::fd::AsRawFd;
    let proc_path = format!("/proc/self/fd/{}", file.as_raw_fd());
    let link = |to: &Path| rustix::fs::linkat(CWD, &proc_path, CWD, to, AtFlags::SYMLINK_FOLLOW);
    match link(target) {
        Ok(()) => return Ok(()),
        Err(rustix::io::Errno::EXIST) => {}
        Err(e) => return Err(e.into()),
    }
    let dir = target.parent().unwrap_or(Path::new("."));
    for _ in 0..16 {
        // A fresh random name: create it, then replace it by the link (unlink + link
        // would race with another writer of that name).
        let name = named_temp(dir)?.into_temp_path();
        let name = name.keep().map_err(|e| e.error)?;
        std::fs::remove_file(&name)?;
        match link(&name) {
            Ok(()) => {
                temp_registry::register(&name);
                let renamed = std::fs::rename(&name, target);
                if renamed.is_err() {
                    let _ = std::fs::remove_file(&name);
                }
                temp_registry::unregister(&name);
                return renamed;
            }
            Err(rustix::io::Errno::EXIST) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(std::io::Error::other("no free temporary name"))
}

/// Makes the rename durable (best effort: some file systems refuse to sync a folder).
fn sync_dir(target: &Path) {
    #[cfg(unix)]
    if let Some(dir) = target.parent()
        && let Ok(d) = File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
    {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn writes_and_replaces_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.txt");
        write_atomic(&p, b"first").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        assert_eq!(entries(dir.path()), ["x.txt"]);
    }

    #[test]
    fn a_dropped_file_leaves_nothing_and_keeps_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.bin");
        std::fs::write(&p, b"old").unwrap();
        let mut f = AtomicFile::create(&p).unwrap();
        f.write_all(&[7; 100_000]).unwrap();
        drop(f);
        assert_eq!(std::fs::read(&p).unwrap(), b"old");
        assert_eq!(entries(dir.path()), ["x.bin"]);
    }

    #[test]
    fn a_directory_is_refused_and_nothing_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let err = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(err.to_string().contains("directory"), "{err}");
        assert!(entries(dir.path()).is_empty());
    }

    #[test]
    fn a_250_byte_name_can_be_written() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(format!("{}.png", "n".repeat(246)));
        write_atomic(&p, b"x").unwrap();
        write_atomic(&p, b"y").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"y");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_of_a_replaced_file_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x");
        std::fs::write(&p, b"old").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&p, b"new").unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }
}
