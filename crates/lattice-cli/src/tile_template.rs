//! [`TileTemplate`]: the `--out` pattern of `tiles`, checked so that every tile has a
//! file of its own.

use anyhow::bail;
use std::path::{Component, Path, PathBuf};

/// One piece of a template: text, or a tile's row or column number.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Row,
    Col,
}

/// A tile path pattern with `{row}` and `{col}`, which gives distinct files for
/// distinct tiles: each number stands between non-digits (so `{row}{col}` or `{row}1{col}`,
/// where tiles (1, 11) and (11, 1) would share a name, are refused) and no `..` follows a
/// number (`{row}/../x_{col}` would drop it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TileTemplate {
    pieces: Vec<Piece>,
}

impl TileTemplate {
    /// Checks `template`, or says why two tiles could write the same file.
    pub(crate) fn parse(template: &str) -> anyhow::Result<Self> {
        if !(template.contains("{row}") && template.contains("{col}")) {
            bail!(
                "--out '{template}' must contain {{row}} and {{col}}, or several tiles would write the same file"
            );
        }
        let mut pieces = Vec::new();
        let mut rest = template;
        while let Some(at) = rest.find('{') {
            let (text, tail) = rest.split_at(at);
            let (piece, len) = if tail.starts_with("{row}") {
                (Piece::Row, 5)
            } else if tail.starts_with("{col}") {
                (Piece::Col, 5)
            } else {
                (Piece::Text("{".to_owned()), 1)
            };
            push_text(&mut pieces, text);
            match piece {
                Piece::Text(t) => push_text(&mut pieces, &t),
                number => pieces.push(number),
            }
            rest = &tail[len..];
        }
        push_text(&mut pieces, rest);
        let me = Self { pieces };
        me.check_numbers_stand_apart(template)?;
        check_no_dotdot_after_numbers(template)?;
        Ok(me)
    }

    /// The path of the tile at `row`, `col`.
    pub(crate) fn path(&self, row: u32, col: u32) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Row => out.push_str(&row.to_string()),
                Piece::Col => out.push_str(&col.to_string()),
            }
        }
        out
    }

    /// The tile (row, column) of an `n` x `n` grid whose path names the same file as
    /// `path` (compared as absolute paths with `.` and `..` resolved), if any.
    pub(crate) fn tile_of(&self, path: &Path, n: u32) -> Option<(u32, u32)> {
        let want = normalized(path)?;
        // With `..` before the numbers only, normalising a concrete path of the template
        // moves no number: normalise the tile (0, 0)'s path, then read the numbers back
        // from `want` against the normalised template.
        let template = normalized(Path::new(&self.normalizable_text()))?;
        let template = template.to_str()?;
        let want = want.to_str()?;
        let (row, col) = read_numbers(template, want)?;
        (row < n && col < n).then_some((row, col))
    }

    /// The template with its numbers as `{row}` / `{col}` again (path-normalisable: they
    /// hold no `/` or `.`).
    fn normalizable_text(&self) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Row => out.push_str("{row}"),
                Piece::Col => out.push_str("{col}"),
            }
        }
        out
    }

    fn check_numbers_stand_apart(&self, template: &str) -> anyhow::Result<()> {
        let ends_in_digit = |p: &Piece| match p {
            Piece::Text(t) => t.ends_with(|c: char| c.is_ascii_digit()),
            _ => true,
        };
        let starts_with_digit = |p: &Piece| match p {
            Piece::Text(t) => t.starts_with(|c: char| c.is_ascii_digit()),
            _ => true,
        };
        for pair in self.pieces.windows(2) {
            let is_number = |p: &Piece| matches!(p, Piece::Row | Piece::Col);
            let number_next_to_digit = (is_number(&pair[1]) && ends_in_digit(&pair[0]))
                || (is_number(&pair[0]) && starts_with_digit(&pair[1]));
            if number_next_to_digit {
                bail!(
                    "--out '{template}': put a non-digit between {{row}}, {{col}} and any digit \
                     (e.g. '{{row}}_{{col}}'), or two tiles could get the same name (row 1, column \
                     11 and row 11, column 1 both as '111')"
                );
            }
        }
        Ok(())
    }
}

/// Appends text, merged with text before it.
fn push_text(pieces: &mut Vec<Piece>, text: &str) {
    if text.is_empty() {
        return;
    }
    if let Some(Piece::Text(t)) = pieces.last_mut() {
        t.push_str(text);
    } else {
        pieces.push(Piece::Text(text.to_owned()));
    }
}

/// Refuses a `..` component after a component holding a number.
fn check_no_dotdot_after_numbers(template: &str) -> anyhow::Result<()> {
    let mut numbered = false;
    for part in template.split('/') {
        if numbered && part == ".." {
            bail!(
                "--out '{template}': a '..' after {{row}} or {{col}} would cancel the number, so \
                 several tiles would write the same file; move the '..' before them"
            );
        }
        numbered |= part.contains("{row}") || part.contains("{col}");
    }
    Ok(())
}

/// `path` made absolute (against the current directory) with `.` and `..` resolved
/// lexically: how `tiles` compares the names of the files it would write.
pub(super) fn normalized(path: &Path) -> Option<PathBuf> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let mut out = PathBuf::new();
    for c in absolute.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// Reads the row and column from `path` against `template` (with `{row}` / `{col}`),
/// numbers written as `u32::to_string` writes them; `None` when it does not match or
/// the same placeholder reads two values.
fn read_numbers(template: &str, path: &str) -> Option<(u32, u32)> {
    let (mut row, mut col) = (None, None);
    let (mut t, mut p) = (template, path);
    loop {
        let Some(at) = t.find("{row}").into_iter().chain(t.find("{col}")).min() else {
            return (t == p).then_some((row?, col?));
        };
        p = p.strip_prefix(&t[..at])?;
        let digits = p.len() - p.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let number: u32 = p[..digits].parse().ok()?;
        if number.to_string() != p[..digits] {
            return None;
        }
        let slot = if t[at..].starts_with("{row}") {
            &mut row
        } else {
            &mut col
        };
        if slot.is_some_and(|v| v != number) {
            return None;
        }
        *slot = Some(number);
        t = &t[at + 5..];
        p = &p[digits..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_fill_in_the_numbers() {
        let t = TileTemplate::parse("t/{row}_{col}-{row}.png").unwrap();
        assert_eq!(t.path(3, 12), "t/3_12-3.png");
        let t = TileTemplate::parse("{x}/r{row}c{col}").unwrap();
        assert_eq!(t.path(0, 7), "{x}/r0c7");
    }

    #[test]
    fn templates_that_could_share_a_file_are_refused() {
        for bad in [
            "{row}{col}.png",
            "{row}1{col}.png",
            "t/{row}_{col}2.png",
            "t/9{row}_{col}.png",
            "t/{row}/../{col}.png",
            "t/{row}_{col}/../x.png",
            "t/{row}.png",
            "t/{col}.png",
        ] {
            assert!(TileTemplate::parse(bad).is_err(), "{bad}");
        }
        for good in ["../t/{row}_{col}.png", "t/{row}/{col}.png", "x{row}y{col}"] {
            assert!(TileTemplate::parse(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn a_path_is_recognised_as_a_tile() {
        let t = TileTemplate::parse("./t/../tiles/{row}_{col}.png").unwrap();
        assert_eq!(t.tile_of(Path::new("tiles/2_3.png"), 4), Some((2, 3)));
        assert_eq!(t.tile_of(Path::new("tiles/./2_3.png"), 4), Some((2, 3)));
        assert_eq!(t.tile_of(Path::new("tiles/2_4.png"), 4), None);
        assert_eq!(t.tile_of(Path::new("tiles/02_3.png"), 4), None);
        assert_eq!(t.tile_of(Path::new("tiles/2_3.ron"), 4), None);
        let t = TileTemplate::parse("{row}_{col}_{row}").unwrap();
        assert_eq!(t.tile_of(Path::new("1_0_1"), 2), Some((1, 0)));
        assert_eq!(t.tile_of(Path::new("1_0_0"), 2), None);
    }
}
