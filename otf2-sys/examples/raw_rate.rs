//! Raw write rate of the OTF2 library through this crate: the floor a
//! converter can be measured against.
//!
//! ```text
//! cargo run --release -p otf2-sys --example raw_rate -- [N] [OUT.otf2] [--chunks K] [--chunk-size BYTES] [--locations L]
//! ```
//!
//! Writes a complete, valid archive (1 system tree, 1 process, L locations,
//! 3 regions, POSIX I/O paradigm, 1 file, 1 handle per location, an `Offset`
//! attribute) and N blocking write calls in total, each as
//! `Enter, IoOperationBegin(+Offset), IoOperationComplete, Leave`, spread
//! round-robin over the L locations (all writers open at once). Prints calls/s,
//! events/s, peak RSS and bytes on disk per call. `--chunks 0` disables the
//! bounded memory pool (OTF2's own allocator, up to 128 MiB per writer).
//! `--chunk-size` sets the event chunk size (default 1 MiB).
//! An existing OUT archive is replaced.

use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use otf2_sys::{
    ArchiveWriter, AttributeValue, IoAccessMode, IoCreationFlags, IoHandleFlags, IoOperationFlags,
    IoOperationMode, IoParadigmClass, IoParadigmFlags, IoParadigmProperty, IoStatusFlags,
    LocationGroupType, LocationType, Paradigm, RegionFlags, RegionRole, SystemTreeDomain, Type,
    WriterOptions,
};

/// Peak resident set of this process image in KiB: `VmHWM` from
/// /proc/self/status (reset by exec), if available.
fn vm_hwm_kib() -> Option<i64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `getrusage(RUSAGE_SELF).ru_maxrss` in KiB. Linux carries it across
/// `execve`, so under `cargo run` it includes cargo's own footprint.
fn peak_rss_kib() -> i64 {
    // SAFETY: getrusage fills the struct we pass.
    unsafe {
        let mut ru: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut ru);
        ru.ru_maxrss
    }
}

fn dir_size(p: &Path) -> u64 {
    let Ok(meta) = p.symlink_metadata() else {
        return 0;
    };
    if meta.is_dir() {
        std::fs::read_dir(p)
            .map(|rd| rd.flatten().map(|e| dir_size(&e.path())).sum())
            .unwrap_or(0)
    } else {
        meta.len()
    }
}

fn remove_archive(anchor: &Path) {
    let stem = anchor.with_extension("");
    let _ = std::fs::remove_file(anchor);
    let _ = std::fs::remove_file(stem.with_extension("def"));
    let _ = std::fs::remove_dir_all(&stem);
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut positional = Vec::new();
    let mut opts = WriterOptions::default();
    let mut locations: u64 = 1;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--chunks" => {
                let k: usize = args.next().ok_or("--chunks needs a value")?.parse()?;
                opts.max_chunks_per_writer = if k == 0 { None } else { Some(k) };
            }
            "--chunk-size" => {
                opts.event_chunk_size = args.next().ok_or("--chunk-size needs a value")?.parse()?
            }
            "--locations" => locations = args.next().ok_or("--locations needs a value")?.parse()?,
            _ => positional.push(a),
        }
    }
    let n: u64 = positional
        .first()
        .map(|s| s.replace('_', "").parse())
        .transpose()?
        .unwrap_or(10_000_000);
    let anchor = PathBuf::from(positional.get(1).cloned().unwrap_or_else(|| {
        std::env::temp_dir()
            .join("otf2_raw_rate.otf2")
            .to_string_lossy()
            .into_owned()
    }));
    let locations = locations.max(1);
    remove_archive(&anchor);

    let t0 = Instant::now();
    let mut archive =
        ArchiveWriter::create_with(&anchor, "otf2-sys raw_rate", "OTF2 raw write rate", &opts)?;

    // String ids.
    const S_EMPTY: u32 = 0;
    const S_MACHINE: u32 = 1;
    const S_HOST: u32 = 2;
    const S_NODE: u32 = 3;
    const S_RANK: u32 = 4;
    const S_WRITE: u32 = 6;
    const S_OPEN: u32 = 7;
    const S_CLOSE: u32 = 8;
    const S_POSIX: u32 = 9;
    const S_POSIX_IO: u32 = 10;
    const S_OFFSET: u32 = 11;
    const S_OFFSET_DESC: u32 = 12;
    const S_FILE: u32 = 13;
    const S_VERSION: u32 = 14;
    // Region / attribute / paradigm / file ids.
    const R_WRITE: u32 = 0;
    const R_OPEN: u32 = 1;
    const R_CLOSE: u32 = 2;
    const A_OFFSET: u32 = 0;
    const P_POSIX: u8 = 0;
    const F_DATA: u32 = 0;

    archive.open_event_files()?;
    let mut writers = (0..locations)
        .map(|l| archive.event_writer(l))
        .collect::<Result<Vec<_>, _>>()?;
    const CHUNK: u64 = 4096;
    let mut t = 0u64;
    for (l, w) in writers.iter_mut().enumerate() {
        let h = l as u32;
        w.enter(t, R_OPEN)?;
        w.io_create_handle(
            t + 1,
            h,
            IoAccessMode::WriteOnly,
            IoCreationFlags::CREATE | IoCreationFlags::TRUNCATE,
            IoStatusFlags::NONE,
        )?;
        w.leave(t + 2, R_OPEN)?;
    }
    t += 3;
    let t_events = Instant::now();
    for i in 0..n {
        let l = (i % locations) as usize;
        let w = &mut writers[l];
        let h = l as u32;
        let offset = (i / locations) * CHUNK;
        w.enter(t, R_WRITE)?;
        w.io_operation_begin(
            t + 1,
            h,
            IoOperationMode::Write,
            IoOperationFlags::NONE,
            CHUNK,
            i,
            Some((A_OFFSET, offset)),
        )?;
        w.io_operation_complete(t + 2, h, CHUNK, i)?;
        w.leave(t + 3, R_WRITE)?;
        t += 4;
    }
    let events_elapsed = t_events.elapsed();
    let mut counts = Vec::with_capacity(writers.len());
    for (l, mut w) in writers.into_iter().enumerate() {
        let h = l as u32;
        w.enter(t, R_CLOSE)?;
        w.io_destroy_handle(t + 1, h)?;
        w.leave(t + 2, R_CLOSE)?;
        counts.push(w.close()?);
    }
    t += 3;
    let mem = archive.memory_stats();
    archive.close_event_files()?;
    let location_ids: Vec<u64> = (0..locations).collect();
    archive.write_local_defs(&location_ids)?;

    let now_ns = SystemTime::now().duration_since(UNIX_EPOCH)?.as_nanos() as u64;
    {
        let mut d = archive.global_defs()?;
        d.clock_properties(1_000_000_000, 0, t, now_ns)?;
        for (id, s) in [
            "",
            "machine",
            "localhost",
            "node",
            "rank 0",
            "thread",
            "write",
            "open",
            "close",
            "POSIX",
            "POSIX I/O",
            "Offset",
            "absolute offset within the file",
            "/tmp/data",
            "1.0",
        ]
        .iter()
        .enumerate()
        {
            d.string(id as u32, s)?;
        }
        // Location names: string ids 15.. after the fixed strings.
        let thread_names: Vec<u32> = (0..locations).map(|l| 15 + l as u32).collect();
        for (l, &id) in thread_names.iter().enumerate() {
            d.string(id, &format!("thread {l}"))?;
        }
        d.io_paradigm(
            P_POSIX,
            S_POSIX,
            S_POSIX,
            IoParadigmClass::Serial,
            IoParadigmFlags::OS,
            &[(
                IoParadigmProperty::Version,
                AttributeValue::String(S_VERSION),
            )],
        )?;
        d.system_tree_node(0, S_MACHINE, S_MACHINE, None)?;
        d.system_tree_node(1, S_HOST, S_NODE, Some(0))?;
        d.system_tree_node_domain(0, SystemTreeDomain::Machine)?;
        d.system_tree_node_domain(1, SystemTreeDomain::SharedMemory)?;
        d.location_group(0, S_RANK, LocationGroupType::Process, 1, None)?;
        for (l, &nev) in counts.iter().enumerate() {
            d.location(l as u64, thread_names[l], LocationType::CpuThread, nev, 0)?;
        }
        for (id, name, role) in [
            (R_WRITE, S_WRITE, RegionRole::FileIo),
            (R_OPEN, S_OPEN, RegionRole::FileIoMetadata),
            (R_CLOSE, S_CLOSE, RegionRole::FileIoMetadata),
        ] {
            d.region(
                id,
                name,
                name,
                S_EMPTY,
                role,
                Paradigm::None,
                RegionFlags::NONE,
                S_POSIX_IO,
                0,
                0,
            )?;
        }
        d.attribute(A_OFFSET, S_OFFSET, S_OFFSET_DESC, Type::Uint64)?;
        d.io_regular_file(F_DATA, S_FILE, 0)?;
        for l in 0..locations {
            d.io_handle(
                l as u32,
                S_FILE,
                Some(F_DATA),
                P_POSIX,
                IoHandleFlags::NONE,
                None,
                None,
            )?;
        }
    }
    archive.close()?;
    let total = t0.elapsed();

    let stem = anchor.with_extension("");
    let bytes = dir_size(&anchor) + dir_size(&stem.with_extension("def")) + dir_size(&stem);
    let events: u64 = counts.iter().sum();
    let secs = events_elapsed.as_secs_f64();
    println!("archive            {}", anchor.display());
    println!("calls              {n} over {locations} location(s)");
    println!("events             {events}");
    println!(
        "event loop         {:.3} s  -> {:.2} M calls/s, {:.2} M events/s",
        secs,
        n as f64 / secs / 1e6,
        (4 * n) as f64 / secs / 1e6
    );
    println!(
        "total (with close) {:.3} s  -> {:.2} M calls/s",
        total.as_secs_f64(),
        n as f64 / total.as_secs_f64() / 1e6
    );
    let maxrss = peak_rss_kib() as f64 / 1024.0;
    match vm_hwm_kib() {
        Some(hwm) => println!(
            "peak RSS           {:.1} MiB (VmHWM; getrusage ru_maxrss {maxrss:.1} MiB, which counts the parent image under cargo run)",
            hwm as f64 / 1024.0
        ),
        None => println!("peak RSS           {maxrss:.1} MiB (getrusage ru_maxrss)"),
    }
    println!(
        "chunk pool         peak {:.1} MiB, forced flushes {} ({:?} chunks/writer)",
        mem.peak_bytes as f64 / (1024.0 * 1024.0),
        mem.forced_flushes,
        opts.max_chunks_per_writer
    );
    println!(
        "on disk            {bytes} bytes = {:.1} bytes/call",
        bytes as f64 / n.max(1) as f64
    );
    Ok(())
}
