//! [`ShownPath`]: a path as error messages print it, on one line whatever its bytes.

use std::fmt;
use std::path::Path;

/// Displays a path with control characters escaped (`\n`, `\t`, `\u{1b}`), so a file
/// name with a line break cannot split or forge an error line.
#[derive(Clone, Copy, Debug)]
pub struct ShownPath<'a>(pub &'a Path);

/// Shorthand for [`ShownPath`].
pub fn shown(path: &Path) -> ShownPath<'_> {
    ShownPath(path)
}

impl fmt::Display for ShownPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_one_line(f, &self.0.to_string_lossy())
    }
}

/// `text` with control characters escaped: one line, whatever it holds.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing to a String cannot fail.
    let _ = write_one_line(&mut out, text);
    out
}

fn write_one_line(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    for c in text.chars() {
        if c.is_control() {
            write!(f, "{}", c.escape_default())?;
        } else {
            f.write_char(c)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        let p = Path::new("a\nb\tc\u{1b}[31m.png");
        assert_eq!(shown(p).to_string(), "a\\nb\\tc\\u{1b}[31m.png");
        assert_eq!(shown(Path::new("plain é.png")).to_string(), "plain é.png");
        assert_eq!(one_line("a\r\nb"), "a\\r\\nb");
    }
}
