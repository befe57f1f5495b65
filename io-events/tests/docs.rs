//! The docs must say what the code does: docs/coverage.md shows the function table,
//! docs/user-guide.md the glibc rule, docs/format.md the format version, README.md and the
//! user guide the recorder's options. (The subcommand list: tests/tests/launcher.rs.)

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

/// The options table of README.md and docs/user-guide.md is the one the code defines.
#[test]
fn option_tables_are_the_options_of_the_code() {
    let table = io_events::options::markdown_table();
    for file in ["README.md", "docs/user-guide.md"] {
        assert!(
            doc(file).contains(&table),
            "{file}: the options table is out of date: replace it with \
             io_events::options::markdown_table() (`recorder-otf2 functions --options`)"
        );
    }
}

/// The recorder reads exactly the variables of the table, and its YAML file exactly the
/// table's keys.
#[test]
fn the_recorder_reads_the_options_of_the_table() {
    let config = doc("recorder-otf2/src/config.rs");
    let code = config.split("#[cfg(test)]").next().unwrap();
    let mut read: Vec<String> = code
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.starts_with("RECORDER_OTF2_")
                && s.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        })
        .map(String::from)
        .collect();
    read.sort();
    read.dedup();
    let mut table: Vec<String> = io_events::options::OPTIONS
        .iter()
        .map(|o| o.env.to_string())
        .collect();
    table.sort();
    assert_eq!(
        read, table,
        "recorder-otf2/src/config.rs against io_events::options"
    );
    let file_config = code
        .split("struct FileConfig {")
        .nth(1)
        .unwrap()
        .split('}')
        .next()
        .unwrap();
    let mut keys: Vec<String> = file_config
        .lines()
        .filter_map(|l| l.trim().split(':').next())
        .filter(|k| !k.is_empty())
        .map(String::from)
        .collect();
    keys.sort();
    let mut yaml: Vec<String> = io_events::options::OPTIONS
        .iter()
        .filter_map(|o| o.yaml.map(String::from))
        .collect();
    yaml.sort();
    assert_eq!(keys, yaml, "FileConfig's keys against io_events::options");
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
