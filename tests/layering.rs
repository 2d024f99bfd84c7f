//! The architecture rule of `src/lib.rs`, checked from the source text: data flows one
//! way (engine -> pixels -> mesh -> files -> command_text -> cli | app), a module never imports one
//! above it, no two files import each other (directly or round a longer circle), and
//! no GUI crate is named outside `src/app/`.
//!
//! A file's imports are every path it names in code (comments, strings and its
//! `#[cfg(test)]` modules left out): `use` trees, inline `crate::`/`super::`/`self::`
//! paths, and paths through the child modules it declares. A path leads to the file of
//! the deepest module it names, so an import through a re-export in a `mod.rs` is an
//! import of that `mod.rs`: inside a folder, files import their siblings directly.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, bottom first; a file may import its own layer and those listed before it.
const LAYERS: [&str; 6] = [
    "engine",
    "pixels",
    "mesh",
    "files",
    "command_text",
    "cli|app",
];

#[derive(Debug)]
struct SourceFile {
    /// `src/`-relative path, e.g. `engine/kernel/plan.rs`.
    rel: String,
    /// Module path segments below the crate root (`lib.rs` and `main.rs`: empty).
    module: Vec<String>,
    /// The code with comments, strings and test modules blanked out.
    code: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Replaces comments and the contents of string and char literals with spaces (line
/// breaks kept), so braces and paths are only those of the code.
fn blank_comments_and_strings(src: &str) -> String {
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
fn blank_test_items(code: &str) -> String {
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

fn load() -> Vec<SourceFile> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = load_tree(&root.join("src"), "");
    // The engine crate, seen as the `engine` module it is re-exported as: its `lib.rs`
    // is `engine/mod.rs` and its `crate::` paths are `crate::engine::` ones.
    let engine = load_tree(&root.join("crates/lattice-noise/src"), "engine");
    assert!(
        engine.iter().any(|f| f.rel == "engine/mod.rs"),
        "the engine crate's root"
    );
    files.extend(engine);
    // The formats crate's modules, at the paths the library re-exports them under
    // (`crate::files` is `lattice_formats::files`); its root only declares them.
    let formats = load_tree(&root.join("crates/lattice-formats/src"), "");
    assert!(
        formats.iter().any(|f| f.rel == "files/mod.rs"),
        "the formats crate"
    );
    files.extend(formats.into_iter().filter(|f| f.rel != "lib.rs"));
    // The command line's crate, as the `cli` module it is re-exported as.
    let cli = load_tree(&root.join("crates/lattice-cli/src"), "cli");
    assert!(cli.iter().any(|f| f.rel == "cli/mod.rs"), "the cli crate");
    files.extend(cli);
    let app = load_tree(&root.join("crates/lattice-studio-app/src"), "app");
    assert!(app.iter().any(|f| f.rel == "app/mod.rs"), "the app crate");
    files.extend(app);
    files
}

/// The Rust files under `src`, as modules under `prefix` (empty: the crate root).
fn load_tree(src: &Path, prefix: &str) -> Vec<SourceFile> {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let mut rel = p
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if !prefix.is_empty() {
                let inner = if rel == "lib.rs" {
                    "mod.rs"
                } else {
                    rel.as_str()
                };
                rel = format!("{prefix}/{inner}");
            }
            let mut module: Vec<String> = rel
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_owned)
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            let text = std::fs::read_to_string(&p).unwrap();
            let mut code = blank_test_items(&blank_comments_and_strings(&text));
            if !prefix.is_empty() {
                code = code.replace("crate::", &format!("crate::{prefix}::"));
            }
            SourceFile { rel, module, code }
        })
        .collect()
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand_use_tree(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        return vec![path.to_owned()];
    };
    let prefix = tree[..open].trim_end_matches("::").trim();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut last) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[last..i]);
                last = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[last..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(expand_use_tree)
        .map(|p| match (prefix.is_empty(), p.as_str()) {
            (true, _) => p,
            (false, "self") => prefix.to_owned(),
            (false, _) => format!("{prefix}::{p}"),
        })
        .collect()
}

/// Every path the file names, with the inline modules (`mod name { .. }`) it is named
/// in: `use` trees expanded, inline paths, visibility paths (`pub(in ..)`) left out.
fn named_paths(code: &str, children: &BTreeSet<String>) -> Vec<(Vec<String>, String)> {
    let chars: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut paths = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            depth += 1;
            if let Some(name) = pending_mod.take() {
                inline.push((name, depth));
            }
            i += 1;
            continue;
        }
        if c == '}' {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            depth -= 1;
            i += 1;
            continue;
        }
        if c == ';' {
            pending_mod = None;
        }
        let starts_word = (is_ident(c) || c == '$') && (i == 0 || !is_ident(chars[i - 1]));
        if !starts_word {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && (is_ident(chars[j]) || matches!(chars[j], '$' | ':')) {
            j += 1;
        }
        let word: String = chars[i..j].iter().collect();
        let here = || inline.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        let before: String = chars[i.saturating_sub(4)..i].iter().collect();
        if word == "use" {
            let end = chars[j..]
                .iter()
                .position(|&c| c == ';')
                .map_or(chars.len(), |k| j + k);
            let tree: String = chars[j..end].iter().collect();
            paths.extend(expand_use_tree(&tree).into_iter().map(|p| (here(), p)));
            i = end;
            continue;
        }
        if word == "mod" {
            let rest: String = chars[j..].iter().take(200).collect();
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect();
            pending_mod = Some(name);
        } else if word.contains("::") && !word.ends_with("::") && before != "(in " {
            let head = word.split("::").next().unwrap_or("");
            if matches!(head, "crate" | "$crate" | "super" | "self") || children.contains(head) {
                paths.push((here(), word));
            }
        }
        i = j.max(i + 1);
    }
    paths
}

fn find_word(s: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = s[from..].find(word) {
        let at = from + k;
        let before = s[..at].chars().next_back();
        let after = s[at + word.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if !ident(before) && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The module a path names, absolute, cut to the deepest module that has a file.
fn resolve(
    path: &str,
    from: &[String],
    children: &BTreeSet<String>,
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut abs: Vec<String> = match segs.first()? {
        &"crate" | &"$crate" => Vec::new(),
        &"self" => from.to_vec(),
        &"super" => from.to_vec(),
        head if children.contains(*head) => from.to_vec(),
        _ => return None,
    };
    let mut rest = &segs[..];
    if matches!(segs[0], "crate" | "$crate" | "self") {
        rest = &segs[1..];
    }
    while let Some(&"super") = rest.first() {
        abs.pop();
        rest = &rest[1..];
    }
    // From inside an inline module, climb to the file that holds it.
    while !modules.contains(&abs) && abs.pop().is_some() {}
    for s in rest {
        let mut next = abs.clone();
        next.push((*s).to_owned());
        if modules.contains(&next) {
            abs = next;
        } else {
            break;
        }
    }
    Some(abs)
}

fn declared_children(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(k) = find_word(rest, "mod") {
        let after = rest[k + 3..].trim_start();
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if after[name.len()..].trim_start().starts_with(';') {
            out.insert(name);
        }
        rest = &rest[k + 3..];
    }
    out
}

/// file -> files it imports.
fn import_graph(files: &[SourceFile]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .filter(|f| f.rel != "main.rs")
        .map(|f| f.module.clone())
        .collect();
    let file_of: BTreeMap<Vec<String>, String> = files
        .iter()
        .filter(|f| f.rel != "main.rs")
        .map(|f| (f.module.clone(), f.rel.clone()))
        .collect();
    let mut graph = BTreeMap::new();
    for f in files {
        let children = declared_children(&f.code);
        let mut targets = BTreeSet::new();
        if f.rel != "main.rs" {
            for (inline, path) in named_paths(&f.code, &children) {
                let path = below_front_end(&path);
                let from = [f.module.clone(), inline.clone()].concat();
                // An inline module's own children are not files: only top-level `mod`s count.
                let kids = if inline.is_empty() {
                    children.clone()
                } else {
                    BTreeSet::new()
                };
                if let Some(m) = resolve(&path, &from, &kids, &modules)
                    && let Some(target) = file_of.get(&m)
                    && *target != f.rel
                {
                    targets.insert(target.clone());
                }
            }
        }
        graph.insert(f.rel.clone(), targets);
    }
    graph
}

/// A front end's crate names the layers below at its root as the library does (`use
/// lattice_formats::files;`): `crate::app::files::X`, read with the crate's `crate::`
/// as `crate::app::`, is `crate::files::X`.
fn below_front_end(path: &str) -> String {
    for front in ["app", "cli"] {
        for below in ["engine", "pixels", "mesh", "files", "command_text"] {
            let named = format!("crate::{front}::{below}");
            if let Some(rest) = path.strip_prefix(&named)
                && (rest.is_empty() || rest.starts_with("::"))
            {
                return format!("crate::{below}{rest}");
            }
        }
    }
    path.to_owned()
}

/// Strongly connected components with more than one file (Tarjan).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut scc = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    scc.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if scc.len() > 1 {
                    scc.sort();
                    self.found.push(scc);
                }
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.found
}

/// The layer rank of a file (`None`: the crate root or the binary, above every layer).
fn layer(rel: &str) -> Option<usize> {
    let top = rel.split('/').next().unwrap_or("").trim_end_matches(".rs");
    LAYERS
        .iter()
        .position(|l| l.split('|').any(|name| name == top))
}

#[test]
fn no_file_imports_another_that_imports_it_back() {
    let graph = import_graph(&load());
    let mut report = String::new();
    for scc in cycles(&graph) {
        report.push_str("a circle of imports:\n");
        for from in &scc {
            for to in graph[from].iter().filter(|t| scc.contains(t)) {
                report.push_str(&format!("  src/{from} -> src/{to}\n"));
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

#[test]
fn layers_import_only_downwards() {
    let graph = import_graph(&load());
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        let Some(lf) = layer(from) else { continue };
        for to in targets {
            let top = |p: &str| p.split('/').next().unwrap_or("").to_owned();
            let allowed = match layer(to) {
                // The front ends share a rank but must not import each other.
                Some(lt) => lt < lf || (lt == lf && top(from) == top(to)),
                None => false,
            };
            if !allowed {
                wrong.push(format!("src/{from} imports src/{to}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that point up or sideways (layers, bottom first: {LAYERS:?}):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn gui_crates_are_named_only_in_the_app() {
    let mut wrong = Vec::new();
    for f in load() {
        if f.rel.starts_with("app/") {
            continue;
        }
        let idents: BTreeSet<&str> = f
            .code
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .collect();
        for krate in [
            "egui",
            "eframe",
            "egui_extras",
            "egui_file",
            "egui_kittest",
            "egui_glow",
            "glow",
            "rfd",
            "winit",
        ] {
            if idents.contains(krate) {
                wrong.push(format!("src/{} names {krate}", f.rel));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The checker itself: a planted circle and an upward import are found.
#[test]
fn the_checker_finds_what_it_looks_for() {
    let code = blank_test_items(&blank_comments_and_strings(
        "use super::{a::X, b::{Y, self}};\n// use crate::files::Z;\nlet s = \"crate::app::W\";\n\
         fn f() { crate::engine::kernel::run(); }\n#[cfg(test)]\nmod tests { use crate::app::V; }\n\
         mod inner { use super::super::c::D; }\npub(in crate::files) fn g() {}\n",
    ));
    let paths: Vec<String> = named_paths(&code, &BTreeSet::new())
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    assert!(paths.contains(&"super::a::X".to_owned()), "{paths:?}");
    assert!(paths.contains(&"super::b::Y".to_owned()), "{paths:?}");
    assert!(paths.contains(&"super::b".to_owned()), "{paths:?}");
    assert!(
        paths.contains(&"crate::engine::kernel::run".to_owned()),
        "{paths:?}"
    );
    assert!(
        !paths
            .iter()
            .any(|p| p.contains("files") || p.contains("app")),
        "{paths:?}"
    );
    let inner = named_paths(&code, &BTreeSet::new());
    assert!(inner.contains(&(vec!["inner".to_owned()], "super::super::c::D".to_owned())));

    let mut g = BTreeMap::new();
    g.insert("a.rs".to_owned(), BTreeSet::from(["b.rs".to_owned()]));
    g.insert("b.rs".to_owned(), BTreeSet::from(["c.rs".to_owned()]));
    g.insert("c.rs".to_owned(), BTreeSet::from(["a.rs".to_owned()]));
    g.insert("d.rs".to_owned(), BTreeSet::from(["a.rs".to_owned()]));
    assert_eq!(cycles(&g), vec![vec!["a.rs", "b.rs", "c.rs"]]);
    assert_eq!(layer("engine/kernel/plan.rs"), Some(0));
    assert_eq!(layer("app/mod.rs"), layer("cli/mod.rs"));
    assert_eq!(layer("lib.rs"), None);
}
