//! [`shell_quote`]: one word of a command that is printed for a shell to run (`tiles`'
//! commands, "Copy as command line"), quoted so that every shell reads it back as it
//! was, or refused.

use std::ffi::OsStr;

/// A word that no quoting can print on one line for every shell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnprintableWord {
    /// Bytes that are not UTF-8: printed, they would name another file.
    #[error("{what} '{shown}' is not valid UTF-8, so no printed command can name it; rename it")]
    NotUtf8 {
        /// What the word is ("the preset path", ...).
        what: String,
        /// The word with its bad bytes replaced.
        shown: String,
    },
    /// A newline, tab or other control character: a command must stay on one line, and
    /// only some shells have a quoting for them.
    #[error(
        "{what} {shown} holds a control character (newline, tab, ...), which cannot be \
         printed in a one-line command for every shell; rename it"
    )]
    Control {
        /// What the word is.
        what: String,
        /// The word with its control characters escaped.
        shown: String,
    },
}

/// Characters that need no quoting anywhere in a word, in any shell.
fn is_plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c)
}

/// Characters a bare word may start with: `=` (zsh expands `=cmd`), `%` (a job spec
/// in fish and as a command), `@`, `+`, `:` and `,` are quoted at the start.
fn is_plain_start(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_./-".contains(c)
}

/// Quotes `word` (`what` names it in the error) so that POSIX sh, bash, dash, zsh, ksh
/// and fish all read back exactly `word`: bare when it holds only plain characters,
/// otherwise runs of other characters in single quotes, with `'` and `\` outside them
/// as `\'` and `\\` (fish reads `\\` and `\'` as escapes even inside single quotes, so
/// they never appear there). A word with a control character is refused: a newline
/// would split the command, and no quoting of it is common to these shells.
pub fn shell_quote(word: &str, what: &str) -> Result<String, UnprintableWord> {
    if word.chars().any(char::is_control) {
        return Err(UnprintableWord::Control {
            what: what.to_owned(),
            shown: format!("{word:?}"),
        });
    }
    let mut chars = word.chars();
    if chars.next().is_some_and(is_plain_start) && chars.all(is_plain) {
        return Ok(word.to_owned());
    }
    if word.is_empty() {
        return Ok("''".to_owned());
    }
    let mut out = String::with_capacity(word.len() + 2);
    let mut open = false;
    for c in word.chars() {
        if matches!(c, '\'' | '\\') {
            if open {
                out.push('\'');
                open = false;
            }
            out.push('\\');
            out.push(c);
        } else {
            if !open {
                out.push('\'');
                open = true;
            }
            out.push(c);
        }
    }
    if open {
        out.push('\'');
    }
    Ok(out)
}

/// [`shell_quote`] of an OS string (a path), refusing one that is not UTF-8.
pub fn shell_quote_os(word: &OsStr, what: &str) -> Result<String, UnprintableWord> {
    let text = word.to_str().ok_or_else(|| UnprintableWord::NotUtf8 {
        what: what.to_owned(),
        shown: word.to_string_lossy().into_owned(),
    })?;
    shell_quote(text, what)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(word: &str) -> String {
        shell_quote(word, "the word").unwrap()
    }

    #[test]
    fn plain_words_stay_bare() {
        for w in [
            "tiles/0_1.png",
            "a/b-c.png",
            "--seed=-3",
            "-42",
            "x=1",
            "0.5,1",
        ] {
            assert_eq!(q(w), w);
        }
    }

    #[test]
    fn everything_else_is_quoted() {
        assert_eq!(q(""), "''");
        assert_eq!(q("a b"), "'a b'");
        assert_eq!(q("it's"), r"'it'\''s'");
        assert_eq!(q("$HOME;rm"), "'$HOME;rm'");
        assert_eq!(q(r"a\b"), r"'a'\\'b'");
        assert_eq!(q(r"end\"), r"'end'\\");
        assert_eq!(q("'"), r"\'");
        assert_eq!(q("=ls"), "'=ls'");
        assert_eq!(q("%1"), "'%1'");
        assert_eq!(q("~/x"), "'~/x'");
        assert_eq!(q("é"), "'é'");
    }

    #[test]
    fn control_characters_and_bad_bytes_are_refused() {
        for w in ["a\nb", "a\rb", "tab\there", "\u{7f}", "nel\u{85}"] {
            let e = shell_quote(w, "the output path").unwrap_err();
            assert!(e.to_string().starts_with("the output path "), "{e}");
        }
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let e = shell_quote_os(OsStr::from_bytes(b"a\xffb.ron"), "the preset path");
            assert!(e.unwrap_err().to_string().contains("not valid UTF-8"));
        }
    }
}
