//! What the `mpi` layer tells analyses of happens-before: tests/programs/mpi_sync.c (its
//! header lists what each rank does) traced at 2 and 4 ranks and interpreted through the I/O
//! model as `recorder-otf2 conflicts` does (`interpret`, `Resolver`, `Direct`); every
//! rank's [`MpiSync`] sequence is asserted exactly: kinds, communicators (as their member
//! lists), roots, peers and tags, as rank slots. The program's results are the same traced
//! and untraced; with the layer off nothing of it is recorded.

use definitions::GlobalDefs;
use e2e_tests::*;
use io_model::mpi::{MpiSync, SyncKind};
use io_model::pipe::{Accumulator, Direct};
use io_model::resolve::{Call, FileAt, MetaKind, Op, Resolver};
use io_model::run::{interpret, Plan, Stats};
use io_model::trace::Trace;
use std::collections::BTreeMap;
use std::path::Path;
use SyncKind::*;

macro_rules! need_mpirun {
    () => {
        if !have_mpirun() {
            eprintln!("skipped: mpirun not found on PATH (Open MPI is needed for the MPI tests)");
            return;
        }
    };
}

/// The functions of the `mpi` layer mpi_sync.c calls, and the completion event.
const LAYER_FUNCTIONS: &[&str] = &[
    "MPI_Barrier",
    "MPI_Bcast",
    "MPI_Reduce",
    "MPI_Send",
    "MPI_Recv",
    "MPI_Sendrecv",
    "MPI_Irecv",
    "MPI_Isend",
    "MPI_Comm_split",
    "MPI_Allreduce",
    "MPI_Comm_free",
    "mpi_recv_done",
];

/// The MpiSync of one process.
struct Syncs(Vec<MpiSync>);

impl Accumulator for Syncs {
    fn call(&mut self, _: &Call) {}
    fn op(&mut self, _: &Op) {}
    fn meta(&mut self, _: usize, _: MetaKind, _: Option<FileAt>, _: u64) {}
    fn mpi_sync(&mut self, s: &MpiSync) {
        self.0.push(*s);
    }
}

/// A sync as compared: its communicator's members (rank slots) and its kind.
type Seen = (Vec<u32>, SyncKind);

/// Every rank's syncs by rank slot, and the interpretation's warnings.
fn syncs_per_rank(trace: &Path) -> (BTreeMap<u32, Vec<Seen>>, Vec<String>) {
    let trace = Trace::open(trace).unwrap_or_else(|e| panic!("{e}"));
    let plan = Plan::new(&trace);
    let mut out = BTreeMap::new();
    let mut warnings = Vec::new();
    for &pi in &plan.order {
        let p = &trace.processes[pi];
        let slot = plan.rank_slot(pi, p).expect("every process is a rank");
        let mut defs = GlobalDefs::new("test");
        let mut stats = Stats::default();
        let mut res = Resolver::new(Direct(Syncs(Vec::new())));
        interpret(p, pi, &plan, &mut defs, &mut res, &mut stats, &mut |_| {
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
        res.finish();
        let syncs = &res.consumer.0 .0;
        let mut last = 0;
        for s in syncs {
            assert_eq!(s.thread, 0, "{s:?}");
            assert!(last <= s.t0 && s.t0 <= s.t1, "times of {s:?} (last {last})");
            last = s.t0;
        }
        let seen = syncs
            .iter()
            .map(|s| (defs.comms[s.comm as usize].clone(), s.kind))
            .collect();
        out.insert(slot, seen);
        warnings.extend(stats.warnings);
    }
    (out, warnings)
}

/// What mpi_sync.c orders on rank `r` of `np` (see its header).
fn expected(r: u32, np: u32) -> Vec<Seen> {
    let world: Vec<u32> = (0..np).collect();
    let sub: Vec<u32> = (0..np).filter(|x| x % 2 == r % 2).rev().collect();
    let (next, prev) = ((r + 1) % np, (r + np - 1) % np);
    let w = |k: SyncKind| (world.clone(), k);
    let mut v = vec![
        w(AllToAll),
        w(FromRoot { root: np - 1 }),
        w(ToRoot { root: 1 }),
    ];
    let ring_send = w(Send {
        peer: next,
        tag: 10 + r as i32,
    });
    let ring_recv = w(Recv {
        peer: prev,
        tag: 10 + prev as i32,
    });
    if r == 0 {
        v.extend([ring_send, ring_recv]);
    } else {
        v.extend([ring_recv, ring_send]);
    }
    v.push(w(Send {
        peer: next,
        tag: 20,
    }));
    v.push(w(Recv {
        peer: prev,
        tag: 20,
    }));
    v.push(w(Send {
        peer: prev,
        tag: 30 + r as i32,
    }));
    // The receive completed by MPI_Waitall, with the source and tag the status says.
    v.push(w(Recv {
        peer: next,
        tag: 30 + next as i32,
    }));
    v.push(w(Send {
        peer: prev,
        tag: 40,
    }));
    v.push(w(Recv {
        peer: next,
        tag: 40,
    }));
    v.push(w(AllToAll)); // MPI_Comm_split
    v.push((sub.clone(), AllToAll));
    v.push((sub.clone(), FromRoot { root: sub[0] }));
    v.push(w(AllToAll));
    v
}

/// The line mpi_sync.c prints on rank `r` of `np`.
fn expected_line(r: u32, np: u32) -> String {
    let (next, prev) = ((r + 1) % np, (r + np - 1) % np);
    let sub: Vec<u32> = (0..np).filter(|x| x % 2 == r % 2).collect();
    format!(
        "rank {r} bcast=4242 reduce={} ring_from={prev} ring_tag={} sr={prev} nb_from={next} nb_tag=40 w_from={next} sub_sum={} sub_root={}",
        if r == 1 { (0..np).sum::<u32>() as i64 } else { -1 },
        10 + prev,
        sub.iter().sum::<u32>(),
        sub.iter().max().unwrap()
    )
}

fn sorted_lines(stdout: &str) -> Vec<String> {
    let mut v: Vec<String> = stdout
        .lines()
        .filter(|l| l.starts_with("rank "))
        .map(String::from)
        .collect();
    v.sort();
    v
}

fn check_results(stdout: &str, untraced: &[String], np: u32, what: &str) {
    let got = sorted_lines(stdout);
    let mut want: Vec<String> = (0..np).map(|r| expected_line(r, np)).collect();
    want.sort();
    assert_eq!(got, want, "{what}");
    assert_eq!(got, untraced, "{what}: not as untraced");
}

fn mpi_sync_at(np: u32) {
    let dir = TestDir::new(&format!("mpi-layer-{np}"));
    let prog = compile_mpi(&dir, "mpi_sync.c", &[]);
    let plain = run(mpirun_untraced(np, dir.path()).arg(&prog));
    plain.assert_ok("untraced mpi_sync");
    let untraced = sorted_lines(&plain.stdout);

    // The layer on: every rank's syncs exactly.
    let trace = dir.join("trace-on");
    let layers = [("RECORDER_OTF2_LAYERS", "posix,stdio,mpiio,mpi")];
    let r = run(mpirun(np, dir.path(), &trace, &layers).arg(&prog));
    r.assert_ok("mpi_sync with the mpi layer");
    check_results(&r.stdout, &untraced, np, "mpi layer on");
    let (syncs, warnings) = syncs_per_rank(&trace);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(syncs.len(), np as usize);
    for (&r, got) in &syncs {
        assert_eq!(got, &expected(r, np), "rank {r} of {np}");
    }
    for p in processes(&trace) {
        // Two receive completions; the MPI_Wait of the send is not recorded.
        assert_eq!(p.count("mpi_recv_done"), 2, "{}", p.name);
        assert_eq!(p.count("MPI_Wait"), 1, "{}", p.name);
        assert_eq!(p.count("MPI_Send"), 2, "{}", p.name);
    }

    // The layer off (the default layers): none of it.
    let trace = dir.join("trace-off");
    let r = run(mpirun(np, dir.path(), &trace, &[]).arg(&prog));
    r.assert_ok("mpi_sync with the default layers");
    check_results(&r.stdout, &untraced, np, "default layers");
    for p in processes(&trace) {
        for f in LAYER_FUNCTIONS.iter().chain(&["MPI_Wait", "MPI_Waitall"]) {
            assert_eq!(p.count(f), 0, "{f} recorded with the default layers");
        }
    }
    let (syncs, warnings) = syncs_per_rank(&trace);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(syncs.values().all(|s| s.is_empty()), "{syncs:?}");
}

#[test]
fn mpi_sync_2_ranks() {
    need_mpirun!();
    mpi_sync_at(2);
}

#[test]
fn mpi_sync_4_ranks() {
    need_mpirun!();
    mpi_sync_at(4);
}
