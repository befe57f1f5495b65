//! `recorder-otf2 pack TRACE`: the process folders of each MPI job on each node into one
//! file, compressed across ranks (io_events::pack). Run it after the job; under
//! `mpirun -np N` every rank packs its share of the packs (no MPI library needed: the rank
//! comes from the launcher's environment).

use io_events::pack::trace::{
    pack_group, plan, remove_packed_folders, remove_stale_temps, Outcome,
};
use io_model::driver::{self, bar};
use io_model::interrupt;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct PackArgs {
    /// The trace directory written by `recorder-otf2 record -o DIR`.
    trace: PathBuf,
    /// zstd level (1-22): higher packs smaller and slower.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(i32).range(1..=22))]
    level: i32,
    /// Keep the process folders (by default they are removed once the pack is written and
    /// read back equal to them).
    #[arg(long)]
    keep: bool,
    /// Worker threads, 0 to 4 per core (0 = one per core, the default; a larger number is
    /// refused).
    #[arg(long, default_value_t = 0, hide_default_value = true, value_parser = io_model::driver::parse_threads)]
    threads: usize,
    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,
    /// Pack nothing: list what the trace's packs hold, per process and file (bytes, and
    /// bytes stored: what each rank costs).
    #[arg(long)]
    list: bool,
    /// With --list: print the rows as a JSON array of objects (pack, process, file, bytes,
    /// stored, parts_stored), the same facts as the table.
    #[arg(long, requires = "list")]
    json: bool,
}

/// One file of one process in a pack, as `--list` shows it.
struct Listed {
    pack: String,
    process: String,
    file: String,
    bytes: u64,
    /// The compressed size of each part.
    parts: Vec<u64>,
}

/// Every pack's members and files with their stored sizes, packs in name order.
fn listing(trace: &Path) -> Result<Vec<Listed>, String> {
    let rd = std::fs::read_dir(trace).map_err(|e| format!("{}: {e}", trace.display()))?;
    let mut packs: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .filter(|e| io_events::pack::is_pack_name(&e.file_name().to_string_lossy()))
        .map(|e| e.path())
        .collect();
    packs.sort();
    let mut rows = Vec::new();
    for path in packs {
        let p = io_events::pack::read::PackFile::open(&path).map_err(|e| e.to_string())?;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        for m in &p.index.members {
            rows.extend(m.files.iter().map(|f| Listed {
                pack: name.to_string(),
                process: m.name.clone(),
                file: f.name.clone(),
                bytes: f.len,
                parts: f.parts.iter().map(|p| p.compressed).collect(),
            }));
        }
    }
    Ok(rows)
}

/// Print the listing: a tab-separated table, or a JSON array of the same rows.
fn list(trace: &Path, json: bool) -> Result<(), String> {
    let rows = listing(trace)?;
    let out = match json {
        true => list_json(&rows),
        false => list_text(&rows),
    };
    crate::analyze::stdout(&out)
}

fn list_text(rows: &[Listed]) -> String {
    let mut s = String::from("pack\tprocess\tfile\tbytes\tstored\tparts stored\n");
    for r in rows {
        let parts: Vec<String> = r.parts.iter().map(u64::to_string).collect();
        s += &format!(
            "{}\t{}\t{}\t{}\t{}\t{}\n",
            r.pack,
            r.process,
            r.file,
            r.bytes,
            r.parts.iter().sum::<u64>(),
            parts.join("/")
        );
    }
    s
}

fn list_json(rows: &[Listed]) -> String {
    let rows: Vec<serde_json::Value> = (rows.iter())
        .map(|r| {
            serde_json::json!({
                "pack": r.pack,
                "process": r.process,
                "file": r.file,
                "bytes": r.bytes,
                "stored": r.parts.iter().sum::<u64>(),
                "parts_stored": r.parts,
            })
        })
        .collect();
    serde_json::to_string_pretty(&rows).expect("a JSON value prints") + "\n"
}

/// Whether this process was started by an MPI launcher (mpirun, mpiexec, srun ...), even
/// as one rank.
pub(crate) fn under_launcher() -> bool {
    io_events::launcher::launch().is_some()
}

/// This process's rank and the number of ranks when run under an MPI launcher that says
/// both, else (0, 1): every process then does all the work itself.
pub(crate) fn launcher_rank() -> (usize, usize) {
    match io_events::launcher::launch() {
        Some(io_events::launcher::Launch {
            rank,
            size: Some(n),
            ..
        }) => (rank as usize, n as usize),
        _ => (0, 1),
    }
}

/// The rank that packs the pack named `name` (its name without a `.N` suffix, FNV-1a).
fn owner(name: &str, size: usize) -> usize {
    let base = name.strip_suffix(".rpk").unwrap_or(name);
    let base = match base.rsplit_once('.') {
        Some((b, n)) if n.bytes().all(|c| c.is_ascii_digit()) => b,
        _ => base,
    };
    let h = base.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    (h % size as u64) as usize
}

/// Why the trace folder cannot be written (no pack can be made there), if it cannot.
fn not_writable(trace: &Path) -> Option<std::io::Error> {
    let c = std::ffi::CString::new(trace.as_os_str().as_encoded_bytes()).ok()?;
    // SAFETY: a NUL-terminated path.
    if unsafe { libc::access(c.as_ptr(), libc::W_OK) } == 0 {
        return None;
    }
    let e = std::io::Error::last_os_error();
    // A missing or unreadable trace is told by the reading that follows.
    let denied = matches!(
        e.raw_os_error(),
        Some(libc::EACCES | libc::EROFS | libc::EPERM)
    );
    denied.then_some(e)
}

/// A trace folder that cannot be written: one line, unless there is nothing to pack.
fn refuse_read_only(trace: &Path, why: std::io::Error, rank: usize) -> Result<(), String> {
    let (groups, _) = plan(trace).map_err(|e| e.to_string())?;
    if groups.is_empty() {
        report(&Outcome::default(), rank, 0);
        return Ok(());
    }
    Err(format!(
        "{}: cannot write the packs there ({why}); nothing packed",
        trace.display()
    ))
}

pub fn run(a: PackArgs) -> Result<(), String> {
    if a.list {
        return list(&a.trace, a.json);
    }
    let (rank, size) = launcher_rank();
    if let Some(why) = not_writable(&a.trace) {
        return refuse_read_only(&a.trace, why, rank);
    }
    interrupt::install()?;
    // Every rank: the leftovers of its host's interrupted packs (not another rank's pack
    // being written: see stale_temps).
    let mut out = Outcome {
        stale_temps: remove_stale_temps(&a.trace).map_err(|e| e.to_string())?,
        ..Outcome::default()
    };
    if rank == 0 {
        remove_packed_folders(&a.trace, &mut out).map_err(|e| e.to_string())?;
    }
    let (groups, warnings) = plan(&a.trace).map_err(|e| e.to_string())?;
    out.warnings.extend(warnings);
    // Each pack goes to the rank its name hashes to: the ranks list the trace while others
    // already pack, so positions in their lists may differ, names do not.
    let mine: Vec<_> = groups
        .into_iter()
        .filter(|g| owner(&g.name, size) == rank)
        .collect();
    let members: u64 = mine.iter().map(|g| g.members.len() as u64).sum();
    let pb = bar(members, a.quiet || size > 1);
    let pool = driver::pool(a.threads).map_err(|e| e.to_string())?;
    // A failed pack does not stop the others: every outcome is kept, by pack name.
    let stop = || interrupt::received().is_some();
    let mut results = driver::map(&pool, &mine, |g| {
        let r = pack_group(&a.trace, g, a.level, a.keep, &stop);
        pb.inc(g.members.len() as u64);
        Ok::<_, String>((g.name.clone(), r))
    })?;
    pb.finish_and_clear();
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let mut failed = Vec::new();
    for (name, r) in results {
        match r {
            Ok(s) => out.packs.push((a.trace.join(name), s)),
            Err(e) => failed.push(e),
        }
    }
    let finished = format!(
        "the temporary files of the packs not finished ({} of {} packs written)",
        out.packs.len(),
        mine.len()
    );
    if let Some((line, _)) = interrupt::report(&finished) {
        return Err(line);
    }
    report(&out, rank, failed.len());
    match failed.first() {
        Some(e) if failed.len() > 1 => {
            Err(format!("{e} (and {} more packs failed)", failed.len() - 1))
        }
        Some(e) => Err(e.to_string()),
        None => Ok(()),
    }
}

/// What was packed and removed (`failed`: packs that failed, told by the caller).
fn report(out: &Outcome, rank: usize, failed: usize) {
    for w in &out.warnings {
        eprintln!("recorder-otf2: warning: {w}");
    }
    let (raw, packed, members) = out.packs.iter().fold((0, 0, 0), |acc, (_, s)| {
        (acc.0 + s.raw_bytes, acc.1 + s.pack_bytes, acc.2 + s.members)
    });
    if out.stale_temps > 0 {
        eprintln!(
            "recorder-otf2: removed {} temporary files of interrupted packs",
            out.stale_temps
        );
    }
    if out.already_packed > 0 {
        eprintln!(
            "recorder-otf2: removed {} folders a pack already held",
            out.already_packed
        );
    }
    if out.packs.is_empty() {
        if rank == 0 && out.already_packed == 0 && out.stale_temps == 0 && failed == 0 {
            eprintln!("recorder-otf2: nothing to pack");
        }
        return;
    }
    eprintln!(
        "recorder-otf2: {} processes into {} packs: {} -> {} bytes ({:.1}x)",
        members,
        out.packs.len(),
        raw,
        packed,
        raw as f64 / packed.max(1) as f64
    );
}
