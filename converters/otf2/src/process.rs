//! One process converted on its own: its threads' events written to their locations with
//! ids of its own definitions (local ids), which the unification maps to the global ones
//! afterwards (mapping tables). This is the part any worker can do for any process (a
//! thread here; an MPI rank converting its share of the processes could do the same).

use super::otf2e;
use super::paradigms::DeleteIds;
use super::sink::Otf2Sink;
use definitions::GlobalDefs;
use io_model::run::{interpret, Plan, Stats};
use io_model::trace::ProcessTrace;
use io_model::SinkError;
use otf2_sys::ArchiveWriter;
use std::ops::Range;

type Err = crate::Error;

/// What converting one process produced, for the unification.
pub(crate) struct ProcessPart {
    /// Its definitions, in the ids its events carry (from `GlobalDefs::new` on).
    pub defs: GlobalDefs,
    /// Events written per location, in the order of its locations.
    pub events: Vec<u64>,
    /// Records, times and warnings (in the order the serial run gives them).
    pub stats: Stats,
    /// Its ProgramBegin and ProgramEnd times (none without threads).
    pub program: Option<(u64, u64)>,
    /// The model paradigms it deleted files through (a bit each).
    pub deleted: u16,
    /// The (local site, local region) pairs its `CALLING_CONTEXT` attributes name, by id.
    pub contexts: Vec<(u32, u32)>,
}

/// What every worker shares.
pub(crate) struct Shared<'a> {
    pub archive: &'a ArchiveWriter,
    pub plan: &'a Plan,
    /// The name of the system tree's root (each process's local definitions start with it).
    pub machine: &'a str,
    /// The paradigm ids of IoDeleteFile events.
    pub deletes: DeleteIds,
}

/// Convert process `pi` (its threads' events to the locations `locations`); `progress` gets
/// the bytes of its streams read so far, and an error from it stops the conversion.
pub(crate) fn convert_process(
    shared: &Shared,
    (pi, p): (usize, &ProcessTrace),
    locations: Range<u64>,
    progress: &mut dyn FnMut(u64) -> Result<(), SinkError>,
) -> Result<ProcessPart, Err> {
    let mut defs = GlobalDefs::new(shared.machine);
    let mut writers = Vec::with_capacity(p.threads.len());
    for loc in locations {
        writers.push(shared.archive.event_writer(loc).map_err(otf2e)?);
    }
    // The model defines its attributes up front: the next id is free for the call sites'.
    let context_attr = defs.attributes.len() as u32;
    let mut sink = Otf2Sink::new(writers, shared.deletes, context_attr);
    let mut stats = Stats::default();
    let plan = shared.plan;
    let begin = program_begin((pi, p), plan, &mut defs, &mut sink)?;
    interpret(p, pi, plan, &mut defs, &mut sink, &mut stats, progress)?;
    let program = match begin {
        Some(start) => {
            let end = program_end((pi, p), plan, (start, stats.process_last), &mut sink)?;
            Some((start, end))
        }
        None => None,
    };
    // Whatever is still open when the process ends stays open: OTF2 needs no close.
    let deleted = sink.deleted;
    let contexts = std::mem::take(&mut sink.contexts.pairs);
    if !contexts.is_empty() {
        debug_assert_eq!(defs.attributes.len() as u32, context_attr);
        defs.attributes.push(super::contexts::attribute());
    }
    let mut events = Vec::with_capacity(sink.writers.len());
    for w in sink.writers {
        events.push(w.close().map_err(otf2e)?);
    }
    Ok(ProcessPart {
        defs,
        events,
        stats,
        program,
        deleted,
        contexts,
    })
}

/// ProgramBegin on the process's main thread (its first location) at the process start,
/// with the executable and its arguments (argv[1..]); OTF2 allows one per location group
/// and no event of the group before it. Returns the start time (none without threads).
fn program_begin(
    (pi, p): (usize, &ProcessTrace),
    plan: &Plan,
    defs: &mut GlobalDefs,
    sink: &mut Otf2Sink,
) -> Result<Option<u64>, Err> {
    let Some(w) = sink.writers.first_mut() else {
        return Ok(None);
    };
    let start = plan.clocks.map(pi, p).at(0);
    let exe = match (p.meta.exe.as_str(), p.meta.cmdline.first()) {
        ("", Some(arg0)) => arg0.as_str(),
        (exe, _) => exe,
    };
    let name = defs.strings.id(exe);
    let args: Vec<u32> = p
        .meta
        .cmdline
        .iter()
        .skip(1)
        .map(|a| defs.strings.id(a))
        .collect();
    w.program_begin(start, name, &args).map_err(otf2e)?;
    Ok(Some(start))
}

/// ProgramEnd on the main thread after the process's last event: at the end the process
/// recorded (exit, _exit, exec, a stop signal), or 1 ns after its last event when it was
/// killed without a word. The exit status where the recorder saw it (exit, _exit, return from
/// main), OTF2_UNDEFINED_INT64 otherwise.
fn program_end(
    (pi, p): (usize, &ProcessTrace),
    plan: &Plan,
    (start, last): (u64, u64),
    sink: &mut Otf2Sink,
) -> Result<u64, Err> {
    let recorded_end = p.meta.end.map(|e| {
        let ticks = e.monotonic_ns.saturating_sub(p.meta.start.monotonic_ns);
        plan.clocks.map(pi, p).at(ticks)
    });
    let t = recorded_end
        .unwrap_or(0)
        .max(last.saturating_add(1))
        .max(start);
    let status = p.meta.exit_status.map(i64::from).unwrap_or(i64::MIN);
    sink.writers[0].program_end(t, status).map_err(otf2e)?;
    Ok(t)
}
