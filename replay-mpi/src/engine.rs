//! One rank's replay: its plan's POSIX steps through the POSIX replayer, its MPI steps
//! through MPI, its HDF5 steps through HDF5 (`hdf5`), in the order they began, counted per
//! layer. Nothing is allocated per call:
//! the live handles are slots made before the first step, transfers use two buffers of the
//! largest transfer (one written from, one read into: non-blocking and split transfers are
//! in flight together).

use crate::hdf5::Hdf5;
use crate::mpi::*;
use crate::pnetcdf::PncEngine;
use io_replay::hdf5::H5Step;
use io_replay::mpiio::{
    Access, MpiStep, RankPlan, Transfer, What, HDF5, LAYERS, MPI, MPIIO, PNETCDF,
};
use io_replay::order::CrossOrder;
use io_replay::{Options, Replayer, Timing, Totals};
use std::ffi::c_void;
use std::time::{Duration, Instant};

pub struct Engine<'a> {
    plan: &'a RankPlan,
    posix: Replayer<'a>,
    comms: Vec<u64>,
    files: Vec<u64>,
    reqs: Vec<u64>,
    /// Per request slot: whether it writes (its bytes counted at completion).
    req_write: Vec<bool>,
    wbuf: Vec<u8>,
    rbuf: Vec<u8>,
    /// Requests and their bytes of one completion step.
    wait_reqs: Vec<u64>,
    wait_done: Vec<i64>,
    h5: Hdf5,
    /// MPI-IO, MPI and HDF5 rows (the POSIX row is the POSIX replayer's, PnetCDF's `pnc`'s).
    pub rows: [Totals; LAYERS.len()],
    pnc: PncEngine<'a>,
    /// Calls that failed in the original, re-issued: failed again (as there, not counted
    /// as failed), succeeded here.
    pub failed_again: u64,
    pub failed_then_succeeded: u64,
}

/// MPI counts are ints.
const MAX_TRANSFER: u64 = i32::MAX as u64;

/// A transfer's kind as src/shim.c takes it.
fn kind(x: Transfer) -> i32 {
    let access = match x.access {
        Access::At => 0,
        Access::Individual => 1,
        Access::Shared => 2,
        Access::Ordered => 3,
    };
    x.write as i32 | (x.collective as i32) << 1 | access << 2
}

impl<'a> Engine<'a> {
    /// Ready to replay `plan`: the communicators of `splits` made (collective: every rank
    /// makes every one, in the same order), the slots and buffers allocated.
    pub fn new(
        plan: &'a RankPlan,
        opts: &'a Options,
        splits: &[io_model::trace::CommMembers],
    ) -> Self {
        let buf = plan.max_bytes.min(MAX_TRANSFER) as usize;
        // SAFETY: MPI initialised; handles from MPI.
        let (world, own, no_req, no_file) = unsafe {
            (
                rr_comm_world(),
                rr_comm_self(),
                rr_request_null(),
                rr_file_null(),
            )
        };
        let mut comms = vec![world, own];
        for members in splits {
            let mut c = 0;
            let member = members.contains(&plan.rank) as i32;
            // SAFETY: collective over MPI_COMM_WORLD; an out-pointer to a live u64.
            unsafe { rr_comm_split(member, plan.rank as i32, &mut c) };
            comms.push(c);
        }
        Engine {
            plan,
            posix: Replayer::new(opts),
            comms,
            files: vec![no_file; plan.files as usize],
            reqs: vec![no_req; plan.requests as usize],
            req_write: vec![false; plan.requests as usize],
            wbuf: vec![0; buf],
            rbuf: vec![0; buf],
            wait_reqs: Vec::new(),
            wait_done: Vec::new(),
            h5: Hdf5::new(plan.h5_slots, &plan.h5_types),
            rows: Default::default(),
            pnc: PncEngine::new(&plan.pnc),
            failed_again: 0,
            failed_then_succeeded: 0,
        }
    }

    /// Replay every step; `first` is the earliest recorded start over all ranks (the common
    /// origin of `--timing`).
    /// Every step in the order they began, keeping `order` with the other ranks.
    pub fn run(
        &mut self,
        timing: Timing,
        first: u64,
        order: &mut CrossOrder,
    ) -> [Totals; LAYERS.len()] {
        let start = Instant::now();
        let plan = self.plan;
        // SAFETY (both): MPI initialised; ranks of MPI_COMM_WORLD from the plan.
        let tell = &mut |dst: u32| unsafe {
            rr_tell(dst as i32);
        };
        let wait = &mut |src: u32| unsafe {
            rr_wait_for(src as i32);
        };
        for step in &plan.steps {
            if io_model::interrupt::received().is_some() {
                break;
            }
            if let Timing::Scaled(f) = timing {
                let due = Duration::from_nanos((step.t0.saturating_sub(first) as f64 * f) as u64);
                if let Some(wait) = due.checked_sub(start.elapsed()) {
                    io_replay::pause(wait);
                }
            }
            order.before(step.t0, tell, wait);
            match &step.what {
                What::Posix(c) => self.posix.replay_one(c),
                What::Mpi(s) => self.replay_mpi(s, step.t1.saturating_sub(step.t0)),
                What::Hdf5(s) => self.replay_h5(s, step.t1.saturating_sub(step.t0)),
                What::Pnc(s) => self.replay_pnc(s, step.t1.saturating_sub(step.t0)),
            }
        }
        order.before(u64::MAX, tell, wait);
        self.h5.finish();
        self.posix.close_all();
        self.wait_unfinished();
        let mut rows = std::mem::take(&mut self.rows);
        rows[0] = self.posix.totals();
        rows[PNETCDF] = std::mem::take(&mut self.pnc.row);
        for (i, row) in rows.iter_mut().enumerate().skip(1) {
            row.skipped += self.plan.skipped[i];
        }
        rows
    }

    fn replay_mpi(&mut self, s: &MpiStep, orig_ns: u64) {
        let row = if matches!(s, MpiStep::Barrier { .. }) {
            MPI
        } else {
            MPIIO
        };
        let t = Instant::now();
        let rc = self.issue(s);
        let failed_there = matches!(
            s,
            MpiStep::Open { failed: true, .. } | MpiStep::Delete { failed: true, .. }
        );
        match (failed_there, rc != 0) {
            (true, true) => self.failed_again += 1,
            (true, false) => self.failed_then_succeeded += 1,
            _ => {}
        }
        let r = &mut self.rows[row];
        r.calls += 1;
        r.ns += t.elapsed().as_nanos() as u64;
        r.orig_ns += orig_ns;
        // Failing as in the original is not a failure of the replay.
        if rc != 0 && !failed_there {
            r.failed += 1;
        }
    }

    /// Re-issue an HDF5 step and count it (a transfer's bytes, against the original's).
    fn replay_h5(&mut self, s: &H5Step, orig_ns: u64) {
        let t = Instant::now();
        let done = match s.buffer() {
            // Over MPI's count limit (the buffers' size): counted as failed.
            Some((_, need)) if need > self.wbuf.len() as u64 => {
                crate::hdf5::Done { rc: -1, moved: 0 }
            }
            Some((write, _)) => {
                let buf = self.buf(write);
                self.h5.issue(s, &self.comms, buf)
            }
            None => self.h5.issue(s, &self.comms, std::ptr::null_mut()),
        };
        let r = &mut self.rows[HDF5];
        r.calls += 1;
        r.ns += t.elapsed().as_nanos() as u64;
        r.orig_ns += orig_ns;
        r.failed += (done.rc < 0) as u64;
        if let H5Step::Transfer { write, bytes, .. } = *s {
            self.count_in(HDF5, write, done.moved as i64, bytes);
        }
    }

    fn replay_pnc(&mut self, s: &io_replay::pnetcdf::PncStep, orig_ns: u64) {
        let t = Instant::now();
        let rc = self.pnc.issue(s, &self.comms);
        let r = &mut self.pnc.row;
        r.calls += 1;
        r.ns += t.elapsed().as_nanos() as u64;
        r.orig_ns += orig_ns;
        r.failed += (rc != 0) as u64;
    }

    /// Count a transfer's bytes (done in the replay, done in the original).
    fn count(&mut self, write: bool, done: i64, orig: u64) {
        self.count_in(MPIIO, write, done, orig);
    }

    fn count_in(&mut self, row: usize, write: bool, done: i64, orig: u64) {
        let r = &mut self.rows[row];
        if write {
            r.bytes_written += done.max(0) as u64;
            r.orig_bytes_written += orig;
        } else {
            r.bytes_read += done.max(0) as u64;
            r.orig_bytes_read += orig;
        }
    }

    fn buf(&mut self, write: bool) -> *mut c_void {
        let b = if write {
            &mut self.wbuf
        } else {
            &mut self.rbuf
        };
        b.as_mut_ptr().cast()
    }

    /// Re-issue `s`: MPI's return code.
    fn issue(&mut self, s: &MpiStep) -> i32 {
        // SAFETY: MPI initialised; handles are the live ones of their slots (slots sized by
        // the plan); paths are NUL-terminated; buffers hold at least the bytes moved
        // (transfers over MAX_TRANSFER are refused by the shim before touching them).
        unsafe {
            match *s {
                MpiStep::Open {
                    comm,
                    ref path,
                    amode,
                    file,
                    failed,
                } => {
                    let fh = &mut self.files[file as usize];
                    let rc = rr_file_open(self.comms[comm as usize], path.as_ptr(), amode, fh);
                    // An open that failed in the original and not here: closed at once (the
                    // original's program went on without it), and said.
                    if failed && rc == 0 {
                        rr_file_close(fh);
                    }
                    rc
                }
                MpiStep::Close { file } => rr_file_close(&mut self.files[file as usize]),
                MpiStep::Delete { ref path, .. } => rr_file_delete(path.as_ptr()),
                MpiStep::SetSize { file, size } => rr_file_set_size(self.fh(file), size as i64),
                MpiStep::Preallocate { file, size } => {
                    rr_file_preallocate(self.fh(file), size as i64)
                }
                MpiStep::Sync { file } => rr_file_sync(self.fh(file)),
                MpiStep::SetView {
                    file,
                    disp,
                    etype,
                    filetype,
                } => rr_file_set_view(self.fh(file), disp as i64, etype as i64, filetype as i64),
                MpiStep::SetBlocksView {
                    file,
                    disp,
                    ref filetype,
                } => {
                    let runs: Vec<u64> = filetype
                        .runs
                        .iter()
                        .flat_map(|r| [r.offset, r.len, r.stride, r.count])
                        .collect();
                    let n = filetype.runs.len() as i64;
                    let (fh, lb, extent) =
                        (self.fh(file), filetype.lb as i64, filetype.extent as i64);
                    rr_file_set_view_blocks(fh, disp as i64, lb, extent, n, runs.as_ptr())
                }
                MpiStep::Seek {
                    file,
                    offset,
                    whence,
                    shared,
                } => rr_file_seek(self.fh(file), offset, whence as i32, shared as i32),
                MpiStep::SetAtomicity { file, flag } => rr_file_set_atomicity(self.fh(file), flag),
                MpiStep::Query { file, what } => rr_file_query(self.fh(file), what as i32),
                MpiStep::Barrier { comm } => rr_barrier(self.comms[comm as usize]),
                MpiStep::Cancel { req } => rr_cancel(&mut self.reqs[req as usize]),
                _ => self.issue_transfer(s),
            }
        }
    }

    fn fh(&self, file: u32) -> u64 {
        self.files[file as usize]
    }

    /// Re-issue a transfer or a completion.
    unsafe fn issue_transfer(&mut self, s: &MpiStep) -> i32 {
        let mut done = 0i64;
        match *s {
            MpiStep::Transfer {
                file,
                xfer,
                offset,
                bytes,
                orig,
            } => {
                let buf = self.buf(xfer.write);
                let (fh, off) = (self.fh(file), offset as i64);
                let rc = rr_file_transfer(fh, kind(xfer), off, buf, bytes as i64, &mut done);
                self.count(xfer.write, done, orig);
                rc
            }
            MpiStep::Start {
                file,
                xfer,
                offset,
                bytes,
                req,
                orig,
            } => {
                let buf = self.buf(xfer.write);
                let (fh, off, slot) = (self.fh(file), offset as i64, req as usize);
                self.req_write[slot] = xfer.write;
                self.count(xfer.write, 0, orig);
                rr_file_start(fh, kind(xfer), off, buf, bytes as i64, &mut self.reqs[slot])
            }
            MpiStep::SplitBegin {
                file,
                xfer,
                offset,
                bytes,
            } => {
                let buf = self.buf(xfer.write);
                rr_file_split_begin(self.fh(file), kind(xfer), offset as i64, buf, bytes as i64)
            }
            MpiStep::SplitEnd { file, xfer, orig } => {
                let buf = self.buf(xfer.write);
                let rc = rr_file_split_end(self.fh(file), kind(xfer), buf, &mut done);
                self.count(xfer.write, done, orig);
                rc
            }
            MpiStep::Complete { first, count } => self.complete(first as usize, count as usize),
            _ => 0,
        }
    }

    /// Wait for the requests the original left unfinished (it ended, or the trace did, before
    /// their completion): MPI_Finalize must not find one in flight. The others are
    /// MPI_REQUEST_NULL by now, which a wait returns at once for.
    fn wait_unfinished(&mut self) {
        self.wait_done.clear();
        self.wait_done.resize(self.reqs.len(), 0);
        let n = self.reqs.len() as i32;
        // SAFETY: `reqs` and `wait_done` hold n values; MPI initialised.
        unsafe { rr_waitall(n, self.reqs.as_mut_ptr(), self.wait_done.as_mut_ptr()) };
    }

    /// Wait for the request slots `plan.completed[first..first + count]` together.
    unsafe fn complete(&mut self, first: usize, count: usize) -> i32 {
        let plan = self.plan;
        let slots = &plan.completed[first..first + count];
        self.wait_reqs.clear();
        self.wait_reqs
            .extend(slots.iter().map(|&s| self.reqs[s as usize]));
        self.wait_done.clear();
        self.wait_done.resize(count, 0);
        let (reqs, done) = (self.wait_reqs.as_mut_ptr(), self.wait_done.as_mut_ptr());
        let rc = rr_waitall(count as i32, reqs, done);
        for (i, &s) in slots.iter().enumerate() {
            self.reqs[s as usize] = self.wait_reqs[i];
            let d = self.wait_done[i];
            self.count(self.req_write[s as usize], d, 0);
        }
        rc
    }
}
