//! The `conflicts` section of `summary --json` and of the HTML report: per file, how many
//! overlapping pairs of each kind between each pair of processes, and totals. Counts only:
//! the pairs themselves are `recorder-otf2 conflicts --details`; each row of processes keeps
//! one example pair, by the layer chains of its two calls.

use super::output::chain_funcs;
use super::sweep::{Group, Kind};
use super::{conflicts, Conflicts, FileConflicts, Options, LAYERS};
use hashbrown::{HashMap, HashSet};
use io_model::procs::rank_id;
use io_model::trace::Trace;
use serde::Serialize;
use std::fmt::Write;

/// Overlapping pairs enumerated per file at most (as `conflicts`' default).
pub const MAX_PAIRS: u64 = 1_000_000;

/// A number per kind of pair (pairs, or overlapping bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PerKind {
    #[serde(rename = "RAW")]
    pub raw: u64,
    #[serde(rename = "WAW")]
    pub waw: u64,
    #[serde(rename = "WAR")]
    pub war: u64,
    #[serde(rename = "RAR")]
    pub rar: u64,
}

impl PerKind {
    pub fn get(&self, k: Kind) -> u64 {
        match k {
            Kind::Raw => self.raw,
            Kind::Waw => self.waw,
            Kind::War => self.war,
            Kind::Rar => self.rar,
        }
    }
    fn add(&mut self, k: Kind, n: u64) {
        match k {
            Kind::Raw => self.raw += n,
            Kind::Waw => self.waw += n,
            Kind::War => self.war += n,
            Kind::Rar => self.rar += n,
        }
    }
    fn merge(&mut self, o: &PerKind) {
        for k in Kind::ALL {
            self.add(k, o.get(k));
        }
    }
    pub fn total(&self) -> u64 {
        self.raw + self.waw + self.war + self.rar
    }
}

/// One pair of a row, by its kind and the layer chains of its two calls (outermost first:
/// H5Dwrite, MPI_File_write_at, pwrite), as `conflicts --json` writes `chain`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Example {
    pub kind: &'static str,
    pub earlier: Vec<&'static str>,
    pub later: Vec<&'static str>,
}

/// The pairs between the process of the earlier operation and that of the later one.
#[derive(Clone, Debug, Serialize)]
pub struct RankPair {
    /// As `summary` numbers processes: MPI rank (rank slot with several jobs), else pid.
    pub ranks: [u64; 2],
    /// As labels: "rank 0", "job 2 rank 1", "prog 1234".
    pub processes: [String; 2],
    pub same_rank: bool,
    pub pairs: PerKind,
    /// Overlapping bytes summed over the pairs of each kind.
    pub bytes: PerKind,
    pub pairs_total: u64,
    pub bytes_total: u64,
    /// The first pair the sweep found of the row's first kind (RAW, WAW, WAR, RAR).
    pub example: Example,
}

/// One file at one layer with at least one overlapping pair.
#[derive(Clone, Debug, Serialize)]
pub struct FileSection {
    pub path: String,
    /// Null on a file system shared between hosts.
    pub host: Option<String>,
    pub layer: &'static str,
    /// Operations checked, and not checked for want of an offset.
    pub accesses: u64,
    pub no_offset: u64,
    pub pairs: PerKind,
    pub bytes: PerKind,
    pub pairs_total: u64,
    /// The enumeration stopped at `max_pairs`: the counts are lower bounds.
    pub capped: bool,
    /// Most pairs first, then by ranks.
    pub rank_pairs: Vec<RankPair>,
}

/// What was not checked, all files.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct NotChecked {
    pub no_offset: u64,
    pub no_file: u64,
    pub unfinished: u64,
}

/// Over all files.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Totals {
    pub pairs: PerKind,
    pub bytes: PerKind,
    pub pairs_total: u64,
    /// Files (at a layer) with overlapping pairs, and of them those the cap stopped.
    pub files: u64,
    pub capped_files: u64,
    /// Distinct pairs of processes over all files, in either order (the order of two
    /// reads racing each other is a matter of chance).
    pub rank_pairs: u64,
}

/// The section.
#[derive(Clone, Debug, Serialize)]
pub struct Section {
    pub layers: Vec<&'static str>,
    pub max_pairs: u64,
    /// Files (at a layer) with an operation checked or left unchecked, and operations checked.
    pub files_checked: u64,
    pub accesses: u64,
    pub not_checked: NotChecked,
    pub totals: Totals,
    /// Files with overlapping pairs, most pairs first (then path, host, layer).
    pub files: Vec<FileSection>,
}

fn rank_pair(c: &Conflicts, g: &Group) -> RankPair {
    let (e, l) = (c.proc(g.earlier), c.proc(g.later));
    let (a, b) = (&g.first.0, &g.first.1);
    RankPair {
        ranks: [rank_id(e), rank_id(l)],
        processes: [e.label(), l.label()],
        same_rank: g.earlier == g.later,
        pairs: PerKind::default(),
        bytes: PerKind::default(),
        pairs_total: 0,
        bytes_total: 0,
        example: Example {
            kind: g.kind.name(),
            earlier: chain_funcs(a),
            later: chain_funcs(b),
        },
    }
}

fn file_section(c: &Conflicts, f: &FileConflicts) -> FileSection {
    let mut by_pair: HashMap<(usize, usize), RankPair> = HashMap::new();
    for g in &f.pairs.groups {
        let r = by_pair
            .entry((g.earlier, g.later))
            .or_insert_with(|| rank_pair(c, g));
        r.pairs.add(g.kind, g.count);
        r.bytes.add(g.kind, g.bytes);
        r.pairs_total += g.count;
        r.bytes_total += g.bytes;
    }
    let mut rank_pairs: Vec<RankPair> = by_pair.into_values().collect();
    rank_pairs.sort_by(|a, b| {
        b.pairs_total
            .cmp(&a.pairs_total)
            .then(a.ranks.cmp(&b.ranks))
    });
    let (mut pairs, mut bytes) = (PerKind::default(), PerKind::default());
    for r in &rank_pairs {
        pairs.merge(&r.pairs);
        bytes.merge(&r.bytes);
    }
    FileSection {
        path: f.key.path.clone(),
        host: f.key.host.clone(),
        layer: f.key.layer.identification(),
        accesses: f.pairs.accesses,
        no_offset: f.no_offset,
        pairs,
        bytes,
        pairs_total: f.pairs.total,
        capped: f.pairs.capped,
        rank_pairs,
    }
}

impl Section {
    /// The counts of a `conflicts` answer.
    pub fn of(c: &Conflicts) -> Section {
        let mut files: Vec<FileSection> = c
            .files
            .iter()
            .filter(|f| f.pairs.total > 0)
            .map(|f| file_section(c, f))
            .collect();
        files.sort_by(|a, b| {
            b.pairs_total
                .cmp(&a.pairs_total)
                .then_with(|| (&a.path, &a.host, a.layer).cmp(&(&b.path, &b.host, b.layer)))
        });
        let mut totals = Totals::default();
        let mut distinct = HashSet::new();
        for f in &files {
            totals.pairs.merge(&f.pairs);
            totals.bytes.merge(&f.bytes);
            totals.pairs_total += f.pairs_total;
            totals.files += 1;
            totals.capped_files += f.capped as u64;
            distinct.extend(f.rank_pairs.iter().map(|r| {
                let [a, b] = r.ranks;
                (a.min(b), a.max(b))
            }));
        }
        totals.rank_pairs = distinct.len() as u64;
        Section {
            layers: c.layers.iter().map(|l| l.identification()).collect(),
            max_pairs: c.max_pairs,
            files_checked: c.files.len() as u64,
            accesses: c.accesses(),
            not_checked: NotChecked {
                no_offset: c.skipped.no_offset,
                no_file: c.skipped.no_file,
                unfinished: c.unfinished_ops,
            },
            totals,
            files,
        }
    }

    /// "3 WAW, 1 RAW between 2 rank pairs in 1 file" (kinds by count), or "none".
    pub fn line(&self) -> String {
        let t = &self.totals;
        if t.pairs_total == 0 {
            return "none".into();
        }
        let mut kinds: Vec<(u64, Kind)> = Kind::ALL
            .iter()
            .map(|&k| (t.pairs.get(k), k))
            .filter(|x| x.0 > 0)
            .collect();
        kinds.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut s = String::new();
        for (i, (n, k)) in kinds.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            let _ = write!(s, "{sep}{n} {}", k.name());
        }
        let at_least = if t.capped_files > 0 { "at least " } else { "" };
        let plural = |n: u64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        format!(
            "{at_least}{s} between {} in {}",
            plural(t.rank_pairs, "rank pair"),
            plural(t.files, "file")
        )
    }
}

/// Check every file of the trace at the POSIX, ISO C and MPI-IO layers and count its overlapping
/// pairs. `progress` gets the bytes read so far (a second pass over the trace).
pub fn compute(
    trace: &Trace,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Section, super::Error> {
    let opts = Options {
        layers: LAYERS.to_vec(),
        max_pairs: MAX_PAIRS,
        details: false,
        threads,
        semantics: None,
        memory: super::spill::default_memory(),
        tmp_dir: std::env::temp_dir(),
    };
    Ok(Section::of(&conflicts(trace, &opts, progress)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::sweep_file;
    use crate::{Access, FileKey, Skipped};
    use io_events::functions::Layer;
    use io_model::procs::ProcInfo;

    fn proc(index: usize, rank: u32) -> ProcInfo {
        ProcInfo {
            index,
            rank: Some(rank),
            job: None,
            slot: Some(rank),
            job_id: None,
            pid: 100 + index as u32,
            host: "h".into(),
            exe: "p".into(),
            complete: true,
        }
    }

    fn file(path: &str, mut accesses: Vec<Access>, max_pairs: u64) -> FileConflicts {
        let pairs = sweep_file(&mut accesses, max_pairs, false, None);
        FileConflicts {
            key: FileKey {
                path: path.into(),
                host: None,
                layer: Layer::Posix,
            },
            no_offset: 0,
            pairs,
            points: Default::default(),
        }
    }

    fn answer(files: Vec<FileConflicts>) -> Conflicts {
        Conflicts {
            trace_dir: "t".into(),
            // Trace index 0 is rank 1, index 1 is rank 0.
            procs: vec![proc(0, 1), proc(1, 0)],
            origin: 0,
            layers: vec![Layer::Posix],
            max_pairs: 100,
            details: false,
            files,
            skipped: Skipped::default(),
            unfinished_ops: 0,
            warnings: Vec::new(),
            semantics: None,
            mpi_calls: 0,
            mpi_unmatched: 0,
            spilled: 0,
        }
    }

    #[test]
    fn counts_by_kind_and_rank_pair() {
        let a = |s, e, t, p, w| Access::test(s, e, t, p, w);
        // b.dat: rank 0 writes [0, 10) at t=1, rank 1 reads [5, 15) at t=2 (RAW 0 -> 1, 5
        // bytes) and writes [8, 9) at t=3 (WAW 0 -> 1 and WAR 1 -> 1, 1 byte each).
        let b = file(
            "b.dat",
            vec![
                a(0, 10, 1, 1, true),
                a(5, 15, 2, 0, false),
                a(8, 9, 3, 0, true),
            ],
            100,
        );
        let quiet = file("a.dat", vec![a(0, 4, 1, 0, true), a(4, 8, 1, 1, true)], 100);
        let s = Section::of(&answer(vec![quiet, b]));
        assert_eq!((s.files_checked, s.accesses, s.files.len()), (2, 5, 1));
        let f = &s.files[0];
        assert_eq!(
            (f.path.as_str(), f.layer, f.pairs_total),
            ("b.dat", "POSIX", 3)
        );
        let want = PerKind {
            raw: 1,
            waw: 1,
            war: 1,
            rar: 0,
        };
        assert_eq!(
            (f.pairs, f.bytes),
            (
                want,
                PerKind {
                    raw: 5,
                    waw: 1,
                    war: 1,
                    rar: 0
                }
            )
        );
        let rows: Vec<_> = f
            .rank_pairs
            .iter()
            .map(|r| {
                (
                    r.ranks,
                    r.processes[0].as_str(),
                    r.same_rank,
                    r.pairs,
                    r.pairs_total,
                )
            })
            .collect();
        assert_eq!(
            rows,
            vec![
                (
                    [0, 1],
                    "rank 0",
                    false,
                    PerKind {
                        raw: 1,
                        waw: 1,
                        ..Default::default()
                    },
                    2
                ),
                (
                    [1, 1],
                    "rank 1",
                    true,
                    PerKind {
                        war: 1,
                        ..Default::default()
                    },
                    1
                ),
            ]
        );
        let kinds: Vec<&str> = f.rank_pairs.iter().map(|r| r.example.kind).collect();
        assert_eq!(kinds, ["RAW", "WAR"]);
        // Function 0 of the table, outermost itself: a chain of one call.
        let ex = &f.rank_pairs[0].example;
        assert_eq!((ex.earlier.len(), ex.later.len()), (1, 1));
        assert_eq!(
            (s.totals.pairs, s.totals.rank_pairs, s.totals.files),
            (want, 2, 1)
        );
        assert_eq!(
            s.line(),
            "1 RAW, 1 WAW, 1 WAR between 2 rank pairs in 1 file"
        );
    }

    #[test]
    fn the_cap_and_no_pairs_are_said() {
        let same = (0..4).map(|t| Access::test(0, 8, t, 1, true)).collect();
        let s = Section::of(&answer(vec![file("c.dat", same, 2)]));
        assert_eq!((s.totals.pairs_total, s.totals.capped_files), (2, 1));
        assert!(s.files[0].capped);
        assert_eq!(s.line(), "at least 2 WAW between 1 rank pair in 1 file");
        let none = Section::of(&answer(vec![]));
        assert_eq!((none.line().as_str(), none.files.len()), ("none", 0));
    }

    #[test]
    fn without_the_mpi_layer_the_text_names_the_variable_to_set() {
        // Two ranks, a semantics that needs happens-before, no synchronising MPI call.
        let w = vec![
            Access::test(0, 8, 1, 0, true),
            Access::test(0, 8, 2, 1, false),
        ];
        let mut c = answer(vec![file("/d/f", w, 100)]);
        c.semantics = Some(crate::semantics::Semantics::MpiIo);
        let text = crate::output::to_text(&c);
        let hint = "the trace has no `mpi` layer: ranks are ordered by nothing; \
                    record with RECORDER_OTF2_LAYERS=...,mpi to see barriers and messages";
        assert!(text.contains(hint), "{text}");
        assert!(!text.contains("RECORDER_LAYERS"), "{text}");
    }
}
