//! The shape of the code, checked: no module circles in any crate of the workspace.
//!
//! Within a crate, sibling modules (the children of one module) must depend on each other one
//! way only. A module depends on a sibling when any file of its subtree names a path into the
//! sibling's subtree (`crate::a::b`, `super::b`, in `use` or in code), or when it adds an
//! inherent `impl` to a type the sibling defines (the sibling's type then needs this module's
//! methods: the "extension" circle). A parent (lib.rs, mod.rs) is the face of its children:
//! it may use them and they its items.
//!
//! And heavy dependencies are linked by the one crate whose job needs them (`cargo tree`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside a crate: `["analysis", "summary"]`; the crate root is `[]`.
type ModPath = Vec<String>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The source roots (folders holding lib.rs or main.rs, and each src/bin file) of every
/// workspace member.
fn crate_roots() -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(workspace().join("Cargo.toml")).unwrap();
    let members = manifest
        .split("members")
        .nth(1)
        .and_then(|s| s.split('[').nth(1))
        .and_then(|s| s.split(']').next())
        .expect("workspace members");
    let mut roots = Vec::new();
    for m in members.split(',').map(|s| s.trim().trim_matches('"')) {
        if m.is_empty() {
            continue;
        }
        let src = workspace().join(m).join("src");
        for root in ["lib.rs", "main.rs"] {
            if src.join(root).is_file() {
                roots.push(src.join(root));
            }
        }
    }
    roots
}

/// Every file of the crate whose root is `root`, with its module path, following `mod x;`.
fn crate_files(root: &Path) -> Vec<(ModPath, PathBuf)> {
    let mut out = Vec::new();
    let mut todo = vec![(Vec::new(), root.to_path_buf())];
    while let Some((path, file)) = todo.pop() {
        let text = strip(&std::fs::read_to_string(&file).unwrap());
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        for child in declared_mods(&text) {
            let (a, b) = (
                dir.join(format!("{child}.rs")),
                dir.join(&child).join("mod.rs"),
            );
            let f = if a.is_file() { a } else { b };
            if f.is_file() {
                let mut p = path.clone();
                p.push(child);
                todo.push((p, f));
            }
        }
        out.push((path, file));
    }
    out
}

/// The text without comments, string and char literals (so that paths in docs do not count).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(b.len(), |e| i + 4 + e);
            i = end;
        } else if b[i] == b'"'
            || (b[i] == b'r' && b.get(i + 1).is_some_and(|c| *c == b'"' || *c == b'#'))
        {
            i = skip_string(b, i);
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i += 3;
        } else if b[i..].starts_with(b"'\\") {
            i += text[i + 2..].find('\'').map_or(b.len(), |e| e + 3);
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The index after the string literal (plain or raw) starting at `i`.
fn skip_string(b: &[u8], mut i: usize) -> usize {
    if b[i] == b'r' {
        i += 1;
        let hashes = b[i..].iter().take_while(|c| **c == b'#').count();
        i += hashes + 1;
        let close: Vec<u8> = std::iter::once(b'"')
            .chain(std::iter::repeat_n(b'#', hashes))
            .collect();
        while i < b.len() && !b[i..].starts_with(&close) {
            i += 1;
        }
        return i + close.len();
    }
    i += 1;
    while i < b.len() && b[i] != b'"' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    i + 1
}

fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            cur.push(c);
        } else {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            if c == ':' && chars.get(i + 1) == Some(&':') {
                out.push("::".into());
                i += 1;
            } else if !c.is_whitespace() {
                out.push(c.to_string());
            }
        }
        i += 1;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The `mod x;` declarations of a file (inline `mod x { ... }` bodies are part of the file).
fn declared_mods(text: &str) -> Vec<String> {
    let t = tokens(text);
    (1..t.len().saturating_sub(1))
        .filter(|&i| t[i - 1] == "mod" && t[i + 1] == ";")
        .map(|i| t[i].clone())
        .collect()
}

/// Every path the file names starting at `crate::` or `super::`, resolved against the file's
/// own module path; `{a, b::c}` groups expanded.
fn named_paths(text: &str, own: &ModPath) -> Vec<ModPath> {
    let t = tokens(text);
    let mut out = Vec::new();
    for i in 0..t.len() {
        let base = match t[i].as_str() {
            "crate" => Vec::new(),
            "super" if i == 0 || t[i - 1] != "::" => {
                // `super` of a parent file (mod.rs) is the grandparent.
                let mut b = own.clone();
                let mut j = i;
                let mut ups = 1;
                while t.get(j + 1).map(String::as_str) == Some("::")
                    && t.get(j + 2).map(String::as_str) == Some("super")
                {
                    ups += 1;
                    j += 2;
                }
                for _ in 0..ups {
                    b.pop();
                }
                if t.get(j + 1).map(String::as_str) != Some("::") {
                    continue;
                }
                expand(&t, j + 2, b, &mut out);
                continue;
            }
            _ => continue,
        };
        if t.get(i + 1).map(String::as_str) == Some("::") && (i == 0 || t[i - 1] != "$") {
            expand(&t, i + 2, base, &mut out);
        }
    }
    out
}

/// Expand the path tree starting at token `i` (after a `::`) into `out`.
fn expand(t: &[String], i: usize, base: ModPath, out: &mut Vec<ModPath>) {
    match t.get(i).map(String::as_str) {
        Some("{") => {
            let mut depth = 0;
            let mut start = i + 1;
            for (j, tok) in t.iter().enumerate().skip(i) {
                match tok.as_str() {
                    "{" => depth += 1,
                    "}" if depth == 1 => {
                        expand(t, start, base.clone(), out);
                        return;
                    }
                    "}" => depth -= 1,
                    "," if depth == 1 => {
                        expand(t, start, base.clone(), out);
                        start = j + 1;
                    }
                    _ => {}
                }
            }
        }
        Some(seg)
            if seg
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_') =>
        {
            let mut p = base;
            p.push(seg.to_string());
            if t.get(i + 1).map(String::as_str) == Some("::") {
                expand(t, i + 2, p, out);
            } else {
                out.push(p);
            }
        }
        _ => out.push(base),
    }
}

/// Types defined by name in a file (struct, enum, union).
fn defined_types(text: &str) -> Vec<String> {
    let t = tokens(text);
    (1..t.len())
        .filter(|&i| matches!(t[i - 1].as_str(), "struct" | "enum" | "union"))
        .map(|i| t[i].clone())
        .collect()
}

/// Types that receive an inherent `impl` in a file (`impl<..> Name<..> {`).
fn extended_types(text: &str) -> Vec<String> {
    let t = tokens(text);
    let mut out = Vec::new();
    for i in (0..t.len()).filter(|&i| t[i] == "impl") {
        let mut j = i + 1;
        if t.get(j).map(String::as_str) == Some("<") {
            j = skip_angle(&t, j);
        }
        let Some(name) = t.get(j) else { continue };
        let mut k = j + 1;
        if t.get(k).map(String::as_str) == Some("<") {
            k = skip_angle(&t, k);
        }
        if t.get(k).map(String::as_str) == Some("{") {
            out.push(name.clone());
        }
    }
    out
}

fn skip_angle(t: &[String], mut j: usize) -> usize {
    let mut depth = 0;
    while j < t.len() {
        match t[j].as_str() {
            "<" => depth += 1,
            ">" => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    j
}

/// The longest prefix of `p` that is a module of the crate.
fn module_of(p: &ModPath, modules: &BTreeSet<ModPath>) -> ModPath {
    (0..=p.len())
        .rev()
        .map(|n| p[..n].to_vec())
        .find(|m| modules.contains(m))
        .unwrap_or_default()
}

/// For a dependency `from -> to`, the sibling pair it makes (children of their common
/// ancestor), or None when one contains the other.
fn sibling_edge(from: &ModPath, to: &ModPath) -> Option<(ModPath, String, String)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() || common == to.len() {
        return None;
    }
    Some((
        from[..common].to_vec(),
        from[common].clone(),
        to[common].clone(),
    ))
}

/// The sibling dependency edges of one crate, grouped by parent module.
fn crate_edges(root: &Path) -> BTreeMap<ModPath, BTreeSet<(String, String)>> {
    let files = crate_files(root);
    let modules: BTreeSet<ModPath> = files.iter().map(|(m, _)| m.clone()).collect();
    let texts: Vec<(ModPath, String)> = files
        .iter()
        .map(|(m, f)| (m.clone(), strip(&std::fs::read_to_string(f).unwrap())))
        .collect();
    let mut definers: BTreeMap<String, Vec<ModPath>> = BTreeMap::new();
    for (m, text) in &texts {
        for ty in defined_types(text) {
            definers.entry(ty).or_default().push(m.clone());
        }
    }
    let mut edges: BTreeMap<ModPath, BTreeSet<(String, String)>> = BTreeMap::new();
    let mut add = |from: &ModPath, to: &ModPath| {
        if let Some((parent, a, b)) = sibling_edge(from, to) {
            edges.entry(parent).or_default().insert((a, b));
        }
    };
    for (m, text) in &texts {
        for p in named_paths(text, m) {
            add(m, &module_of(&p, &modules));
        }
        for ty in extended_types(text) {
            if let Some([definer]) = definers.get(&ty).map(Vec::as_slice) {
                add(definer, m);
            }
        }
    }
    edges
}

/// The cycles among one parent's children: each strongly connected set of two or more.
fn cycles(edges: &BTreeSet<(String, String)>) -> Vec<BTreeSet<String>> {
    let nodes: BTreeSet<&String> = edges.iter().flat_map(|(a, b)| [a, b]).collect();
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(n) = todo.pop() {
            for (a, b) in edges {
                if *a == n && seen.insert(b.clone()) {
                    todo.push(b.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> = nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for n in &nodes {
        let scc: BTreeSet<String> = nodes
            .iter()
            .filter(|m| reach[*n].contains(**m) && reach[**m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        if scc.len() > 1 && !out.contains(&scc) {
            out.push(scc);
        }
    }
    out
}

fn describe(
    root: &Path,
    parent: &ModPath,
    cycle: &BTreeSet<String>,
    edges: &BTreeSet<(String, String)>,
) -> String {
    let inside: Vec<String> = edges
        .iter()
        .filter(|(a, b)| cycle.contains(a) && cycle.contains(b))
        .map(|(a, b)| format!("{a} -> {b}"))
        .collect();
    let krate = root
        .strip_prefix(workspace())
        .unwrap_or(root)
        .display()
        .to_string();
    let at = if parent.is_empty() {
        "crate root".to_string()
    } else {
        parent.join("::")
    };
    format!("{krate} ({at}): {}", inside.join(", "))
}

#[test]
fn no_module_circles_in_any_crate() {
    let mut found = Vec::new();
    for root in crate_roots() {
        for (parent, edges) in crate_edges(&root) {
            for c in cycles(&edges) {
                found.push(describe(&root, &parent, &c, &edges));
            }
        }
    }
    assert!(found.is_empty(), "module circles:\n{}", found.join("\n"));
}

#[test]
fn the_circle_check_sees_paths_groups_and_extensions() {
    let text = strip(
        "use crate::{a::X, b::{c::Y, Z}};\n// crate::d::nothing\nfn f() { super::e::g(); let s = \"crate::h\"; }\nimpl<'p> Thing<'p> { }",
    );
    let own = vec!["m".to_string(), "n".to_string()];
    let paths = named_paths(&text, &own);
    let p = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<ModPath>();
    assert_eq!(
        paths,
        vec![
            p(&["a", "X"]),
            p(&["b", "c", "Y"]),
            p(&["b", "Z"]),
            p(&["m", "e", "g"])
        ]
    );
    assert_eq!(extended_types(&text), vec!["Thing".to_string()]);
    let edges: BTreeSet<(String, String)> = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let c = cycles(&edges);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].len(), 3);
}

/// The workspace crates that depend directly on `dep` (normal dependencies).
fn direct_users(dep: &str) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "tree",
            "-e",
            "normal",
            "-i",
            dep,
            "--workspace",
            "--depth",
            "1",
        ])
        .args(["--prefix", "none", "--offline"])
        .current_dir(workspace())
        .output()
        .expect("cargo tree");
    assert!(
        out.status.success(),
        "cargo tree -i {dep}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let mut users: Vec<String> = text
        .lines()
        .skip(1)
        .filter(|l| l.contains(&*workspace().to_string_lossy()))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    users.sort();
    users.dedup();
    users
}

#[test]
fn each_heavy_dependency_is_linked_by_its_own_crate_only() {
    for (dep, user) in [
        ("parquet", "io-export"),
        ("arrow-array", "io-export"),
        ("plotters", "io-analysis"),
        ("prost", "io-perfetto"),
        ("otf2-sys", "otf2-writer"),
    ] {
        assert_eq!(
            direct_users(dep),
            vec![user.to_string()],
            "crates depending on {dep}"
        );
    }
}

/// The MPI replayer links only what replay needs: none of the heavy dependencies.
#[test]
fn the_mpi_replayer_links_no_heavy_dependency() {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "tree",
            "-e",
            "normal",
            "-p",
            "replay-mpi",
            "--prefix",
            "none",
            "--offline",
        ])
        .current_dir(workspace())
        .output()
        .expect("cargo tree");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for dep in [
        "parquet",
        "arrow-array",
        "plotters",
        "prost",
        "otf2-sys",
        "io-analysis",
    ] {
        assert!(
            !text
                .lines()
                .any(|l| l.split_whitespace().next() == Some(dep)),
            "replay-mpi links {dep}"
        );
    }
}
