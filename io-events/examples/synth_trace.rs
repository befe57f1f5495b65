//! A synthetic MPI trace of many ranks, written through the real encoder and the real
//! metadata and definitions writers, so that readers meet the bytes the recorder writes
//! (bench/synthetic.sh; issue 14's scale harness).
//!
//! `synth_trace OUT RANKS CALLS [shared]`: RANKS processes of one job on one host, each
//! opening its file (`/scratch/synth/file_<rank>`, or one shared file with `shared`),
//! writing CALLS − 2 blocks of 4 KiB at rank-linear offsets with `pwrite`, closing it; times
//! with a few percent of pseudo-random jitter, as real runs have.

use io_events::codec::{PeepholeEncoder, Record, MAX_RECORD_BYTES};
use io_events::defs::{defs_header, Def, FileKind};
use io_events::functions::Func;
use io_events::layout::{functions_file_name, functions_text};
use io_events::meta::{ClockAnchor, Ending, ProcessMeta};
use io_events::stream::{chunk_header, Anchor, Clock, StreamHeader};
use std::collections::BTreeMap;
use std::path::Path;

const BLOCK: u64 = 4096;
const START_NS: u64 = 1_000_000_000;
const EPOCH_NS: u64 = 1_790_000_000_000_000_000;

/// xorshift64: deterministic jitter.
fn jitter(state: &mut u64, max: u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state % max.max(1)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: synth_trace OUT RANKS CALLS [shared]");
        std::process::exit(2);
    }
    let out = Path::new(&args[1]);
    let ranks: u32 = args[2].parse().expect("RANKS");
    let calls: u64 = args[3].parse::<u64>().expect("CALLS").max(3);
    let shared = args.get(4).is_some_and(|a| a == "shared");
    std::fs::create_dir_all(out).expect("output folder");
    let names = io_events::FUNCTIONS.iter().map(|f| f.name);
    let table = functions_file_name(names.clone());
    std::fs::write(out.join(&table), functions_text(names)).expect("function table");
    for rank in 0..ranks {
        write_process(out, rank, ranks, calls, shared, &table);
    }
}

fn write_process(out: &Path, rank: u32, ranks: u32, calls: u64, shared: bool, table: &str) {
    let pid = 100_000 + rank;
    let dir = out.join(format!("synth.{pid}"));
    std::fs::create_dir_all(&dir).expect("process folder");
    let path = if shared {
        "/scratch/synth/shared.dat".to_string()
    } else {
        format!("/scratch/synth/file_{rank:05}.dat")
    };
    let mut defs = defs_header().to_vec();
    for d in [
        Def::File {
            id: 0,
            kind: FileKind::Regular,
            path,
            fs_type: "lustre".into(),
            mount: "/scratch".into(),
        },
        Def::Thread {
            index: 0,
            tid: pid as u64,
        },
        Def::Comm {
            id: 1,
            members: (0..ranks).collect(),
        },
    ] {
        d.encode(&mut defs);
    }
    std::fs::write(dir.join("defs.bin"), defs).expect("defs.bin");
    let (stream, end_ticks) = stream(rank, pid, calls, shared);
    std::fs::write(dir.join("thread-0.rec"), &stream).expect("stream");
    let meta = meta(
        rank,
        ranks,
        pid,
        calls,
        table,
        stream.len() as u64,
        end_ticks,
    );
    std::fs::write(dir.join("meta.yaml"), meta.to_yaml()).expect("meta.yaml");
}

/// open, CALLS − 2 pwrites, close; one chunk (as with the default 1 MiB buffer).
fn stream(rank: u32, pid: u32, calls: u64, shared: bool) -> (Vec<u8>, u64) {
    let header = StreamHeader {
        clock: Clock::Monotonic,
        tsc_shift: 0,
        version: io_events::FORMAT_VERSION,
        resolution_ns: 10,
        window: 3,
        tid: pid as u64,
        thread_index: 0,
    };
    let mut seed = 0x9e37_79b9_7f4a_7c15 ^ (rank as u64 + 1);
    let mut t = 1_000 + jitter(&mut seed, 500);
    let base = t;
    let mut enc = PeepholeEncoder::new(3, base);
    let mut buf = vec![0u8; calls as usize * MAX_RECORD_BYTES];
    let mut pos = 0;
    let first = if shared { rank as u64 * (calls - 2) } else { 0 };
    for i in 0..calls {
        let (func, fields): (Func, Vec<u64>) = match i {
            0 => (Func::open, vec![0, 0o101, 0o644, 3]),
            _ if i == calls - 1 => (Func::close, vec![3, 0]),
            _ => {
                let off = (first + i - 1) * BLOCK;
                (Func::pwrite, vec![3, BLOCK, off, BLOCK])
            }
        };
        let dur = 2_000 + jitter(&mut seed, 400);
        let r = Record::new(func as u16, 0, t, t + dur, 0, &fields);
        pos = enc.encode(&r, &mut buf, pos);
        t += dur + 100 + jitter(&mut seed, 50);
    }
    let payload = &buf[..pos];
    let mut s = header.to_bytes().to_vec();
    let anchor = Anchor {
        ticks: t,
        ns: t * 10,
    };
    s.extend_from_slice(&chunk_header(payload, calls as u32, base, 0, anchor));
    s.extend_from_slice(payload);
    (s, t)
}

fn meta(
    rank: u32,
    ranks: u32,
    pid: u32,
    calls: u64,
    table: &str,
    stream_bytes: u64,
    end_ticks: u64,
) -> ProcessMeta {
    let start = ClockAnchor {
        monotonic_ns: START_NS + rank as u64 * 1_000,
        realtime_ns: EPOCH_NS + rank as u64 * 1_000,
    };
    let end = ClockAnchor {
        monotonic_ns: start.monotonic_ns + end_ticks * 10 + 1_000,
        realtime_ns: start.realtime_ns + end_ticks * 10 + 1_000,
    };
    let counts = BTreeMap::from([
        ("open".to_string(), 1),
        ("pwrite".to_string(), calls - 2),
        ("close".to_string(), 1),
    ]);
    ProcessMeta {
        format_version: io_events::FORMAT_VERSION,
        recorder_version: "synthetic".into(),
        host: "synth".into(),
        user: None,
        uid: None,
        pid,
        ppid: 99_999,
        rank: Some(rank),
        job: Some("synth-1".into()),
        world_size: Some(ranks),
        mpi_library: None,
        mpi_layers_off: None,
        clock_offsets: Vec::new(),
        cmdline: vec!["./synth".into(), "--blocks".into(), (calls - 2).to_string()],
        exe: "/scratch/synth/synth".into(),
        time_resolution_ns: 10,
        window: 3,
        start,
        end: Some(end),
        ending: Ending::Exit,
        failure: None,
        exit_status: Some(0),
        signal: None,
        options: BTreeMap::new(),
        functions: Vec::new(),
        functions_file: Some(table.to_string()),
        function_counts: counts,
        records: calls,
        stream_bytes,
        forked_from: None,
        exec_from: None,
    }
}
