//! The docs must say what the code does: docs/coverage.md shows the function table,
//! docs/user-guide.md the glibc rule, docs/format.md the format version, README.md and the
//! user guide the default layers. (The subcommand list: tests/tests/launcher.rs.)

fn doc(name: &str) -> String {
    let path = format!("{}/../{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn format_doc_names_the_format_version() {
    let doc = doc("docs/format.md");
    let v = io_events::FORMAT_VERSION;
    for said in [
        format!("# The native trace format (version {v})"),
        format!("`FORMAT_VERSION = {v}`"),
        format!("| `format_version` | u16 | native format version ({v}) |"),
        format!("| 8 | 2 | format version, u16 | {v} |"),
        format!("52 4f 32 54 52 41 43 45  {v:02x} 00"),
    ] {
        assert!(doc.contains(&said), "docs/format.md does not say {said:?}");
    }
}

/// The default of `RECORDER_OTF2_LAYERS` in a table row of README.md and docs/user-guide.md.
#[test]
fn option_tables_show_the_default_layers() {
    let names: Vec<&str> = io_events::functions::Layer::DEFAULT
        .iter()
        .map(|l| l.option_name())
        .collect();
    let default = format!("| `RECORDER_OTF2_LAYERS` | `layers` | `{}` |", names.join(","));
    for file in ["README.md", "docs/user-guide.md"] {
        assert!(
            doc(file).contains(&default),
            "{file}: the RECORDER_OTF2_LAYERS row does not start with {default:?}"
        );
    }
}

#[test]
fn coverage_doc_matches_the_function_table() {
    let doc = doc("docs/coverage.md");
    let table = io_events::coverage::markdown_table();
    assert!(
        doc.contains(&table),
        "docs/coverage.md is out of date: replace its function table with the output of \
         `recorder-otf2 functions`"
    );
}

#[test]
fn user_guide_shows_the_glibc_coverage_rule_and_exclusions() {
    let doc = doc("docs/user-guide.md");
    assert!(
        doc.contains(&io_events::glibc::markdown()),
        "docs/user-guide.md is out of date: replace the body of its section \"glibc coverage \
         and exclusions\" with the output of `recorder-otf2 functions --glibc`"
    );
}
