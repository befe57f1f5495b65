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
