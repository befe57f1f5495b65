//! The command line of `recorder2otf2`, here rather than in its binary so that
//! `recorder-otf2` can build its man page and shell completions from the same definition
//! (scripts/install.sh).

use clap::Parser;
use std::path::PathBuf;

/// `recorder2otf2 TRACE_DIR OUT.otf2`.
#[derive(Parser)]
#[command(
    name = "recorder2otf2",
    version,
    about = "Convert a recorder-otf2 trace directory into an OTF2 archive (OUT.otf2, OUT.def, OUT/)"
)]
pub struct ToOtf2Args {
    /// The trace directory written by `recorder-otf2 record -o DIR` (or RECORDER_OTF2_DIR).
    pub trace_dir: PathBuf,
    /// The archive's anchor file, e.g. out.otf2 (OTF2 also writes out.def and out/).
    pub output: PathBuf,
    /// Replace an existing archive.
    #[arg(short, long)]
    pub force: bool,
    /// No summary, no progress bar.
    #[arg(short, long)]
    pub quiet: bool,
    /// Worker threads converting processes in parallel (default 0: one per core; 1: one
    /// process after another; at most 4 per core, a larger number is refused). The archive
    /// is the same with any number.
    #[arg(long, default_value_t = 0, value_parser = io_model::driver::parse_threads)]
    pub threads: usize,
}
