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
