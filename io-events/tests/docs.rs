//! docs/coverage.md must show the function table as the code has it.

#[test]
fn coverage_doc_matches_the_function_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/coverage.md");
    let doc = std::fs::read_to_string(path).expect("docs/coverage.md");
    let table = io_events::coverage::markdown_table();
    assert!(
        doc.contains(&table),
        "docs/coverage.md is out of date: replace its function table with the output of \
         `recorder-otf2 functions`"
    );
}

#[test]
fn user_guide_shows_the_glibc_coverage_rule_and_exclusions() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/user-guide.md");
    let doc = std::fs::read_to_string(path).expect("docs/user-guide.md");
    assert!(
        doc.contains(&io_events::glibc::markdown()),
        "docs/user-guide.md is out of date: replace the body of its section \"glibc coverage \
         and exclusions\" with the output of `recorder-otf2 functions --glibc`"
    );
}
