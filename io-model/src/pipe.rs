//! Accumulating resolved calls and operations on a thread of their own.
//!
//! A trace of one busy process is interpreted on one thread (its state is sequential), so
//! with a single process a second core would sit idle but for decoding. An [`Accumulator`]
//! (a consumer that needs no record, only the resolved [`Call`]s and [`Op`]s) can run
//! beside the interpreter instead: [`Piped`] hands it batches through a bounded channel
//! and recycles them, so memory stays a few batches whatever the trace's length.
//! [`Direct`] runs the same accumulator in place (for many processes in parallel).

use crate::error::{Error, ErrorKind};
use crate::mpi::MpiSync;
use crate::resolve::{Call, Consumer, FileAt, MetaKind, Op};
use definitions::FileView;
use io_events::codec::Record;
use std::sync::mpsc::{channel, sync_channel, Receiver, SyncSender};
use std::thread::JoinHandle;

/// A consumer of whole calls and operations that needs no record.
pub trait Accumulator: Send + 'static {
    fn call(&mut self, c: &Call);
    fn op(&mut self, o: &Op);
    fn meta(&mut self, thread: usize, kind: MetaKind, file: Option<FileAt>, t: u64);
    fn mpi_sync(&mut self, _s: &MpiSync) {}
    /// The process's view `id` ([`Consumer::view`]).
    fn view(&mut self, _id: u32, _v: &FileView) {}
}

/// An accumulator run on the interpreter's thread.
pub struct Direct<A>(pub A);

impl<A: Accumulator> Consumer for Direct<A> {
    fn call(&mut self, c: &Call, _r: &Record) {
        self.0.call(c);
    }
    fn op(&mut self, o: &Op) {
        self.0.op(o);
    }
    fn meta(&mut self, thread: usize, kind: MetaKind, file: Option<FileAt>, t: u64) {
        self.0.meta(thread, kind, file, t);
    }
    fn mpi_sync(&mut self, s: &MpiSync) {
        self.0.mpi_sync(s);
    }
    fn view(&mut self, id: u32, v: &FileView) {
        self.0.view(id, v);
    }
}

enum Item {
    Call(Call),
    Op(Op),
    Meta(usize, MetaKind, Option<FileAt>, u64),
    Sync(MpiSync),
    View(u32, FileView),
}

/// Items per batch.
const BATCH: usize = 8192;

/// Batches in all: one filled by the interpreter, one accumulated, one waiting between. They
/// are made at the start and passed round, so that the memory is the same for a short
/// process and a long one (a batch made whenever none was back yet made it grow with the
/// length of the run until enough were in circulation).
const BATCHES: usize = 3;

/// An accumulator run on a thread of its own, fed in batches.
pub struct Piped<A: Accumulator> {
    batch: Vec<Item>,
    tx: Option<SyncSender<Vec<Item>>>,
    spare: Receiver<Vec<Item>>,
    worker: Option<JoinHandle<A>>,
}

impl<A: Accumulator> Piped<A> {
    /// Start the accumulator's thread.
    pub fn spawn(mut acc: A) -> Result<Piped<A>, Error> {
        let (tx, rx) = sync_channel::<Vec<Item>>(2);
        let (back_tx, spare) = channel::<Vec<Item>>();
        for _ in 1..BATCHES {
            let _ = back_tx.send(Vec::with_capacity(BATCH));
        }
        let worker = std::thread::Builder::new()
            .name("accumulate".into())
            .spawn(move || {
                for mut batch in rx {
                    for item in &batch {
                        match item {
                            Item::Call(c) => acc.call(c),
                            Item::Op(o) => acc.op(o),
                            Item::Meta(th, k, f, t) => acc.meta(*th, *k, *f, *t),
                            Item::Sync(m) => acc.mpi_sync(m),
                            Item::View(id, v) => acc.view(*id, v),
                        }
                    }
                    batch.clear();
                    // The interpreter may be gone already: then the batch is dropped.
                    let _ = back_tx.send(batch);
                }
                acc
            })
            .map_err(|source| ErrorKind::Spawn {
                what: "an accumulating thread",
                source,
            })?;
        Ok(Piped {
            batch: Vec::with_capacity(BATCH),
            tx: Some(tx),
            spare,
            worker: Some(worker),
        })
    }

    fn push(&mut self, item: Item) {
        self.batch.push(item);
        if self.batch.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        // Waits for the accumulator to hand a batch back; a new one only when it is gone.
        let next = self
            .spare
            .recv()
            .unwrap_or_else(|_| Vec::with_capacity(BATCH));
        let full = std::mem::replace(&mut self.batch, next);
        if let Some(tx) = &self.tx {
            // A send fails only when the worker is gone (it panicked): `finish` says so.
            if tx.send(full).is_err() {
                self.tx = None;
            }
        }
    }

    /// Everything handed over: wait for the accumulator and take it back.
    pub fn finish(mut self) -> Result<A, Error> {
        if !self.batch.is_empty() {
            self.flush();
        }
        self.tx = None;
        match self.worker.take().map(|w| w.join()) {
            Some(Ok(acc)) => Ok(acc),
            _ => Err(ErrorKind::ThreadFailed("the accumulating thread failed").into()),
        }
    }
}

impl<A: Accumulator> Consumer for Piped<A> {
    fn call(&mut self, c: &Call, _r: &Record) {
        self.push(Item::Call(*c));
    }
    fn op(&mut self, o: &Op) {
        self.push(Item::Op(*o));
    }
    fn meta(&mut self, thread: usize, kind: MetaKind, file: Option<FileAt>, t: u64) {
        self.push(Item::Meta(thread, kind, file, t));
    }
    fn mpi_sync(&mut self, s: &MpiSync) {
        self.push(Item::Sync(*s));
    }
    fn view(&mut self, id: u32, v: &FileView) {
        self.push(Item::View(id, v.clone()));
    }
}

impl<A: Accumulator> Drop for Piped<A> {
    fn drop(&mut self) {
        // An interpretation that failed half-way: stop the worker and let it finish.
        self.tx = None;
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}
