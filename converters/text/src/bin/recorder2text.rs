//! recorder2text TRACE_DIR: print one line per recorded call.

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let a = io_text::ToTextArgs::parse();
    let trace = io_model::trace::Trace::open(&a.trace_dir).map_err(io_text::Error::from);
    let r = trace.and_then(|t| {
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        io_text::dump(&t, &mut out)?;
        Ok(out.flush()?)
    });
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("recorder2text: {e}");
            ExitCode::FAILURE
        }
    }
}
