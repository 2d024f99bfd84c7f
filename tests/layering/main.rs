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

mod import_graph;
mod source_text;

use import_graph::{cycles, import_graph, named_paths};
use source_text::{blank_comments_and_strings, blank_test_items};
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
