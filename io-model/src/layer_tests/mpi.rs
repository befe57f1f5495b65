//! The `mpi` layer: synchronising calls resolved to global communicators and rank slots,
//! and those the trace does not let resolve counted.

use super::{process, rec, run, Ev};
use crate::mpi::SyncKind;

#[test]
fn synchronising_calls_and_the_unresolved_count() {
    let p = process(&[], &[], &[(1, &[0, 1])]);
    let records = [
        rec("MPI_Barrier", 0, 10, 20, &[1, 0]),
        // A communicator the trace does not define.
        rec("MPI_Barrier", 0, 30, 40, &[99, 0]),
        rec("MPI_Send", 0, 50, 60, &[1, 1, 5, 8, 0]),
        // A rank outside the communicator.
        rec("MPI_Send", 0, 70, 80, &[1, 7, 5, 8, 0]),
        // A completion whose start the trace does not show.
        rec("mpi_recv_done", 0, 90, 90, &[0x5, 1, 3, 8, 0]),
        rec("MPI_Irecv", 0, 100, 110, &[1, 1, 3, 8, 0x9, 0]),
        rec("mpi_recv_done", 0, 120, 120, &[0x9, 1, 3, 8, 0]),
    ];
    let r = run(&p, 2, &records);
    let syncs = r.log.events.iter().filter_map(|e| match e {
        Ev::Sync(s) => Some((s.kind, s.t0, s.t1)),
        _ => None,
    });
    let kinds: Vec<_> = syncs.collect();
    let expected = [
        (SyncKind::AllToAll, 10, 20),
        (SyncKind::Send { peer: 1, tag: 5 }, 50, 60),
        (SyncKind::Recv { peer: 1, tag: 3 }, 120, 120),
    ];
    assert_eq!(kinds, expected);
    assert_eq!(r.mpi_unresolved, 3);
}
