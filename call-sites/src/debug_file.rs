//! A first cheap look at an ELF file (its build-id, whether it carries DWARF, its
//! `.gnu_debuglink`) and the search for a separate debug file.

use std::fs::File;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use object::{Object, ObjectSection, ReadCache};

/// What the first look at a file found.
pub(crate) enum Inspection {
    /// No file at that path.
    Missing,
    /// The file exists but could not be read or is not an object file.
    Unreadable,
    /// An object file.
    Object(ElfFacts),
}

/// The facts about an object file that decide where its debug information comes from.
pub(crate) struct ElfFacts {
    pub build_id: Option<Vec<u8>>,
    pub has_dwarf: bool,
    pub debuglink: Option<String>,
}

/// Reads only the headers and the few sections needed (through a read cache, so a large
/// library is not read whole just to check its build-id).
pub(crate) fn inspect(path: &Path) -> Inspection {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == ErrorKind::NotFound => return Inspection::Missing,
        Err(_) => return Inspection::Unreadable,
    };
    let cache = ReadCache::new(file);
    match object::File::parse(&cache) {
        Ok(object) => Inspection::Object(facts(&object)),
        Err(_) => Inspection::Unreadable,
    }
}

fn facts<'data, O: Object<'data>>(object: &O) -> ElfFacts {
    let has_dwarf = object
        .section_by_name(".debug_info")
        .is_some_and(|section| section.size() > 0 && section.file_range().is_some());
    let debuglink = object
        .gnu_debuglink()
        .ok()
        .flatten()
        .and_then(|(name, _crc)| std::str::from_utf8(name).ok().map(str::to_owned));
    ElfFacts {
        build_id: object.build_id().ok().flatten().map(<[u8]>::to_vec),
        has_dwarf,
        debuglink,
    }
}

/// The separate debug file of the object at `path`, found the standard ways: by build-id
/// under each debug folder, then by `.gnu_debuglink` beside the object, in its `.debug/`
/// folder and under each debug folder. A candidate counts only when it carries DWARF and
/// its build-id equals the object's (when the object has one).
pub(crate) fn find_debug_file(
    path: &Path,
    facts: &ElfFacts,
    debug_dirs: &[PathBuf],
) -> Option<PathBuf> {
    candidates(path, facts, debug_dirs)
        .into_iter()
        .filter(|candidate| candidate != path)
        .find(|candidate| is_debug_file_for(candidate, facts.build_id.as_deref()))
}

fn candidates(path: &Path, facts: &ElfFacts, debug_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    if let Some(id) = facts.build_id.as_deref().filter(|id| id.len() >= 2) {
        let rest: String = id[1..].iter().map(|byte| format!("{byte:02x}")).collect();
        let relative = format!(".build-id/{:02x}/{rest}.debug", id[0]);
        found.extend(debug_dirs.iter().map(|dir| dir.join(&relative)));
    }
    if let Some(name) = &facts.debuglink {
        let folder = path.parent().unwrap_or(Path::new(""));
        found.push(folder.join(name));
        found.push(folder.join(".debug").join(name));
        let under_root = folder.strip_prefix("/").unwrap_or(folder);
        found.extend(debug_dirs.iter().map(|dir| dir.join(under_root).join(name)));
    }
    found
}

fn is_debug_file_for(candidate: &Path, build_id: Option<&[u8]>) -> bool {
    match inspect(candidate) {
        Inspection::Object(facts) => {
            facts.has_dwarf && (build_id.is_none() || facts.build_id.as_deref() == build_id)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_paths_follow_the_gdb_conventions() {
        let facts = ElfFacts {
            build_id: Some(vec![0xab, 0xcd, 0x01]),
            has_dwarf: false,
            debuglink: Some("prog.debug".into()),
        };
        let dirs = [PathBuf::from("/usr/lib/debug")];
        let found = candidates(Path::new("/opt/app/bin/prog"), &facts, &dirs);
        let expected: Vec<PathBuf> = [
            "/usr/lib/debug/.build-id/ab/cd01.debug",
            "/opt/app/bin/prog.debug",
            "/opt/app/bin/.debug/prog.debug",
            "/usr/lib/debug/opt/app/bin/prog.debug",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn missing_and_non_object_files() {
        assert!(matches!(
            inspect(Path::new("/nonexistent/call-sites/prog")),
            Inspection::Missing
        ));
        let text = std::env::temp_dir().join(format!("call-sites-text-{}", std::process::id()));
        std::fs::write(&text, b"not an object file").unwrap();
        let inspection = inspect(&text);
        std::fs::remove_file(&text).unwrap();
        assert!(matches!(inspection, Inspection::Unreadable));
    }
}
