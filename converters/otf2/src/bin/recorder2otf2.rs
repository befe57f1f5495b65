//! recorder2otf2 TRACE_DIR OUT.otf2 (or -o OUT.otf2): convert a native trace into an OTF2 archive.

use clap::Parser;
use indicatif::ProgressBar;
use io_model::driver::bar;
use otf2_sys::mpi::World;
use std::process::ExitCode;

use otf2_writer::cli::{ConvertArgs as Args, ToOtf2Args};

/// The trace, once the output is known to be free (or replaced with --force). Under mpirun
/// only rank 0 (`main_rank`) looks at and removes the output.
fn prepare(a: &Args, main_rank: bool) -> Result<io_model::trace::Trace, String> {
    if a.output().extension().and_then(|e| e.to_str()) != Some("otf2") {
        return Err(format!(
            "{}: the output must name the archive's anchor file, ending in .otf2",
            a.output().display()
        ));
    }
    let trace = io_model::trace::Trace::open(&a.trace_dir)?;
    if !main_rank {
        return Ok(trace);
    }
    let stem = a.output().with_extension("");
    if stem.exists() && !otf2_writer::is_archive_folder(&stem) {
        return Err(format!(
            "{}: exists and is not an OTF2 archive folder (OTF2 writes the archive's event files there); choose another output name",
            stem.display()
        ));
    }
    let exists = a.output().exists() || a.output().with_extension("def").exists() || stem.exists();
    if exists {
        if !a.force {
            return Err(format!(
                "{}: already exists; use --force to replace it",
                a.output().display()
            ));
        }
        otf2_writer::remove_archive(a.output()).map_err(|e| e.to_string())?;
    }
    if let Some(parent) = a.output().parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(format!(
                "{}: no such directory for the output",
                parent.display()
            ));
        }
    }
    Ok(trace)
}

fn report(a: &Args, s: &otf2_writer::Summary) {
    for w in &s.warnings {
        eprintln!("recorder2otf2: warning: {w}");
    }
    if !a.quiet {
        eprintln!(
            "recorder2otf2: {} processes, {} locations, {} calls -> {} events in {}",
            s.processes,
            s.locations,
            s.calls,
            s.events,
            a.output().display()
        );
    }
}

fn run(a: &Args) -> Result<(), String> {
    let trace = prepare(a, true)?;
    io_model::interrupt::install()?;
    let bar = bar(trace.stream_bytes(), a.quiet);
    let result = otf2_writer::convert(&trace, a.output(), a.threads, &|n| bar.set_position(n));
    bar.finish_and_clear();
    match result {
        Ok(s) => {
            report(a, &s);
            Ok(())
        }
        Err(e) => {
            // Leave nothing half-written behind.
            let _ = otf2_writer::remove_partial_archive(a.output());
            Err(e.to_string())
        }
    }
}

/// Under mpirun: every rank converts its share into the one archive (rank 0 reports).
fn run_mpi(a: &Args, world: &World) -> Result<(), String> {
    let main_rank = world.rank == 0;
    let agreed = |e: otf2_sys::mpi::Error| e.to_string();
    let trace = world.agree(prepare(a, main_rank)).map_err(agreed)?;
    world
        .agree(io_model::interrupt::install())
        .map_err(agreed)?;
    let bar = match main_rank {
        true => bar(trace.stream_bytes(), a.quiet),
        false => ProgressBar::hidden(),
    };
    let result = otf2_writer::convert_mpi(&trace, a.output(), a.threads, world, &|n| {
        bar.set_position(n)
    });
    bar.finish_and_clear();
    match result {
        Ok(s) => {
            if main_rank {
                report(a, &s);
            }
            Ok(())
        }
        Err(e) => {
            // Once no rank writes any more, rank 0 removes what was written.
            let _ = world.barrier();
            if main_rank {
                let _ = otf2_writer::remove_partial_archive(a.output());
            }
            Err(e.to_string())
        }
    }
}

/// The rank the MPI launcher gave this process, before MPI is initialised (0 when none).
fn launcher_rank() -> u32 {
    io_events::launcher::launch().map_or(0, |l| l.rank)
}

/// Keep OTF2's per-file 4 MiB write buffers on the heap for the next event file: by default
/// glibc may hand each back to the kernel when the file closes (trimming the heap top or
/// unmapping it), and the next location faults it in again: 10 M page faults and 21 s of
/// system time at 10,000 processes, against 2 s kept (docs/performance.md). A heap may keep
/// up to 16 MiB free per worker thread in exchange.
fn keep_write_buffers() {
    #[cfg(target_env = "gnu")]
    // SAFETY: mallopt only sets allocator parameters; called before the threads start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 8 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 16 << 20);
    }
}

fn main() -> ExitCode {
    keep_write_buffers();
    let a = ToOtf2Args::parse().args;
    let launch = io_events::launcher::launch().filter(|l| l.size.is_some_and(|n| n > 1));
    if let Some(launch) = launch {
        return match World::init() {
            Ok(world) => {
                let library = otf2_sys::mpi::library();
                if let Some(e) = io_events::launcher::foreign(&launch, world.size as u32, &library)
                {
                    world.finalize();
                    return exit(&a, Err(e), launch.rank == 0);
                }
                let code = exit(&a, run_mpi(&a, world), world.rank == 0);
                world.finalize();
                code
            }
            Err(e) => exit(&a, Err(e.to_string()), launcher_rank() == 0),
        };
    }
    exit(&a, run(&a), true)
}

/// The exit status, and the one line saying why (on the rank that speaks).
fn exit(a: &Args, result: Result<(), String>, speaks: bool) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) if !speaks => match io_model::interrupt::received() {
            Some(sig) => ExitCode::from(128 + sig as u8),
            None => ExitCode::FAILURE,
        },
        Err(e) => {
            let removed = format!(
                "{}, {} and {}/",
                a.output().display(),
                a.output().with_extension("def").display(),
                a.output().with_extension("").display()
            );
            match io_model::interrupt::report(&removed) {
                Some((line, code)) => {
                    eprintln!("recorder2otf2: {line}");
                    ExitCode::from(code)
                }
                None => {
                    eprintln!("recorder2otf2: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
