//! Offline resolution of recorded program addresses to object, function, source file and line.
//!
//! The recorder captures, for each outermost traced call, the return address of the call (and
//! optionally a short stack of them), and per process the mapped objects with their path, GNU
//! build-id and load bias (`dl_iterate_phdr`'s `dlpi_addr`). A trace reader turns each address
//! into an object and its stated virtual address, `svma = pc - bias` (the address as written
//! in the ELF file, for PIE and non-PIE executables and shared libraries alike), and asks a
//! [`Resolver`]:
//!
//! ```no_run
//! use call_sites::{ObjectRef, Resolver, Level};
//! let mut resolver = Resolver::new();
//! let object = ObjectRef { path: "/home/me/prog", build_id: &[0x12, 0x34] };
//! let site = resolver.resolve(object, 0x1234);
//! if site.level == Level::Line {
//!     println!("{}", site.short()); // "writer.c:42 in write_block"
//! }
//! println!("{:?}", resolver.stats());
//! ```
//!
//! The public surface:
//!
//! - [`ObjectRef`] `{ path: &str, build_id: &[u8] }`: an object as recorded.
//! - [`Resolver::new`], [`Resolver::with_debug_dirs`] (where separate debug files live,
//!   `/usr/lib/debug` by default), [`Resolver::resolve`]`(&mut self, ObjectRef, svma) ->
//!   &Location` and [`Resolver::stats`]`() -> Stats`.
//! - [`Location`] `{ object, offset, function, file, line, level, runtime }` with
//!   [`Location::short`]: `"writer.c:42 in write_block"`, `"write_block in prog"` or
//!   `"libfoo.so.1+0x1a2b"`.
//! - [`Level`]: `Line` (DWARF gave file and line), `Symbol` (a function name only), `Offset`
//!   (nothing: the object and offset are all there is).
//! - [`is_runtime_object`]`(path) -> bool` and [`choose_frame`]`(&[(&str, u64)]) -> usize`:
//!   which frame of a recorded stack is the program's own.
//!
//! Rules the resolver keeps:
//!
//! - Addresses are return addresses: the lookup uses `svma - 1`, the call instruction, while
//!   [`Location::offset`] keeps the address as given.
//! - A recorded build-id is checked against the file's: when they differ, or the file has
//!   none, nothing of the file is used (level `Offset`) and the object counts as mismatched.
//!   An empty recorded build-id means "not recorded" and accepts the file.
//! - Debug information comes from the file itself, else from a separate debug file found by
//!   build-id (`DIR/.build-id/xx/rest.debug`) or by `.gnu_debuglink` (beside the file, in its
//!   `.debug/` folder, or `DIR/<the file's folder>/name`), accepted only when its build-id
//!   matches the file's.
//! - With DWARF, the innermost frame of the inline chain is reported: its file and line are
//!   the source line of the call, its function the one (possibly inlined) that holds it.
//!   Without DWARF the symbol table (`.symtab`, else `.dynsym`) names the function.
//!   C++ and Rust names are demangled; a gfortran module procedure (`__m_MOD_p`) is `m::p`.
//! - A missing, unreadable or malformed file is never an error: its addresses resolve to
//!   `Offset` and [`Stats`] counts the object.
//! - Each object is parsed once, lazily, and each distinct (object, address) resolved once.

mod debug_file;
mod location;
mod object_file;
mod resolver;
mod runtime;

pub use location::{Level, Location};
pub use resolver::{ObjectRef, Resolver, Stats};
pub use runtime::{choose_frame, is_runtime_object};
