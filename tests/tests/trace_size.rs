//! What a trace holds once and what it holds per process (issue 14): the function table is a
//! file of the trace directory, written once by the first process of a recorder build and
//! named by every process's meta.yaml; readers check it and read it once.

use e2e_tests::*;
use std::path::{Path, PathBuf};

/// The function table files at the top of a trace directory.
fn tables(trace: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(trace)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(io_events::layout::is_functions_file_name)
        })
        .collect();
    v.sort();
    v
}

/// This build's table file name.
fn table_name() -> String {
    io_events::layout::functions_file_name(io_events::FUNCTIONS.iter().map(|f| f.name))
}

#[test]
fn the_function_table_is_written_once_per_trace() {
    let dir = TestDir::new("table-once");
    let prog = compile(&dir, "forker", &[]);
    let trace = dir.join("trace");
    run_traced_ok(&prog, &dir, &trace, &[]);
    let procs = processes(&trace);
    assert_eq!(procs.len(), 3, "the parent and two fork children");
    assert_eq!(tables(&trace), vec![trace.join(table_name())]);
    let table = std::fs::read_to_string(trace.join(table_name())).unwrap();
    let names: Vec<&str> = table.lines().collect();
    let ours: Vec<&str> = io_events::FUNCTIONS.iter().map(|f| f.name).collect();
    assert_eq!(names, ours, "line n is function id n");
    for p in &procs {
        let text = std::fs::read_to_string(p.dir.join("meta.yaml")).unwrap();
        assert!(
            text.contains(&format!("functions_file: {}", table_name())),
            "{text}"
        );
        assert!(!text.contains("\nfunctions:"), "no table inline: {text}");
        assert!(text.len() < 4096, "{} bytes of meta.yaml", text.len());
    }
    // No temporary left, and nothing else at the top but the process folders.
    let others: Vec<String> = std::fs::read_dir(&trace)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| *n != table_name() && !procs.iter().any(|p| p.name == *n))
        .collect();
    assert!(others.is_empty(), "{others:?}");
    // The converter reads it: the same calls as the functions the processes counted.
    let a = convert_and_check(&trace, &dir.join("once.otf2"));
    let calls = a.calls();
    for p in &procs {
        let writes = p.count("write");
        assert!(writes > 0, "{}", p.name);
    }
    let total: u64 = procs.iter().map(|p| p.count("write")).sum();
    let in_archive = calls.iter().filter(|c| c.region == "write").count() as u64;
    assert_eq!(in_archive, total);
}

#[test]
fn the_table_goes_inline_when_its_file_cannot_be_made() {
    let dir = TestDir::new("table-inline");
    let prog = compile(&dir, "forker", &[]);
    let trace = dir.join("trace");
    // Something that is not a regular file has the table's name.
    std::fs::create_dir_all(trace.join(table_name())).unwrap();
    run_traced_ok(&prog, &dir, &trace, &[]);
    for p in processes(&trace) {
        let text = std::fs::read_to_string(p.dir.join("meta.yaml")).unwrap();
        assert!(!text.contains("functions_file"), "{text}");
        assert_eq!(p.meta.functions.len(), io_events::FUNCTIONS.len());
    }
    let a = convert_and_check(&trace, &dir.join("inline.otf2"));
    assert!(a.calls().iter().any(|c| c.region == "write"));
}

#[test]
fn a_damaged_or_missing_table_is_one_line() {
    let dir = TestDir::new("table-damaged");
    let prog = compile(&dir, "forker", &[]);
    let trace = dir.join("trace");
    run_traced_ok(&prog, &dir, &trace, &[]);
    let table = trace.join(table_name());
    let mut bytes = std::fs::read(&table).unwrap();
    bytes[100] ^= 0x20;
    std::fs::write(&table, &bytes).unwrap();
    let out = dir.join("damaged.otf2");
    let r = convert_raw(&trace, &out, &[]);
    assert_clean_error(
        &r,
        "recorder2otf2",
        &table.to_string_lossy(),
        "damaged table",
    );
    assert!(r.stderr.contains("damaged"), "{}", r.stderr);
    assert!(!out.exists());
    // Missing: a reader of the same build has the table (process folders copied out of
    // their trace still convert) ...
    std::fs::remove_file(&table).unwrap();
    let a = convert_and_check(&trace, &out);
    assert!(a.calls().iter().any(|c| c.region == "write"));
    // ... another build's table it cannot know.
    let other = "functions-0123456789abcdef.txt";
    for p in processes(&trace) {
        let meta = p.dir.join("meta.yaml");
        let text = std::fs::read_to_string(&meta).unwrap();
        std::fs::write(&meta, text.replace(&table_name(), other)).unwrap();
    }
    let out = dir.join("other.otf2");
    let r = convert_raw(&trace, &out, &[]);
    let missing = trace.join(other);
    assert_clean_error(
        &r,
        "recorder2otf2",
        &missing.to_string_lossy(),
        "other table",
    );
    assert!(!out.exists());
}
