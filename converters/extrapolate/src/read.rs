//! Reading one input trace into the kept events of each rank, per thread, in the order the
//! calls began, with their fields as extrapolation sees them ([`Val`]).

use super::fit::At;
use super::Options;
use io_events::codec::Record;
use io_events::defs::Def;
use io_events::functions::{Kind, Layer, Role, FUNCTIONS};
use io_events::meta::ProcessMeta;
use io_model::resolve::{resolve_process, Call, Consumer, Op};
use io_model::run::Plan;
use io_model::trace::{CommMembers, Trace};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// Where a call instance is: its coordinates and the event in the inputs.
#[derive(Clone, Debug)]
pub struct Inst {
    pub at: At,
    pub input: usize,
    pub rank: usize,
    pub thread: usize,
    pub call: usize,
}

/// A field value as extrapolation sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Val {
    /// A number (sizes, offsets, flags, counts, results).
    Num(i64),
    /// A path (`File` field) or an object name (`Name` field).
    Text(String),
    /// A `File` field naming no path.
    NoPath,
    /// A communicator, by its members (MPI_COMM_WORLD ranks).
    Comm(CommMembers),
    /// An identity only (descriptor, stream, library handle, address): mapped, not modelled
    /// when no model fits.
    Opaque(u64),
    /// An MPI file view's filetype, flattened (kept when every rank has the same one).
    Filetype(std::sync::Arc<io_events::filetype::Filetype>),
}

/// One kept call.
#[derive(Clone, Debug)]
pub struct Event {
    pub func: u16,
    /// Depth among the kept calls (calls left out do not count).
    pub depth: u32,
    pub errno: u32,
    pub t0: u64,
    pub t1: u64,
    /// Time from the reference point (the previous sibling's end, the parent's start, the
    /// job's start) to the call's start, and from its last child's end (or its start) to its end.
    pub gap: u64,
    pub tail: u64,
    pub vals: Vec<Val>,
}

/// A rank's kept calls.
pub struct RankEvents {
    /// Per thread (threads with no kept call left out), in the order the calls began.
    pub threads: Vec<Vec<Event>>,
    pub meta: ProcessMeta,
    /// Handles open before tracing began, with their file's path.
    pub precreated: Vec<(io_events::defs::Def, String)>,
}

/// File facts kept for the output's definitions: path -> (kind, fs type, mount).
pub type FileFacts = HashMap<String, (io_events::defs::FileKind, String, String)>;

/// One input trace, read.
pub struct Input {
    pub dir: PathBuf,
    /// Number of ranks.
    pub n: u32,
    /// By rank.
    pub ranks: Vec<RankEvents>,
    /// Calls left out (on files outside --only, MPI communication), by function name.
    pub dropped: BTreeMap<&'static str, u64>,
    pub files: FileFacts,
    pub warnings: Vec<String>,
    /// What was left out of the ranks' files (damaged streams or definitions).
    pub damage: Vec<String>,
}

/// A call and what it touched, as the resolver reported it.
struct Seen {
    call: Call,
    rec: Record,
    files: Vec<u32>,
}

#[derive(Default)]
struct Collector {
    calls: Vec<Seen>,
    /// Call id -> global files of the operations it began.
    op_files: HashMap<u64, Vec<u32>>,
}

impl Consumer for Collector {
    fn call(&mut self, c: &Call, r: &Record) {
        let files = c.touched.map(|(f, _)| vec![f]).unwrap_or_default();
        self.calls.push(Seen {
            call: *c,
            rec: *r,
            files,
        });
    }
    fn op(&mut self, o: &Op) {
        if let Some(f) = o.file {
            self.op_files.entry(o.call).or_default().push(f);
        }
    }
}

/// Read `trace`: one MPI job whose ranks are all there; `progress` gets the stream bytes
/// read so far.
pub fn read(trace: &Trace, opts: &Options, progress: &dyn Fn(u64)) -> Result<Input, crate::Error> {
    let plan = Plan::new(trace);
    let dir = trace.dir.clone();
    let (n, owners) = ranks_of(trace, &plan)?;
    let mut input = Input {
        dir,
        n,
        ranks: Vec::with_capacity(n as usize),
        dropped: BTreeMap::new(),
        files: HashMap::new(),
        warnings: Vec::new(),
        damage: Vec::new(),
    };
    let mut done = 0;
    for pi in owners {
        progress(done);
        done += trace.processes[pi].bytes;
        let check = &mut |_| Ok(io_model::interrupt::check()?);
        let (c, defs, stats) = resolve_process(trace, &plan, pi, Collector::default(), check)?;
        // Warnings naming one of the rank's files (a stream's bad chunk, a torn definitions
        // file) are damage: said with a refusal, which they may explain.
        let own = |w: &String| w.contains(".rec:") || w.contains("defs.bin");
        input
            .damage
            .extend(stats.warnings.iter().filter(|w| own(w)).cloned());
        input.warnings.extend(stats.warnings);
        let p = &trace.processes[pi];
        input.damage.extend(p.warnings.iter().cloned());
        for f in p.files.values() {
            let facts = (f.kind, f.fs_type.clone(), f.mount.clone());
            input.files.entry(f.path.clone()).or_insert(facts);
        }
        let global_name = |f: u32| defs.files[f as usize].name.clone();
        let threads = kept_events(p, c, &global_name, opts, &mut input.dropped);
        let precreated = p
            .defs
            .defs
            .iter()
            .filter_map(|d| match d {
                Def::PreCreated { file, .. } => Some((d.clone(), p.file(*file)?.path.clone())),
                _ => None,
            })
            .collect();
        input.ranks.push(RankEvents {
            threads,
            meta: p.meta.clone(),
            precreated,
        });
    }
    let start = input
        .ranks
        .iter()
        .flat_map(|r| r.threads.iter().filter_map(|t| t.first().map(|e| e.t0)))
        .min()
        .unwrap_or(0);
    for r in &mut input.ranks {
        for t in &mut r.threads {
            set_gaps(t, start);
        }
    }
    Ok(input)
}

/// The number of ranks and the process of each rank; an error unless the trace holds one
/// MPI job with all its ranks.
fn ranks_of(trace: &Trace, plan: &Plan) -> Result<(u32, Vec<usize>), crate::Error> {
    let d = trace.dir.clone();
    if plan.jobs.len() != 1 {
        return Err(crate::Error::Jobs {
            trace: d,
            jobs: plan.jobs.len(),
        });
    }
    let n = plan.jobs[0].world;
    let mut owners = vec![usize::MAX; n as usize];
    for &pi in &plan.order {
        if let Some(r) = plan.rank(pi, &trace.processes[pi]) {
            if let Some(o) = owners.get_mut(r as usize) {
                *o = pi;
            }
        }
    }
    if let Some(r) = owners.iter().position(|&o| o == usize::MAX) {
        return Err(crate::Error::MissingRank {
            trace: d,
            rank: r,
            n,
        });
    }
    Ok((n, owners))
}

/// Whether a call is kept under `--only`: it touches a file under a prefix, or it touches
/// no file and belongs to a library layer (MPI_Init, MPI_Wait, H5Pcreate ...; POSIX and
/// stdio calls on no file, such as munmap or a write to a socket, are the runtime's). MPI
/// communication other than barriers is left out (it is not replayed either).
fn kept(s: &Seen, names: &[String], opts: &Options) -> bool {
    if opts.only.is_empty() {
        return true;
    }
    let info = &FUNCTIONS[s.call.func as usize];
    if info.layer == Layer::Mpi && info.role != Role::Barrier {
        return false;
    }
    if !names.is_empty() {
        return names
            .iter()
            .any(|n| opts.only.iter().any(|p| n.starts_with(p.as_str())));
    }
    !matches!(info.layer, Layer::Posix | Layer::Isoc)
}

/// The paths a call names or acts on.
fn paths_of(
    p: &io_model::trace::ProcessTrace,
    s: &Seen,
    op_files: &HashMap<u64, Vec<u32>>,
    global_name: &dyn Fn(u32) -> String,
) -> Vec<String> {
    let info = &FUNCTIONS[s.call.func as usize];
    let mut names: Vec<String> = s.files.iter().map(|&f| global_name(f)).collect();
    if let Some(fs) = op_files.get(&s.call.id) {
        names.extend(fs.iter().map(|&f| global_name(f)));
    }
    for (i, (_, k)) in info.args.iter().enumerate() {
        if *k == Kind::File {
            if let Some(f) = p.file(s.rec.fields[i]) {
                names.push(f.path.clone());
            }
        }
    }
    names
}

/// The kept calls of a process per thread in the order they began, with their depth among
/// the kept ones.
fn kept_events(
    p: &io_model::trace::ProcessTrace,
    c: Collector,
    global_name: &dyn Fn(u32) -> String,
    opts: &Options,
    dropped: &mut BTreeMap<&'static str, u64>,
) -> Vec<Vec<Event>> {
    let mut calls = c.calls;
    calls.sort_by_key(|s| (s.call.thread, s.call.id));
    let mut parent: HashMap<u64, (Option<u64>, bool)> = HashMap::with_capacity(calls.len());
    let mut threads: BTreeMap<usize, Vec<Event>> = BTreeMap::new();
    for s in &calls {
        let names = paths_of(p, s, &c.op_files, global_name);
        let keep = kept(s, &names, opts);
        parent.insert(s.call.id, (s.call.parent, keep));
        if !keep {
            *dropped
                .entry(FUNCTIONS[s.call.func as usize].name)
                .or_default() += 1;
            continue;
        }
        let mut depth = 0;
        let mut up = s.call.parent;
        while let Some(id) = up {
            let Some(&(next, k)) = parent.get(&id) else {
                break;
            };
            depth += k as u32;
            up = next;
        }
        threads.entry(s.call.thread).or_default().push(Event {
            func: s.call.func,
            depth,
            errno: s.rec.errno,
            t0: s.call.t0,
            t1: s.call.t1,
            gap: 0,
            tail: 0,
            vals: values(p, &s.rec, s.call.func),
        });
    }
    threads.into_values().collect()
}

/// A record's fields (arguments, then the result) as values.
fn values(p: &io_model::trace::ProcessTrace, r: &Record, func: u16) -> Vec<Val> {
    let info = &FUNCTIONS[func as usize];
    let kinds = info.args.iter().map(|a| a.1).chain([info.ret]);
    kinds
        .enumerate()
        .map(|(i, k)| {
            let v = r.fields.get(i).copied().unwrap_or(0);
            match k {
                Kind::File => p.file(v).map_or(Val::NoPath, |f| Val::Text(f.path.clone())),
                Kind::Name => p
                    .name(v)
                    .map_or(Val::Opaque(v), |t| Val::Text(t.to_string())),
                Kind::Comm => p
                    .comms
                    .iter()
                    .find(|(id, _)| *id as u64 == v)
                    .map_or(Val::Opaque(v), |(_, m)| Val::Comm(m.clone())),
                Kind::Fd | Kind::Stream | Kind::Handle | Kind::Addr => Val::Opaque(v),
                Kind::Filetype => p
                    .filetype(v)
                    .map_or(Val::Num(v as i64), |f| Val::Filetype(f.clone())),
                _ => Val::Num(v as i64),
            }
        })
        .collect()
}

/// Gaps and tails of a thread's calls (begun-order), `start` the job's first kept call.
fn set_gaps(events: &mut [Event], start: u64) {
    // Stack of open calls: (index, end of its last child so far).
    let mut stack: Vec<(usize, Option<u64>)> = Vec::new();
    let mut prev_top_end = start;
    for i in 0..events.len() {
        let d = events[i].depth as usize;
        while stack.len() > d {
            close(events, &mut stack, &mut prev_top_end);
        }
        let reference = match stack.last() {
            Some(&(pi, last_child)) => last_child.unwrap_or(events[pi].t0),
            None => prev_top_end,
        };
        events[i].gap = events[i].t0.saturating_sub(reference);
        stack.push((i, None));
    }
    while !stack.is_empty() {
        close(events, &mut stack, &mut prev_top_end);
    }
}

fn close(events: &mut [Event], stack: &mut Vec<(usize, Option<u64>)>, prev_top_end: &mut u64) {
    let (i, last_child) = stack.pop().expect("non-empty");
    let e = &mut events[i];
    e.tail = e.t1.saturating_sub(last_child.unwrap_or(e.t0).max(e.t0));
    match stack.last_mut() {
        Some(parent) => parent.1 = Some(e.t1),
        None => *prev_top_end = e.t1,
    }
}
