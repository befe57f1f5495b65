//! recorder2otf2: native trace -> OTF2 archive (docs/otf2-mapping.md), as one consumer of
//! the I/O model: the model resolves every record into I/O events, [`sink::Otf2Sink`] writes
//! them with one event writer per thread.
//!
//! Processes are converted in parallel the way Score-P writes traces: each on its own, with
//! definitions of its own (local ids in its events, [`process`]); then, in plan order, their
//! definitions are unified into the global ones (`GlobalDefs::unify`: the ids the serial
//! conversion gives), each location gets mapping tables (local -> global ids) in its local
//! definitions, and the global definitions are written with the exact number of events of
//! every location ([`defs`]). System tree, location groups and locations follow from the
//! plan and are made first ([`layout`]).
//!
//! The API: [`convert`] (one process or a pool of threads), [`convert_mpi`] (every rank of
//! an MPI job writes its share of one archive), their [`Summary`]; the archive's files on
//! disk ([`is_anchor`], [`is_archive_folder`], [`remove_archive`],
//! [`remove_partial_archive`]); the command line of `recorder2otf2` ([`cli`]).

mod archive;
pub mod cli;
mod contexts;
mod defs;
mod distributed;
mod error;
mod kinds;
mod layout;
mod paradigms;
mod process;
mod sink;
mod workers;

use definitions::GlobalDefs;
use io_events::functions::Layer;
use io_model::run::Plan;
use io_model::trace::Trace;
use otf2_sys::ArchiveWriter;
use std::path::Path;

pub use archive::{is_anchor, is_archive_folder, remove_archive, remove_partial_archive};
pub use distributed::convert_mpi;
pub use error::Error;

/// What the conversion did, for the summary line and the tests.
#[derive(Debug, Default)]
pub struct Summary {
    pub processes: usize,
    pub locations: usize,
    /// The program's calls converted (records that are events, not calls, excluded).
    pub calls: u64,
    pub events: u64,
    pub warnings: Vec<String>,
}

/// Progress callback: bytes of native trace consumed so far (all workers).
pub type Progress<'a> = &'a (dyn Fn(u64) + Sync);

type Err = Error;

const CREATOR: &str = concat!("recorder-otf2 ", env!("CARGO_PKG_VERSION"));
const DESCRIPTION: &str = "I/O trace converted by recorder2otf2";

/// The system tree's root: the trace directory's name.
fn machine_name(trace: &Trace) -> String {
    trace
        .dir
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "machine".into())
}

/// OTF2's error, naming the file a failed write names (see [`Error::otf2`]).
fn otf2e(e: otf2_sys::Otf2Error) -> Err {
    Error::otf2(e)
}

/// Whether any process used a layer's parallel (MPI) build.
fn parallel_build(trace: &Trace, option: &str) -> bool {
    trace.processes.iter().any(|p| {
        p.meta
            .options
            .get(option)
            .is_some_and(|v| v.ends_with("parallel"))
    })
}

/// Convert `trace` into the OTF2 archive `out` (the anchor file `NAME.otf2`) with `threads`
/// workers (0: one per core; 1: processes one after another). The archive is the same
/// whatever the number of workers.
pub fn convert(
    trace: &Trace,
    out: &Path,
    threads: usize,
    progress: Progress,
) -> Result<Summary, Err> {
    write(trace, out, workers(threads), progress).map_err(|e| e.named(out))
}

/// The number of workers `--threads N` asks for (0: one per core), at most the driver's
/// bound (the command line refuses more).
fn workers(threads: usize) -> usize {
    match threads {
        0 => io_model::driver::cores(),
        n => n.min(io_model::driver::max_threads()),
    }
}

/// The global definitions made before any record is read: the machine, the standard
/// attributes, which libraries were parallel builds, and the layout of hosts, location groups
/// and locations.
fn global_skeleton(trace: &Trace, plan: &Plan, machine: &str) -> (GlobalDefs, layout::Layout) {
    let mut defs = GlobalDefs::new(machine);
    for (option, layer) in [("hdf5", Layer::Hdf5), ("netcdf", Layer::NetCdf)] {
        if parallel_build(trace, option) {
            defs.parallel_builds.push(layer);
        }
    }
    let layout = layout::layout(trace, plan, &mut defs);
    (defs, layout)
}

/// The error of a trace without any location: why the streams there were could not be
/// read, if any were (one line).
fn no_streams(trace: &Trace, warnings: &[String]) -> Err {
    let trace_dir = trace.dir.clone();
    match warnings.first() {
        Some(first) => Error::NoStreamRead {
            trace: trace_dir,
            count: warnings.len(),
            first: first.clone(),
        },
        None => Error::NoStreams { trace: trace_dir },
    }
}

/// The archive's time span: the records' and the ProgramBegin/End events' (the earliest
/// process start when there are none).
fn time_span(trace: &Trace, u: &workers::Unified) -> (u64, u64) {
    let (mut tmin, mut tmax) = (u.stats.tmin, u.stats.tmax);
    if tmin == u64::MAX {
        tmin = trace
            .processes
            .iter()
            .map(|p| p.meta.start.realtime_ns)
            .min()
            .unwrap_or(0);
        tmax = tmin;
    }
    if u.program_span.0 != u64::MAX {
        (tmin, tmax) = (tmin.min(u.program_span.0), tmax.max(u.program_span.1));
    }
    (tmin, tmax)
}

fn write(trace: &Trace, out: &Path, threads: usize, progress: Progress) -> Result<Summary, Err> {
    let mut archive =
        ArchiveWriter::create(out, CREATOR, DESCRIPTION).map_err(|source| Error::Create {
            path: out.to_path_buf(),
            source,
        })?;
    archive.open_event_files().map_err(otf2e)?;
    let machine = machine_name(trace);
    let plan = Plan::new(trace);
    let (defs, layout) = global_skeleton(trace, &plan, &machine);
    for loc in layout.no_trace.clone() {
        let w = archive.event_writer(loc).map_err(otf2e)?;
        w.close().map_err(otf2e)?;
    }
    let deletes = paradigms::DeleteIds::new(paradigms::possible(trace));
    let shared = process::Shared {
        archive: &archive,
        plan: &plan,
        machine: &machine,
        deletes,
    };
    let unified = workers::Unified::new(defs);
    let mut u = workers::convert_all((trace, &shared, &layout), threads, unified, progress)?;
    if u.defs.locations.is_empty() {
        return Err(no_streams(trace, &u.stats.warnings));
    }
    archive.close_event_files().map_err(otf2e)?;
    let (contexts, unresolved) = contexts::table(&u.defs, &u.contexts);
    defs::write_local_defs(&mut archive, &layout, &u.maps, &contexts)?;
    let span = time_span(trace, &u);
    let handles = u.defs.handles.iter().map(|h| h.paradigm);
    let paradigms = deletes.defined(handles, u.deleted)?;
    defs::write_global_defs(&mut archive, &mut u.defs, &contexts, &paradigms, span)?;
    u.stats.warnings.extend(unresolved);
    let summary = Summary {
        processes: u.stats.processes,
        locations: u.defs.locations.len(),
        calls: u.stats.calls(),
        events: u.events,
        warnings: u.stats.warnings,
    };
    archive.close().map_err(otf2e)?;
    Ok(summary)
}
