//! The recorder's description of each MPI ABI (recorder-otf2/src/mpi/abi.rs: the library is
//! built without any mpi.h) against the mpi.h of each installed MPI: every predefined handle,
//! constant and MPI_Status position it uses. A new MPI version that changed one fails here.

use e2e_tests::*;
use std::collections::BTreeMap;
use std::path::Path;

/// "name value" lines of tests/programs/mpi_abi_values.c built with `mpi`.
fn header_values(mpi: Mpi) -> BTreeMap<String, String> {
    let dir = TestDir::new(&format!("mpi-abi-{mpi:?}"));
    let prog = compile_mpi_with(mpi, &dir, "mpi_abi_values.c", &[]);
    let r = run(&mut command(&prog, dir.path()));
    r.assert_ok("mpi_abi_values");
    r.stdout
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(k, v)| (k.to_string(), v.trim().to_string()))
        .collect()
}

/// The `field: value,` lines of the function `name` in abi.rs (its body up to the next fn).
fn abi_fields(source: &str, name: &str) -> BTreeMap<String, String> {
    let start = source
        .find(&format!("\nfn {name}("))
        .unwrap_or_else(|| panic!("no fn {name} in abi.rs"));
    let body = &source[start..];
    let body = &body[..body[1..].find("\nfn ").map_or(body.len(), |e| e + 1)];
    body.lines()
        .filter_map(|l| l.trim().strip_suffix(',')?.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The `pub const NAME: T = V;` lines of abi.rs's `shared` module.
fn shared_constants(source: &str) -> BTreeMap<String, String> {
    source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub const "))
        .filter_map(|l| {
            let (name, rest) = l.split_once(':')?;
            let v = rest.split_once('=')?.1.trim().trim_end_matches(';');
            Some((name.to_string(), v.to_string()))
        })
        .collect()
}

fn abi_source() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../recorder-otf2/src/mpi/abi.rs");
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A Rust integer literal of abi.rs as a number (0x4400_0000, -32766).
fn number(v: &str) -> i64 {
    let v = v.replace('_', "");
    match v.strip_prefix("0x") {
        Some(h) => i64::from_str_radix(h, 16).unwrap(),
        None => v.parse().unwrap_or_else(|_| panic!("not a number: {v}")),
    }
}

fn check(mpi: Mpi, function: &str) {
    let header = header_values(mpi);
    let source = abi_source();
    let fields = abi_fields(&source, function);
    let mut p = Problems::default();
    let get = |k: &str| header.get(k).unwrap_or_else(|| panic!("{k} not printed")).clone();
    for handle in ["comm_world", "comm_null", "byte", "info_null"] {
        let ours = &fields[handle];
        let theirs = get(handle);
        let same = match ours.strip_prefix("obj(\"") {
            // Open MPI: the address of a library object; the header names the same symbol.
            Some(sym) => theirs.contains(&format!("&({})", sym.trim_end_matches("\")"))),
            // MPICH: an integer; the header casts the same one.
            None => {
                let n = ours.trim_start_matches("Handle(").trim_end_matches(')');
                let text = theirs.trim_start_matches("((").split(')').nth(1).unwrap_or("");
                number(n) == number(text.trim())
            }
        };
        p.check(same, || format!("{mpi:?} {handle}: abi.rs {ours}, mpi.h {theirs}"));
    }
    for k in [
        "comm_type_shared",
        "proc_null",
        "combiner_named",
        "order_c",
        "any_source",
        "any_tag",
        "status_ignore",
        "status_bytes",
        "source_index",
    ] {
        p.check(number(&fields[k]) == number(&get(k)), || {
            format!("{mpi:?} {k}: abi.rs {}, mpi.h {}", fields[k], get(k))
        });
    }
    p.check(get("combiners_in_order") == "1", || {
        format!("{mpi:?}: the combiners or orders are not numbered as filetype.rs takes them")
    });
    p.check(get("statuses_ignore") == get("status_ignore"), || {
        format!("{mpi:?}: MPI_STATUSES_IGNORE differs from MPI_STATUS_IGNORE")
    });
    p.check(number(&get("tag_index")) == number(&fields["source_index"]) + 1, || {
        format!("{mpi:?}: MPI_TAG does not follow MPI_SOURCE")
    });
    let int_handles = fields["f2c_identity"] == "true";
    let handle_bytes = if int_handles { "4" } else { "8" };
    for k in ["handle_bytes", "datatype_bytes", "request_bytes"] {
        p.check(get(k) == handle_bytes, || format!("{mpi:?} {k}: {}", get(k)));
    }
    p.check(get("file_bytes") == "8" && get("offset_bytes") == "8", || {
        format!("{mpi:?}: MPI_File or MPI_Offset is not 8 bytes")
    });
    for (name, v) in shared_constants(&source) {
        p.check(number(&v) == number(&get(&name)), || {
            format!("{mpi:?} {name}: abi.rs {v}, mpi.h {}", get(&name))
        });
    }
    p.finish(&format!("{mpi:?}'s mpi.h against abi.rs::{function}"));
}

#[test]
fn open_mpi_header_matches_the_recorders_description() {
    if !Mpi::OpenMpi.available() {
        eprintln!("skipped: mpicc.openmpi not found");
        return;
    }
    check(Mpi::OpenMpi, "open_mpi");
}

#[test]
fn mpich_header_matches_the_recorders_description() {
    if !Mpi::Mpich.available() {
        eprintln!("skipped: mpicc.mpich not found");
        return;
    }
    check(Mpi::Mpich, "mpich");
}
