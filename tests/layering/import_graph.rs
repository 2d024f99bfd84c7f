//! Paths a file names, the files they lead to, and circles among them.

use std::collections::{BTreeMap, BTreeSet};

use crate::SourceFile;

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
pub(super) fn named_paths(code: &str, children: &BTreeSet<String>) -> Vec<(Vec<String>, String)> {
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
pub(super) fn import_graph(files: &[SourceFile]) -> BTreeMap<String, BTreeSet<String>> {
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
pub(super) fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
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
