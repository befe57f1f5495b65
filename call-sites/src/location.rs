//! What an address resolved to, and its one-line form.

/// How much could be found for an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// DWARF gave the source file and line (and usually the function).
    Line,
    /// Only a function name, from DWARF without line information or from a symbol table.
    Symbol,
    /// Nothing beyond the object and the offset.
    Offset,
}

/// One resolved address.
#[derive(Clone, Debug)]
pub struct Location {
    /// The object's path as recorded.
    pub object: String,
    /// The stated virtual address as given (the return address, not the call instruction).
    pub offset: u64,
    /// The function, demangled for C++ and Rust, plain for C and Fortran.
    pub function: Option<String>,
    /// The source file as DWARF names it, joined with the compilation directory when relative.
    pub file: Option<String>,
    /// The source line of the call.
    pub line: Option<u32>,
    /// What could be found.
    pub level: Level,
    /// The object is a system or runtime library (see [`crate::is_runtime_object`]).
    pub runtime: bool,
}

impl Location {
    /// A location that names only its object and offset.
    pub(crate) fn offset_only(object: &str, offset: u64) -> Self {
        Location {
            object: object.to_owned(),
            offset,
            function: None,
            file: None,
            line: None,
            level: Level::Offset,
            runtime: crate::is_runtime_object(object),
        }
    }

    /// The location in a few words: `"writer.c:42 in write_block"` (file name without its
    /// folders), `"write_block in prog"` (object name without its folders) or
    /// `"libfoo.so.1+0x1a2b"` (the offset as given, in hexadecimal).
    pub fn short(&self) -> String {
        match (&self.file, self.line, &self.function) {
            (Some(file), Some(line), Some(function)) => {
                format!("{}:{line} in {function}", base_name(file))
            }
            (Some(file), Some(line), None) => format!("{}:{line}", base_name(file)),
            (_, _, Some(function)) => format!("{function} in {}", base_name(&self.object)),
            _ => format!("{}+{:#x}", base_name(&self.object), self.offset),
        }
    }
}

/// The last component of a path (the whole string when it has no '/').
fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn location(file: Option<&str>, line: Option<u32>, function: Option<&str>) -> Location {
        Location {
            object: "/opt/app/lib/libfoo.so.1".into(),
            offset: 0x1a2b,
            function: function.map(Into::into),
            file: file.map(Into::into),
            line,
            level: Level::Line,
            runtime: false,
        }
    }

    #[test]
    fn short_forms() {
        let full = location(Some("/src/writer.c"), Some(42), Some("write_block"));
        assert_eq!(full.short(), "writer.c:42 in write_block");
        let no_function = location(Some("/src/writer.c"), Some(42), None);
        assert_eq!(no_function.short(), "writer.c:42");
        let symbol = location(None, None, Some("write_block"));
        assert_eq!(symbol.short(), "write_block in libfoo.so.1");
        let offset = location(None, None, None);
        assert_eq!(offset.short(), "libfoo.so.1+0x1a2b");
    }

    #[test]
    fn offset_only_marks_runtime_objects() {
        let libc = Location::offset_only("/lib/x86_64-linux-gnu/libc.so.6", 7);
        assert_eq!(
            (libc.level, libc.runtime, libc.offset),
            (Level::Offset, true, 7)
        );
        assert!(!Location::offset_only("/home/me/prog", 7).runtime);
    }
}
