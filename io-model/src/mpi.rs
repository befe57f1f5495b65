//! What the `mpi` layer tells consumers: MPI calls that order one rank's calls with other
//! ranks' (collectives on a communicator, messages sent and received), resolved to global
//! ids. Analyses build happens-before from them (`conflicts` checks consistency semantics
//! with it). The layer's interpretation is in `layers::mpi`.

/// What an MPI call orders. Ranks are rank slots of the trace (see `run::Plan::rank_slot`);
/// a communicator's members are `GlobalDefs::comms[comm]`, in rank slots too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncKind {
    /// Every member's calls before it happen before every member's calls after it
    /// (MPI_Barrier, Allreduce, Allgather, Alltoall, communicator creation ...).
    AllToAll,
    /// The root's calls before it happen before the other members' calls after it
    /// (MPI_Bcast, Scatter).
    FromRoot { root: u32 },
    /// Every member's calls before it happen before the root's calls after it
    /// (MPI_Reduce, Gather).
    ToRoot { root: u32 },
    /// A message to `peer` with `tag` (blocking send, or the start of a non-blocking one).
    Send { peer: u32, tag: i32 },
    /// A message from `peer` with `tag` was received (blocking receive, or the completion of
    /// a non-blocking one; source and tag as the status says, never a wildcard).
    Recv { peer: u32, tag: i32 },
}

/// One synchronising MPI call of a process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MpiSync {
    pub thread: usize,
    /// The call's start and end on the trace's common time line (ns).
    pub t0: u64,
    pub t1: u64,
    /// The global communicator id (`GlobalDefs::comms`).
    pub comm: u32,
    pub kind: SyncKind,
}
