//! `convert TRACE -o OUT.otf2` and `text TRACE`: what recorder2otf2 and recorder2text do,
//! with their arguments (the converter crates define them once for both).
//!
//! `convert` becomes the recorder2otf2 beside this executable (exec, same arguments): the
//! conversion links OTF2 and, for mpirun, MPI, which this launcher does not (it runs
//! programs and works without either), as `replay` does with its MPI replay.

use std::path::PathBuf;

/// recorder2otf2 beside this executable (built and installed with it).
fn to_otf2_binary() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate this executable: {e}"))?;
    let bin = exe.with_file_name("recorder2otf2");
    match bin.is_file() {
        true => Ok(bin),
        false => Err(format!(
            "{}: not found (recorder2otf2 is built and installed with recorder-otf2)",
            bin.display()
        )),
    }
}

/// Become recorder2otf2 with the arguments given to `convert` (clap has checked them with
/// the same definition); returns only when it cannot be started.
pub fn convert(_checked: otf2_writer::cli::ConvertArgs) -> Result<(), String> {
    let bin = to_otf2_binary()?;
    // `recorder-otf2 convert ARGS...`: the command has no options of its own before it.
    let args = std::env::args_os().skip(2);
    use std::os::unix::process::CommandExt;
    let e = std::process::Command::new(&bin).args(args).exec();
    Err(format!("{}: {e}", bin.display()))
}

/// The trace as text on stdout, as recorder2text prints it.
pub fn text(a: io_text::TextArgs) -> Result<(), String> {
    io_text::run(&a).map_err(|e| e.to_string())
}
