//! The command line of `recorder2otf2`, here rather than in its binary so that
//! `recorder-otf2 convert` takes the same arguments and `recorder-otf2` can build its man
//! page and shell completions from the same definition (scripts/install.sh).

use clap::Parser;
use std::path::{Path, PathBuf};

/// `recorder2otf2 TRACE_DIR OUT.otf2` (or `-o OUT.otf2`).
#[derive(Parser)]
#[command(
    name = "recorder2otf2",
    version,
    about = "Convert a recorder-otf2 trace directory into an OTF2 archive (OUT.otf2, OUT.def, OUT/)",
    override_usage = "recorder2otf2 [OPTIONS] TRACE_DIR OUT.otf2\n       recorder2otf2 [OPTIONS] TRACE_DIR -o OUT.otf2"
)]
pub struct ToOtf2Args {
    #[command(flatten)]
    pub args: ConvertArgs,
}

/// The arguments of a conversion, shared by `recorder2otf2` and `recorder-otf2 convert`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("out").required(true).args(["output_positional", "output_option"])))]
pub struct ConvertArgs {
    /// The trace directory written by `recorder-otf2 record -o DIR` (or RECORDER_OTF2_DIR).
    pub trace_dir: PathBuf,
    /// The archive's anchor file, e.g. out.otf2 (OTF2 also writes out.def and out/); the
    /// same as -o.
    #[arg(value_name = "OUT.otf2")]
    output_positional: Option<PathBuf>,
    /// The archive's anchor file, e.g. out.otf2 (OTF2 also writes out.def and out/).
    #[arg(short = 'o', long = "output", value_name = "OUT.otf2")]
    output_option: Option<PathBuf>,
    /// Replace an existing archive.
    #[arg(short, long)]
    pub force: bool,
    /// No summary, no progress bar.
    #[arg(short, long)]
    pub quiet: bool,
    /// Worker threads converting processes in parallel, 0 to 4 per core (0 = one per core,
    /// the default; 1: one process after another; a larger number is refused). The archive
    /// is the same with any number.
    #[arg(long, default_value_t = 0, hide_default_value = true, value_parser = io_model::driver::parse_threads)]
    pub threads: usize,
}

impl ConvertArgs {
    /// The archive's anchor file, given positionally or with -o (clap requires one of them).
    pub fn output(&self) -> &Path {
        // Neither: only when built by hand; the empty path is refused as not ending in .otf2.
        (self.output_option.as_deref())
            .or(self.output_positional.as_deref())
            .unwrap_or(Path::new(""))
    }
}
