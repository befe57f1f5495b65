//! The `mpi` layer (MPI synchronisation): what each synchronising MPI call orders, as an
//! [`MpiSync`] told to the sink right before its Leave. Communicators are resolved to global
//! ids through the process's communicator map; calls the trace does not let resolve are
//! counted (a warning).

use super::ctx::Ctx;
use super::record::field;
use crate::error::Error;
use crate::mpi::{MpiSync, SyncKind};
use crate::sink::Sink;
use crate::trace::ProcessTrace;
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::{mpi_rank, CollSync, FunctionInfo, Mapping};

/// The `mpi` layer's part of a process's state.
#[derive(Default)]
pub(crate) struct MpiSyncState {
    /// Non-blocking receives in flight: request -> local communicator id.
    pub(crate) recvs: HashMap<u64, u64>,
    /// Calls on a communicator or a rank the trace does not define (or a receive completion
    /// whose start it does not show): no happens-before from them.
    pub(crate) unresolved: u64,
    /// Communicators of the trace naming a rank outside the job's MPI_COMM_WORLD (left out).
    pub(crate) bad_comms: u64,
}

/// The global comm of each communicator of process `p` (their members are ranks of the
/// process's job, whose ranks are the slots `ranks` of the trace's; None: the process has
/// no rank, so no communicator), and how many name a rank outside the job.
pub(crate) fn communicators(
    p: &ProcessTrace,
    ranks: Option<std::ops::Range<u32>>,
    defs: &mut GlobalDefs,
) -> (HashMap<u64, u32>, u64) {
    let mut map = HashMap::new();
    let mut bad = 0;
    for (id, members) in &p.comms {
        let slots: Option<Vec<u32>> = members
            .iter()
            .map(|&m| {
                let r = ranks.as_ref()?;
                let slot = r.start.checked_add(m)?;
                r.contains(&slot).then_some(slot)
            })
            .collect();
        match slots {
            Some(slots) => {
                map.insert(*id as u64, defs.comm(&slots));
            }
            None => bad += 1,
        }
    }
    (map, bad)
}

/// The calls of the `mpi` layer: what each orders, as [`MpiSync`] right before its Leave.
impl MpiSyncState {
    /// The end of a call of the `mpi` layer that did not fail (started at `t0`).
    pub(crate) fn mpi_call<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        (t0, t1): (u64, u64),
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let f = |i: u8| field(info, r, i);
        let at = (t0, t1);
        match info.mapping {
            Mapping::MpiColl { comm, root, sync } => {
                let Some(c) = cx.sh.comm(f(comm)) else {
                    self.unresolved += 1;
                    return Ok(());
                };
                let root = || member(cx.defs, c, f(root));
                let kind = match sync {
                    CollSync::All => Some(SyncKind::AllToAll),
                    CollSync::FromRoot => root().map(|root| SyncKind::FromRoot { root }),
                    CollSync::ToRoot => root().map(|root| SyncKind::ToRoot { root }),
                };
                match kind {
                    Some(kind) => emit(cx, at, c, kind),
                    None => {
                        self.unresolved += 1;
                        Ok(())
                    }
                }
            }
            Mapping::MpiSend { comm, peer, tag } => {
                self.message(cx, at, f(comm), (f(peer), f(tag)), true)
            }
            Mapping::MpiRecv { comm, peer, tag } => {
                self.message(cx, at, f(comm), (f(peer), f(tag)), false)
            }
            Mapping::MpiSendRecv {
                comm,
                dest,
                sendtag,
                source,
                recvtag,
            } => {
                self.message(cx, at, f(comm), (f(dest), f(sendtag)), true)?;
                self.message(cx, at, f(comm), (f(source), f(recvtag)), false)
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
        cx: &mut Ctx<S>,
        t: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::MpiRecvDone { id, peer, tag } = info.mapping else {
            return Ok(());
        };
        let Some(comm) = self.recvs.remove(&field(info, r, id)) else {
            self.unresolved += 1;
            return Ok(());
        };
        let msg = (field(info, r, peer), field(info, r, tag));
        self.message(cx, (t, t), comm, msg, false)
    }

    /// A message to or from the rank `peer` of the local communicator `comm`, with `tag`.
    /// MPI_PROC_NULL: no message.
    fn message<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        at: (u64, u64),
        comm: u64,
        (peer, tag): (u64, u64),
        send: bool,
    ) -> Result<(), Error> {
        if peer as i64 == mpi_rank::PROC_NULL {
            return Ok(());
        }
        let global = cx.sh.comm(comm);
        let Some((c, peer)) = global.and_then(|c| Some((c, member(cx.defs, c, peer)?))) else {
            self.unresolved += 1;
            return Ok(());
        };
        let tag = tag as i64 as i32;
        let kind = if send {
            SyncKind::Send { peer, tag }
        } else {
            SyncKind::Recv { peer, tag }
        };
        emit(cx, at, c, kind)
    }
}

/// Tell the sink what a call of the current thread at `t0`..`t1` orders.
fn emit<S: Sink>(
    cx: &mut Ctx<S>,
    (t0, t1): (u64, u64),
    comm: u32,
    kind: SyncKind,
) -> Result<(), Error> {
    let sync = MpiSync {
        thread: cx.sh.thread,
        t0,
        t1,
        comm,
        kind,
    };
    cx.s.mpi_sync(cx.defs, sync).map_err(Error::from)
}

/// The rank slot of rank `rank` (a field value) of the global comm `comm`.
fn member(defs: &GlobalDefs, comm: u32, rank: u64) -> Option<u32> {
    let rank = usize::try_from(rank as i64).ok()?;
    defs.comms.get(comm as usize)?.get(rank).copied()
}
