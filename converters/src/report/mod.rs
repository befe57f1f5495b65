//! `recorder-otf2 report`: one self-contained HTML file with plots and the summary's tables.

use crate::analysis::insights::Insight;
use crate::analysis::Analysis;
use std::path::Path;

/// Write the report of `a` to `out` (written to a temporary file beside it, then renamed).
pub fn write(_a: &Analysis, _insights: &[Insight], out: &Path) -> Result<(), String> {
    Err(format!(
        "{}: the HTML report is not implemented yet",
        out.display()
    ))
}
