//! One rank's replay from its start to its report (built with MPI only).

use crate::mpi::{self, Failure};
use crate::{engine, Args};
use io_events::functions::Layer;
use io_model::run::Plan;
use io_model::trace::Trace;
use io_replay::mpiio::{self, RankPlan, What, LAYERS};
use io_replay::order::{CrossOrder, Wait};
use io_replay::{layered_text, prepare_files, Options, Totals};
use std::time::Instant;

/// What one rank sends rank 0: its rows, then its wall time (ns) and [`Notes`].
const SENT: usize = LAYERS.len() * 9 + 5;

/// What a rank's replay approximated or met, said once for all ranks.
struct Notes {
    /// Files whose view could not be rebuilt.
    flattened_views: u64,
    /// Views with holes rebuilt from their recorded filetypes.
    rebuilt_views: u64,
    /// MPI-IO calls that failed in the original, re-issued: failed again, succeeded here.
    failed_again: u64,
    failed_then_succeeded: u64,
}

pub fn run(a: &Args, world: &mpi::World) -> Result<(), Failure> {
    let opts = Options {
        into: std::path::absolute(&a.into).map_err(|e| format!("{}: {e}", a.into.display()))?,
        only: a.only.clone(),
        timing: a.timing,
        files_made: true,
    };
    let trace = world.agree(Trace::open(&a.trace).map_err(|e| e.to_string()))?;
    let plan = Plan::new(&trace);
    let (size, ranks) = world.agree(mpiio::job_ranks(&trace, &plan).map_err(|e| e.to_string()))?;
    if size != world.size {
        let msg = format!(
            "{}: recorded with {size} ranks, replayed with {}: run `mpirun -np {size} recorder-otf2 replay ...`",
            a.trace.display(),
            world.size
        );
        return Err(match world.rank {
            0 => Failure::Message(msg),
            _ => Failure::ReportedElsewhere,
        });
    }
    let comms = mpiio::comms(&trace, size, &ranks);
    let me = ranks[world.rank as usize];
    let layer = match a.layer.as_str() {
        "posix" => Layer::Posix,
        "mpiio" => Layer::MpiIo,
        "pnetcdf" => Layer::PnetCdf,
        _ => Layer::Hdf5,
    };
    let planned =
        mpiio::rank_plan(&trace, &plan, me, &opts, &comms, layer).map_err(|e| e.to_string());
    let (mut rank_plan, mut warnings) = world.agree(planned)?;
    if a.layer == "auto" {
        if let Some(why) = library_fallback(world, &rank_plan) {
            let planned = mpiio::rank_plan(&trace, &plan, me, &opts, &comms, Layer::MpiIo)
                .map_err(|e| e.to_string());
            (rank_plan, warnings) = world.agree(planned)?;
            warnings.push(why);
        }
    }
    world.agree(libraries_available(&rank_plan))?;
    // The files to read made once, before any rank replays, and the order between the
    // ranks found by rank 0 and sent to all.
    let made = match world.rank {
        0 => prepare_files(
            &trace,
            &Options {
                files_made: a.files_made,
                ..opts.clone()
            },
        )
        .map_err(|e| e.to_string()),
        _ => Ok(Vec::new()),
    };
    let waits = world.agree(made)?;
    let mut flat: Vec<u64> = waits.iter().flat_map(|w| w.to_array()).collect();
    world.bcast(&mut flat);
    let waits: Vec<Wait> = flat.chunks(4).map(Wait::from_array).collect();
    let mut order = CrossOrder::new(&waits, world.rank);
    if world.rank == 0 && !waits.is_empty() {
        eprintln!(
            "recorder-otf2: {} waits between ranks kept from the original's clocks (a file opened after another rank created it, bytes read after another rank wrote them)",
            waits.len()
        );
    }
    for w in warnings {
        // One write: under mpirun, stderr lines of the ranks interleave.
        let line = format!("recorder-otf2: warning: rank {}: {w}\n", world.rank);
        let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    }
    io_model::interrupt::install()?;
    let mut first = [rank_plan.steps.first().map_or(u64::MAX, |s| s.t0)];
    world.allreduce(&mut first, false);
    let mut engine = engine::Engine::new(&rank_plan, &opts, &comms.splits);
    world.barrier();
    let start = Instant::now();
    let rows = engine.run(a.timing, first[0], &mut order);
    let wall = start.elapsed().as_nanos() as u64;
    world.barrier();
    let notes = Notes {
        flattened_views: rank_plan.flattened_views,
        rebuilt_views: rank_plan.rebuilt_views,
        failed_again: engine.failed_again,
        failed_then_succeeded: engine.failed_then_succeeded,
    };
    report(world, &rows, wall, &notes, a.json).map_err(Failure::Message)
}

/// With `--layer auto`: why the replay goes down to the MPI-IO layer, if it does: a
/// library call that does I/O cannot be replayed at its layer on some rank (the layers
/// beneath would then not do what they did), a datatype the trace holds only the size of
/// (the file would hold another), or a library layer the binary was built without.
/// Collective: every rank gets the same answer.
fn library_fallback(world: &mpi::World, p: &RankPlan) -> Option<String> {
    let built = libraries_available(p).is_ok() as u64;
    let mut v = [p.lib_io_skipped, p.lib_opaque_types, 1 - built];
    world.allreduce(&mut v, true);
    let down = "replayed at the MPI-IO layer";
    match v {
        [0, 0, 0] => None,
        [0, 0, _] => Some(format!("this binary was built without a library of the trace (HDF5 or PnetCDF): {down}")),
        [0, n, _] => Some(format!("up to {n} HDF5 calls per rank with a datatype the trace holds only the size of (strings, compounds, references ...; `--layer hdf5` makes them opaque types of that size): {down}")),
        [n, _, _] => Some(format!("up to {n} HDF5 or PnetCDF calls per rank that do I/O cannot be replayed at their layer (links, point selections ...; `--layer hdf5` or `pnetcdf` replays the others and skips them): {down}")),
    }
}

/// A plan with HDF5 or PnetCDF steps needs a binary built with that library.
fn libraries_available(p: &RankPlan) -> Result<(), String> {
    let h5 = p.steps.iter().any(|s| matches!(s.what, What::Hdf5(_)));
    if h5 && !crate::hdf5::AVAILABLE {
        return Err("built without parallel HDF5 (no hdf5-openmpi for pkg-config when it was built): replay this trace with --layer mpiio, or rebuild with libhdf5-openmpi-dev".into());
    }
    let pnc = p.steps.iter().any(|s| matches!(s.what, What::Pnc(_)));
    crate::pnetcdf::check(pnc)
}

/// Rank 0 prints every rank's rows and the totals (stdout: a table, or JSON with `json`),
/// and what was approximated (stderr).
fn report(
    world: &mpi::World,
    rows: &[Totals],
    wall: u64,
    notes: &Notes,
    json: bool,
) -> Result<(), String> {
    let mut mine: Vec<u64> = rows.iter().flat_map(|t| t.to_array()).collect();
    mine.extend([
        wall,
        notes.flattened_views,
        notes.failed_again,
        notes.failed_then_succeeded,
        notes.rebuilt_views,
    ]);
    let all = world.gather(&mine);
    if world.rank != 0 {
        return Ok(());
    }
    let mut table = Vec::new();
    let (mut wall, mut flat, mut again, mut succeeded, mut rebuilt) = (0, 0, 0, 0, 0);
    for (rank, sent) in all.chunks(SENT).enumerate() {
        for (i, layer) in LAYERS.iter().enumerate() {
            let a: &[u64; 9] = sent[i * 9..i * 9 + 9].try_into().expect("9 values");
            table.push((format!("rank {rank}"), *layer, Totals::from_array(a)));
        }
        let extra = &sent[SENT - 5..];
        wall = wall.max(extra[0]);
        flat += extra[1];
        again += extra[2];
        succeeded += extra[3];
        rebuilt += extra[4];
    }
    if rebuilt > 0 {
        eprintln!("recorder-otf2: {rebuilt} file views with holes rebuilt from the filetypes the recorder flattened: their transfers touch the same bytes");
    }
    if flat > 0 {
        eprintln!("recorder-otf2: {flat} file views with holes (not rebuilt from the trace): their transfers replayed at explicit byte offsets");
    }
    if again > 0 {
        eprintln!("recorder-otf2: {again} MPI-IO calls that failed in the original (opens and deletes of missing files: existence probes) re-issued and failed again, as there (not counted as failed)");
    }
    if succeeded > 0 {
        eprintln!("recorder-otf2: warning: {succeeded} MPI-IO calls that failed in the original succeeded in the replay (opens closed at once): the replay's files differ from the original's");
    }
    let wall = std::time::Duration::from_nanos(wall);
    let text = match json {
        true => io_replay::json::to_text(&io_replay::json::layered_json(&table, wall)),
        false => layered_text(&table, wall),
    };
    use std::io::Write;
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| format!("stdout: {e}"))
}
