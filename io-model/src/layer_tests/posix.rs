//! POSIX descriptors: offsets, handle life cycle, dup and the position it shares.

use super::{process, rec, run, Ev};

const WRONLY_CREAT: u64 = (libc::O_WRONLY | libc::O_CREAT) as u64;

#[test]
fn open_pwrite_close_with_offsets_and_handle_life_cycle() {
    let p = process(&[(1, "/data/out")], &[], &[]);
    let records = [
        rec("open", 0, 10, 20, &[1, WRONLY_CREAT, 0o644, 3]),
        rec("pwrite", 0, 30, 40, &[3, 100, 50, 100]),
        rec("write", 0, 50, 60, &[3, 10, 10]),
        // A short write: the position moves by what was written.
        rec("write", 0, 70, 80, &[3, 10, 4]),
        rec("write", 0, 90, 95, &[3, 1, 1]),
        rec("close", 0, 100, 110, &[3, 0]),
    ];
    let r = run(&p, 0, &records);
    let [h] = r.created()[..] else {
        panic!("one handle: {:?}", r.log.events)
    };
    assert_eq!(r.file_name(h), "/data/out");
    let begins = r.log.begins();
    let offsets: Vec<_> = begins
        .iter()
        .map(|b| (b.handle, b.offset, b.bytes))
        .collect();
    let expected = [
        (h, Some(50), 100),
        (h, Some(0), 10),
        (h, Some(10), 10),
        (h, Some(14), 1),
    ];
    assert_eq!(offsets, expected);
    let ids: Vec<u64> = begins.iter().map(|b| b.id).collect();
    let done: Vec<_> = r.log.completes().iter().map(|c| (c.1, c.2)).collect();
    assert_eq!(
        done,
        vec![(100, ids[0]), (10, ids[1]), (4, ids[2]), (1, ids[3])]
    );
    // Created at open's end, destroyed at close's end, nothing after.
    assert!(r.log.index(&Ev::Create(h)) < r.log.index(&Ev::Leave("open")));
    assert_eq!(r.log.events[r.log.events.len() - 2], Ev::Destroy(h));
    assert_eq!(r.guessed, 0);
}

#[test]
fn dup_shares_the_position_and_closes_separately() {
    let p = process(&[(1, "/data/out")], &[], &[]);
    let records = [
        rec("open", 0, 10, 20, &[1, WRONLY_CREAT, 0o644, 3]),
        rec("write", 0, 30, 40, &[3, 10, 10]),
        rec("dup", 0, 50, 60, &[3, 4]),
        rec("write", 0, 70, 80, &[4, 5, 5]),
        rec("write", 0, 90, 100, &[3, 7, 7]),
        rec("lseek", 0, 110, 120, &[4, 2, libc::SEEK_SET as u64, 2]),
        rec("write", 0, 130, 140, &[3, 1, 1]),
        rec("close", 0, 150, 160, &[3, 0]),
        rec("write", 0, 170, 180, &[4, 1, 1]),
        rec("close", 0, 190, 200, &[4, 0]),
        // Nothing open as fd 4 any more: a stand-in.
        rec("write", 0, 210, 220, &[4, 1, 1]),
    ];
    let r = run(&p, 0, &records);
    let [h3] = r.created()[..] else {
        panic!("one handle opened: {:?}", r.log.events)
    };
    let dups = r.log.events.iter().filter_map(|e| match e {
        Ev::Duplicate(old, new) => Some((*old, *new)),
        _ => None,
    });
    let [(old, h4)] = dups.collect::<Vec<_>>()[..] else {
        panic!("one duplicate: {:?}", r.log.events)
    };
    assert_eq!(old, h3);
    assert_ne!(h3, h4);
    assert_eq!(r.file_name(h4), "/data/out");
    let offsets: Vec<_> = r
        .log
        .begins()
        .iter()
        .map(|b| (b.handle, b.offset))
        .collect();
    let stand_in = offsets[5].0;
    let expected = [
        (h3, Some(0)),
        (h4, Some(10)),
        (h3, Some(15)),
        (h3, Some(2)),
        (h4, Some(3)),
        (stand_in, None),
    ];
    assert_eq!(offsets, expected);
    assert!(![h3, h4].contains(&stand_in));
    assert!(r.log.index(&Ev::Destroy(h3)) < r.log.index(&Ev::Destroy(h4)));
    assert_eq!(r.guessed, 1);
}

/// A read in progress on one thread while another closes its descriptor (legal: the read
/// holds the open file) and opens a file that gets the same number: the read's handle
/// lives until the read completes, then ends; the new open gets a handle of its own.
#[test]
fn close_during_another_threads_read_ends_the_handle_after_the_read() {
    use crate::clock::TimeMap;
    use crate::process::{ProcessState, Walk};
    let mut p = process(&[(1, "/data/in"), (2, "/data/other")], &[], &[]);
    p.threads.push((1, "/nonexistent/test.1/1".into(), 1));
    let main = [
        rec("open", 0, 10, 20, &[1, libc::O_RDONLY as u64, 0, 3]),
        rec("close", 0, 50, 60, &[3, 0]),
        rec("open", 0, 70, 80, &[2, WRONLY_CREAT, 0o644, 3]),
        rec("write", 0, 85, 90, &[3, 5, 5]),
        rec("close", 0, 92, 94, &[3, 0]),
    ];
    let reader = [rec("read", 0, 30, 100, &[3, 64, 12])];
    let mut defs = definitions::GlobalDefs::new("test");
    let mut log = super::Log::default();
    let mut st = ProcessState::new(&p, 0, None, &mut defs).expect("state");
    let (mut w0, mut w1) = (
        Walk::new(TimeMap::identity()),
        Walk::new(TimeMap::identity()),
    );
    let mut span = (u64::MAX, 0);
    // Threads interleave by time: main to 25, the reader's start, main to 95, the read's end.
    let mut step = |st: &mut ProcessState, th: usize, until: u64| {
        st.set_thread(th);
        let (tree, w): (&[_], _) = if th == 0 {
            (&main, &mut w0)
        } else {
            (&reader, &mut w1)
        };
        st.walk(&mut defs, &mut log, tree, w, until, &mut span)
            .expect("interpretation")
    };
    assert!(!step(&mut st, 0, 25));
    assert!(!step(&mut st, 1, 45));
    assert!(step(&mut st, 0, 95));
    assert!(step(&mut st, 1, u64::MAX));
    let ev = &log.events;
    let created: Vec<u32> = ev
        .iter()
        .filter_map(|e| match e {
            Ev::Create(h) => Some(*h),
            _ => None,
        })
        .collect();
    let [h_in, h_other] = created[..] else {
        panic!("two handles: {ev:?}")
    };
    assert_ne!(
        h_in, h_other,
        "the reused descriptor number is a new handle"
    );
    let read = log.begins()[0];
    assert_eq!(read.handle, h_in);
    let done = Ev::Complete {
        handle: h_in,
        bytes: 12,
        id: read.id,
    };
    // The main thread's close of fd 3 ends nothing yet; the other file opens, is written
    // and closed; then the read completes and its handle ends, inside the read's region.
    let at = |e: &Ev| log.index(e);
    assert!(at(&Ev::Destroy(h_other)) < at(&done));
    assert_eq!(ev[at(&done) + 1], Ev::Destroy(h_in));
    assert_eq!(ev[at(&done) + 2], Ev::Leave("read"));
    assert_eq!(ev.iter().filter(|e| **e == Ev::Destroy(h_in)).count(), 1);
}
