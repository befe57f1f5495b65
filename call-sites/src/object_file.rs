//! One object as the resolver holds it: opened once, its build-id checked, its debug
//! information and symbols ready for lookups.

use std::path::{Path, PathBuf};

use addr2line::Loader;

use crate::debug_file::{find_debug_file, inspect, Inspection};
use crate::location::Level;

/// What opening an object gave.
pub(crate) enum ObjectState {
    Loaded(Box<LoadedObject>),
    Missing,
    /// The file's build-id differs from the recorded one (or it has none): a different
    /// build, whose addresses would name the wrong code.
    Mismatched,
    /// The file could not be read or parsed.
    Unreadable,
}

/// An object with its debug information: `dwarf` is a separate debug file when one was
/// found, `main` the object itself (its own DWARF, `.symtab` or `.dynsym`).
pub(crate) struct LoadedObject {
    dwarf: Option<Loader>,
    main: Loader,
}

/// What a lookup found in an object.
pub(crate) struct Found {
    pub function: Option<String>,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub level: Level,
}

/// Opens the object at `path`, checking its build-id against `recorded_build_id` (an empty
/// one was not recorded and accepts any file).
pub(crate) fn open(path: &str, recorded_build_id: &[u8], debug_dirs: &[PathBuf]) -> ObjectState {
    let facts = match inspect(Path::new(path)) {
        Inspection::Missing => return ObjectState::Missing,
        Inspection::Unreadable => return ObjectState::Unreadable,
        Inspection::Object(facts) => facts,
    };
    if !recorded_build_id.is_empty() && facts.build_id.as_deref() != Some(recorded_build_id) {
        return ObjectState::Mismatched;
    }
    let Ok(main) = Loader::new(path) else {
        return ObjectState::Unreadable;
    };
    let dwarf = if facts.has_dwarf {
        None
    } else {
        find_debug_file(Path::new(path), &facts, debug_dirs)
            .and_then(|debug_path| Loader::new(debug_path).ok())
    };
    ObjectState::Loaded(Box::new(LoadedObject { dwarf, main }))
}

impl LoadedObject {
    /// Whether the debug information comes from a separate debug file.
    pub(crate) fn has_separate_debug(&self) -> bool {
        self.dwarf.is_some()
    }

    /// What the object says about the instruction at `probe` (a stated virtual address).
    pub(crate) fn find(&self, probe: u64) -> Found {
        let dwarf = self.dwarf.as_ref().unwrap_or(&self.main);
        let frame = innermost_frame(dwarf, probe).unwrap_or_default();
        let function = frame
            .function
            .or_else(|| symbol(dwarf, probe))
            .or_else(|| symbol(&self.main, probe));
        let level = match (&frame.file, frame.line, &function) {
            (Some(_), Some(_), _) => Level::Line,
            (_, _, Some(_)) => Level::Symbol,
            _ => Level::Offset,
        };
        let (file, line) = match level {
            Level::Line => (frame.file, frame.line),
            _ => (None, None),
        };
        Found {
            function,
            file,
            line,
            level,
        }
    }
}

/// The innermost frame of DWARF's inline chain at an address.
#[derive(Default)]
struct Frame {
    function: Option<String>,
    file: Option<String>,
    line: Option<u32>,
}

/// The innermost frame at `probe`: its line is the source line of the instruction and its
/// function the one holding that line, inlined or not. None when DWARF does not cover it.
fn innermost_frame(loader: &Loader, probe: u64) -> Option<Frame> {
    let mut frames = loader.find_frames(probe).ok()?;
    let frame = frames.next().ok()??;
    let function = frame
        .function
        .as_ref()
        .and_then(|name| name.demangle().ok())
        .map(|name| fortran_module_name(name.into_owned()));
    let location = frame.location.as_ref();
    Some(Frame {
        function,
        file: location.and_then(|l| l.file).map(str::to_owned),
        line: location.and_then(|l| l.line).filter(|&line| line != 0),
    })
}

/// The demangled name of the symbol-table entry (`.symtab`, else `.dynsym`) containing
/// `probe`.
fn symbol(loader: &Loader, probe: u64) -> Option<String> {
    let name = loader.find_symbol(probe)?;
    let name = addr2line::demangle_auto(name.into(), None).into_owned();
    Some(fortran_module_name(name))
}

/// A gfortran module procedure as Fortran programmers write it: gfortran names procedure
/// P of module M `__M_MOD_P` (in DWARF's linkage name and the symbol table), which no
/// demangler knows; `M::P` as gdb shows it. Fortran names are lower case in the symbol, so
/// the first `_MOD_` is the separator. Any other name is returned as it is.
pub(crate) fn fortran_module_name(name: String) -> String {
    let is_word =
        |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let parts = name
        .strip_prefix("__")
        .and_then(|rest| rest.split_once("_MOD_"))
        .filter(|(module, procedure)| is_word(module) && is_word(procedure));
    match parts {
        Some((module, procedure)) => format!("{module}::{procedure}"),
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::fortran_module_name;

    #[test]
    fn gfortran_module_procedures_read_as_module_and_procedure() {
        let name = |s: &str| fortran_module_name(s.to_string());
        assert_eq!(
            name("__sites_io_MOD_write_blocks"),
            "sites_io::write_blocks"
        );
        assert_eq!(name("__m_MOD_p_MOD_q"), "m::p_MOD_q");
        for kept in [
            "write_block",
            "__libc_write",
            "__m_MOD_",
            "___MOD_p",
            "ns::f(int)",
        ] {
            assert_eq!(name(kept), kept);
        }
    }
}
