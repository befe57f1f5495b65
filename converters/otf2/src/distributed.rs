//! recorder2otf2 under `mpirun -np N`: the ranks write one archive together with OTF2's MPI
//! collective callbacks. Each rank converts a contiguous share of the processes in plan order
//! (about the same bytes of thread streams each) with its worker threads, exactly as the
//! serial conversion converts each process; their parts (local definitions, event counts,
//! warnings) go to rank 0, which unifies them in plan order, writes every location's mapping
//! tables and the global definitions. The archive is the one the serial conversion writes.
//!
//! Errors: every step that can fail on one rank is agreed on by all before the next
//! collective call (`World::agree`), so a failing rank never leaves the others waiting; the
//! error reported is the first in plan order, as the serial conversion's.

use super::process::{ProcessPart, Shared};
use super::workers::{convert_range, Unified};
use super::{defs, global_skeleton, layout::Layout, no_streams, otf2e, paradigms, time_span};
use super::{Err, Error, Progress, Summary};
use definitions::wire::{WireReader, WireWriter};
use definitions::GlobalDefs;
use io_model::run::{Plan, Stats};
use io_model::trace::Trace;
use otf2_sys::mpi::World;
use otf2_sys::{ArchiveWriter, WriterOptions};
use std::ops::Range;
use std::path::Path;

/// The plan positions rank `rank` of `size` converts: contiguous, about the same stream
/// bytes each.
fn share(trace: &Trace, plan: &Plan, rank: usize, size: usize) -> Range<usize> {
    let bytes: Vec<u64> = plan
        .order
        .iter()
        .map(|&pi| trace.processes[pi].bytes.max(1))
        .collect();
    let total: u128 = bytes.iter().map(|&b| b as u128).sum();
    // Position k goes to the rank whose slice of the bytes holds k's first byte.
    let owner = |before: u128| ((before * size as u128) / total.max(1)) as usize;
    let (mut start, mut end, mut before) = (bytes.len(), bytes.len(), 0u128);
    for (k, &b) in bytes.iter().enumerate() {
        let o = owner(before);
        if o == rank && start == bytes.len() {
            start = k;
        }
        if o > rank {
            end = k;
            break;
        }
        before += b as u128;
    }
    start.min(end)..end
}

fn put_part(out: &mut Vec<u8>, part: &ProcessPart) {
    part.defs.to_wire(out);
    let mut w = WireWriter(out);
    w.u64(part.events.len() as u64);
    part.events.iter().for_each(|&n| w.u64(n));
    let s = &part.stats;
    for v in [
        s.processes as u64,
        s.records,
        s.events,
        s.tmin,
        s.tmax,
        s.bytes_read,
        s.process_last,
    ] {
        w.u64(v);
    }
    w.u64(s.warnings.len() as u64);
    s.warnings.iter().for_each(|m| w.str(m));
    match part.program {
        Some((a, b)) => (w.u64(1), w.u64(a), w.u64(b)),
        None => (w.u64(0), (), ()),
    };
    w.u64(part.deleted as u64);
    w.u64(part.contexts.len() as u64);
    for &(site, region) in &part.contexts {
        w.u64(site as u64);
        w.u64(region as u64);
    }
}

fn get_part(r: &mut WireReader) -> definitions::Result<ProcessPart> {
    let defs = GlobalDefs::from_wire(r)?;
    let events = (0..r.count()?).map(|_| r.u64()).collect::<Result<_, _>>()?;
    let mut v = [0u64; 7];
    for x in &mut v {
        *x = r.u64()?;
    }
    let warnings = (0..r.count()?).map(|_| r.str()).collect::<Result<_, _>>()?;
    let stats = Stats {
        processes: v[0] as usize,
        records: v[1],
        events: v[2],
        tmin: v[3],
        tmax: v[4],
        bytes_read: v[5],
        warnings,
        process_last: v[6],
    };
    let program = match r.u64()? {
        0 => None,
        _ => Some((r.u64()?, r.u64()?)),
    };
    let deleted = r.u64()? as u16;
    let contexts = (0..r.count()?)
        .map(|_| Ok((r.u32()?, r.u32()?)))
        .collect::<definitions::Result<_>>()?;
    Ok(ProcessPart {
        defs,
        events,
        stats,
        program,
        deleted,
        contexts,
    })
}

/// What a rank sends rank 0: its parts in plan order, or its first error.
fn rank_message(result: Result<Vec<u8>, Err>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = WireWriter(&mut out);
    match result {
        Ok(parts) => {
            w.u64(0);
            out.extend_from_slice(&parts);
        }
        Err(e) => {
            w.u64(1);
            w.str(&e.to_string());
        }
    }
    out
}

/// Rank 0: the ranks' messages unified in plan order, or the first error in plan order.
struct Collect<'a> {
    unified: Unified,
    layout: &'a Layout,
    next: usize,
    error: Option<Err>,
}

impl Collect<'_> {
    fn take(&mut self, rank: i32, bytes: &[u8]) -> Result<(), Err> {
        if self.error.is_some() {
            return Ok(());
        }
        let bad = |source: definitions::Error| Error::DamagedMessage { rank, source };
        let mut r = WireReader::new(bytes);
        if r.u64().map_err(bad)? == 1 {
            let message = r.str().map_err(bad)?;
            self.error = Some(Error::Rank { rank, message });
            return Ok(());
        }
        while !r.at_end() {
            let part = get_part(&mut r).map_err(bad)?;
            self.unified.add(part, self.layout.locations(self.next));
            self.next += 1;
        }
        Ok(())
    }
}

/// An archive every rank created, or none on any (see `World::agree`).
fn agree_archive(world: &World, r: Result<ArchiveWriter, Err>) -> Result<ArchiveWriter, Err> {
    let status = world.agree(r.as_ref().map(|_| ())).map_err(Error::from);
    match (status, r) {
        (Ok(()), r) => r,
        (Err(e), Ok(a)) => {
            a.abandon();
            Err(e)
        }
        (Err(e), Err(_)) => Err(e),
    }
}

/// A step agreed on by all ranks; on a failure anywhere the archive is given up everywhere.
fn step<T>(
    world: &World,
    archive: &mut Option<ArchiveWriter>,
    r: Result<T, Err>,
) -> Result<T, Err> {
    let r = world.agree(r).map_err(Error::from);
    if r.is_err() {
        if let Some(a) = archive.take() {
            a.abandon();
        }
    }
    r
}

/// Convert `trace` into `out` with every rank of `world` (`threads` workers each, 0: one per
/// core). Rank 0 returns the summary; the others an empty one.
pub fn convert_mpi(
    trace: &Trace,
    out: &Path,
    threads: usize,
    world: &World,
    progress: Progress,
) -> Result<Summary, Err> {
    let threads = super::workers(threads);
    write_mpi(trace, out, threads, world, progress).map_err(|e| e.named(out))
}

fn write_mpi(
    trace: &Trace,
    out: &Path,
    threads: usize,
    world: &World,
    progress: Progress,
) -> Result<Summary, Err> {
    let opts = WriterOptions {
        mpi: true,
        ..WriterOptions::default()
    };
    let created = ArchiveWriter::create_with(out, super::CREATOR, super::DESCRIPTION, &opts)
        .map_err(|source| Error::Create {
            path: out.to_path_buf(),
            source,
        });
    let mut archive = Some(agree_archive(world, created)?);
    let a = archive.as_mut().expect("created");
    let r = a.open_event_files().map_err(otf2e);
    step(world, &mut archive, r)?;
    let machine = super::machine_name(trace);
    let plan = Plan::new(trace);
    let (skeleton, layout) = global_skeleton(trace, &plan, &machine);
    let deletes = paradigms::DeleteIds::new(paradigms::possible(trace));
    let empty = match (world.rank, archive.as_ref()) {
        (0, Some(a)) => empty_locations(a, &layout),
        _ => Ok(()),
    };
    step(world, &mut archive, empty)?;
    let mine = share(trace, &plan, world.rank as usize, world.size as usize);
    let converted = {
        let a = archive.as_ref().expect("created");
        let shared = Shared {
            archive: a,
            plan: &plan,
            machine: &machine,
            deletes,
        };
        convert_share(trace, (&shared, &layout), mine, threads, world, progress)
    };
    // Rank 0 unifies the ranks' parts in plan order.
    let mut collect = Collect {
        unified: Unified::new(skeleton),
        layout: &layout,
        next: 0,
        error: None,
    };
    let message = rank_message(converted);
    let gathered = world
        .gather_each(&message, &mut |rank, bytes| collect.take(rank, bytes))
        .map_err(Error::from);
    drop(message);
    let decided = match (gathered, collect.error.take()) {
        (Err(e), _) | (Ok(()), Some(e)) => Err(e),
        (Ok(()), None) if world.rank == 0 && collect.unified.defs.locations.is_empty() => {
            Err(no_streams(trace, &collect.unified.stats.warnings))
        }
        (Ok(()), None) => Ok(()),
    };
    step(world, &mut archive, decided)?;
    let a = archive.as_mut().expect("agreed");
    let r = a.close_event_files().map_err(otf2e);
    step(world, &mut archive, r)?;
    let summary = finish_defs(
        trace,
        archive.as_mut().expect("agreed"),
        &layout,
        collect.unified,
        world,
        deletes,
    );
    let summary = step(world, &mut archive, summary)?;
    let closed = archive.take().expect("agreed").close().map_err(otf2e);
    world.agree(closed)?;
    Ok(summary)
}

/// The locations of ranks without a trace: empty event files (rank 0).
fn empty_locations(archive: &ArchiveWriter, layout: &Layout) -> Result<(), Err> {
    for loc in layout.no_trace.clone() {
        archive
            .event_writer(loc)
            .map_err(otf2e)?
            .close()
            .map_err(otf2e)?;
    }
    Ok(())
}

/// This rank's share of the processes, as the message to rank 0 (its parts, in plan order).
fn convert_share(
    trace: &Trace,
    (shared, layout): (&Shared, &Layout),
    mine: Range<usize>,
    threads: usize,
    world: &World,
    progress: Progress,
) -> Result<Vec<u8>, Err> {
    // The bar on rank 0 shows its share, scaled to the whole trace.
    let share_bytes: u64 = mine
        .clone()
        .map(|k| trace.processes[shared.plan.order[k]].bytes)
        .sum();
    let total = trace.stream_bytes();
    let scaled = |b: u64| {
        if world.rank == 0 {
            progress(((b as u128 * total as u128) / share_bytes.max(1) as u128) as u64);
        }
    };
    let mut parts = Vec::new();
    let mut encode = |_: usize, part: ProcessPart| {
        put_part(&mut parts, &part);
        Ok(())
    };
    convert_range((trace, shared, layout), mine, threads, &mut encode, &scaled)?;
    Ok(parts)
}

/// Rank 0 writes every location's mapping tables and the global definitions; the others
/// take part in the collective opening and closing of the local definition files.
fn finish_defs(
    trace: &Trace,
    archive: &mut ArchiveWriter,
    layout: &Layout,
    mut u: Unified,
    world: &World,
    deletes: paradigms::DeleteIds,
) -> Result<Summary, Err> {
    if world.rank != 0 {
        archive
            .local_defs()
            .map_err(otf2e)?
            .close()
            .map_err(otf2e)?;
        return Ok(Summary::default());
    }
    // Every rank's sites, unified by object and address, are resolved here, once.
    let (contexts, unresolved) = super::contexts::table(&u.defs, &u.contexts);
    defs::write_local_defs(archive, layout, &u.maps, &contexts)?;
    let span = time_span(trace, &u);
    let handles = u.defs.handles.iter().map(|h| h.paradigm);
    let paradigms = deletes.defined(handles, u.deleted)?;
    defs::write_global_defs(archive, &mut u.defs, &contexts, &paradigms, span)?;
    u.stats.warnings.extend(unresolved);
    Ok(Summary {
        processes: u.stats.processes,
        locations: u.defs.locations.len(),
        calls: u.stats.calls(),
        events: u.events,
        warnings: u.stats.warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_round_trip_through_bytes() {
        let mut defs = GlobalDefs::new("m");
        defs.strings.id("x");
        let part = ProcessPart {
            defs,
            events: vec![3, 0, u64::MAX],
            stats: Stats {
                processes: 1,
                records: 7,
                events: 2,
                tmin: 5,
                tmax: 9,
                bytes_read: 100,
                warnings: vec!["w1".into(), "w2".into()],
                process_last: 8,
            },
            program: Some((1, 2)),
            deleted: 0b101,
            contexts: vec![(0, 3), (7, 1)],
        };
        let mut bytes = Vec::new();
        put_part(&mut bytes, &part);
        put_part(&mut bytes, &part);
        let mut r = WireReader::new(&bytes);
        for _ in 0..2 {
            let back = get_part(&mut r).unwrap();
            assert_eq!(back.events, part.events);
            assert_eq!(back.stats.warnings, part.stats.warnings);
            assert_eq!((back.stats.tmin, back.stats.process_last), (5, 8));
            assert_eq!((back.program, back.deleted), (part.program, part.deleted));
            assert_eq!(back.defs.strings.all(), part.defs.strings.all());
        }
        assert!(r.at_end());
    }
}
