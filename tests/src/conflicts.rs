//! Running `recorder-otf2 conflicts` and reading its JSON, for the conflicts tests.

use crate::{build, command, run, Run};
use serde_json::Value;
use std::path::Path;

/// `recorder-otf2 conflicts TRACE ARGS`, run beside the trace; it must succeed.
pub fn conflicts_run(trace: &Path, args: &[&str]) -> Run {
    let mut c = command(&build().launcher, trace.parent().unwrap());
    let r = run(c.arg("conflicts").arg(trace).args(args));
    r.assert_ok("recorder-otf2 conflicts");
    r
}

/// The same with `--json`, parsed.
pub fn conflicts_json(trace: &Path, args: &[&str]) -> Value {
    let r = conflicts_run(trace, &[&["--json"], args].concat());
    serde_json::from_str(&r.stdout).expect("conflicts --json is JSON")
}

pub fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// A file entry of the answer (or of the summary's section) by path and layer.
pub fn file<'a>(v: &'a Value, path: &str, layer: &str) -> &'a Value {
    v["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == path && f["layer"] == layer)
        .unwrap_or_else(|| panic!("no {layer} entry for {path} in {v}"))
}
