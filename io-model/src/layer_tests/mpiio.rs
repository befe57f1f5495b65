//! MPI-IO files: the MPI_File's handle, parent of the descriptor MPI-IO opens under it.

use super::{process, rec, run, Ev};

/// MPI_File_open(comm 7, file 1, fh 0xAA) with the POSIX open MPI-IO makes inside it.
pub(super) fn mpi_open(start: u64) -> [io_events::codec::Record; 2] {
    let flags = (libc::O_RDWR | libc::O_CREAT) as u64;
    [
        rec("MPI_File_open", 0, start, start + 30, &[7, 1, 5, 0xAA, 0]),
        rec("open", 1, start + 10, start + 20, &[1, flags, 0o644, 9]),
    ]
}

#[test]
fn open_write_at_close_with_the_posix_child() {
    let p = process(&[(1, "/data/mpi.out")], &[], &[(7, &[0])]);
    let mut records = mpi_open(10).to_vec();
    records.extend([
        rec(
            "MPI_File_write_at",
            0,
            100,
            130,
            &[0xAA, 4, 400, 800, 400, 0],
        ),
        rec("pwrite", 1, 110, 120, &[9, 400, 800, 400]),
        rec("MPI_File_close", 0, 200, 230, &[0xAA, 0]),
        rec("close", 1, 210, 220, &[9, 0]),
    ]);
    let r = run(&p, 1, &records);
    // Handles are created as their opening call ends: the child's first.
    let [hp, hm] = r.created()[..] else {
        panic!("two handles: {:?}", r.log.events)
    };
    assert_eq!(
        r.parent(hp),
        Some(hm),
        "the descriptor's parent is the MPI file"
    );
    assert_eq!(r.parent(hm), None);
    assert_eq!(r.file_name(hm), "/data/mpi.out");
    let comm = r.defs.handles[hm as usize]
        .comm
        .expect("the file's communicator");
    assert_eq!(r.defs.comms[comm as usize], [0]);
    let ops: Vec<_> = r
        .log
        .begins()
        .iter()
        .map(|b| (b.handle, b.offset, b.bytes))
        .collect();
    assert_eq!(ops, [(hm, Some(800), 400), (hp, Some(800), 400)]);
    let done: Vec<_> = r.log.completes().iter().map(|c| (c.0, c.1)).collect();
    assert_eq!(done, [(hp, 400), (hm, 400)]);
    // The child closes inside MPI_File_close, before the file.
    assert!(r.log.index(&Ev::Destroy(hp)) < r.log.index(&Ev::Destroy(hm)));
    assert!(r.log.index(&Ev::Destroy(hm)) < r.log.index(&Ev::Leave("MPI_File_close")));
}
