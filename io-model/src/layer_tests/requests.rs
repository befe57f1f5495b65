//! Non-blocking library operations: in flight under their request until a wait completes
//! them, cancelled when their file closes first.

use super::mpiio::mpi_open;
use super::{process, rec, run, Ev};
use crate::kinds::OpFlags;

#[test]
fn a_request_completed_by_wait_and_one_cancelled_by_close() {
    let p = process(&[(1, "/data/mpi.out")], &[], &[(7, &[0])]);
    let mut records = mpi_open(10).to_vec();
    records.extend([
        rec(
            "MPI_File_iwrite_at",
            0,
            100,
            110,
            &[0xAA, 1, 64, 0, 0x77, 0],
        ),
        rec(
            "MPI_File_iwrite_at",
            0,
            120,
            130,
            &[0xAA, 1, 32, 64, 0x78, 0],
        ),
        rec("MPI_Wait", 0, 140, 170, &[0x77, 0]),
        rec("io_request_done", 1, 150, 160, &[0x77, 64, 0, 0]),
        rec("MPI_File_close", 0, 200, 230, &[0xAA, 0]),
    ]);
    let r = run(&p, 1, &records);
    let hm = r.created()[1];
    let begins = r.log.begins();
    assert_eq!(begins.len(), 2);
    assert!(begins.iter().all(|b| b.handle == hm));
    assert!(begins
        .iter()
        .all(|b| b.flags.contains(OpFlags::NON_BLOCKING)));
    let (first, second) = (begins[0].id, begins[1].id);
    let issued = r.log.index(&Ev::Issued(hm, first));
    assert!(issued < r.log.index(&Ev::Leave("MPI_File_iwrite_at")));
    let done = Ev::Complete {
        handle: hm,
        bytes: 64,
        id: first,
    };
    let at = r.log.index(&done);
    assert!(r.log.index(&Ev::Enter("MPI_Wait")) < at && at < r.log.index(&Ev::Leave("MPI_Wait")));
    // Never waited for: cancelled as its file closes, before the file's handle ends.
    let cancelled = r.log.index(&Ev::Cancelled(hm, second));
    assert!(cancelled < r.log.index(&Ev::Destroy(hm)));
    assert_eq!(r.log.completes().len(), 1);
}
