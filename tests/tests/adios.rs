//! ADIOS2: the C API of the serial ADIOS2 build shipped in the PyPI wheel (installed by
//! scripts/setup.sh into /opt/recorder-otf2-adios2; another lib dir through
//! RECORDER_OTF2_ADIOS2), driven by tests/programs/adios_all.c: three steps written with
//! deferred and sync puts, read back step by step with deferred and sync gets.
//!
//! The program prints `put|get <function> var=<name> mode=<deferred|sync> bytes=<n> step=<s>`
//! per transfer and `complete <function> step=<s> pending=<k>` per completion point
//! (adios2_perform_puts / perform_gets / end_step / close). In the archive:
//! - adios2_open creates one ADIOS handle on DIR/out<TAG>.bp (the BP directory), adios2_close
//!   destroys it (writer, then reader: one handle definition, reused by OTF2's definition
//!   unification once the writer's is closed, two create/destroy instances);
//! - a deferred put / get is, directly inside its call, an IoOperationBegin[NON_BLOCKING] with
//!   the bytes and the attribute "ADIOS variable", then an IoOperationIssued with the attribute
//!   "ADIOS selection" ("[start+count,...] shape [...]"); a sync one a blocking Begin/Complete
//!   (the selection on the Complete);
//! - perform_puts / perform_gets / end_step / close hold one IoOperationComplete per deferred
//!   operation issued since the previous completion point, with the bytes requested;
//! - the BP5 engine's files (data.0, md.0, md.idx, mmd.0, partly opened in short-lived engine
//!   threads) get the ADIOS handle open at the time as parent.
//!
//! The same checks run on tests/programs/adios_all.cpp, which does the same through ADIOS2's
//! C++ API (`adios2::Engine::Put` ...; compiled with g++ against the wheel's C++ headers and
//! libadios2_cxx), and on tests/programs/adios_script.py, whose Python bindings call ADIOS2's
//! core (`adios2::core::Engine::Put` ..., the BP5 engine classes' step functions): their
//! records are the C API's, under the functions' demangled signatures (region names). The
//! C++ program also runs calls that throw: the exceptions reach the program, the calls are
//! recorded as failed. And the C++ wrappers are checked against the library's exports
//! (scripts/gen-adios-cxx.py --check).
//!
//! Tests skip themselves (pass with a message) when the ADIOS2 C library or gcc / g++ is
//! missing.

use e2e_tests::adios::*;
use e2e_tests::*;
use io_events::functions::{Layer, Role};
use io_events::FUNCTIONS;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The ADIOS I/O paradigm's identification.
const ADIOS: &str = "ADIOS";
/// The Begin attribute naming the variable.
const VAR_ATTR: &str = "ADIOS variable";
/// The Issued (deferred) / Complete (sync) attribute with the block and shape.
const SEL_ATTR: &str = "ADIOS selection";
/// The transfer calls (one ADIOS Begin each).
const TRANSFERS: [&str; 4] = [
    "adios2_put",
    "adios2_put_by_name",
    "adios2_get",
    "adios2_get_by_name",
];
/// The calls that complete deferred transfers.
const COMPLETERS: [&str; 4] = [
    "adios2_perform_puts",
    "adios2_perform_gets",
    "adios2_end_step",
    "adios2_close",
];
/// How one API's calls are named in the archive (the C API's function names, the C++ API's
/// and the core's demangled signatures), for the checks of the archive.
struct Api {
    /// The transfer calls (one ADIOS Begin each); a put's name has `adios2_put` or `::Put`.
    transfers: &'static [&'static str],
    /// The calls that complete deferred transfers.
    completers: &'static [&'static str],
    /// The call that creates the ADIOS handle, the one that destroys it (also a completer).
    open: &'static str,
    close: &'static str,
    /// The writer's end of step (where the engine writes data.0).
    end_step: &'static str,
}

impl Api {
    fn is_put(&self, region: &str) -> bool {
        region.starts_with("adios2_put") || region.contains("::Put")
    }
}

const C_API: Api = Api {
    transfers: &TRANSFERS,
    completers: &COMPLETERS,
    open: "adios2_open",
    close: "adios2_close",
    end_step: "adios2_end_step",
};

/// The C++ API calls of adios_all.cpp (tests/programs/adios_all.cpp prints the same names).
const CXX_TRANSFERS: [&str; 8] = [
    "adios2::Engine::Put<double>(adios2::Variable<double>, double const*, adios2::Mode)",
    "adios2::Engine::Put<int>(adios2::Variable<int>, int const*, adios2::Mode)",
    "adios2::Engine::Put<double>(std::string const&, double const*, adios2::Mode)",
    "adios2::Engine::Put<int>(adios2::Variable<int>, int const&, adios2::Mode)",
    "adios2::Engine::Get<double>(adios2::Variable<double>, std::vector<double>&, adios2::Mode)",
    "adios2::Engine::Get<int>(adios2::Variable<int>, int*, adios2::Mode)",
    "adios2::Engine::Get<int>(adios2::Variable<int>, int&, adios2::Mode)",
    "adios2::Engine::Get<double>(std::string const&, double*, adios2::Mode)",
];
const CXX_COMPLETERS: [&str; 4] = [
    "adios2::Engine::PerformPuts()",
    "adios2::Engine::PerformGets()",
    "adios2::Engine::EndStep()",
    "adios2::Engine::Close(int)",
];
const CXX_API: Api = Api {
    transfers: &CXX_TRANSFERS,
    completers: &CXX_COMPLETERS,
    open: "adios2::IO::Open(std::string const&, adios2::Mode)",
    close: "adios2::Engine::Close(int)",
    end_step: "adios2::Engine::EndStep()",
};

/// What the Python bindings call: ADIOS2's core (adios2::core), and for the step functions
/// the BP5 engine classes' own (virtual) ones.
const PY_TRANSFERS: [&str; 2] = [
    "adios2::core::Engine::Put<double>(adios2::core::Variable<double>&, double const*, adios2::Mode)",
    "adios2::core::Engine::Get<double>(adios2::core::Variable<double>&, double*, adios2::Mode)",
];
const PY_COMPLETERS: [&str; 3] = [
    "adios2::core::engine::BP5Writer::EndStep()",
    "adios2::core::engine::BP5Reader::EndStep()",
    "adios2::core::Engine::Close(int)",
];
const PY_API: Api = Api {
    transfers: &PY_TRANSFERS,
    completers: &PY_COMPLETERS,
    open: "adios2::core::IO::Open(std::string const&, adios2::Mode)",
    close: "adios2::core::Engine::Close(int)",
    end_step: "adios2::core::engine::BP5Writer::EndStep()",
};

/// The BP5 engine's files inside the BP directory.
const ENGINE_FILES: [&str; 4] = ["data.0", "md.0", "md.idx", "mmd.0"];
/// adios_all.c: steps written and read.
const NSTEPS: u64 = 3;
/// adios_all.c's header: bytes of data.0 written per step (writev), each step at a
/// 4096-aligned offset.
const STEP_DATA_BYTES: u64 = 11200;
const DATA_ALIGN: u64 = 4096;

// ------------------------------------------------------------------------------ helpers

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

/// POSIX read/write calls holding no IoOperationBegin: (region, enclosing files).
fn posix_transfers_without_op(a: &Archive) -> Vec<(String, Vec<String>)> {
    let data: BTreeSet<&str> = FUNCTIONS
        .iter()
        .filter(|f| f.layer == Layer::Posix && f.role == Role::Data)
        .map(|f| f.name)
        .collect();
    a.calls()
        .into_iter()
        .filter(|c| data.contains(c.region.as_str()) && c.errno().is_none())
        .filter(|c| c.of_type("IoOperationBegin").is_empty())
        .map(|c| (c.region.clone(), c.files()))
        .collect()
}

fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

// ------------------------------------------------------------------------------ the output

/// One ADIOS operation: (function it is directly in, variable, READ/WRITE, bytes requested,
/// NON_BLOCKING).
type OpKey = (String, String, String, u64, bool);

/// What one engine (writer or reader) of adios_all printed.
#[derive(Debug, Default, Clone)]
struct Phase {
    /// The put / get lines, in order.
    ops: Vec<OpKey>,
    /// The complete lines: (function, pending), in order.
    completions: Vec<(String, u64)>,
}

/// adios_all's output: the engine, the file name, the writer's and the reader's lines.
#[derive(Debug)]
struct Printed {
    engine: String,
    file: String,
    writer: Phase,
    reader: Phase,
}

fn fields(rest: &str) -> BTreeMap<&str, &str> {
    rest.split_whitespace()
        .filter_map(|w| w.split_once('='))
        .collect()
}

/// The function of an output line and its other fields: adios_all.c prints `<kind> <function>
/// <fields>`, adios_all.cpp `<kind> <fields> fn=<function>` (a signature, with spaces).
fn split_fn(rest: &str) -> (&str, &str) {
    match rest.split_once(" fn=") {
        Some((fields, f)) => (f, fields),
        None => rest.split_once(' ').unwrap_or((rest, "")),
    }
}

/// Parse the output of adios_all.c or adios_all.cpp; the writer's part ends with its
/// `complete` line of `close`.
fn parse_output(stdout: &str, close: &str) -> Printed {
    let mut engine = None;
    let mut file = None;
    let (mut writer, mut reader) = (Phase::default(), Phase::default());
    let mut writing = true;
    let mut failures = None;
    for line in stdout.lines() {
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        let num = |m: &BTreeMap<&str, &str>, k: &str| -> u64 {
            m.get(k)
                .and_then(|x| x.parse().ok())
                .unwrap_or_else(|| panic!("no numeric {k}= in {line:?}"))
        };
        let phase = if writing { &mut writer } else { &mut reader };
        match kind {
            "engine" => {
                let (e, rest) = rest.split_once(' ').expect("engine line");
                engine = Some(e.to_string());
                file = fields(rest).get("file").map(|f| f.to_string());
            }
            "put" | "get" => {
                let (func, rest) = split_fn(rest);
                let m = fields(rest);
                let mode = m.get("mode").copied().expect("mode=");
                assert!(
                    mode == "deferred" || mode == "sync",
                    "unknown mode in {line:?}"
                );
                assert_eq!(kind == "put", writing, "{line:?} out of place");
                phase.ops.push((
                    func.to_string(),
                    m.get("var").expect("var=").to_string(),
                    if kind == "put" { "WRITE" } else { "READ" }.to_string(),
                    num(&m, "bytes"),
                    mode == "deferred",
                ));
            }
            "complete" => {
                let (func, rest) = split_fn(rest);
                let m = fields(rest);
                phase
                    .completions
                    .push((func.to_string(), num(&m, "pending")));
                if func == close {
                    writing = false;
                }
            }
            "failures:" => failures = Some(rest.trim().to_string()),
            "caught" => {}
            _ => panic!("unexpected output line {line:?}"),
        }
    }
    assert_eq!(failures.as_deref(), Some("0"), "output:\n{stdout}");
    Printed {
        engine: engine.expect("an engine line"),
        file: file.expect("file= on the engine line"),
        writer,
        reader,
    }
}

/// The output's shape, as adios_all.c's header describes it (so that a changed program is
/// noticed here rather than as a confusing mismatch in the archive).
fn check_printed(pr: &Printed, tag: &str, api: &Api) {
    let [perform_puts, perform_gets, end_step, close] = [
        api.completers[0],
        api.completers[1],
        api.completers[2],
        api.completers[3],
    ];
    assert_eq!(
        pr.engine, "BP5",
        "the BP5 engine (the checks of data.0 etc. assume it)"
    );
    assert_eq!(pr.file, format!("out{tag}.bp"));
    let w = &pr.writer;
    assert_eq!(w.ops.len() as u64, 4 * NSTEPS, "{w:?}");
    assert_eq!(w.ops.iter().filter(|o| o.4).count() as u64, 2 * NSTEPS);
    assert_eq!(
        w.ops.iter().map(|o| o.3).sum::<u64>(),
        NSTEPS * (8000 + 2400 + 800 + 4)
    );
    let c = |v: &[(&str, u64)]| -> Vec<(String, u64)> {
        v.iter().map(|(f, k)| (f.to_string(), *k)).collect()
    };
    assert_eq!(
        w.completions,
        c(&[
            (perform_puts, 2),
            (end_step, 0),
            (end_step, 2),
            (end_step, 2),
            (close, 0),
        ])
    );
    let r = &pr.reader;
    assert_eq!(r.ops.len() as u64, 4 * NSTEPS, "{r:?}");
    assert_eq!(r.ops.iter().filter(|o| o.4).count() as u64, 3 * NSTEPS);
    assert_eq!(
        r.ops.iter().map(|o| o.3).sum::<u64>(),
        NSTEPS * (4000 + 400 + 4 + 800)
    );
    let mut want = Vec::new();
    for _ in 0..NSTEPS {
        want.push((perform_gets, 2));
        want.push((end_step, 1));
    }
    want.push((close, 0));
    assert_eq!(r.completions, c(&want));
}

/// The "ADIOS selection" of a transfer of adios_all.c (none for the scalar `step`).
fn expected_selection(mode: &str, var: &str) -> Option<&'static str> {
    match (mode, var) {
        (_, "step") => None,
        ("WRITE", "temperature") => Some("[0+1000] shape [1000]"),
        ("WRITE", "grid") => Some("[0+20,0+30] shape [20,30]"),
        ("READ", "temperature") => Some("[100+500] shape [1000]"),
        ("READ", "grid") => Some("[5+10,10+10] shape [20,30]"),
        (_, "pressure") => Some("[0+100] shape [100]"),
        _ => Some("<unknown variable>"),
    }
}

// ------------------------------------------------------------------------------ the archive

/// One adios2_open ... adios2_close of the ADIOS handle, as the archive shows it.
#[derive(Debug, Default)]
struct Instance {
    /// Its ADIOS handle (definition id).
    handle: u64,
    file: String,
    /// IoCreateHandle's access mode and creation flags.
    mode: String,
    creation_flags: Vec<String>,
    /// Enter of its adios2_open, Leave of its adios2_close (ticks).
    t_open: u64,
    t_close: u64,
    /// Its ADIOS operations, in order.
    ops: Vec<OpKey>,
    /// The "ADIOS selection" of each (on the Issued of a deferred one, on the Complete of a
    /// sync one), by position in `ops`.
    selections: Vec<Option<String>>,
    /// Its completion calls: (function, ADIOS Completes directly inside), in order.
    completions: Vec<(String, u64)>,
    /// Blocking Begins and NON_BLOCKING Begins, each completed exactly once.
    blocking: u64,
    non_blocking: u64,
}

/// A NON_BLOCKING ADIOS Begin not yet completed.
#[derive(Debug)]
struct Pending {
    index: u64,
    bytes: u64,
    /// The call it was issued in (frame), and whether it had its Issued there.
    frame: usize,
    issued: bool,
    /// Its position in the instance's ops.
    pos: usize,
}

/// The ADIOS handle instances of one location group (process), with every problem found:
/// - every ADIOS event is on one location (the thread calling ADIOS) and inside an instance;
/// - IoCreateHandle directly inside adios2_open, IoDestroyHandle directly inside adios2_close,
///   on the handle named after the BP directory, without parent;
/// - one ADIOS Begin directly inside each put / get (WRITE / READ), on the open handle, with
///   the attribute "ADIOS variable"; none elsewhere;
/// - a NON_BLOCKING Begin: one Issued directly inside the same call (attribute "ADIOS
///   selection"), then exactly one Complete with its matching id, directly inside a completion
///   call, with the bytes requested; each completion call completes exactly the deferred
///   operations issued since the previous one; nothing is cancelled;
/// - a blocking Begin: its Complete directly inside the same call, bytes result == request,
///   "ADIOS selection" on the Complete, no Issued.
fn adios_instances(a: &Archive, group: u64, api: &Api, p: &mut Problems) -> Vec<Instance> {
    let is_adios = |e: &Event| e.paradigm.as_deref() == Some(ADIOS);
    let locs: Vec<&Location> = a
        .locations_of(group)
        .into_iter()
        .filter(|l| l.events.iter().any(is_adios))
        .collect();
    p.check(locs.len() == 1, || {
        format!(
            "group {group}: ADIOS events on {} locations (want 1: the main thread): {:?}",
            locs.len(),
            locs.iter().map(|l| &l.name).collect::<Vec<_>>()
        )
    });
    let Some(loc) = locs.first() else {
        return Vec::new();
    };
    let t = CallTree::new(loc);
    let ev = &loc.events;
    let name = &loc.name;
    let mut out: Vec<Instance> = Vec::new();
    let mut cur: Option<Instance> = None;
    // NON_BLOCKING Begins in flight, by matching id, and those issued since the last
    // completion call.
    let mut pending: BTreeMap<u64, Pending> = BTreeMap::new();
    let mut since_last: BTreeSet<u64> = BTreeSet::new();
    // Completes seen inside the completion call in progress.
    let mut completed_here: BTreeMap<usize, BTreeSet<u64>> = BTreeMap::new();
    // Blocking Begins awaiting their Complete: matching id -> (frame, bytes, index, position).
    let mut blocking: BTreeMap<u64, (usize, u64, u64, usize)> = BTreeMap::new();
    let mut seen_ids: BTreeSet<u64> = BTreeSet::new();

    for (i, e) in ev.iter().enumerate() {
        let region = t.region_at(i).unwrap_or("").to_string();
        let frame = t.owner[i];
        // The completion calls: what they completed, checked at their Leave.
        if e.ty == "Leave" && api.completers.contains(&region.as_str()) {
            let f = frame.unwrap();
            let done = completed_here.remove(&f).unwrap_or_default();
            let in_inst = cur.is_some() || region == api.close;
            if in_inst {
                let direct = t
                    .direct(f)
                    .iter()
                    .filter(|&&j| ev[j].ty == "IoOperationComplete" && is_adios(&ev[j]))
                    .count() as u64;
                p.check(direct == done.len() as u64, || {
                    format!(
                        "{name}: {region} (event #{}): {direct} ADIOS Completes directly \
                         inside, {} in all",
                        ev[t.frames[f].enter].index,
                        done.len()
                    )
                });
                p.check(done == since_last, || {
                    format!(
                        "{name}: {region} (event #{}) completes matching ids {done:?}; the \
                         deferred operations issued since the previous completion point are \
                         {since_last:?}",
                        ev[t.frames[f].enter].index
                    )
                });
                since_last.clear();
                let target = if region == api.close {
                    out.last_mut()
                } else {
                    cur.as_mut()
                };
                if let Some(inst) = target {
                    inst.completions.push((region.clone(), direct));
                }
            }
            continue;
        }
        if !is_adios(e) {
            continue;
        }
        match e.ty.as_str() {
            "IoCreateHandle" => {
                p.check(region == api.open, || {
                    format!(
                        "{name}: ADIOS IoCreateHandle #{} inside {region:?}",
                        e.index
                    )
                });
                p.check(cur.is_none(), || {
                    format!(
                        "{name}: ADIOS IoCreateHandle #{} while another is open",
                        e.index
                    )
                });
                let h = a.handle(e.handle_id.unwrap());
                let file = e.file.clone().unwrap_or_default();
                p.check(
                    h.name == file
                        && h.file.as_deref() == Some(file.as_str())
                        && h.parent_id.is_none(),
                    || format!("{name}: ADIOS handle {h:?} (want named {file:?}, no parent)"),
                );
                let t_open = frame.map(|f| ev[t.frames[f].enter].time).unwrap_or(0);
                cur = Some(Instance {
                    handle: h.id,
                    file,
                    mode: e.mode.clone().unwrap_or_default(),
                    creation_flags: flags(&e.creation_flags),
                    t_open,
                    ..Default::default()
                });
            }
            "IoDestroyHandle" => {
                p.check(region == api.close, || {
                    format!(
                        "{name}: ADIOS IoDestroyHandle #{} inside {region:?}",
                        e.index
                    )
                });
                match cur.take() {
                    Some(mut inst) => {
                        p.check(e.handle_id == Some(inst.handle), || {
                            format!(
                                "{name}: ADIOS IoDestroyHandle #{} of handle {:?}, open is {}",
                                e.index, e.handle_id, inst.handle
                            )
                        });
                        p.check(pending.is_empty() && blocking.is_empty(), || {
                            format!(
                                "{name}: {} closed with operations never completed: \
                                 {pending:?} {blocking:?}",
                                inst.file
                            )
                        });
                        pending.clear();
                        blocking.clear();
                        inst.t_close = frame.map(|f| ev[t.frames[f].leave].time).unwrap_or(0);
                        out.push(inst);
                    }
                    None => p.check(false, || {
                        format!(
                            "{name}: ADIOS IoDestroyHandle #{} without a handle",
                            e.index
                        )
                    }),
                }
            }
            "IoOperationBegin" => {
                let Some(inst) = cur.as_mut() else {
                    p.check(false, || {
                        format!(
                            "{name}: ADIOS Begin #{} outside adios2_open..close",
                            e.index
                        )
                    });
                    continue;
                };
                let f = frame.unwrap_or(usize::MAX);
                p.check(api.transfers.contains(&region.as_str()), || {
                    format!(
                        "{name}: ADIOS Begin #{} directly inside {region:?}",
                        e.index
                    )
                });
                p.check(e.handle_id == Some(inst.handle), || {
                    format!(
                        "{name}: ADIOS Begin #{} on handle {:?}, open is {}",
                        e.index, e.handle_id, inst.handle
                    )
                });
                let mode = e.mode.clone().unwrap_or_default();
                let want = if api.is_put(&region) { "WRITE" } else { "READ" };
                p.check(mode == want, || {
                    format!("{name}: ADIOS Begin #{} in {region}: mode {mode}", e.index)
                });
                let var = e.attr_str(VAR_ATTR).map(String::from);
                p.check(var.is_some(), || {
                    format!(
                        "{name}: ADIOS Begin #{} without a string attribute {VAR_ATTR:?}: {:?}",
                        e.index, e.attributes
                    )
                });
                let var = var.unwrap_or_else(|| "<none>".into());
                let nb = e.has_op_flag("NON_BLOCKING");
                let bytes = e.bytes_request.unwrap_or(0);
                let id = e.matching_id.unwrap();
                p.check(seen_ids.insert(id), || {
                    format!(
                        "{name}: ADIOS matching id {id} used twice (Begin #{})",
                        e.index
                    )
                });
                p.check(!e.has_op_flag("COLLECTIVE"), || {
                    format!(
                        "{name}: ADIOS Begin #{} is COLLECTIVE (serial program)",
                        e.index
                    )
                });
                let pos = inst.ops.len();
                if nb {
                    inst.non_blocking += 1;
                    pending.insert(
                        id,
                        Pending {
                            index: e.index,
                            bytes,
                            frame: f,
                            issued: false,
                            pos,
                        },
                    );
                    since_last.insert(id);
                } else {
                    inst.blocking += 1;
                    blocking.insert(id, (f, bytes, e.index, pos));
                }
                inst.ops.push((region.clone(), var, mode, bytes, nb));
                inst.selections.push(None);
            }
            "IoOperationIssued" => {
                let id = e.matching_id.unwrap();
                let Some(pd) = pending.get_mut(&id) else {
                    p.check(false, || {
                        format!(
                            "{name}: ADIOS Issued #{} for matching id {id}, not a deferred \
                             operation in flight",
                            e.index
                        )
                    });
                    continue;
                };
                p.check(!pd.issued && frame == Some(pd.frame), || {
                    format!(
                        "{name}: ADIOS Issued #{} (matching id {id}) not once, directly in \
                         the call of its Begin #{}",
                        e.index, pd.index
                    )
                });
                pd.issued = true;
                if let Some(inst) = cur.as_mut() {
                    inst.selections[pd.pos] = e.attr_str(SEL_ATTR).map(String::from);
                }
            }
            "IoOperationComplete" => {
                let id = e.matching_id.unwrap();
                if let Some(pd) = pending.remove(&id) {
                    p.check(pd.issued, || {
                        format!(
                            "{name}: deferred Begin #{} completed, never Issued",
                            pd.index
                        )
                    });
                    p.check(api.completers.contains(&region.as_str()), || {
                        format!(
                            "{name}: deferred Begin #{} completed (#{}) directly inside \
                             {region:?}",
                            pd.index, e.index
                        )
                    });
                    p.check(e.bytes_result == Some(pd.bytes), || {
                        format!(
                            "{name}: deferred Begin #{} of {} bytes completed with {:?}",
                            pd.index, pd.bytes, e.bytes_result
                        )
                    });
                    if let Some(f) = frame {
                        completed_here.entry(f).or_default().insert(id);
                    }
                } else if let Some((f, bytes, index, pos)) = blocking.remove(&id) {
                    p.check(frame == Some(f), || {
                        format!(
                            "{name}: blocking Begin #{index} completed (#{}) in another call",
                            e.index
                        )
                    });
                    p.check(e.bytes_result == Some(bytes), || {
                        format!(
                            "{name}: blocking Begin #{index} of {bytes} bytes completed with \
                             {:?}",
                            e.bytes_result
                        )
                    });
                    if let Some(inst) = cur.as_mut() {
                        inst.selections[pos] = e.attr_str(SEL_ATTR).map(String::from);
                    }
                } else {
                    p.check(false, || {
                        format!(
                            "{name}: ADIOS Complete #{} (matching id {id}) without a Begin in \
                             flight (a second Complete?)",
                            e.index
                        )
                    });
                }
            }
            other => p.check(false, || {
                format!(
                    "{name}: unexpected ADIOS {other} #{} in {region:?}",
                    e.index
                )
            }),
        }
    }
    p.check(cur.is_none(), || {
        format!("{name}: an ADIOS handle is never destroyed")
    });
    // Exactly one ADIOS Begin directly inside every put / get.
    for (fi, f) in t.frames.iter().enumerate() {
        if api.transfers.contains(&f.region.as_str()) {
            let n = t
                .direct(fi)
                .iter()
                .filter(|&&i| ev[i].ty == "IoOperationBegin" && is_adios(&ev[i]))
                .count();
            p.check(n == 1, || {
                format!(
                    "{name}: {} (event #{}) has {n} ADIOS Begins directly inside (want 1)",
                    f.region, ev[f.enter].index
                )
            });
        }
    }
    out
}

/// The paradigms from the root handle down to handle `id`.
fn chain_of(a: &Archive, id: u64) -> Vec<String> {
    let mut chain = Vec::new();
    let mut cur = Some(id);
    while let Some(x) = cur {
        let h = a.handle(x);
        chain.push(h.paradigm.clone().unwrap_or_default());
        cur = h.parent_id;
    }
    chain.reverse();
    chain
}

/// The root of handle `id`'s parent chain.
fn root_of(a: &Archive, id: u64) -> u64 {
    let mut x = id;
    while let Some(p) = a.handle(x).parent_id {
        x = p;
    }
    x
}

/// What [`check_process`] found out about the files of one process.
#[derive(Debug, Default)]
struct FileSummary {
    /// (instance, file base name) -> IoCreateHandle events of that file in it.
    creates: BTreeMap<(usize, String), u64>,
    /// The writer's engine-file creations on another location than the ADIOS calls'.
    writer_creates_off_thread: u64,
    /// POSIX writes of data.0: (bytes requested, bytes done, offset).
    data_writes: Vec<(u64, u64, Option<u64>)>,
    /// POSIX reads of data.0: count and bytes.
    data_reads: u64,
    data_read_bytes: u64,
}

/// All the checks of one adios_all process (location group `group`) against its output
/// `pr`; `bp` is the full path of its BP directory. Records problems; returns the instances
/// and what it saw of the files.
fn check_process(
    a: &Archive,
    group: u64,
    bp: &str,
    pr: &Printed,
    p: &mut Problems,
) -> (Vec<Instance>, FileSummary) {
    check_process_of(a, group, bp, pr, &ADIOS_ALL, p)
}

/// What a program's data looks like in the archive, beyond its calls.
struct Program {
    api: &'static Api,
    /// The "ADIOS selection" of a transfer, by mode and variable.
    selection: fn(&str, &str) -> Option<&'static str>,
    /// Bytes of data.0 written per step.
    step_bytes: u64,
}

/// adios_all.c.
const ADIOS_ALL: Program = Program {
    api: &C_API,
    selection: expected_selection,
    step_bytes: STEP_DATA_BYTES,
};

/// adios_all.cpp: the same data.
const ADIOS_ALL_CXX: Program = Program {
    api: &CXX_API,
    selection: expected_selection,
    step_bytes: STEP_DATA_BYTES,
};

/// As [`check_process`], for the program `prog`.
fn check_process_of(
    a: &Archive,
    group: u64,
    bp: &str,
    pr: &Printed,
    prog: &Program,
    p: &mut Problems,
) -> (Vec<Instance>, FileSummary) {
    let api = prog.api;
    let insts = adios_instances(a, group, api, p);
    let gname = a.group(group).name.clone();
    p.check(insts.len() == 2, || {
        format!(
            "{gname}: {} ADIOS create/destroy instances (want 2: writer, reader)",
            insts.len()
        )
    });
    let mut sum = FileSummary::default();
    if insts.len() != 2 {
        return (insts, sum);
    }
    for (k, (inst, want)) in insts.iter().zip([&pr.writer, &pr.reader]).enumerate() {
        let role = ["writer", "reader"][k];
        p.check(inst.file == bp, || {
            format!(
                "{gname}: the {role}'s ADIOS handle is on {:?}, want {bp:?}",
                inst.file
            )
        });
        let (mode, cflags): (&str, &[&str]) = if k == 0 {
            ("WRITE_ONLY", &["CREATE", "TRUNCATE"])
        } else {
            ("READ_ONLY", &[])
        };
        let cflags: BTreeSet<String> = cflags.iter().map(|s| s.to_string()).collect();
        let got: BTreeSet<String> = inst.creation_flags.iter().cloned().collect();
        p.check(inst.mode == mode && got == cflags, || {
            format!(
                "{gname}: the {role}'s IoCreateHandle: {} {:?} (want {mode} {cflags:?})",
                inst.mode, inst.creation_flags
            )
        });
        // The ADIOS operations, position by position, against the put / get lines: function,
        // variable ("ADIOS variable"), mode, bytes, NON_BLOCKING; and the selection.
        //
        // KNOWN RECORDER BUG (seen in about 1 run of adios_all in 7, more often with 3
        // processes): the reader's adios2_get of `grid` in step 1 and 2 is recorded with the
        // variable name "step" and the sync get of `step` with "grid" (bytes, mode and
        // selection are right). The native trace already has it (recorder2text:
        // `adios2_get(..., var="step", elements=100, bytes=400, launch=4, ...)`). Cause:
        // ADIOS2's BP5 reader re-creates its variables at each begin_step, and malloc may give
        // `grid` the address `step` had in step 0 and vice versa (a copy of adios_all printing
        // adios2_inquire_variable's pointers showed the swap in 4 runs of 30);
        // recorder-otf2/src/adios.rs caches variable names (VAR_NAMES) and element sizes
        // (VAR_SIZES) by adios2_variable pointer and never forgets them, so a reused address
        // gets the old variable's name (and, for variables of different types, would get the
        // wrong element size, hence wrong bytes). Left failing on purpose.
        p.check(inst.ops.len() == want.ops.len(), || {
            format!(
                "{gname}: the {role} has {} ADIOS operations, the output {}:\n  archive \
                 {:?}\n  printed {:?}",
                inst.ops.len(),
                want.ops.len(),
                inst.ops,
                want.ops
            )
        });
        for (j, (got, w)) in inst.ops.iter().zip(&want.ops).enumerate() {
            p.check(got == w, || {
                format!("{gname}: the {role}'s ADIOS operation {j}: archive {got:?}, printed {w:?}")
            });
            let sel = inst.selections[j].as_deref();
            let want_sel = (prog.selection)(&w.2, &w.1);
            p.check(sel == want_sel, || {
                format!(
                    "{gname}: the {role}'s ADIOS operation {j} ({} {}): {SEL_ATTR:?} = {sel:?}, \
                     want {want_sel:?}",
                    w.0, w.1
                )
            });
        }
        p.check(inst.completions == want.completions, || {
            format!(
                "{gname}: the {role}'s completion calls (function, Completes inside) differ \
                 from the output's pending=:\n  archive {:?}\n  printed {:?}",
                inst.completions, want.completions
            )
        });
        let nb = want.ops.iter().filter(|o| o.4).count() as u64;
        p.check(
            inst.non_blocking == nb && inst.blocking == want.ops.len() as u64 - nb,
            || {
                format!(
                    "{gname}: the {role}: {} NON_BLOCKING and {} blocking ADIOS operations, \
                     want {nb} and {}",
                    inst.non_blocking,
                    inst.blocking,
                    want.ops.len() as u64 - nb
                )
            },
        );
    }
    p.check(insts[0].t_close <= insts[1].t_open, || {
        format!("{gname}: the reader opens before the writer closes")
    });

    // The handles of files inside the BP directory (and of the directory itself, below
    // ADIOS): created while an instance is open, below its ADIOS handle; the engine files
    // directly.
    let adios_loc = a
        .locations_of(group)
        .into_iter()
        .find(|l| {
            l.events
                .iter()
                .any(|e| e.paradigm.as_deref() == Some(ADIOS))
        })
        .map(|l| l.id);
    let prefix = format!("{bp}/");
    for loc in a.locations_of(group) {
        for e in &loc.events {
            if e.ty != "IoCreateHandle" || e.paradigm.as_deref() == Some(ADIOS) {
                continue;
            }
            let Some(file) = e.file.as_deref() else {
                continue;
            };
            if file != bp && !file.starts_with(&prefix) {
                continue;
            }
            let id = e.handle_id.unwrap();
            let chain = chain_of(a, id);
            let which = insts
                .iter()
                .position(|x| x.t_open <= e.time && e.time <= x.t_close);
            p.check(which.is_some(), || {
                format!(
                    "{gname}: {} handle of {file} created (#{} on {}) outside the ADIOS open.. \
                     close",
                    chain.last().unwrap(),
                    e.index,
                    loc.name
                )
            });
            let Some(k) = which else { continue };
            let inst = &insts[k];
            let role = ["writer", "reader"][k];
            let base = if file == bp {
                "."
            } else {
                &file[prefix.len()..]
            };
            *sum.creates.entry((k, base.to_string())).or_default() += 1;
            let allowed = [
                vec![ADIOS, "POSIX"],
                vec![ADIOS, "ISOC"],
                vec![ADIOS, "ISOC", "POSIX"],
            ];
            p.check(
                root_of(a, id) == inst.handle && allowed.iter().any(|c| *c == chain),
                || {
                    format!(
                        "{gname}: handle {id} of {file} (created #{} on {}, during the {role}) \
                         has the chain {chain:?} rooted at {}, want below the {role}'s ADIOS \
                         handle {}",
                        e.index,
                        loc.name,
                        root_of(a, id),
                        inst.handle
                    )
                },
            );
            if ENGINE_FILES.contains(&base) {
                let h = a.handle(id);
                p.check(
                    h.paradigm.as_deref() == Some("POSIX") && h.parent_id == Some(inst.handle),
                    || {
                        format!(
                            "{gname}: {file} (#{} on {}, {role}): handle {h:?}, want POSIX \
                             with parent the ADIOS handle {}",
                            e.index, loc.name, inst.handle
                        )
                    },
                );
                if k == 0 && Some(loc.id) != adios_loc {
                    sum.writer_creates_off_thread += 1;
                }
            }
        }
    }
    for k in 0..2 {
        for f in ENGINE_FILES {
            let n = sum.creates.get(&(k, f.to_string())).copied().unwrap_or(0);
            p.check(n == 1, || {
                format!(
                    "{gname}: the {} opens {bp}/{f} {n} times (want 1)",
                    ["writer", "reader"][k]
                )
            });
        }
    }

    // data.0: the writer's three writev of 11200 bytes at 4096-aligned offsets, each inside
    // adios2_end_step; the reader's reads inside its open..close.
    let data0 = format!("{bp}/data.0");
    let mut step_offset = 0;
    let mut want_writes = Vec::new();
    for _ in 0..NSTEPS {
        want_writes.push((prog.step_bytes, prog.step_bytes, Some(step_offset)));
        step_offset += prog.step_bytes.div_ceil(DATA_ALIGN) * DATA_ALIGN;
    }
    for loc in a.locations_of(group) {
        let t = CallTree::new(loc);
        for (i, e) in loc.events.iter().enumerate() {
            if e.ty != "IoOperationBegin" || e.file.as_deref() != Some(data0.as_str()) {
                continue;
            }
            let mode = e.mode.as_deref().unwrap_or("");
            let (k, call) = if mode == "WRITE" {
                (0, api.end_step)
            } else {
                (1, "")
            };
            let inst = &insts[k];
            p.check(inst.t_open <= e.time && e.time <= inst.t_close, || {
                format!(
                    "{gname}: {mode} of data.0 (#{} on {}) outside the {}'s open..close",
                    e.index,
                    loc.name,
                    ["writer", "reader"][k]
                )
            });
            if !call.is_empty() {
                let regions = t.regions_at(i);
                p.check(regions.contains(&call), || {
                    format!(
                        "{gname}: write of data.0 (#{} on {}) inside {regions:?}, want inside \
                         {call}",
                        e.index, loc.name
                    )
                });
            }
        }
    }
    for o in a.ops_on(&data0) {
        if o.group != group {
            p.check(false, || {
                format!("{gname}: {data0} used by group {}", o.group)
            });
            continue;
        }
        p.check(o.paradigm == "POSIX", || {
            format!("{gname}: {o:?} on data.0")
        });
        match o.mode.as_str() {
            "WRITE" => sum
                .data_writes
                .push((o.bytes_request, o.bytes_result, o.offset)),
            "READ" => {
                sum.data_reads += 1;
                sum.data_read_bytes += o.bytes_result;
            }
            m => p.check(false, || format!("{gname}: {m} operation on data.0: {o:?}")),
        }
    }
    p.check(sum.data_writes == want_writes, || {
        format!(
            "{gname}: POSIX writes of data.0 (requested, done, offset) {:?}, want {want_writes:?} \
             ({} bytes per step at {DATA_ALIGN}-aligned offsets)",
            sum.data_writes, prog.step_bytes
        )
    });
    p.check(sum.data_reads > 0, || {
        format!("{gname}: the reader never reads data.0")
    });
    (insts, sum)
}

/// The ADIOS paradigm: PARALLEL (the layer records an MPI-capable API).
fn check_paradigm(a: &Archive) {
    let p = a
        .paradigms
        .iter()
        .find(|p| p.identification == ADIOS)
        .unwrap_or_else(|| panic!("no {ADIOS} io paradigm: {:?}", a.paradigms));
    assert_eq!(p.class, "PARALLEL", "{ADIOS} paradigm class: {p:?}");
    assert_eq!(p.name, ADIOS, "{p:?}");
}

/// Calls per function in the archive (Enter/Leave pairs) of one location group.
fn call_counts(a: &Archive, group: u64) -> BTreeMap<String, u64> {
    let mut m = BTreeMap::new();
    for c in a.calls() {
        if c.group == group && c.region.starts_with("adios2_") {
            *m.entry(c.region).or_default() += 1;
        }
    }
    m
}

/// The ADIOS calls adios_all makes, by function, from its output (the transfers and
/// completion points) and its header (the rest).
fn expected_calls(pr: &Printed) -> BTreeMap<String, u64> {
    let mut m: BTreeMap<String, u64> = BTreeMap::new();
    for ph in [&pr.writer, &pr.reader] {
        for o in &ph.ops {
            *m.entry(o.0.clone()).or_default() += 1;
        }
        for c in &ph.completions {
            *m.entry(c.0.clone()).or_default() += 1;
        }
    }
    for (f, n) in [
        ("adios2_init_serial", 1),
        ("adios2_declare_io", 2),
        ("adios2_set_engine", 2),
        ("adios2_define_variable", 4),
        ("adios2_open", 2),
        // NSTEPS appends, NSTEPS reads and the end-of-stream one
        ("adios2_begin_step", 2 * NSTEPS + 1),
        ("adios2_finalize", 1),
    ] {
        m.insert(f.to_string(), n);
    }
    m
}

// ------------------------------------------------------------------------------ 1. one process

#[test]
fn adios_all_program() {
    need!(have_program("gcc"), "gcc not found");
    let Some(ad) = adios2() else {
        eprintln!("skipped: {}", adios2_missing());
        return;
    };
    let dir = TestDir::new("adios-all");
    let prog = compile_adios_all(&dir, &ad);
    let tag = "7";

    let plain = dir.subdir("plain");
    let r0 = run_untraced(&prog, &plain, &[tag]);
    r0.assert_ok("untraced adios_all");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, &data, &trace);
    c.arg(&data).arg(tag);
    let r = run(&mut c);
    r.assert_ok("traced adios_all");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    assert!(
        r.stderr.trim().is_empty(),
        "traced adios_all wrote on stderr:\n{}",
        r.stderr
    );
    let pr = parse_output(&r.stdout, C_API.close);
    check_printed(&pr, tag, &C_API);
    let bp = format!("{}/out{tag}.bp", data.display());
    for f in ENGINE_FILES {
        assert!(Path::new(&bp).join(f).is_file(), "{bp}/{f} missing");
    }

    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let want_calls = expected_calls(&pr);
    for (f, n) in &want_calls {
        assert_eq!(procs[0].count(f), *n, "calls of {f} in the metadata");
    }

    // convert_and_check: recorder2otf2, `otf2-print --silent -Werror` (exit 0, empty stderr)
    // and tests/checker/check_otf2.py (python3-otf2: "ok", no violations), then the dump.
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a);
    assert_eq!(a.location_groups.len(), 1);
    let group = a.location_groups[0].id;
    assert_eq!(call_counts(&a, group), want_calls, "ADIOS regions entered");
    // The core functions the C API calls pass through (only the outermost ADIOS call of a
    // thread is recorded).
    assert_eq!(
        cxx_call_counts(&a, group),
        BTreeMap::new(),
        "C++ / core regions in a C program"
    );

    // One ADIOS handle definition, named after the BP directory, no parent: the writer's
    // and the reader's instances share it (the writer's is closed before the reader opens).
    let adios_handles: Vec<&Handle> = a
        .handles
        .iter()
        .filter(|h| h.paradigm.as_deref() == Some(ADIOS))
        .collect();
    assert!(
        !adios_handles.is_empty()
            && adios_handles
                .iter()
                .all(|h| h.name == bp && h.file.as_deref() == Some(bp.as_str())),
        "ADIOS handles: {adios_handles:#?}"
    );
    let creates = a
        .events_of("IoCreateHandle")
        .into_iter()
        .filter(|e| e.paradigm.as_deref() == Some(ADIOS))
        .count();
    let destroys = a
        .events_of("IoDestroyHandle")
        .into_iter()
        .filter(|e| e.paradigm.as_deref() == Some(ADIOS))
        .count();
    assert_eq!(
        (creates, destroys),
        (2, 2),
        "ADIOS IoCreateHandle / IoDestroyHandle"
    );

    let mut p = Problems::default();
    let (insts, files) = check_process(&a, group, &bp, &pr, &mut p);
    // adios_all.c's header: AsyncOpen (default on) opens each of the writer's engine files in
    // its own short-lived thread.
    p.check(
        files.writer_creates_off_thread == ENGINE_FILES.len() as u64,
        || {
            format!(
                "{} of the writer's {} engine files opened on another thread than the ADIOS calls \
             (want all, AsyncOpen)",
                files.writer_creates_off_thread,
                ENGINE_FILES.len()
            )
        },
    );
    // Nothing is left in flight or cancelled anywhere.
    p.check(a.events_of("IoOperationCancelled").is_empty(), || {
        format!(
            "IoOperationCancelled: {:?}",
            a.events_of("IoOperationCancelled")
        )
    });
    // Every POSIX transfer is an operation, whichever thread opened its fd (the engine's
    // helper threads open md.0, mmd.0, md.idx during adios2_end_step on the main thread).
    p.check(posix_transfers_without_op(&a).is_empty(), || {
        format!(
            "POSIX transfers without an operation: {:?}",
            posix_transfers_without_op(&a)
        )
    });
    p.finish("adios_all");

    let w = &insts[0];
    let rd = &insts[1];
    eprintln!(
        "adios_all: {} locations; writer {} ops ({} deferred) completions {:?}; reader {} ops \
         ({} deferred) completions {:?}; data.0 writes {:?}, {} reads of {} bytes; handle \
         creations under the BP directory {:?}",
        a.locations.len(),
        w.ops.len(),
        w.non_blocking,
        w.completions,
        rd.ops.len(),
        rd.non_blocking,
        rd.completions,
        files.data_writes,
        files.data_reads,
        files.data_read_bytes,
        files.creates
    );
}

// ------------------------------------------------------------------------------ 2. processes

#[test]
fn three_processes_write_separate_outputs() {
    need!(have_program("gcc"), "gcc not found");
    let Some(ad) = adios2() else {
        eprintln!("skipped: {}", adios2_missing());
        return;
    };
    let dir = TestDir::new("adios-procs");
    let prog = compile_adios_all(&dir, &ad);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let tags = ["a", "b", "c"];
    // All three at once, into one trace directory (each process writes its own folder).
    let runners: Vec<_> = tags
        .iter()
        .map(|tag| {
            let mut c = traced(&prog, &data, &trace);
            c.arg(&data).arg(tag);
            std::thread::spawn(move || run(&mut c))
        })
        .collect();
    let runs: Vec<Run> = runners
        .into_iter()
        .map(|h| h.join().expect("runner thread"))
        .collect();
    let mut printed = Vec::new();
    for (tag, r) in tags.iter().zip(&runs) {
        r.assert_ok(&format!("traced adios_all {tag}"));
        assert!(
            r.stderr.trim().is_empty(),
            "adios_all {tag} wrote on stderr:\n{}",
            r.stderr
        );
        let pr = parse_output(&r.stdout, C_API.close);
        check_printed(&pr, tag, &C_API);
        printed.push(pr);
    }
    let procs = processes(&trace);
    assert_eq!(procs.len(), 3, "{procs:#?}");
    let counts = function_counts(&procs);
    for (f, n) in expected_calls(&printed[0]) {
        assert_eq!(
            counts.get(&f).copied().unwrap_or(0),
            3 * n,
            "calls of {f}, 3 processes"
        );
    }

    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a);
    assert_eq!(a.location_groups.len(), 3);
    let mut p = Problems::default();
    let mut groups = BTreeSet::new();
    let mut summary = Vec::new();
    for (tag, pr) in tags.iter().zip(&printed) {
        let bp = format!("{}/out{tag}.bp", data.display());
        // Every event naming this BP directory or a file in it is in one process.
        let g = a.group_of_file(&bp);
        for e in a.events() {
            if let Some(f) = &e.file {
                if f == &bp || f.starts_with(&format!("{bp}/")) {
                    p.check(e.group == g, || {
                        format!("{f} used by group {} and group {g}", e.group)
                    });
                }
            }
        }
        p.check(groups.insert(g), || format!("out{tag}.bp shares group {g}"));
        p.check(call_counts(&a, g) == expected_calls(pr), || {
            format!(
                "out{tag}.bp's process: ADIOS regions {:?}, want {:?}",
                call_counts(&a, g),
                expected_calls(pr)
            )
        });
        // Its ADIOS handles: on its own file only.
        for loc in a.locations_of(g) {
            for e in &loc.events {
                if e.paradigm.as_deref() == Some(ADIOS) && e.handle_id.is_some() {
                    p.check(e.file.as_deref() == Some(bp.as_str()), || {
                        format!(
                            "{}: ADIOS {} #{} on {:?}, want {bp}",
                            loc.name, e.ty, e.index, e.file
                        )
                    });
                }
            }
        }
        let (insts, files) = check_process(&a, g, &bp, pr, &mut p);
        summary.push(format!(
            "{tag}: group {g}, {} instances, ops {:?}, completions {:?}, data.0 writes {:?}",
            insts.len(),
            insts
                .iter()
                .map(|i| (i.ops.len(), i.non_blocking))
                .collect::<Vec<_>>(),
            insts
                .iter()
                .map(|i| i.completions.iter().map(|c| c.1).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
            files.data_writes
        ));
    }
    // The three ADIOS handle definitions: one per file, distinct.
    let defs: BTreeSet<String> = a
        .handles
        .iter()
        .filter(|h| h.paradigm.as_deref() == Some(ADIOS))
        .map(|h| basename(&h.name).to_string())
        .collect();
    p.check(
        defs == tags.iter().map(|t| format!("out{t}.bp")).collect(),
        || format!("ADIOS handle definitions: {defs:?}"),
    );
    p.check(a.events_of("IoOperationCancelled").is_empty(), || {
        "IoOperationCancelled events".to_string()
    });
    p.finish("3 adios_all processes");
    eprintln!("{}", summary.join("\n"));
}

// ------------------------------------------------------------------------------ 3. text dump

#[test]
fn text_dump_shows_variable_definitions() {
    need!(have_program("gcc"), "gcc not found");
    let Some(ad) = adios2() else {
        eprintln!("skipped: {}", adios2_missing());
        return;
    };
    let dir = TestDir::new("adios-text");
    let prog = compile_adios_all(&dir, &ad);
    let trace = dir.join("trace");
    let r = run_traced_ok(&prog, &dir, &trace, &["t"]);
    let pr = parse_output(&r.stdout, C_API.close);
    check_printed(&pr, "t", &C_API);
    let text = text_dump(&trace);

    // adios2_define_variable(io=0x..., name="temperature", type=2, ndims=1, shape0=1000,
    // shape1=0, shape2=0) = 0x...: adios2_type_double = 2, adios2_type_int32_t = 7.
    let defines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("adios2_define_variable("))
        .collect();
    assert_eq!(
        defines.len(),
        4,
        "define_variable lines:\n{}",
        defines.join("\n")
    );
    let want = [
        (
            "temperature",
            "type=2, ndims=1, shape0=1000, shape1=0, shape2=0",
        ),
        ("grid", "type=7, ndims=2, shape0=20, shape1=30, shape2=0"),
        (
            "pressure",
            "type=2, ndims=1, shape0=100, shape1=0, shape2=0",
        ),
        ("step", "type=7, ndims=0, shape0=0, shape1=0, shape2=0"),
    ];
    for ((var, args), line) in want.iter().zip(&defines) {
        let needle = format!("name=\"{var}\", {args})");
        assert!(
            line.contains(&needle) && line.contains("(io=0x"),
            "want {needle:?} in {line:?}"
        );
        let ret = line.rsplit_once(" = ").map(|x| x.1).unwrap_or("");
        assert!(
            ret.starts_with("0x") && ret != "0x0",
            "define_variable({var}) returns a variable: {line:?}"
        );
    }

    // The rest of the picture: the opens with the path, the puts / gets with the bytes
    // printed, and each one's selection and shape events.
    let dir_s = dir.str();
    let opens: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("adios2_open("))
        .collect();
    assert_eq!(opens.len(), 2, "{opens:?}");
    for l in &opens {
        assert!(l.contains(&format!("path=\"{dir_s}/outt.bp\"")), "{l}");
    }
    let transfers: Vec<&str> = text
        .lines()
        .map(str::trim_start)
        .filter(|l| {
            let call = l.split_whitespace().nth(2).unwrap_or("");
            TRANSFERS.iter().any(|f| call.starts_with(&format!("{f}(")))
        })
        .collect();
    let want_ops: Vec<&OpKey> = pr.writer.ops.iter().chain(&pr.reader.ops).collect();
    assert_eq!(transfers.len(), want_ops.len(), "{transfers:#?}");
    // KNOWN RECORDER BUG (see check_process): in some runs the reader's gets of `grid` and
    // `step` in steps 1 and 2 carry each other's names here (var="step" with bytes=400):
    // the recorder's name cache keyed by adios2_variable pointer goes stale when the BP5
    // reader re-creates its variables at begin_step. Left failing on purpose.
    for (l, (func, var, _, bytes, deferred)) in transfers.iter().zip(&want_ops) {
        let launch = if *deferred { 4 } else { 5 };
        assert!(
            l.contains(&format!("{func}(engine=0x"))
                && l.contains(&format!("var=\"{var}\","))
                && l.contains(&format!(" bytes={bytes}, launch={launch}, request="))
                && l.ends_with(") = 0"),
            "{l:?}: want {func} {var} {bytes} bytes launch {launch}"
        );
        assert_eq!(
            l.contains("request=-1"),
            !deferred,
            "a sync transfer has request -1, a deferred one an id: {l:?}"
        );
    }
    // One selection and one shape event per transfer of an array (none for the scalar
    // `step`: ndims 0).
    let n = |s: &str| text.lines().filter(|l| l.contains(s)).count();
    let arrays = want_ops.iter().filter(|o| o.1 != "step").count();
    assert_eq!(arrays as u64, 6 * NSTEPS);
    assert_eq!(n("adios2_selection(rank="), arrays, "selection events");
    assert_eq!(n("adios2_shape(rank="), arrays, "shape events");
    assert_eq!(
        n("adios2_shape(rank=2, shape0=20, shape1=30, shape2=0)"),
        2 * NSTEPS as usize,
        "grid's shape on its puts and gets"
    );
    assert_eq!(
        n("adios2_selection(rank=2, start0=5, count0=10, start1=10, count1=10, start2=0, count2=0)"),
        NSTEPS as usize,
        "grid's read selection"
    );
    assert_eq!(
        n("adios2_requests_done("),
        pr.writer.completions.len() + pr.reader.completions.len(),
        "one requests_done event per completion call"
    );
}

// ------------------------------------------------------------------------------ 4. C++ API

/// Compile adios_all.cpp as its header says (g++ against the wheel's C++ headers and
/// libadios2_cxx).
fn compile_adios_all_cxx(dir: &TestDir, ad: &Adios2) -> PathBuf {
    let src = build().programs.join("adios_all.cpp");
    let out = dir.subdir("bin").join("adios_all_cxx");
    let l = ad.lib.display();
    let mut c = std::process::Command::new("g++");
    c.args(["-std=c++14", "-O0", "-Wall", "-o"])
        .arg(&out)
        .arg(&src)
        .arg(format!("-I{l}/include"))
        .arg(format!("-L{l}"))
        .args(["-ladios2_cxx", "-ladios2_core"])
        .arg(format!("-Wl,-rpath,{l}"))
        .arg("-Wl,--allow-shlib-undefined");
    if let Some(d) = &ad.deps {
        c.arg(format!("-Wl,-rpath-link,{}", d.display()));
    }
    let o = c.output().expect("run g++");
    assert!(
        o.status.success(),
        "g++ failed for {}:\n{}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// The wheel's C++ API: libadios2_cxx and its headers.
fn have_cxx(ad: &Adios2) -> bool {
    ad.lib.join("libadios2_cxx.so").is_file() && ad.lib.join("include/adios2.h").is_file()
}

/// Calls per ADIOS C++ / core function (regions named by a signature) in one location group.
fn cxx_call_counts(a: &Archive, group: u64) -> BTreeMap<String, u64> {
    let mut m = BTreeMap::new();
    for c in a.calls() {
        if c.group == group && c.region.starts_with("adios2::") {
            *m.entry(c.region).or_default() += 1;
        }
    }
    m
}

/// The C++ API calls adios_all.cpp makes, by function, from its output (the transfers and
/// completion points) and its header (the rest): and no core function (all of them are
/// called inside a C++ API call, but the destructor of adios2::ADIOS, which is inline).
fn expected_cxx_calls(pr: &Printed) -> BTreeMap<String, u64> {
    let mut m: BTreeMap<String, u64> = BTreeMap::new();
    for ph in [&pr.writer, &pr.reader] {
        for o in &ph.ops {
            *m.entry(o.0.clone()).or_default() += 1;
        }
        for c in &ph.completions {
            *m.entry(c.0.clone()).or_default() += 1;
        }
    }
    let dims = "std::vector<unsigned long> const&";
    let define = |t: &str| {
        format!("adios2::IO::DefineVariable<{t}>(std::string const&, {dims}, {dims}, {dims}, bool)")
    };
    for (f, n) in [
        ("adios2::ADIOS::ADIOS()".to_string(), 1),
        (
            "adios2::ADIOS::DeclareIO(std::string, adios2::ArrayOrdering)".into(),
            2,
        ),
        ("adios2::IO::SetEngine(std::string)".into(), 2),
        (define("double"), 2),
        (define("int"), 2),
        (CXX_API.open.into(), 2),
        // the writer's steps without arguments, the reader's with (and its end of stream)
        ("adios2::Engine::BeginStep()".into(), NSTEPS),
        (
            "adios2::Engine::BeginStep(adios2::StepMode, float)".into(),
            NSTEPS + 1,
        ),
        (
            "adios2::IO::InquireVariable<double>(std::string const&)".into(),
            NSTEPS,
        ),
        (
            "adios2::IO::InquireVariable<int>(std::string const&)".into(),
            2 * NSTEPS,
        ),
        ("adios2::core::ADIOS::~ADIOS()".into(), 1),
    ] {
        m.insert(f, n);
    }
    m
}

/// (variable, mode, bytes, NON_BLOCKING, selection) of each operation, and the Completes of
/// each completion call, per instance: what the C and C++ programs must have alike.
type Shape = (Vec<(String, String, u64, bool, Option<String>)>, Vec<u64>);

fn shapes(insts: &[Instance]) -> Vec<Shape> {
    insts
        .iter()
        .map(|i| {
            (
                i.ops
                    .iter()
                    .zip(&i.selections)
                    .map(|(o, s)| (o.1.clone(), o.2.clone(), o.3, o.4, s.clone()))
                    .collect(),
                i.completions.iter().map(|c| c.1).collect(),
            )
        })
        .collect()
}

#[test]
fn adios_cxx_program() {
    need!(have_program("g++"), "g++ not found");
    let Some(ad) = adios2() else {
        eprintln!("skipped: {}", adios2_missing());
        return;
    };
    need!(
        have_cxx(&ad),
        "no libadios2_cxx.so / include/adios2.h in the ADIOS2 folder"
    );
    let dir = TestDir::new("adios-cxx");
    let prog = compile_adios_all_cxx(&dir, &ad);
    let tag = "8";

    let plain = dir.subdir("plain");
    let r0 = run_untraced(&prog, &plain, &[tag]);
    r0.assert_ok("untraced adios_all_cxx");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, &data, &trace);
    c.arg(&data).arg(tag);
    let r = run(&mut c);
    r.assert_ok("traced adios_all_cxx");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    assert!(
        r.stderr.trim().is_empty(),
        "traced adios_all_cxx wrote on stderr:\n{}",
        r.stderr
    );
    let pr = parse_output(&r.stdout, CXX_API.close);
    check_printed(&pr, tag, &CXX_API);
    let bp = format!("{}/out{tag}.bp", data.display());

    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a);
    assert_eq!(a.location_groups.len(), 1);
    let group = a.location_groups[0].id;
    let want_calls = expected_cxx_calls(&pr);
    assert_eq!(
        cxx_call_counts(&a, group),
        want_calls,
        "ADIOS regions entered"
    );
    // The C API is not involved.
    assert!(
        a.calls().iter().all(|c| !c.region.starts_with("adios2_")),
        "a C API region in a C++ program"
    );
    let adios_handles: Vec<&Handle> = a
        .handles
        .iter()
        .filter(|h| h.paradigm.as_deref() == Some(ADIOS))
        .collect();
    assert!(
        !adios_handles.is_empty()
            && adios_handles
                .iter()
                .all(|h| h.name == bp && h.file.as_deref() == Some(bp.as_str())),
        "ADIOS handles: {adios_handles:#?}"
    );

    let mut p = Problems::default();
    let (insts, files) = check_process_of(&a, group, &bp, &pr, &ADIOS_ALL_CXX, &mut p);
    p.check(
        files.writer_creates_off_thread == ENGINE_FILES.len() as u64,
        || {
            format!(
                "{} of the writer's {} engine files opened on another thread (want all)",
                files.writer_creates_off_thread,
                ENGINE_FILES.len()
            )
        },
    );
    p.check(a.events_of("IoOperationCancelled").is_empty(), || {
        "IoOperationCancelled events".to_string()
    });

    // The same records as adios_all.c doing the same: operation by operation (variable,
    // mode, bytes, deferred or not, selection), and the completions of each completion call.
    if have_program("gcc") {
        let cprog = compile_adios_all(&dir, &ad);
        let cdata = dir.subdir("cdata");
        let ctrace = dir.join("ctrace");
        let mut cc = traced(&cprog, &cdata, &ctrace);
        cc.arg(&cdata).arg(tag);
        let cr = run(&mut cc);
        cr.assert_ok("traced adios_all");
        let cpr = parse_output(&cr.stdout, C_API.close);
        let ca = convert_and_check(&ctrace, &dir.join("c.otf2"));
        let cbp = format!("{}/out{tag}.bp", cdata.display());
        let cgroup = ca.location_groups[0].id;
        let (cinsts, _) = check_process(&ca, cgroup, &cbp, &cpr, &mut p);
        p.check(shapes(&insts) == shapes(&cinsts), || {
            format!(
                "the C++ program's ADIOS operations differ from the C program's:\n  C++ {:?}\n  \
                 C   {:?}",
                shapes(&insts),
                shapes(&cinsts)
            )
        });
    } else {
        eprintln!("gcc not found: not compared with adios_all.c");
    }
    p.finish("adios_all_cxx");
    eprintln!(
        "adios_all_cxx: writer {} ops ({} deferred) completions {:?}; reader {} ops ({} \
         deferred) completions {:?}; data.0 writes {:?}",
        insts[0].ops.len(),
        insts[0].non_blocking,
        insts[0].completions,
        insts[1].ops.len(),
        insts[1].non_blocking,
        insts[1].completions,
        files.data_writes
    );
}

#[test]
fn adios_cxx_exceptions_reach_the_program() {
    need!(have_program("g++"), "g++ not found");
    let Some(ad) = adios2() else {
        eprintln!("skipped: {}", adios2_missing());
        return;
    };
    need!(
        have_cxx(&ad),
        "no libadios2_cxx.so / include/adios2.h in the ADIOS2 folder"
    );
    let dir = TestDir::new("adios-cxx-exc");
    let prog = compile_adios_all_cxx(&dir, &ad);
    let plain = dir.subdir("plain");
    let r0 = run_untraced(&prog, &plain, &["e", "exceptions"]);
    r0.assert_ok("untraced adios_all_cxx exceptions");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, &data, &trace);
    c.arg(&data).args(["e", "exceptions"]);
    let r = run(&mut c);
    // Each exception reached the program's catch: the same output, nothing else on stderr.
    r.assert_ok("traced adios_all_cxx exceptions");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    assert_eq!(r.stderr, r0.stderr);
    let caught: Vec<(&str, &str)> = r
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("caught "))
        .map(|l| l.split_once(" fn=").expect("caught <label> fn=<function>"))
        .collect();
    assert_eq!(caught.len(), 3, "{}", r.stdout);

    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    let calls = a.calls();
    // Each call that threw: one region, failed (errno attribute: adios2_error_exception = 4),
    // no ADIOS event inside, at the program's level.
    for (label, f) in &caught {
        let failed: Vec<&Call> = calls
            .iter()
            .filter(|c| c.region == *f && c.errno().is_some())
            .collect();
        assert_eq!(failed.len(), 1, "{label}: failed calls of {f}: {failed:#?}");
        let c = failed[0];
        assert_eq!(c.errno(), Some(4), "{label}: {c:#?}");
        assert_eq!(c.depth, 0, "{label}: {c:#?}");
        assert!(
            c.events
                .iter()
                .all(|e| e.paradigm.as_deref() != Some(ADIOS)),
            "{label}: ADIOS events in a call that threw: {c:#?}"
        );
    }
    // The failed by-name transfers carry the name asked for; the text dump says so.
    let text = text_dump(&trace);
    let failed_lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("var=\"nothing\"") && l.contains("] = 4 errno=4"))
        .collect();
    assert_eq!(failed_lines.len(), 2, "{text}");
    // The recorder's state survived the exceptions: the rest is recorded as usual (a sync put
    // of 8000 bytes, EndStep and Close at the program's level, the engine's handle closed).
    let put = calls
        .iter()
        .find(|c| c.region == CXX_TRANSFERS[0])
        .expect("the put after the exceptions");
    assert_eq!(put.depth, 0);
    assert!(put.errno().is_none(), "{put:#?}");
    let begins: Vec<u64> = put
        .of_type("IoOperationBegin")
        .iter()
        .map(|e| e.bytes_request.unwrap_or(0))
        .collect();
    assert_eq!(begins, [8000], "{put:#?}");
    for f in ["adios2::Engine::EndStep()", "adios2::Engine::Close(int)"] {
        let c: Vec<&Call> = calls.iter().filter(|c| c.region == f).collect();
        assert!(
            c.len() == 1 && c[0].depth == 0 && c[0].errno().is_none(),
            "{f}: {c:#?}"
        );
    }
    let destroys = a
        .events_of("IoDestroyHandle")
        .into_iter()
        .filter(|e| e.paradigm.as_deref() == Some(ADIOS))
        .count();
    assert_eq!(destroys, 1);
}

#[test]
fn adios_cxx_generated_wrappers_are_the_library_exports() {
    let Some(ad) = adios2() else {
        eprintln!("skipped: {}", adios2_missing());
        return;
    };
    need!(have_cxx(&ad), "no libadios2_cxx.so in the ADIOS2 folder");
    need!(
        have_program("nm") && have_program("c++filt"),
        "nm / c++filt not found"
    );
    let root = &build().root;
    let python = if Path::new(SYSTEM_PYTHON).is_file() {
        SYSTEM_PYTHON
    } else {
        "python3"
    };
    let mut c = command(python, root);
    c.arg(root.join("scripts/gen-adios-cxx.py"))
        .arg("--check")
        .arg(&ad.lib);
    let r = run(&mut c);
    r.assert_ok("scripts/gen-adios-cxx.py --check");
    assert!(r.stdout.contains("up to date"), "{}", r.stdout);
    // Every Put / Get the C++ API exports is interposed (exported by the recorder), but the
    // documented exceptions: the Selection forms and the Span forms.
    let nm = |lib: &Path| -> Vec<String> {
        let o = std::process::Command::new("nm")
            .args(["-D", "--defined-only"])
            .arg(lib)
            .output()
            .expect("nm");
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().nth(2).map(String::from))
            .collect()
    };
    let ours: BTreeSet<String> = nm(&build().lib).into_iter().collect();
    let exported: Vec<String> = nm(&ad.lib.join("libadios2_cxx.so"))
        .into_iter()
        .filter(|s| {
            s.starts_with("_ZN6adios26Engine3Put") || s.starts_with("_ZN6adios26Engine3Get")
        })
        .collect();
    let demangled = {
        let o = std::process::Command::new("c++filt")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut ch| {
                use std::io::Write;
                ch.stdin
                    .take()
                    .unwrap()
                    .write_all(exported.join("\n").as_bytes())?;
                ch.wait_with_output()
            })
            .expect("c++filt");
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(demangled.len(), exported.len());
    let mut missing = Vec::new();
    let mut excluded = 0;
    for (s, d) in exported.iter().zip(&demangled) {
        if d.contains("Selection const&") || d.contains("::Span ") {
            excluded += 1;
            assert!(!ours.contains(s), "{d} is interposed, documented as not");
        } else if !ours.contains(s) {
            missing.push(d.clone());
        }
    }
    assert!(missing.is_empty(), "not interposed: {missing:#?}");
    eprintln!(
        "{} Put/Get forms of libadios2_cxx, {} interposed ({excluded} Selection / Span forms \
         not)",
        exported.len(),
        exported.len() - excluded
    );
}

// ------------------------------------------------------------------------------ 5. Python

/// The Python interpreter a `python3` on PATH runs (pyenv puts a shell shim there: tracing
/// the shim would trace dozens of shell processes).
fn python311() -> Option<PathBuf> {
    let out = std::process::Command::new("python3")
        .args([
            "-c",
            "import sys; print(sys.version_info[:2] == (3, 11) and sys.executable or '')",
        ])
        .output()
        .ok()?;
    let exe = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (!exe.is_empty()).then(|| PathBuf::from(exe))
}

#[test]
fn python_bindings_are_recorded() {
    let Some(ad) = adios2() else {
        eprintln!("skipped: {}", adios2_missing());
        return;
    };
    let prefix = ad.lib.parent().expect("the wheel's folder").to_path_buf();
    need!(
        prefix.join("numpy").is_dir(),
        "no numpy beside the adios2 wheel (scripts/setup.sh)"
    );
    let Some(py) = python311() else {
        eprintln!("skipped: no Python 3.11 (the adios2 and numpy wheels are cp311)");
        return;
    };
    let script = build().programs.join("adios_script.py");
    let dir = TestDir::new("adios-python");
    let plain = dir.subdir("plain");
    let mut c0 = std::process::Command::new(&py);
    c0.arg(&script)
        .arg(&plain)
        .env("PYTHONPATH", &prefix)
        .current_dir(&plain);
    let r0 = run(&mut c0);
    r0.assert_ok("untraced adios_script.py");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&py, &data, &trace);
    c.arg(&script).arg(&data).env("PYTHONPATH", &prefix);
    let r = run(&mut c);
    r.assert_ok("traced adios_script.py");
    assert_eq!(
        r.stdout.replace(&data.display().to_string(), ""),
        r0.stdout.replace(&plain.display().to_string(), "")
    );
    assert!(r.stdout.ends_with("failures: 0\n"), "{}", r.stdout);
    assert_eq!(r.stdout.matches("bytes 8000").count(), 3, "{}", r.stdout);

    // The bindings call ADIOS2's core (adios2::core), the step functions through the BP5
    // engine classes' virtual functions: the same records as the C API's.
    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a);
    let group = a.location_groups[0].id;
    let core = |f: &str| format!("adios2::core::{f}");
    let nsteps = 3u64;
    let mut want_calls: BTreeMap<String, u64> = [
        (core("ADIOS::ADIOS(std::string, std::string)"), 2),
        (
            core("ADIOS::DeclareIO(std::string, adios2::ArrayOrdering)"),
            2,
        ),
        (PY_API.open.to_string(), 2),
        (
            core("engine::BP5Writer::BeginStep(adios2::StepMode, float)"),
            nsteps,
        ),
        (
            core(
                "IO::DefineVariable<double>(std::string const&, std::vector<unsigned long> \
                 const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, \
                 bool)",
            ),
            1,
        ),
        (PY_TRANSFERS[0].to_string(), nsteps),
        (PY_COMPLETERS[0].to_string(), nsteps),
        // and the end of stream
        (
            core("engine::BP5Reader::BeginStep(adios2::StepMode, float)"),
            nsteps + 1,
        ),
        (PY_TRANSFERS[1].to_string(), nsteps),
        (PY_COMPLETERS[1].to_string(), nsteps),
        (PY_API.close.to_string(), 2),
        (core("ADIOS::~ADIOS()"), 2),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        cxx_call_counts(&a, group),
        want_calls,
        "ADIOS regions entered"
    );
    want_calls.clear();

    // What adios_script.py does, as adios_all.c would print it: three steps of one sync put of
    // 8000 bytes, read back with one sync get each; nothing deferred.
    let phase = |f: &str, dir: &str, end: &str| Phase {
        ops: (0..nsteps)
            .map(|_| {
                (
                    f.to_string(),
                    "temperature".to_string(),
                    dir.to_string(),
                    8000,
                    false,
                )
            })
            .collect(),
        completions: (0..nsteps)
            .map(|_| (end.to_string(), 0))
            .chain([(PY_API.close.to_string(), 0)])
            .collect(),
    };
    let pr = Printed {
        engine: "BP5".into(),
        file: "py.bp".into(),
        writer: phase(PY_TRANSFERS[0], "WRITE", PY_COMPLETERS[0]),
        reader: phase(PY_TRANSFERS[1], "READ", PY_COMPLETERS[1]),
    };
    const PY: Program = Program {
        api: &PY_API,
        selection: |_, _| Some("[0+1000] shape [1000]"),
        step_bytes: 8000,
    };
    let bp = format!("{}/py.bp", data.display());
    let mut p = Problems::default();
    let (insts, files) = check_process_of(&a, group, &bp, &pr, &PY, &mut p);
    p.finish("adios_script.py");
    let read: u64 = files.data_read_bytes;
    assert!(read >= 24000, "data.0 read back: {read} bytes");
    eprintln!(
        "adios_script.py: writer ops {:?}, reader ops {}, data.0 writes {:?}",
        insts[0].ops.len(),
        insts[1].ops.len(),
        files.data_writes
    );
}
