//! The code's layering, checked over both crates: every module of the rules core
//! (`core/src/`, the crate `koan_core`) and of the engine (`src/`) may use only modules of its
//! own layer or of the layers below it, the whole core standing below the engine, and no
//! modules depend on each other in a circle, neither the top-level modules nor the files
//! inside one of them, within a crate or across the two.
//!
//! The layers are the ones `core/src/lib.rs` and `src/lib.rs` describe. A dependency is any
//! path through `crate::` (or `super::` inside a module, or `koan_core::` from the engine) in
//! code that is not a test; unit tests may reach further. The engine's `crate::board` and the
//! like are its re-exports of the core's modules, so they name the core's modules; the two
//! crates' top-level module names are distinct (checked).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rules core's layers (`core/src/`), lowest first. A module may use modules of its own
/// layer or lower ones. `testkit` (the tests' shared helpers) stands on top: no code but
/// tests may use it.
const CORE_LAYERS: &[&[&str]] = &[
    &["board"],
    &["rules"],
    &["game"],
    &["tactics", "sgf"],
    &["playout"],
    &["score", "ko_types"],
    &["api"],
    &["testkit"],
];

/// The engine's layers (`src/`), lowest first, all above the core's.
const ENGINE_LAYERS: &[&[&str]] = &[
    &["search", "nn"],
    &["player"],
    &["gtp"],
    &[
        "arena",
        "regress",
        "bench",
        "gtp_client",
        "analysis_engine",
        "cli",
        "tools",
        "out",
        "train",
    ],
];

/// A module's path inside the crate, as its segments (`["search", "playout"]`).
type ModPath = Vec<String>;

/// The two crates, each with its source directory and layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crate {
    Core,
    Engine,
}

impl Crate {
    fn src(self) -> PathBuf {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        match self {
            Crate::Core => root.join("core").join("src"),
            Crate::Engine => root.join("src"),
        }
    }

    fn layers(self) -> &'static [&'static [&'static str]] {
        match self {
            Crate::Core => CORE_LAYERS,
            Crate::Engine => ENGINE_LAYERS,
        }
    }
}

/// The layer of a top-level module, counted through the core's layers and then the
/// engine's.
fn layer_of(top: &str) -> Option<usize> {
    CORE_LAYERS
        .iter()
        .chain(ENGINE_LAYERS)
        .position(|layer| layer.contains(&top))
}

/// Every library module of both crates: `(crate, path, code)`.
fn all_modules() -> Vec<(Crate, ModPath, String)> {
    let mut out = Vec::new();
    for krate in [Crate::Core, Crate::Engine] {
        for (path, code) in modules(&krate.src()) {
            out.push((krate, path, code));
        }
    }
    out
}

/// Every library module's source under `src` with its tests cut off: `(path, code)`.
fn modules(src: &Path) -> Vec<(ModPath, String)> {
    let mut files = Vec::new();
    collect(src, &mut files);
    // Modules declared under `#[cfg(test)]` (`#[cfg(test)] mod name;`) are test code.
    let mut test_only: BTreeSet<ModPath> = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let dir = file.parent().unwrap().strip_prefix(src).unwrap();
        let mut base: ModPath = dir
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let stem = file.file_stem().unwrap().to_string_lossy();
        if !matches!(stem.as_ref(), "mod" | "lib" | "main") {
            base.push(stem.into_owned());
        }
        let mut lines = text.lines().map(str::trim);
        while let Some(line) = lines.next() {
            if line == "#[cfg(test)]" {
                if let Some(name) = lines
                    .next()
                    .and_then(|l| {
                        l.strip_prefix("mod ")
                            .or_else(|| l.strip_prefix("pub(crate) mod "))
                    })
                    .and_then(|l| l.strip_suffix(';'))
                {
                    let mut path = base.clone();
                    path.push(name.to_string());
                    test_only.insert(path);
                }
            }
        }
    }
    let mut out = Vec::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap().with_extension("");
        let mut path: ModPath = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if path.last().map(String::as_str) == Some("mod") {
            path.pop();
        }
        if path == ["lib"]
            || path == ["main"]
            || path.iter().any(|s| s == "tests")
            || test_only.contains(&path)
        {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        out.push((path, non_test_code(&text)));
    }
    out
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code before the first `#[cfg(test)]`, without comments.
fn non_test_code(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a piece of code names: `crate::a::b`, `crate::a::{b, c}`,
/// `koan_core::a` and, inside module `at`, `super::x`. Each is as long as the words after
/// `crate::` go.
fn named_paths(at: &[String], code: &str) -> BTreeSet<ModPath> {
    let mut found = BTreeSet::new();
    for (prefix, base) in [
        ("crate::", Vec::new()),
        ("koan_core::", Vec::new()),
        ("super::", parent_of(at)),
    ] {
        let mut rest = code;
        while let Some(i) = rest.find(prefix) {
            let before = rest[..i].chars().last();
            rest = &rest[i + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let mut path = base.clone();
            let mut words = rest;
            loop {
                let word: String = words
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                if word.is_empty() {
                    if let Some(group) = words.strip_prefix('{') {
                        let inner = group.split('}').next().unwrap_or("");
                        for item in inner.split(',') {
                            let item = item.trim().split("::").next().unwrap_or("").trim();
                            if !item.is_empty()
                                && item.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                            {
                                let mut p = path.clone();
                                p.push(item.to_string());
                                found.insert(p);
                            }
                        }
                    }
                    break;
                }
                path.push(word.clone());
                words = &words[word.len()..];
                match words.strip_prefix("::") {
                    Some(next) => words = next,
                    None => break,
                }
            }
            found.insert(path);
        }
    }
    found
}

fn parent_of(at: &[String]) -> ModPath {
    at[..at.len().saturating_sub(1)].to_vec()
}

/// The dependency edges between modules cut to `depth` segments.
fn edges(depth: usize) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let modules = all_modules();
    let known: BTreeSet<ModPath> = modules.iter().map(|(_, p, _)| p.clone()).collect();
    let cut = |p: &[String]| p[..p.len().min(depth)].to_vec();
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (_, path, code) in &modules {
        let from = cut(path);
        edges.entry(from.clone()).or_default();
        for mut target in named_paths(path, code) {
            while !target.is_empty() && !known.contains(&target) {
                target.pop();
            }
            if target.is_empty() {
                continue;
            }
            let to = cut(&target);
            // A module using its own children or its parent is not a dependency between
            // modules of one level.
            if to == from || to.starts_with(&from) || from.starts_with(&to) {
                continue;
            }
            edges.entry(from.clone()).or_default().insert(to);
        }
    }
    edges
}

/// The circles in a graph (its strongly connected components of more than one node).
fn cycles(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    // A node is in a circle with every node it reaches that reaches it back.
    let reach = |start: &ModPath| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(n) = stack.pop() {
            for m in edges.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&ModPath, BTreeSet<ModPath>> =
        edges.keys().map(|n| (n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for (n, r) in &reaches {
        if done.contains(*n) || !r.contains(*n) {
            continue;
        }
        let circle: Vec<ModPath> = r
            .iter()
            .filter(|m| reaches.get(m).is_some_and(|rm| rm.contains(*n)))
            .cloned()
            .collect();
        done.extend(circle.iter().cloned());
        out.push(circle);
    }
    out
}

fn show(path: &[String]) -> String {
    path.join("::")
}

#[test]
fn every_top_level_module_has_a_layer_of_its_crate() {
    let missing: BTreeSet<String> = all_modules()
        .into_iter()
        .filter(|(krate, path, _)| !krate.layers().iter().any(|l| l.contains(&&*path[0])))
        .map(|(krate, path, _)| format!("{krate:?}: {}", path[0]))
        .collect();
    assert!(
        missing.is_empty(),
        "modules with no layer in CORE_LAYERS / ENGINE_LAYERS: {missing:?}"
    );
}

/// A top-level name means one module: the engine's `crate::board` is the core's `board`.
#[test]
fn the_crates_have_distinct_top_level_modules() {
    let tops = |krate: Crate| -> BTreeSet<String> {
        modules(&krate.src())
            .into_iter()
            .map(|(path, _)| path[0].clone())
            .collect()
    };
    let both: Vec<String> = tops(Crate::Core)
        .intersection(&tops(Crate::Engine))
        .cloned()
        .collect();
    assert!(both.is_empty(), "modules in both crates: {both:?}");
}

/// The core must build without the engine: no path of its code names an engine module (nor
/// the engine's crate), whether or not such a module exists.
#[test]
fn the_rules_core_names_no_engine_module() {
    let engine: BTreeSet<&str> = ENGINE_LAYERS
        .iter()
        .flat_map(|l| l.iter().copied())
        .collect();
    let mut wrong = Vec::new();
    for (path, code) in modules(&Crate::Core.src()) {
        for named in named_paths(&path, &code) {
            if engine.contains(named[0].as_str()) {
                wrong.push(format!("{} -> {}", show(&path), show(&named)));
            }
        }
        if code.contains("koan::") {
            wrong.push(format!("{} -> koan::", show(&path)));
        }
    }
    assert!(wrong.is_empty(), "the core names the engine: {wrong:#?}");
}

#[test]
fn no_module_uses_a_higher_layer() {
    let mut wrong = Vec::new();
    for (from, tos) in edges(1) {
        for to in tos {
            if let (Some(a), Some(b)) = (layer_of(&from[0]), layer_of(&to[0])) {
                if b > a {
                    wrong.push(format!("{} -> {}", show(&from), show(&to)));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "upward dependencies: {wrong:#?}");
}

#[test]
fn no_circular_dependencies_between_modules() {
    let mut shown = BTreeSet::new();
    for depth in 1..=3 {
        for circle in cycles(&edges(depth)) {
            shown.insert(
                circle
                    .iter()
                    .map(|m| show(m))
                    .collect::<Vec<_>>()
                    .join(" <-> "),
            );
        }
    }
    assert!(shown.is_empty(), "module circles: {shown:#?}");
}

#[test]
fn the_tools_stand_on_their_own() {
    let tools = ["arena", "regress", "bench", "analysis_engine"];
    let mut wrong = Vec::new();
    for (from, tos) in edges(1) {
        for to in tos {
            if tools.contains(&from[0].as_str()) && tools.contains(&to[0].as_str()) {
                wrong.push(format!("{} -> {}", show(&from), show(&to)));
            }
        }
    }
    assert!(wrong.is_empty(), "tools using each other: {wrong:#?}");
}

#[test]
fn the_checker_sees_paths_and_circles() {
    let at: ModPath = vec!["search".into(), "tree".into()];
    let found = named_paths(
        &at,
        "use crate::board::{Board, zobrist::Key};\nuse super::policy::Policy;",
    );
    assert!(found.contains(&vec!["board".to_string()]));
    assert!(found.contains(&vec!["board".to_string(), "zobrist".to_string()]));
    assert!(found.contains(&vec!["search".to_string(), "policy".to_string()]));
    let found = named_paths(&at, "let p = koan_core::playout::Playout::new();");
    assert!(found.contains(&vec!["playout".to_string()]));
    assert!(layer_of("ko_types") < layer_of("search"));
    let mut g: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    let (a, b, c) = (
        vec!["a".to_string()],
        vec!["b".to_string()],
        vec!["c".to_string()],
    );
    g.entry(a.clone()).or_default().insert(b.clone());
    g.entry(b.clone()).or_default().insert(a.clone());
    g.entry(c.clone()).or_default().insert(a.clone());
    assert_eq!(cycles(&g), vec![vec![a, b]]);
}
