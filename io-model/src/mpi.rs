//! The `mpi` layer: MPI calls that order one rank's calls with other ranks' (collectives on
//! a communicator, messages sent and received), resolved to global ids. Analyses build
//! happens-before from them (`conflicts` checks consistency semantics with it).

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

use crate::process::{field, Err, ProcessState};
use crate::sink::Sink;
use definitions::GlobalDefs;
use io_events::codec::Record;
use io_events::functions::{mpi_rank, CollSync, FunctionInfo, Mapping};

/// The calls of the `mpi` layer: what each orders, as [`MpiSync`] right before its Leave.
impl ProcessState<'_> {
    /// The end of a call of the `mpi` layer that did not fail (started at `t0`).
    pub(crate) fn mpi_call<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        (t0, t1): (u64, u64),
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let f = |i: u8| field(info, r, i);
        let at = (t0, t1);
        match info.mapping {
            Mapping::MpiColl { comm, root, sync } => {
                let Some(c) = self.global_comm(f(comm)) else {
                    self.mpi_unresolved += 1;
                    return Ok(());
                };
                let root = || self.member(defs, c, f(root));
                let kind = match sync {
                    CollSync::All => Some(SyncKind::AllToAll),
                    CollSync::FromRoot => root().map(|root| SyncKind::FromRoot { root }),
                    CollSync::ToRoot => root().map(|root| SyncKind::ToRoot { root }),
                };
                match kind {
                    Some(kind) => self.sync(defs, s, at, c, kind),
                    None => {
                        self.mpi_unresolved += 1;
                        Ok(())
                    }
                }
            }
            Mapping::MpiSend { comm, peer, tag } => {
                self.message(defs, s, at, f(comm), (f(peer), f(tag)), true)
            }
            Mapping::MpiRecv { comm, peer, tag } => {
                self.message(defs, s, at, f(comm), (f(peer), f(tag)), false)
            }
            Mapping::MpiSendRecv {
                comm,
                dest,
                sendtag,
                source,
                recvtag,
            } => {
                self.message(defs, s, at, f(comm), (f(dest), f(sendtag)), true)?;
                self.message(defs, s, at, f(comm), (f(source), f(recvtag)), false)
            }
            Mapping::MpiRecvStart { comm, id } => {
                self.recvs.insert(f(id), f(comm));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// An `mpi_recv_done` event at `t`: the receive started under its request completed.
    pub(crate) fn mpi_recv_done<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let Mapping::MpiRecvDone { id, peer, tag } = info.mapping else {
            return Ok(());
        };
        let Some(comm) = self.recvs.remove(&field(info, r, id)) else {
            self.mpi_unresolved += 1;
            return Ok(());
        };
        let msg = (field(info, r, peer), field(info, r, tag));
        self.message(defs, s, (t, t), comm, msg, false)
    }

    /// A message to or from the rank `peer` of the local communicator `comm`, with `tag`.
    /// MPI_PROC_NULL: no message.
    fn message<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        at: (u64, u64),
        comm: u64,
        (peer, tag): (u64, u64),
        send: bool,
    ) -> Result<(), Err> {
        if peer as i64 == mpi_rank::PROC_NULL {
            return Ok(());
        }
        let global = self.global_comm(comm);
        let Some((c, peer)) = global.and_then(|c| Some((c, self.member(defs, c, peer)?))) else {
            self.mpi_unresolved += 1;
            return Ok(());
        };
        let tag = tag as i64 as i32;
        let kind = if send {
            SyncKind::Send { peer, tag }
        } else {
            SyncKind::Recv { peer, tag }
        };
        self.sync(defs, s, at, c, kind)
    }

    fn sync<S: Sink>(
        &self,
        defs: &GlobalDefs,
        s: &mut S,
        (t0, t1): (u64, u64),
        comm: u32,
        kind: SyncKind,
    ) -> Result<(), Err> {
        let sync = MpiSync {
            thread: self.thread,
            t0,
            t1,
            comm,
            kind,
        };
        s.mpi_sync(defs, sync)
    }

    /// The global comm of a local communicator id, if the trace defines it.
    fn global_comm(&self, local: u64) -> Option<u32> {
        self.comm_map.get(&local).copied()
    }

    /// The rank slot of rank `rank` (a field value) of the global comm `comm`.
    fn member(&self, defs: &GlobalDefs, comm: u32, rank: u64) -> Option<u32> {
        let rank = usize::try_from(rank as i64).ok()?;
        defs.comms.get(comm as usize)?.get(rank).copied()
    }
}
