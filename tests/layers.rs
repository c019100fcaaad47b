//! The house's rule of direction, checked: no module of the engine library imports one
//! above it, and no two of its files import each other, directly or round a circle.
//!
//! Imports are read as `crate::` and `super::` paths (use trees included); a folder's
//! `mod.rs` naming its own files (`mod x; pub use x::Y;`) is how a Rust module is built,
//! not an import, so a parent and its children are never taken for a circle.
//!
//! `docs/architecture.md` draws the same order. Run `cargo test --release --test layers`
//! to check it; a failure names the file, the import and the rule it breaks.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The engine library's top-level modules, bottom up. A module may name only modules
/// before it in this list (and itself); a new module gets its place here.
#[rustfmt::skip]
const ORDER: &[&str] = &[
    // leaves: vocabulary, the score scale and the tapered pair, the weights
    "types", "prefetch", "atomic_file", "score", "wdl", "weights", "psqt",
    // the board
    "position",
    // knowledge
    "tt", "learn", "eval", "time", "book", "syzygy",
    // the search, and the bench signature that runs it
    "search", "bench",
    // the facade
    "engine",
    // the protocol
    "uci",
];

/// Every `.rs` file of the engine library (`src/`, the binary `main.rs` aside) with its
/// module path (`eval::pawns` for `src/eval/pawns.rs`, `eval` for `src/eval/mod.rs`).
fn library_files() -> BTreeMap<String, String> {
    fn walk(dir: &Path, prefix: &str, out: &mut BTreeMap<String, String>) {
        for entry in fs::read_dir(dir).expect("src is readable") {
            let path = entry.expect("a directory entry").path();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let module = if prefix.is_empty() {
                name.clone()
            } else if name == "mod" {
                prefix.to_string()
            } else {
                format!("{prefix}::{name}")
            };
            if path.is_dir() {
                walk(&path, &module, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).expect("a source file is readable");
                out.insert(module, code_only(&text));
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "",
        &mut files,
    );
    files.remove("main");
    files.remove("lib");
    files
}

/// The text without comments (doc links name modules they do not import) and without
/// the unit tests at the end of a file (`#[cfg(test)]`), which may reach anywhere.
fn code_only(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules a file names: `crate::a::b` paths, the names inside a braced
/// `use crate::{a, b::c}`, and `super::x` resolved against the file's own path, each
/// taken to the longest module path that is a file.
fn imports(module: &str, code: &str, files: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let parent = match module.rsplit_once("::") {
        Some((p, _)) => p.to_string(),
        None => String::new(),
    };
    let mut paths = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        paths.extend(expand(&code[i + "crate::".len()..], ""));
    }
    for (i, _) in code.match_indices("super::") {
        if !code[..i].ends_with("::") {
            let base = if parent.is_empty() {
                String::new()
            } else {
                format!("{parent}::")
            };
            paths.extend(expand(&code[i + "super::".len()..], &base));
        }
    }
    for path in paths {
        let mut parts: Vec<&str> = path.split("::").collect();
        while !parts.is_empty() && !files.contains_key(&parts.join("::")) {
            parts.pop();
        }
        if !parts.is_empty() {
            let target = parts.join("::");
            if target != module {
                found.insert(target);
            }
        }
    }
    found
}

/// The paths a `use` tree or an inline path starting at `rest` names, each with `base`
/// before it: `a::b::{c, d::e}` gives `a::b::c` and `a::b::d::e`.
fn expand(rest: &str, base: &str) -> Vec<String> {
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    let head = rest[..end].trim_end_matches(':');
    let prefix = format!("{base}{head}");
    let group = rest[end..].starts_with('{') && (end == 0 || rest[..end].ends_with("::"));
    if group {
        // Names inside the braces hang from `prefix` (from `base` alone for `crate::{`).
        let inner_base = if head.is_empty() {
            base.to_string()
        } else {
            format!("{prefix}::")
        };
        let mut depth = 0;
        let mut close = rest.len();
        for (i, c) in rest[end..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = end + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let inner = &rest[end + 1..close];
        let mut out = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.extend(expand(inner[start..i].trim(), &inner_base));
                    start = i + 1;
                }
                _ => {}
            }
        }
        let last = inner[start..].trim();
        if !last.is_empty() {
            out.extend(expand(last, &inner_base));
        }
        out
    } else {
        vec![prefix]
    }
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap()
}

#[test]
fn no_module_imports_one_above_it() {
    let files = library_files();
    let mut wrong = Vec::new();
    for (module, code) in &files {
        let Some(own) = ORDER.iter().position(|&m| m == top(module)) else {
            wrong.push(format!(
                "{module}: not in ORDER (tests/layers.rs): give it its place"
            ));
            continue;
        };
        for target in imports(module, code, &files) {
            let theirs = ORDER.iter().position(|&m| m == top(&target));
            if theirs.is_none_or(|t| t > own) {
                wrong.push(format!("{module} imports {target}, which stands above it"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_two_files_import_each_other_round_a_circle() {
    let files = library_files();
    let graph: BTreeMap<&String, BTreeSet<String>> = files
        .iter()
        .map(|(m, code)| (m, imports(m, code, &files)))
        .collect();
    // Depth-first search for a back edge; the path on the stack names the circle.
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<&String, BTreeSet<String>>,
        done: &mut BTreeSet<&'a str>,
        stack: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|&s| s == m) {
            let mut circle: Vec<String> = stack[at..].iter().map(|s| s.to_string()).collect();
            circle.push(m.to_string());
            return Some(circle);
        }
        if !done.insert(m) {
            return None;
        }
        stack.push(m);
        let next = graph.iter().find(|(k, _)| k.as_str() == m).map(|(_, v)| v);
        for t in next.into_iter().flatten() {
            if let Some(c) = visit(t, graph, done, stack) {
                return Some(c);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if let Some(circle) = visit(m, &graph, &mut done, &mut Vec::new()) {
            panic!("an import circle: {}", circle.join(" -> "));
        }
    }
}

/// The checker itself sees what it must: a braced `use`, a nested one and `super::`.
#[test]
fn the_checker_reads_use_trees() {
    let mut files = BTreeMap::new();
    for m in ["a", "a::x", "a::y", "b", "b::z"] {
        files.insert(m.to_string(), String::new());
    }
    let code =
        "use crate::{a::x, b::{self, z::Thing}};\nuse super::y::Other;\nfn f() { crate::a::g(); }";
    let got: Vec<String> = imports("a::w", code, &files).into_iter().collect();
    assert_eq!(got, ["a", "a::x", "a::y", "b", "b::z"]);
}
