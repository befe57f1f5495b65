//! Packs round-trip: decode(pack(folders)) == folders, byte for byte, for streams made by
//! the real encoder with rank-dependent values and for arbitrary bytes; a damaged pack is
//! an error naming it, never a panic.

use io_events::codec::{PeepholeEncoder, Record, MAX_RECORD_BYTES};
use io_events::layout::{process_dirs, read_trace_file};
use io_events::pack::write::{write_pack, Input};
use io_events::stream::{chunk_header, Anchor, StreamHeader, StreamReader};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// A fresh folder under the system's temporary folder.
fn scratch() -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let d = std::env::temp_dir().join(format!(
        "io-events-pack-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Thread stream of an IOR-like rank: `n` writes of 4 KiB at rank-linear offsets, with
/// rank-dependent times, in chunks of `per_chunk` records.
fn rank_stream(rank: u64, n: u64, per_chunk: u64) -> Vec<u8> {
    let h = StreamHeader {
        clock: io_events::stream::Clock::Monotonic,
        tsc_shift: 0,
        version: io_events::FORMAT_VERSION,
        resolution_ns: 10,
        window: 3,
        tid: 1000 + rank,
        thread_index: 0,
    };
    let mut out = h.to_bytes().to_vec();
    let mut t = 1000 + rank * 7;
    for (seq, first) in (0..n).step_by(per_chunk as usize).enumerate() {
        let last = (first + per_chunk).min(n);
        let mut enc = PeepholeEncoder::new(3, t);
        let mut buf = vec![0u8; (last - first) as usize * MAX_RECORD_BYTES];
        let (mut pos, base) = (0, t);
        for i in first..last {
            let off = (i * 64 + rank) * 4096;
            let r = Record::new(20, 0, t, t + 50 + (i * rank) % 13, 0, &[3, 4096, off, 4096]);
            pos = enc.encode(&r, &mut buf, pos);
            t += 80 + (i * 31 + rank) % 17;
        }
        let payload = &buf[..pos];
        let anchor = Anchor {
            ticks: t,
            ns: t * 10,
        };
        out.extend_from_slice(&chunk_header(
            payload,
            (last - first) as u32,
            base,
            seq as u32,
            anchor,
        ));
        out.extend_from_slice(payload);
    }
    out
}

/// A process folder: its name and files (name, bytes).
type Proc = (String, Vec<(String, Vec<u8>)>);

/// Make process folders `name -> files` under `trace`.
fn folders(trace: &Path, procs: &[Proc]) -> Vec<Input> {
    procs
        .iter()
        .map(|(name, files)| {
            let dir = trace.join(name);
            std::fs::create_dir_all(&dir).unwrap();
            for (f, bytes) in files {
                std::fs::write(dir.join(f), bytes).unwrap();
            }
            Input {
                name: name.clone(),
                dir,
            }
        })
        .collect()
}

/// Every file of every member, read through the pack's paths, equals the original.
fn check_round_trip(trace: &Path, procs: &[Proc]) {
    let out = trace.join("job-1-host.rpk");
    for (name, files) in procs {
        for (f, bytes) in files {
            let p = out.join(name).join(f);
            let got = read_trace_file(&p, u64::MAX / 4).unwrap();
            assert!(got == *bytes, "{} differs", p.display());
        }
    }
}

fn meta(rank: u32) -> Vec<u8> {
    format!(
        "format_version: 2\nhost: host\npid: {}\nrank: {rank}\nworld_size: 8\n",
        100 + rank
    )
    .into_bytes()
}

#[test]
fn ranks_pack_to_about_their_times_and_decode_exactly() {
    let trace = scratch();
    let procs: Vec<_> = (0..8u32)
        .map(|r| {
            let files = vec![
                ("meta.yaml".to_string(), meta(r)),
                (
                    "thread-0.rec".to_string(),
                    rank_stream(r as u64, 5000, 1000),
                ),
            ];
            (format!("host.{}", 100 + r), files)
        })
        .collect();
    let inputs = folders(&trace, &procs);
    let stats = write_pack(&trace.join("job-1-host.rpk"), &inputs, 9).unwrap();
    assert_eq!((stats.members, stats.files), (8, 16));
    check_round_trip(&trace, &procs);
    // The folders and the pack's members are the same processes: readers list each once.
    let dirs = process_dirs(&trace).unwrap();
    assert_eq!(dirs.len(), 8);
    assert!(dirs.iter().all(|d| d.packed()));
    let threads = dirs[3].threads().unwrap();
    assert_eq!(threads.len(), 1);
    let recs = StreamReader::open(&threads[0].1)
        .unwrap()
        .read_all()
        .unwrap();
    assert_eq!(recs.len(), 5000);
    assert_eq!(recs[10].fields[2], (10 * 64 + 3) * 4096);
    // Eight ranks of 5,000 records: the first stored whole, each other at most ~2 bytes a
    // record (their times; the calls are the template's).
    let raw: u64 = procs
        .iter()
        .flat_map(|p| &p.1)
        .map(|f| f.1.len() as u64)
        .sum();
    assert!(stats.pack_bytes * 4 < raw, "{} of {raw}", stats.pack_bytes);
    let _ = std::fs::remove_dir_all(&trace);
}

#[test]
fn a_damaged_pack_is_an_error_naming_it() {
    let trace = scratch();
    let procs: Vec<_> = (0..3u32)
        .map(|r| {
            let files = vec![
                ("meta.yaml".to_string(), meta(r)),
                ("thread-0.rec".to_string(), rank_stream(r as u64, 300, 100)),
            ];
            (format!("host.{}", 100 + r), files)
        })
        .collect();
    let inputs = folders(&trace, &procs);
    let pack = trace.join("job-1-host.rpk");
    write_pack(&pack, &inputs, 3).unwrap();
    let good = std::fs::read(&pack).unwrap();
    for i in (0..good.len()).step_by(7) {
        let mut bad = good.clone();
        bad[i] ^= 0x5a;
        std::fs::write(&pack, &bad).unwrap();
        for (name, files) in &procs {
            for (f, bytes) in files {
                // Either the same bytes (the change hit nothing read) or an error naming
                // the pack; never other bytes.
                match read_trace_file(&pack.join(name).join(f), 1 << 30) {
                    Ok(got) => assert!(got == *bytes, "byte {i}: {name}/{f} read back different"),
                    Err(e) => assert!(e.to_string().contains("job-1-host.rpk"), "{e}"),
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&trace);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn any_files_round_trip(files in proptest::collection::vec(
        (0usize..4, proptest::collection::vec(any::<u8>(), 0..600)), 1..8)) {
        let trace = scratch();
        let names = ["meta.yaml", "defs.bin", "thread-0.rec", "thread-1.rec"];
        let procs: Vec<_> = files
            .iter()
            .enumerate()
            .map(|(i, (k, bytes))| {
                let mut fs = vec![("meta.yaml".to_string(), meta(i as u32))];
                if *k > 0 {
                    fs.push((names[*k].to_string(), bytes.clone()));
                }
                if *k == 2 {
                    fs.push(("thread-1.rec".into(), rank_stream(i as u64, 50, 20)));
                }
                (format!("host.{i}"), fs)
            })
            .collect();
        let inputs = folders(&trace, &procs);
        write_pack(&trace.join("job-1-host.rpk"), &inputs, 1).unwrap();
        check_round_trip(&trace, &procs);
        let _ = std::fs::remove_dir_all(&trace);
    }
}
