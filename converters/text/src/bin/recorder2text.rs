//! recorder2text TRACE_DIR: print one line per recorded call (`recorder-otf2 text` does the
//! same, through io_text::run).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let a = io_text::ToTextArgs::parse();
    match io_text::run(&a.args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("recorder2text: {e}");
            ExitCode::FAILURE
        }
    }
}
