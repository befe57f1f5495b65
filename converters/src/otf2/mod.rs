//! recorder2otf2: native trace -> OTF2 archive (docs/otf2-mapping.md), as one consumer of
//! the I/O model: the model resolves every record into I/O events, [`sink::Otf2Sink`] writes
//! them with one event writer per thread, and the global definitions the model collected
//! are written at the end with the exact number of events of every location.

mod defs;
mod kinds;
mod sink;

use definitions::GlobalDefs;
use io_events::functions::Layer;
use io_model::run::{exe_name, interpret, Plan, Stats};
use io_model::trace::{ProcessTrace, Trace};
use otf2_sys::ArchiveWriter;
use sink::{Otf2Sink, ParadigmIds};
use std::path::Path;

/// What the conversion did, for the summary line and the tests.
#[derive(Debug, Default)]
pub struct Summary {
    pub processes: usize,
    pub locations: usize,
    pub records: u64,
    pub events: u64,
    pub warnings: Vec<String>,
}

/// Progress callback: bytes of native trace consumed so far.
pub type Progress<'a> = &'a dyn Fn(u64);

type Err = String;

/// Stands for the archive's anchor in errors that name no file (see [`convert`]).
const ARCHIVE: &str = "<archive>";

/// OTF2's error as one line; a failed write (disk full, file too large) names the file
/// and the reason, as the system says it.
fn otf2e(e: otf2_sys::Otf2Error) -> Err {
    match e.file_failure() {
        Some((file, reason)) if file.contains('/') && !file.contains(' ') => {
            format!("{}: {reason}", file.trim_start_matches("./"))
        }
        Some((_, reason)) => format!("{ARCHIVE}: {reason}"),
        None => e.to_string(),
    }
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

/// Location groups of MPI ranks first, in job and rank order, so that group ids equal rank
/// slots (with one job, ranks: Scalasca needs that); every rank of each job's
/// MPI_COMM_WORLD gets a group even without a trace, and each job its MPI_COMM_WORLD.
fn rank_groups(trace: &Trace, plan: &Plan, defs: &mut GlobalDefs) {
    let Some(n) = plan.world else {
        return;
    };
    let several = plan.jobs.len() > 1;
    for (number, job) in (1..).zip(&plan.jobs) {
        for r in 0..job.world {
            let label = plan.slot_label(job.first_slot + r);
            match plan.rank_owner.get(&(job.first_slot + r)) {
                Some(&i) => {
                    let p = &trace.processes[i];
                    defs.group(
                        &format!("{label} ({} {})", exe_name(p), p.dir.name),
                        &p.meta.host,
                    );
                }
                None => {
                    defs.groups.push(definitions::GroupDef {
                        name: format!("{label} (no trace)"),
                        node: defs.machine(),
                    });
                }
            }
        }
        let world: Vec<u32> = (job.first_slot..job.first_slot + job.world).collect();
        let c = defs.comm(&world);
        if several {
            defs.comm_names
                .insert(c, format!("MPI_COMM_WORLD (job {number})"));
        }
    }
    defs.rank_locations = vec![u64::MAX; n as usize];
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

/// Convert `trace` into the OTF2 archive `out` (the anchor file `NAME.otf2`).
pub fn convert(trace: &Trace, out: &Path, progress: Progress) -> Result<Summary, Err> {
    write(trace, out, progress).map_err(|e| match e.strip_prefix(ARCHIVE) {
        Some(rest) => format!("{}{rest}", out.display()),
        None => e,
    })
}

fn write(trace: &Trace, out: &Path, progress: Progress) -> Result<Summary, Err> {
    let mut archive = ArchiveWriter::create(
        out,
        concat!("recorder-otf2 ", env!("CARGO_PKG_VERSION")),
        "I/O trace converted by recorder2otf2",
    )
    .map_err(|e| format!("{}: {}", out.display(), e))?;
    archive.open_event_files().map_err(otf2e)?;
    let machine = trace
        .dir
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "machine".into());
    let mut defs = GlobalDefs::new(&machine);
    let mut summary = Summary::default();
    let plan = Plan::new(trace);
    for (option, layer) in [("hdf5", Layer::Hdf5), ("netcdf", Layer::NetCdf)] {
        if parallel_build(trace, option) {
            defs.parallel_builds.push(layer);
        }
    }
    rank_groups(trace, &plan, &mut defs);
    let mut stats = Stats::default();
    // First ProgramBegin and last ProgramEnd: the archive's time span includes them.
    let mut program_span = (u64::MAX, 0u64);
    let mut paradigms = ParadigmIds::default();
    for &pi in &plan.order {
        let p = &trace.processes[pi];
        let rank = plan.rank_slot(pi, p);
        let mut writers = Vec::new();
        if !p.threads.is_empty() {
            defs.host(&p.meta.host);
            let group = match rank {
                Some(r) => r,
                None => defs.group(
                    &format!("{} {} ({})", exe_name(p), p.meta.pid, p.dir.name),
                    &p.meta.host,
                ),
            };
            for (i, _, tid) in &p.threads {
                let loc = defs.location(&format!("thread {} (tid {})", i, tid), group);
                if let Some(r) = rank {
                    // The main thread (the first to record) stands for the rank in MPI groups.
                    if defs.rank_locations[r as usize] == u64::MAX {
                        defs.rank_locations[r as usize] = loc;
                    }
                }
                writers.push((loc, archive.event_writer(loc).map_err(otf2e)?));
            }
        }
        let locs: Vec<u64> = writers.iter().map(|w| w.0).collect();
        let writers = writers.into_iter().map(|w| w.1).collect();
        let mut sink = Otf2Sink::new(writers, std::mem::take(&mut paradigms));
        let begin = program_begin((pi, p), &plan, &mut defs, &mut sink)?;
        interpret(p, pi, &plan, &mut defs, &mut sink, &mut stats, &mut |n| {
            progress(n);
            crate::interrupt::check()
        })?;
        if let Some(start) = begin {
            let end = program_end((pi, p), &plan, (start, stats.process_last), &mut sink)?;
            program_span = (program_span.0.min(start), program_span.1.max(end));
        }
        paradigms = std::mem::take(&mut sink.paradigms);
        if sink.clamped > 0 {
            stats.warnings.push(format!(
                "{}: {} operations claim more bytes transferred than requested (a damaged trace); written with the bytes requested",
                p.dir.dir.display(),
                sink.clamped
            ));
        }
        // Whatever is still open when the process ends stays open: OTF2 needs no close.
        for (loc, w) in locs.into_iter().zip(sink.writers) {
            let n = w.close().map_err(otf2e)?;
            defs.locations[loc as usize].events = n;
            summary.events += n;
        }
    }
    // Ranks without a trace still need a location in COMM_LOCATIONS.
    for r in 0..defs.rank_locations.len() {
        if defs.rank_locations[r] == u64::MAX {
            let loc = defs.location(
                &format!("{} (no trace)", plan.slot_label(r as u32)),
                r as u32,
            );
            let w = archive.event_writer(loc).map_err(otf2e)?;
            w.close().map_err(otf2e)?;
            defs.rank_locations[r] = loc;
        }
    }
    if defs.locations.is_empty() {
        // One line: why the streams there were could not be read, if any were.
        return Err(match stats.warnings.first() {
            Some(first) => format!(
                "{}: no thread stream could be read ({} warnings; the first: {first})",
                trace.dir.display(),
                stats.warnings.len()
            ),
            None => format!(
                "{}: the trace holds no thread streams (no traced call was made)",
                trace.dir.display()
            ),
        });
    }
    archive.close_event_files().map_err(otf2e)?;
    let locs: Vec<u64> = (0..defs.locations.len() as u64).collect();
    archive.write_local_defs(&locs).map_err(otf2e)?;
    let (mut tmin, mut tmax) = (stats.tmin, stats.tmax);
    if tmin == u64::MAX {
        tmin = trace
            .processes
            .iter()
            .map(|p| p.meta.start.realtime_ns)
            .min()
            .unwrap_or(0);
        tmax = tmin;
    }
    if program_span.0 != u64::MAX {
        (tmin, tmax) = (tmin.min(program_span.0), tmax.max(program_span.1));
    }
    defs::write_global_defs(&archive, &mut defs, paradigms, tmin, tmax)?;
    summary.processes = stats.processes;
    summary.records = stats.records;
    summary.warnings = stats.warnings;
    summary.locations = defs.locations.len();
    archive.close().map_err(otf2e)?;
    Ok(summary)
}
