//! Insight rules: findings with the files, ranks and calls concerned and what to try. Every
//! threshold is documented in docs/analysis.md and can be changed in a YAML file.

use super::aggregate::{layer_index, RANDOM};
use super::Analysis;
use crate::units::int;
use crate::sites::{SiteAcc, SiteStats};
use crate::stack::stack_pos;
use crate::units::human;
use io_events::functions::{Layer, FUNCTIONS};
use io_model::procs::rank_id;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The thresholds of every rule (YAML keys are these names).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Thresholds {
    /// Requests smaller than this are small.
    pub small_request_bytes: u64,
    /// Small requests: share of a file's requests and least count.
    pub small_request_share: f64,
    pub small_request_min: u64,
    /// File offsets are aligned to this.
    pub alignment_bytes: u64,
    pub misaligned_share: f64,
    pub misaligned_min: u64,
    /// Random accesses: share of a file's accesses and least count.
    pub random_share: f64,
    pub random_min: u64,
    /// Independent MPI-IO operations with no collective one, at least this many.
    pub independent_mpiio_min: u64,
    /// Metadata time: per rank in seconds, or as a share of its I/O and metadata time
    /// (with at least `metadata_min_s`).
    pub metadata_time_s: f64,
    pub metadata_share: f64,
    pub metadata_min_s: f64,
    /// Rank imbalance: (slowest − fastest) / slowest I/O time, with the slowest at least
    /// `imbalance_min_s`.
    pub imbalance_share: f64,
    pub imbalance_min_s: f64,
    /// Rank imbalance in bytes: (most − least) / most of the data-file bytes of the MPI
    /// ranks of a job, with the difference at least `imbalance_min_bytes`.
    pub imbalance_bytes_share: f64,
    pub imbalance_min_bytes: u64,
    /// Redundant reads: bytes read by two or more processes over the file's extent, at
    /// least this factor and `redundant_min_bytes` in excess.
    pub redundant_factor: f64,
    pub redundant_min_bytes: u64,
    /// Share of all bytes moved through ISO C stdio.
    pub stdio_share: f64,
    pub stdio_min_bytes: u64,
    /// Files written by a single process each, at least this many (file-per-process).
    pub file_per_process_min: u64,
    /// Flushes (fsync, fdatasync, fflush, MPI_File_sync ...): count and share of I/O time.
    pub flush_min: u64,
    pub flush_share: f64,
    /// A high-level call making at least this many small POSIX operations fans out.
    pub fanout_posix_ops: u64,
    /// High-level calls that fanned out, at least this many.
    pub fanout_min_calls: u64,
    /// Collective high-level calls that became independent MPI-IO, at least this many.
    pub collective_to_independent_min: u64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            small_request_bytes: 1 << 20,
            small_request_share: 0.1,
            small_request_min: 1000,
            alignment_bytes: 4096,
            misaligned_share: 0.1,
            misaligned_min: 1000,
            random_share: 0.2,
            random_min: 1000,
            independent_mpiio_min: 1000,
            metadata_time_s: 30.0,
            metadata_share: 0.5,
            metadata_min_s: 1.0,
            imbalance_share: 0.15,
            imbalance_min_s: 1.0,
            imbalance_bytes_share: 0.5,
            imbalance_min_bytes: 1 << 20,
            redundant_factor: 2.0,
            redundant_min_bytes: 1 << 20,
            stdio_share: 0.1,
            stdio_min_bytes: 1 << 20,
            file_per_process_min: 64,
            flush_min: 100,
            flush_share: 0.1,
            fanout_posix_ops: 8,
            fanout_min_calls: 10,
            collective_to_independent_min: 1,
        }
    }
}

impl Thresholds {
    /// Read a YAML file of thresholds (missing keys keep their defaults).
    pub fn load(path: &std::path::Path) -> Result<Thresholds, crate::Error> {
        use crate::Error;
        let read = |source| Error::ReadThresholds {
            path: path.into(),
            source,
        };
        let meta = std::fs::metadata(path).map_err(read)?;
        if !meta.is_file() || meta.len() > 1 << 20 {
            return Err(Error::NotThresholds { path: path.into() });
        }
        let text = std::fs::read_to_string(path).map_err(read)?;
        serde_yaml::from_str(&text).map_err(|source| Error::ParseThresholds {
            path: path.into(),
            source,
        })
    }
}

/// One finding.
#[derive(Clone, Debug)]
pub struct Insight {
    pub code: &'static str,
    pub rule: &'static str,
    pub severity: &'static str,
    pub message: String,
    pub files: Vec<String>,
    pub ranks: Vec<u64>,
    pub calls: Vec<String>,
    /// Where in the program the offending operations were made: (site label, how many
    /// of them), most first.
    pub call_sites: Vec<(String, u64)>,
    pub suggestion: &'static str,
    pub value: f64,
    pub threshold: f64,
}

impl Insight {
    pub fn to_json(&self) -> Value {
        json!({
            "code": self.code, "rule": self.rule, "severity": self.severity, "message": self.message,
            "files": self.files, "ranks": self.ranks, "calls": self.calls,
            "call_sites": self.call_sites.iter().map(|(site, count)| json!({"site": site, "count": count})).collect::<Vec<_>>(),
            "suggestion": self.suggestion, "value": self.value, "threshold": self.threshold,
        })
    }
}

const MAX_LISTED: usize = 20;

fn ranks_of(a: &Analysis, procs: impl Iterator<Item = usize>) -> Vec<u64> {
    let mut v: Vec<u64> = procs.map(|i| rank_id(a.proc(i))).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Every rule, in code order.
pub fn evaluate(a: &Analysis, t: &Thresholds) -> Vec<Insight> {
    let mut out = Vec::new();
    per_file_rules(a, t, &mut out);
    mpiio_rules(a, t, &mut out);
    rank_rules(a, t, &mut out);
    job_rules(a, t, &mut out);
    chain_rules(a, t, &mut out);
    out.sort_by_key(|i| i.code);
    out
}

/// A per-file rule: code, name, severity, threshold, what to try, and the test giving the
/// file's value and what it found.
type FileTest<'a> = Box<dyn Fn(&super::FileStats) -> Option<(f64, String)> + 'a>;
struct FileRule<'a>(
    &'static str,
    &'static str,
    &'static str,
    f64,
    &'static str,
    FileTest<'a>,
);

/// Rules that look at one file at a time, reported once per rule with every file concerned.
fn per_file_rules(a: &Analysis, t: &Thresholds, out: &mut Vec<Insight>) {
    let rules: [FileRule; 4] = [
        FileRule("F01", "small-requests", "high", t.small_request_share,
         "aggregate small requests: larger transfers per call, collective buffering (MPI-IO _all calls, romio_cb_write), or a buffering layer (HDF5 chunk cache, netCDF chunking)",
         Box::new(|f| {
            let n = f.acc.read_ops + f.acc.write_ops;
            let s = share(f.acc.small_ops, n);
            (f.acc.small_ops >= t.small_request_min && s > t.small_request_share)
                .then(|| (s, format!("{} of {} requests under {}", f.acc.small_ops, n, human(t.small_request_bytes))))
        })),
        FileRule("F02", "misaligned-requests", "medium", t.misaligned_share,
         "align file offsets to the file system block or stripe (H5Pset_alignment, MPI-IO striping hints, padding records)",
         Box::new(|f| {
            let n = f.acc.read_ops + f.acc.write_ops;
            let s = share(f.acc.misaligned_ops, n);
            (f.acc.misaligned_ops >= t.misaligned_min && s > t.misaligned_share)
                .then(|| (s, format!("{} of {} requests not aligned to {}", f.acc.misaligned_ops, n, human(t.alignment_bytes))))
        })),
        FileRule("F03", "random-access", "medium", t.random_share,
         "sort or group accesses by offset, or read whole blocks once (collective reads, data sieving)",
         Box::new(|f| {
            let n: u64 = f.acc.pattern.iter().sum();
            let r = f.acc.pattern[RANDOM];
            let s = share(r, n);
            (r >= t.random_min && s > t.random_share).then(|| (s, format!("{r} of {n} accesses go backwards")))
        })),
        FileRule("F04", "redundant-reads", "medium", t.redundant_factor,
         "several processes read the same bytes: read once and broadcast (MPI_Bcast), or read collectively (MPI_File_read_all) so that each byte is read once",
         Box::new(|f| {
            // Advice for readers only: rewriting a region (a checkpoint) or one process
            // rereading its own data is not what a broadcast fixes.
            let ext = f.acc.max_end;
            let read = f.acc.read_bytes;
            let factor = if ext == 0 { 0.0 } else { read as f64 / ext as f64 };
            (f.readers >= 2 && ext > 0 && factor >= t.redundant_factor && read - ext >= t.redundant_min_bytes)
                .then(|| (factor, format!("{} read by {} processes for a {} extent", human(read), f.readers, human(ext))))
        })),
    ];
    for FileRule(code, rule, sev, threshold, fix, test) in rules {
        // Offsets of stdio calls are the program's record layout, not what reaches the file
        // system (stdio buffers): alignment is advised where the file system sees requests.
        let applies = |f: &&super::FileStats| !(code == "F02" && f.layer == Layer::Isoc);
        let mut hits: Vec<(&super::FileStats, f64, String)> = a
            .files
            .iter()
            .filter(|f| f.layer != Layer::Mpi)
            .filter(applies)
            .filter_map(|f| test(f).map(|(v, m)| (f, v, m)))
            .collect();
        if hits.is_empty() {
            continue;
        }
        hits.sort_by(|x, y| y.1.total_cmp(&x.1));
        let (f0, v0, m0) = &hits[0];
        let sites = file_rule_sites(a, code, layer_index(f0.layer));
        out.push(Insight {
            message: format!(
                "{}; worst: {} at {}: {}{}",
                files_count(hits.iter().map(|h| h.0.path.as_str())),
                f0.path,
                f0.layer.identification(),
                m0,
                sites_clause(&sites)
            ),
            call_sites: sites.into_iter().map(|s| (s.label, s.count)).collect(),
            code,
            rule,
            severity: sev,
            files: hits
                .iter()
                .take(MAX_LISTED)
                .map(|h| format!("{} ({})", h.0.path, h.0.layer.identification()))
                .collect(),
            ranks: ranks_of(
                a,
                hits.iter().flat_map(|h| h.0.per_proc.iter().map(|p| p.0)),
            ),
            calls: Vec::new(),
            suggestion: fix,
            value: *v0,
            threshold,
        });
    }
}

/// Sites named per insight.
const SITES_NAMED: usize = 2;

/// A site named in an insight: its label, how many offending operations (or calls) it
/// made, and the phrase saying so.
#[derive(Clone, Debug)]
struct SiteCount {
    label: String,
    count: u64,
    phrase: String,
}

/// "; 2,000 writes of 1 B from w.c:17 in write_block, ..." or nothing without a known site.
fn sites_clause(sites: &[SiteCount]) -> String {
    if sites.is_empty() {
        return String::new();
    }
    let v: Vec<&str> = sites.iter().map(|s| s.phrase.as_str()).collect();
    format!("; {}", v.join(", "))
}

/// The known sites that made most of the offending operations: `count` gives a site's
/// number of them and the noun for them ("writes"); `phrase` says it (the site, its
/// count, the noun).
fn offending_sites(
    a: &Analysis,
    count: impl Fn(&SiteAcc) -> (u64, &'static str),
    phrase: impl Fn(&SiteStats, u64, &str) -> String,
) -> Vec<SiteCount> {
    let mut v: Vec<(&SiteStats, u64, &'static str)> = a
        .call_sites
        .iter()
        .filter(|s| !s.site.unknown)
        .map(|s| {
            let (n, noun) = count(&s.acc);
            (s, n, noun)
        })
        .filter(|x| x.1 > 0)
        .collect();
    v.sort_by(|x, y| {
        y.1.cmp(&x.1)
            .then_with(|| x.0.site.label().cmp(&y.0.site.label()))
    });
    v.into_iter()
        .take(SITES_NAMED)
        .map(|(s, n, noun)| SiteCount {
            label: s.site.label(),
            count: n,
            phrase: phrase(s, n, noun),
        })
        .collect()
}

/// "writes", "reads", or "reads and writes".
fn noun(reads: u64, writes: u64) -> &'static str {
    match (reads, writes) {
        (0, _) => "writes",
        (_, 0) => "reads",
        _ => "reads and writes",
    }
}

/// The sizes a site requested at a layer: "1 B", "1-100 B", "512 B-4.0 MiB".
fn request_range(acc: &SiteAcc, li: usize) -> String {
    let (lo, hi) = (acc.min_request[li], acc.max_request[li]);
    if lo == hi {
        human(lo)
    } else if hi < 1024 {
        format!("{lo}-{hi} B")
    } else {
        format!("{}-{}", human(lo), human(hi))
    }
}

/// A site's offending operations and the noun for them ("writes").
type OffenceCount<'a> = dyn Fn(&SiteAcc) -> (u64, &'static str) + 'a;

/// The sites of a per-file rule's offending operations at layer `li` (the worst file's):
/// "2,000 writes of 1 B from call_sites.c:17 in write_block".
fn file_rule_sites(a: &Analysis, code: &str, li: usize) -> Vec<SiteCount> {
    let dirs = |acc: &SiteAcc| noun(acc.read_ops[li], acc.write_ops[li]);
    let small = |acc: &SiteAcc| {
        let (r, w) = (acc.small_reads[li], acc.small_writes[li]);
        (r + w, noun(r, w))
    };
    let misaligned = |acc: &SiteAcc| (acc.misaligned_ops[li], dirs(acc));
    let backward = |acc: &SiteAcc| (acc.random_ops[li], dirs(acc));
    let reads = |acc: &SiteAcc| (acc.read_ops[li], "reads");
    let (adjective, count): (&str, &OffenceCount<'_>) = match code {
        "F01" => ("", &small),
        "F02" => ("misaligned ", &misaligned),
        "F03" => ("backward ", &backward),
        _ => ("", &reads),
    };
    offending_sites(a, count, |s, n, noun| {
        // "1 write", not "1 writes" (a single one cannot be both a read and a write).
        let noun = if n == 1 {
            noun.trim_end_matches('s')
        } else {
            noun
        };
        format!(
            "{} {adjective}{noun} of {} from {}",
            int(n),
            request_range(&s.acc, li),
            s.site.label()
        )
    })
}

/// "1 file" or "N files", counting each path once (a file seen at several layers is one).
fn files_count<'a>(paths: impl Iterator<Item = &'a str>) -> String {
    let n = paths.collect::<std::collections::BTreeSet<_>>().len();
    format!("{n} file{}", if n == 1 { "" } else { "s" })
}

fn share(n: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        n as f64 / total as f64
    }
}

/// MPI-IO: independent operations only.
fn mpiio_rules(a: &Analysis, t: &Thresholds, out: &mut Vec<Insight>) {
    let files: Vec<&super::FileStats> =
        a.files.iter().filter(|f| f.layer == Layer::MpiIo).collect();
    let ops: u64 = files.iter().map(|f| f.acc.read_ops + f.acc.write_ops).sum();
    let coll: u64 = files.iter().map(|f| f.acc.collective_ops).sum();
    if coll == 0 && ops >= t.independent_mpiio_min {
        out.push(Insight {
            call_sites: Vec::new(),
            code: "M01",
            rule: "no-collective-mpiio",
            severity: "high",
            message: format!("{ops} independent MPI-IO operations and no collective one"),
            files: files.iter().take(MAX_LISTED).map(|f| f.path.clone()).collect(),
            ranks: ranks_of(a, files.iter().flat_map(|f| f.per_proc.iter().map(|p| p.0))),
            calls: Vec::new(),
            suggestion: "use the collective forms (MPI_File_write_all / read_all, H5Pset_dxpl_mpio(H5FD_MPIO_COLLECTIVE), nc_var_par_access(NC_COLLECTIVE), ncmpi_*_all) so that MPI-IO can aggregate",
            value: ops as f64,
            threshold: t.independent_mpiio_min as f64,
        });
    }
}

/// Per-rank rules: metadata time, imbalance in time and in bytes.
fn rank_rules(a: &Analysis, t: &Thresholds, out: &mut Vec<Insight>) {
    bytes_imbalance_rule(a, t, out);
    let meta: Vec<(usize, f64, f64)> = a
        .ranks
        .iter()
        .map(|r| {
            (
                r.proc,
                r.meta_ns as f64 / 1e9,
                share(r.meta_ns, r.meta_ns + r.io_ns),
            )
        })
        .filter(|&(_, s, sh)| {
            s > t.metadata_time_s || (s >= t.metadata_min_s && sh > t.metadata_share)
        })
        .collect();
    if let Some(worst) = meta.iter().max_by(|x, y| x.1.total_cmp(&y.1)) {
        out.push(Insight {
            call_sites: Vec::new(),
            code: "R01",
            rule: "metadata-dominated",
            severity: "high",
            message: format!("{} process(es) spend most of their I/O time in metadata calls; worst {} with {:.3} s ({:.0}%)", meta.len(), a.proc(worst.0).label(), worst.1, 100.0 * worst.2),
            files: Vec::new(),
            ranks: ranks_of(a, meta.iter().map(|m| m.0)),
            calls: top_meta_calls(a),
            suggestion: "open and close files less often, keep file handles open, avoid stat/seek storms, use fewer larger files",
            value: worst.1,
            threshold: t.metadata_time_s,
        });
    }
    let times: Vec<(usize, u64)> = a
        .ranks
        .iter()
        .map(|r| (r.proc, r.io_ns + r.meta_ns))
        .collect();
    if times.len() >= 2 {
        let max = times
            .iter()
            .max_by_key(|x| x.1)
            .copied()
            .unwrap_or_default();
        let min = times
            .iter()
            .min_by_key(|x| x.1)
            .copied()
            .unwrap_or_default();
        let s = share(max.1 - min.1, max.1);
        if max.1 as f64 / 1e9 >= t.imbalance_min_s && s > t.imbalance_share {
            out.push(Insight {
            call_sites: Vec::new(),
                code: "R02",
                rule: "rank-imbalance",
                severity: "medium",
                message: format!("slowest {} spends {:.3} s in I/O, fastest {} {:.3} s ({:.0}% imbalance)", a.proc(max.0).label(), max.1 as f64 / 1e9, a.proc(min.0).label(), min.1 as f64 / 1e9, 100.0 * s),
                files: Vec::new(),
                ranks: ranks_of(a, std::iter::once(max.0)),
                calls: Vec::new(),
                suggestion: "balance the data per rank, or let a few aggregators do the I/O (collective buffering, MPI-IO hints cb_nodes)",
                value: s,
                threshold: t.imbalance_share,
            });
        }
    }
}

/// Bytes each process moved on data files, each file counted once per process: at the
/// topmost layer it reached the file through (an MPI-IO write is not counted again as the
/// POSIX writes beneath it).
fn data_bytes(a: &Analysis) -> hashbrown::HashMap<usize, u64> {
    let mut files: Vec<&super::FileStats> =
        a.files.iter().filter(|f| f.layer != Layer::Mpi).collect();
    files.sort_by_key(|f| stack_pos(f.layer));
    let mut seen = hashbrown::HashSet::new();
    let mut bytes = hashbrown::HashMap::new();
    for f in files {
        for &(pi, b, _) in &f.per_proc {
            if seen.insert((f.path.as_str(), pi)) {
                *bytes.entry(pi).or_insert(0u64) += b;
            }
        }
    }
    bytes
}

/// The most and least data bytes among the MPI ranks of one job: ((proc, bytes) most,
/// (proc, bytes) least, ranks).
type Spread = ((usize, u64), (usize, u64), usize);

/// Per job, the spread of the ranks' data bytes; the widest relative one.
fn widest_bytes_spread(a: &Analysis) -> Option<Spread> {
    let bytes = data_bytes(a);
    let mut jobs: std::collections::BTreeMap<Option<u32>, Vec<(usize, u64)>> = Default::default();
    for p in a.procs.iter().filter(|p| p.rank.is_some()) {
        let b = bytes.get(&p.index).copied().unwrap_or(0);
        jobs.entry(p.job).or_default().push((p.index, b));
    }
    let spread = |v: &Vec<(usize, u64)>| -> Option<Spread> {
        let max = *v.iter().max_by_key(|x| (x.1, std::cmp::Reverse(x.0)))?;
        let min = *v.iter().min_by_key(|x| (x.1, x.0))?;
        (v.len() >= 2).then_some((max, min, v.len()))
    };
    let rel = |s: &Spread| share(s.0 .1 - s.1 .1, s.0 .1);
    jobs.values()
        .filter_map(spread)
        .max_by(|x, y| rel(x).total_cmp(&rel(y)))
}

/// R03: a rank moving far more bytes than another of its job, however quickly (R02 looks
/// at time and misses a fast straggler).
fn bytes_imbalance_rule(a: &Analysis, t: &Thresholds, out: &mut Vec<Insight>) {
    let Some(((hi, hb), (lo, lb), n)) = widest_bytes_spread(a) else {
        return;
    };
    let s = share(hb - lb, hb);
    if s <= t.imbalance_bytes_share || hb - lb < t.imbalance_min_bytes {
        return;
    }
    let mut files: Vec<(&str, u64)> = a
        .files
        .iter()
        .filter_map(|f| {
            f.per_proc
                .iter()
                .find(|p| p.0 == hi && p.1 > 0)
                .map(|p| (f.path.as_str(), p.1))
        })
        .collect();
    files.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(y.0)));
    let mut listed: Vec<String> = Vec::new();
    for (p, _) in files {
        if !listed.iter().any(|l| l == p) && listed.len() < MAX_LISTED {
            listed.push(p.to_string());
        }
    }
    out.push(Insight {
            call_sites: Vec::new(),
        code: "R03",
        rule: "rank-bytes-imbalance",
        severity: "medium",
        message: format!("{} moves {} of data, {} {} ({:.0}% imbalance over {n} ranks)", a.proc(hi).label(), human(hb), a.proc(lo).label(), human(lb), 100.0 * s),
        files: listed,
        ranks: ranks_of(a, std::iter::once(hi)),
        calls: Vec::new(),
        suggestion: "spread the data over the ranks (each writes its part of a shared file, collective I/O), or let several aggregators do the I/O instead of one rank",
        value: s,
        threshold: t.imbalance_bytes_share,
    });
}

fn top_meta_calls(a: &Analysis) -> Vec<String> {
    a.functions
        .iter()
        .filter(|f| FUNCTIONS[f.0 as usize].role == io_events::functions::Role::Meta)
        .take(5)
        .map(|f| FUNCTIONS[f.0 as usize].display.to_string())
        .collect()
}

/// Whole-job rules: stdio share, file per process, flush storms.
fn job_rules(a: &Analysis, t: &Thresholds, out: &mut Vec<Insight>) {
    // Data files only: the MPI runtime reading its configuration through stdio is not the
    // program's I/O.
    let stdio: u64 = a
        .files
        .iter()
        .filter(|f| f.layer == Layer::Isoc)
        .map(|f| f.bytes())
        .sum();
    let top: u64 = data_bytes(a).values().sum();
    if stdio >= t.stdio_min_bytes && share(stdio, top) > t.stdio_share {
        let files: Vec<String> = a
            .files
            .iter()
            .filter(|f| f.layer == Layer::Isoc)
            .take(MAX_LISTED)
            .map(|f| f.path.clone())
            .collect();
        out.push(Insight {
            call_sites: Vec::new(),
            code: "J01", rule: "stdio-heavy", severity: "low",
            message: format!("{} of {} moved by the program go through ISO C stdio", human(stdio), human(top)),
            ranks: ranks_of(a, a.files.iter().filter(|f| f.layer == Layer::Isoc).flat_map(|f| f.per_proc.iter().map(|p| p.0))),
            files, calls: Vec::new(),
            suggestion: "stdio buffers in small pieces: use POSIX or MPI-IO with large requests for bulk data, or setvbuf with a large buffer",
            value: share(stdio, top), threshold: t.stdio_share,
        });
    }
    let single: Vec<&super::FileStats> = a
        .files
        .iter()
        .filter(|f| f.layer == Layer::Posix && f.per_proc.len() == 1 && f.acc.write_ops > 0)
        .collect();
    let owners = ranks_of(a, single.iter().map(|f| f.per_proc[0].0));
    if a.procs.len() >= 2 && single.len() as u64 >= t.file_per_process_min && owners.len() >= 2 {
        out.push(Insight {
            call_sites: Vec::new(),
            code: "J02", rule: "file-per-process", severity: "medium",
            message: format!("{} files each written by a single process, over {} processes", single.len(), owners.len()),
            files: single.iter().take(MAX_LISTED).map(|f| f.path.clone()).collect(), ranks: owners, calls: Vec::new(),
            suggestion: "one file per process makes metadata storms at scale: write a shared file (MPI-IO, parallel HDF5/netCDF, ADIOS2 aggregation) or fewer files per node",
            value: single.len() as f64, threshold: t.file_per_process_min as f64,
        });
    }
    let flushes: u64 = a.files.iter().map(|f| f.acc.flush_ops).sum();
    let flush_ns: u64 = a
        .functions
        .iter()
        .filter(|f| is_flush(f.0))
        .map(|f| f.2)
        .sum();
    let io_ns: u64 = a.ranks.iter().map(|r| r.io_ns + r.meta_ns).sum();
    if flushes >= t.flush_min && share(flush_ns, io_ns) > t.flush_share {
        out.push(Insight {
            call_sites: Vec::new(),
            code: "J03",
            rule: "flush-storm",
            severity: "medium",
            message: format!(
                "{} flushes take {:.0}% of the I/O time",
                flushes,
                100.0 * share(flush_ns, io_ns)
            ),
            files: a
                .files
                .iter()
                .filter(|f| f.acc.flush_ops > 0)
                .take(MAX_LISTED)
                .map(|f| f.path.clone())
                .collect(),
            ranks: ranks_of(
                a,
                a.files
                    .iter()
                    .filter(|f| f.acc.flush_ops > 0)
                    .flat_map(|f| f.per_proc.iter().map(|p| p.0)),
            ),
            calls: a
                .functions
                .iter()
                .filter(|f| is_flush(f.0))
                .map(|f| FUNCTIONS[f.0 as usize].display.to_string())
                .collect(),
            suggestion:
                "flush once at the end of an I/O phase (or at checkpoints), not after every write",
            value: flushes as f64,
            threshold: t.flush_min as f64,
        });
    }
}

fn is_flush(f: u16) -> bool {
    matches!(
        FUNCTIONS[f as usize].mapping,
        io_events::functions::Mapping::Data {
            dir: io_events::functions::Dir::Flush,
            ..
        } | io_events::functions::Mapping::ObjData {
            dir: io_events::functions::Dir::Flush,
            ..
        } | io_events::functions::Mapping::SubData {
            dir: io_events::functions::Dir::Flush,
            ..
        }
    )
}

/// Rules that need the layer chain of each high-level call.
fn chain_rules(a: &Analysis, t: &Thresholds, out: &mut Vec<Insight>) {
    let c2i: Vec<&super::RootStats> = a
        .roots
        .iter()
        .filter(|r| r.acc.collective_to_independent > 0)
        .collect();
    let n: u64 = c2i.iter().map(|r| r.acc.collective_to_independent).sum();
    if n >= t.collective_to_independent_min && !c2i.is_empty() {
        out.push(Insight {
            call_sites: Vec::new(),
            code: "C01", rule: "collective-became-independent", severity: "high",
            message: format!("{n} collective high-level calls reached MPI-IO as independent operations only"),
            files: Vec::new(), ranks: Vec::new(),
            calls: c2i.iter().map(|r| FUNCTIONS[r.func as usize].display.to_string()).collect(),
            suggestion: "the library fell back to independent I/O (HDF5: H5Pget_mpio_no_collective_cause tells why: datatype conversion, chunked/filtered datasets, point selections); make the selection and types collective-friendly",
            value: n as f64, threshold: t.collective_to_independent_min as f64,
        });
    }
    let fan: Vec<&super::RootStats> = a.roots.iter().filter(|r| r.acc.small_fanout > 0).collect();
    let n: u64 = fan.iter().map(|r| r.acc.small_fanout).sum();
    if n >= t.fanout_min_calls && !fan.is_empty() {
        let sites = offending_sites(
            a,
            |acc| (acc.fanout_calls, "calls"),
            |s, n, _| format!("{} from {}", int(n), s.site.label()),
        );
        out.push(Insight {
            message: format!("{n} high-level calls each became {} or more small POSIX operations{}", t.fanout_posix_ops, sites_clause(&sites)),
            call_sites: sites.into_iter().map(|s| (s.label, s.count)).collect(),
            code: "C02", rule: "small-call-fanout", severity: "medium",
            files: Vec::new(), ranks: Vec::new(),
            calls: fan.iter().map(|r| FUNCTIONS[r.func as usize].display.to_string()).collect(),
            suggestion: "one call turned into many small system calls: enlarge chunks or the library's buffers (HDF5 sieve buffer / chunk cache, H5Pset_meta_block_size), or write larger selections per call",
            value: n as f64, threshold: t.fanout_min_calls as f64,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aggregate::{FileAcc, LayerAcc};
    use crate::FileStats;
    use definitions::file_class::classify;
    use io_model::procs::ProcInfo;

    const MIB: u64 = 1 << 20;

    fn rank(i: usize) -> ProcInfo {
        ProcInfo {
            index: i,
            rank: Some(i as u32),
            job: None,
            slot: Some(i as u32),
            job_id: None,
            pid: 100 + i as u32,
            host: "h".into(),
            exe: "prog".into(),
            complete: true,
        }
    }

    /// A file at `layer` with (process, read bytes, write bytes, ops) per process.
    fn file(path: &str, layer: Layer, per: &[(usize, u64, u64, u64)]) -> FileStats {
        let mut acc = FileAcc::default();
        for &(_, r, w, ops) in per {
            acc.read_bytes += r;
            acc.write_bytes += w;
            acc.read_ops += if r > 0 { ops } else { 0 };
            acc.write_ops += if w > 0 { ops } else { 0 };
        }
        FileStats {
            path: path.into(),
            layer,
            acc,
            per_proc: per.iter().map(|&(p, r, w, _)| (p, r + w, 0)).collect(),
            readers: per.iter().filter(|p| p.1 > 0).count() as u64,
            class: classify(path),
        }
    }

    fn analysis(nprocs: usize, files: Vec<FileStats>) -> Analysis {
        let procs: Vec<ProcInfo> = (0..nprocs).map(rank).collect();
        Analysis {
            trace_dir: "t".into(),
            job: Default::default(),
            proc_pos: (0..nprocs).collect(),
            procs,
            stats: Default::default(),
            files,
            runtime_files: Vec::new(),
            layers: [LayerAcc::default(); crate::aggregate::NLAYERS],
            functions: Vec::new(),
            roots: Vec::new(),
            ranks: Vec::new(),
            timeline: Vec::new(),
            proc_timelines: Vec::new(),
            origin: 0,
            ops: 0,
            cancelled_ops: 0,
            unfinished_ops: 0,
            conflicts: None,
            call_sites: Vec::new(),
            call_sites_note: None,
        }
    }

    fn codes(a: &Analysis) -> Vec<&'static str> {
        evaluate(a, &Thresholds::default())
            .iter()
            .map(|i| i.code)
            .collect()
    }

    fn one(a: &Analysis, code: &str) -> Insight {
        let all = evaluate(a, &Thresholds::default());
        let mut v: Vec<Insight> = all.into_iter().filter(|i| i.code == code).collect();
        assert_eq!(v.len(), 1, "{code}");
        v.remove(0)
    }

    #[test]
    fn bytes_imbalance_fires_on_one_heavy_rank_only() {
        // Rank 0 writes 50 MiB, ranks 1-3 1 MiB each: (50 - 1) / 50 = 0.98.
        let per: Vec<_> = (0..4)
            .map(|r| (r, 0, if r == 0 { 50 * MIB } else { MIB }, 1))
            .collect();
        // A folder rank 0 only looked at (a stat) is not among its files.
        let dir = file("/d", Layer::Posix, &[(0, 0, 0, 0)]);
        let a = analysis(4, vec![file("/d/out.dat", Layer::Posix, &per), dir]);
        let i = one(&a, "R03");
        assert_eq!(i.ranks, vec![0]);
        assert_eq!(i.files, vec!["/d/out.dat".to_string()]);
        assert!((i.value - 0.98).abs() < 1e-9, "{}", i.value);
        assert!(i.message.contains("rank 0 moves 50.0 MiB"), "{}", i.message);
        // Balanced: 1 MiB each.
        let per: Vec<_> = (0..4).map(|r| (r, 0, MIB, 1)).collect();
        let a = analysis(4, vec![file("/d/out.dat", Layer::Posix, &per)]);
        assert!(!codes(&a).contains(&"R03"));
        // At the threshold: 2 MiB against 1 MiB is (2 - 1) / 2 = 0.5, not above it.
        let a = analysis(
            2,
            vec![file(
                "/d/x",
                Layer::Posix,
                &[(0, 0, 2 * MIB, 1), (1, 0, MIB, 1)],
            )],
        );
        assert!(!codes(&a).contains(&"R03"));
        // A wide share of a few bytes is not worth a finding (under 1 MiB apart).
        let a = analysis(
            2,
            vec![file("/d/x", Layer::Posix, &[(0, 0, 4096, 1), (1, 0, 1, 1)])],
        );
        assert!(!codes(&a).contains(&"R03"));
    }

    #[test]
    fn bytes_imbalance_counts_a_file_once_per_rank_and_layer_stack() {
        // Rank 0 writes 8 MiB through MPI-IO (and the same 8 MiB appear at POSIX beneath),
        // rank 1 writes 8 MiB through MPI-IO only: balanced, whatever the layers beneath.
        let a = analysis(
            2,
            vec![
                file(
                    "/d/s",
                    Layer::MpiIo,
                    &[(0, 0, 8 * MIB, 8), (1, 0, 8 * MIB, 8)],
                ),
                file("/d/s", Layer::Posix, &[(0, 0, 8 * MIB, 1)]),
            ],
        );
        assert!(!codes(&a).contains(&"R03"), "{:?}", codes(&a));
    }

    #[test]
    fn alignment_is_not_advised_at_stdio() {
        let mut f = file("/d/s.txt", Layer::Isoc, &[(0, 0, 500_000, 5000)]);
        f.acc.misaligned_ops = 4900;
        let mut p = file("/d/s.txt", Layer::Posix, &[(0, 0, 500_000, 5000)]);
        p.acc.misaligned_ops = 4900;
        assert!(!codes(&analysis(1, vec![f.clone()])).contains(&"F02"));
        let i = one(&analysis(1, vec![f, p]), "F02");
        assert_eq!(i.files, vec!["/d/s.txt (POSIX)".to_string()]);
    }

    #[test]
    fn redundant_reads_need_several_readers() {
        // 4 ranks each read the 4 MiB file: 16 MiB read for a 4 MiB extent.
        let per: Vec<_> = (0..4).map(|r| (r, 4 * MIB, 0, 4)).collect();
        let mut f = file("/d/in.dat", Layer::Posix, &per);
        f.acc.max_end = 4 * MIB;
        let i = one(&analysis(4, vec![f]), "F04");
        assert_eq!(i.value, 4.0);
        assert!(i.suggestion.contains("MPI_Bcast"));
        // One process rewriting the same 1 MiB four times: no broadcast to advise.
        let mut w = file("/d/ckpt", Layer::Posix, &[(0, 0, 4 * MIB, 4)]);
        w.acc.max_end = MIB;
        assert!(!codes(&analysis(1, vec![w])).contains(&"F04"));
        // One process rereading its own 1 MiB four times: not several readers either.
        let mut r = file("/d/ckpt", Layer::Posix, &[(0, 4 * MIB, 0, 4)]);
        r.acc.max_end = MIB;
        assert!(!codes(&analysis(1, vec![r])).contains(&"F04"));
    }

    #[test]
    fn counts_are_per_file_not_per_layer_entry() {
        let entries: Vec<FileStats> = [Layer::Hdf5, Layer::MpiIo, Layer::Posix]
            .iter()
            .map(|&l| {
                let mut f = file("/d/one.h5", l, &[(0, 0, 2000 * 512, 2000)]);
                f.acc.small_ops = 2000;
                f
            })
            .collect();
        let i = one(&analysis(1, entries), "F01");
        assert!(i.message.starts_with("1 file;"), "{}", i.message);
        assert_eq!(i.files.len(), 3, "each layer entry is still listed");
    }

    #[test]
    fn runtime_files_trigger_nothing() {
        // One socket written per rank and an eventfd with thousands of 8-byte operations:
        // classified apart by `analyze`, so they are not in `files`.
        let mut files = Vec::new();
        for r in 0..64 {
            files.push(file(
                &format!("socket:[{}]", 1000 + r),
                Layer::Posix,
                &[(r, 0, 5000, 16)],
            ));
        }
        let mut e = file(
            "anon_inode:[eventfd]",
            Layer::Posix,
            &[(0, 8 * 27000, 8 * 27000, 27000)],
        );
        e.acc.small_ops = 54000;
        files.push(e);
        assert!(files.iter().all(|f| f.class.is_runtime()));
        // Together with the data files they would fire J02 and F01: the class keeps them out.
        let mut all = analysis(64, files.clone());
        assert!(codes(&all).contains(&"J02") && codes(&all).contains(&"F01"));
        all.runtime_files = std::mem::take(&mut all.files);
        assert_eq!(codes(&all), Vec::<&str>::new());
    }

    /// A site on `w.c:line in func` whose calls did what `fill` puts at POSIX.
    fn site(line: u32, func: &str, fill: impl FnOnce(&mut SiteAcc, usize)) -> SiteStats {
        let mut acc = SiteAcc::default();
        fill(&mut acc, layer_index(Layer::Posix));
        SiteStats {
            site: io_model::sites::ResolvedSite {
                location: call_sites::Location {
                    object: "/d/prog".into(),
                    offset: 0x1000 + line as u64,
                    function: Some(func.into()),
                    file: Some("/src/w.c".into()),
                    line: Some(line),
                    level: call_sites::Level::Line,
                    runtime: false,
                },
                through: None,
                unknown: false,
            },
            acc,
            procs: vec![0],
        }
    }

    /// `n` small writes of `lo`..=`hi` bytes at POSIX.
    fn small_writes(n: u64, lo: u64, hi: u64) -> impl FnOnce(&mut SiteAcc, usize) {
        move |acc, li| {
            acc.write_ops[li] = n;
            acc.small_writes[li] = n;
            acc.min_request[li] = lo;
            acc.max_request[li] = hi;
        }
    }

    /// One file with 80,000 small writes at POSIX.
    fn small_file() -> FileStats {
        let mut f = file("/d/out", Layer::Posix, &[(0, 0, 80_000, 80_000)]);
        f.acc.small_ops = 80_000;
        f
    }

    #[test]
    fn small_requests_name_their_call_site() {
        let mut a = analysis(1, vec![small_file()]);
        a.call_sites = vec![site(17, "write_block", small_writes(80_000, 1, 1))];
        let i = one(&a, "F01");
        assert_eq!(
            i.message,
            "1 file; worst: /d/out at POSIX: 80000 of 80000 requests under 1.0 MiB; \
             80,000 writes of 1 B from w.c:17 in write_block"
        );
        assert_eq!(
            i.call_sites,
            vec![("w.c:17 in write_block".to_string(), 80_000)]
        );
        assert_eq!(
            i.to_json()["call_sites"],
            json!([{"site": "w.c:17 in write_block", "count": 80_000}])
        );
    }

    #[test]
    fn the_two_sites_with_most_offending_operations_are_named() {
        let mut a = analysis(1, vec![small_file()]);
        let mut unknown = site(1, "x", small_writes(90_000, 1, 1));
        unknown.site.unknown = true;
        let reads_too = |acc: &mut SiteAcc, li: usize| {
            small_writes(500, 4, 8)(acc, li);
            acc.read_ops[li] = 300;
            acc.small_reads[li] = 300;
        };
        a.call_sites = vec![
            site(9, "few", small_writes(10, 1, 1)),
            unknown,
            site(17, "write_block", small_writes(79_000, 1, 100)),
            site(30, "mixed", reads_too),
            // Large writes only: nothing small to say about it.
            site(40, "big", |acc, li| acc.write_ops[li] = 100_000),
        ];
        let i = one(&a, "F01");
        assert!(
            i.message.ends_with(
                "; 79,000 writes of 1-100 B from w.c:17 in write_block, \
                 800 reads and writes of 4-8 B from w.c:30 in mixed"
            ),
            "{}",
            i.message
        );
        assert_eq!(i.call_sites.len(), 2);
        // Requests of more than 1 KiB are shown in their units.
        let mut acc = SiteAcc::default();
        acc.min_request[0] = 512;
        acc.max_request[0] = 4 << 20;
        assert_eq!(request_range(&acc, 0), "512 B-4.0 MiB");
    }

    #[test]
    fn sites_are_named_at_the_worst_files_layer() {
        // The site's small writes are at MPI-IO, the file's at POSIX: not this finding's.
        let mut a = analysis(1, vec![small_file()]);
        let mut s = site(17, "write_block", |_, _| {});
        let m = layer_index(Layer::MpiIo);
        s.acc.write_ops[m] = 80_000;
        s.acc.small_writes[m] = 80_000;
        a.call_sites = vec![s];
        let i = one(&a, "F01");
        assert!(i.message.ends_with("under 1.0 MiB"), "{}", i.message);
        assert!(i.call_sites.is_empty());
        assert_eq!(i.to_json()["call_sites"], json!([]));
    }

    #[test]
    fn misaligned_backward_and_fanout_findings_name_their_sites() {
        let mut f = file("/d/out", Layer::Posix, &[(0, 50_000, 0, 5000)]);
        f.acc.misaligned_ops = 4000;
        f.acc.pattern[RANDOM] = 3000;
        let mut a = analysis(1, vec![f]);
        a.call_sites = vec![site(5, "scatter", |acc, li| {
            acc.read_ops[li] = 5000;
            acc.misaligned_ops[li] = 4000;
            acc.random_ops[li] = 3000;
            acc.min_request[li] = 10;
            acc.max_request[li] = 10;
            acc.fanout_calls = 12;
        })];
        a.roots = vec![crate::RootStats {
            func: 0,
            acc: crate::aggregate::RootAcc {
                small_fanout: 12,
                ..Default::default()
            },
            procs: 1,
            procs_with_posix_io: 1,
        }];
        let m = one(&a, "F02").message;
        assert!(
            m.ends_with("; 4,000 misaligned reads of 10 B from w.c:5 in scatter"),
            "{m}"
        );
        let m = one(&a, "F03").message;
        assert!(
            m.ends_with("; 3,000 backward reads of 10 B from w.c:5 in scatter"),
            "{m}"
        );
        let c = one(&a, "C02");
        assert!(
            c.message.ends_with("; 12 from w.c:5 in scatter"),
            "{}",
            c.message
        );
        assert_eq!(c.call_sites, vec![("w.c:5 in scatter".to_string(), 12)]);
    }
}
