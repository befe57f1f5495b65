//! Encoder and decoder speed on the benchmark pattern of docs/performance.md (one-byte pwrite
//! at increasing offsets) and on a mixed open/read/lseek/close pattern.
//! `cargo bench -p io-events`: prints ns per record (median of 7 runs) and bytes per record.

use io_events::codec::{PeepholeDecoder, PeepholeEncoder, Record, MAX_RECORD_BYTES};
use std::hint::black_box;
use std::time::Instant;

#[inline(always)]
fn pwrite_record(i: u64) -> Record {
    Record::new(
        20,
        0,
        1000 + i * 45 + (i % 7),
        1000 + i * 45 + 38 + (i % 5),
        0,
        &[3, 1, i, 1],
    )
}

fn pwrite_pattern(n: u64) -> Vec<Record> {
    (0..n).map(pwrite_record).collect()
}

/// Encoding as the recorder does it: each record built on the stack just before encoding
/// (a record array would measure memory bandwidth instead).
fn encode_inline(n: u64) {
    let mut buf = vec![0u8; n as usize * MAX_RECORD_BYTES];
    let mut v = Vec::new();
    for _ in 0..7 {
        let mut enc = PeepholeEncoder::new(3, 0);
        let t = Instant::now();
        let mut pos = 0;
        for i in 0..n {
            let r = pwrite_record(black_box(i));
            pos = enc.encode(&r, &mut buf, pos);
        }
        black_box(pos);
        v.push(t.elapsed().as_nanos() as f64 / n as f64);
    }
    println!(
        "  pwrite: encode {:.1} ns/record (records built inline, as in the recorder)",
        median(v)
    );
}

fn mixed_pattern(n: u64) -> Vec<Record> {
    (0..n)
        .map(|i| {
            let t = 1000 + i * 100;
            match i % 4 {
                0 => Record::new(0, 0, t, t + 90, 0, &[i % 13, 0, 0, 3]),
                1 => Record::new(17, 0, t, t + 30, 0, &[3, 4096, 4096]),
                2 => Record::new(33, 0, t, t + 10, 0, &[3, 0, 0, 0]),
                _ => Record::new(16, 0, t, t + 20, 0, &[3, 0]),
            }
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn run(name: &str, recs: &[Record]) {
    let mut buf = vec![0u8; recs.len() * MAX_RECORD_BYTES];
    let mut enc_ns = Vec::new();
    let mut len = 0;
    for _ in 0..7 {
        let mut enc = PeepholeEncoder::new(3, 0);
        let t = Instant::now();
        let mut pos = 0;
        for r in recs {
            pos = enc.encode(black_box(r), &mut buf, pos);
        }
        enc_ns.push(t.elapsed().as_nanos() as f64 / recs.len() as f64);
        len = pos;
    }
    let mut dec_ns = Vec::new();
    for _ in 0..7 {
        let t = Instant::now();
        let mut dec = PeepholeDecoder::new(&buf[..len], 3, 0);
        let mut n = 0u64;
        while let Some(r) = dec.next_record() {
            n += black_box(r.unwrap()).ret();
        }
        black_box(n);
        dec_ns.push(t.elapsed().as_nanos() as f64 / recs.len() as f64);
    }
    println!(
        "{name:>8}: encode {:.1} ns/record, decode {:.1} ns/record, {:.2} bytes/record",
        median(enc_ns),
        median(dec_ns),
        len as f64 / recs.len() as f64
    );
}

fn main() {
    encode_inline(1_000_000);
    run("pwrite", &pwrite_pattern(1_000_000));
    run("mixed", &mixed_pattern(1_000_000));
}
