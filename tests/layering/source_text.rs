//! Source text with comments, strings and test items blanked out, so only code is read.

/// Replaces comments and the contents of string and char literals with spaces (line
/// breaks kept), so braces and paths are only those of the code.
pub(super) fn blank_comments_and_strings(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied().unwrap_or('\0');
        if c == '/' && next == '/' {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == '*' {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == '"' || next == '#') && !prev_is_ident(&b, i) {
            // Raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let body: String = b[j + 1..].iter().collect();
            let end = body
                .find(&close)
                .map_or(b.len(), |k| j + 1 + k + close.len());
            out.push('"');
            for &ch in &b[i + 1..end.min(b.len())] {
                out.push(blank(ch));
            }
            i = end;
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let is_char = if next == '\\' {
                true
            } else {
                b.get(i + 2) == Some(&'\'')
            };
            if is_char {
                out.push('\'');
                i += 1;
                while i < b.len() && b[i] != '\'' {
                    if b[i] == '\\' {
                        out.push(' ');
                        i += 1;
                    }
                    out.push(' ');
                    i += 1;
                }
                out.push('\'');
                i += 1;
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// Blanks every `#[cfg(test)]` item (a test module or helper), brace-matched.
pub(super) fn blank_test_items(code: &str) -> String {
    let mut out: Vec<char> = code.chars().collect();
    let text: String = out.iter().collect();
    let mut from = 0;
    while let Some(k) = text[from..].find("#[cfg(test)]") {
        let start = from + k;
        let chars_before = text[..start].chars().count();
        let mut i = chars_before;
        // The item runs to its first `;` at depth 0 or its matching closing brace.
        let mut depth = 0;
        while i < out.len() {
            match out[i] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ';' if depth == 0 => break,
                _ => {}
            }
            i += 1;
        }
        let last = i.min(out.len() - 1);
        for c in &mut out[chars_before..=last] {
            if *c != '\n' {
                *c = ' ';
            }
        }
        from = start + 1;
    }
    out.into_iter().collect()
}
