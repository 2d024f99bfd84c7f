//! Where `render` writes: a file (checked before the render starts) or, for `--out -`,
//! standard output.

use crate::files::AtomicFile;
use anyhow::bail;
use std::io::IsTerminal;
use std::path::Path;

/// `--out -`: the file goes to standard output.
pub(super) fn is_stdout(out: &Path) -> bool {
    out.as_os_str() == "-"
}

/// Refuses an output that cannot be written before spending time on the render.
pub(super) fn check_destination(out: &Path) -> anyhow::Result<()> {
    if is_stdout(out) {
        if std::io::stdout().is_terminal() {
            bail!("--out -: standard output is a terminal; redirect it to a file or a pipe");
        }
        return Ok(());
    }
    Ok(AtomicFile::check(out)?)
}
