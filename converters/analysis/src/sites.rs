//! Call sites: what the program's calls from each line did, beneath them included (the
//! I/O model gives every call and operation the site of its outermost call).

use crate::stack::{layer_index, stack_pos, NLAYERS, STACK};
use hashbrown::HashMap;
use io_events::functions::{Layer, Role, FUNCTIONS};
use io_model::kinds::OpMode;
use io_model::resolve::{Call, Op};
use io_model::sites::ResolvedSite;

/// What an access was, where its file's previous one was: the call sites count these.
#[derive(Clone, Copy, Debug, Default)]
pub struct Shape {
    pub misaligned: bool,
    /// It went backwards in its file (a random access).
    pub random: bool,
}

/// What the calls from one site did in one process, or in all of them.
#[derive(Clone, Debug, Default)]
pub struct SiteAcc {
    /// Outermost calls made from the site, and their time.
    pub calls: u64,
    pub ns: u64,
    /// Outermost calls by function id.
    pub funcs: Vec<(u16, u64)>,
    /// Per layer: calls made (outermost and beneath), operations, bytes read and written.
    pub layer_calls: [u64; NLAYERS],
    pub layer_ops: [u64; NLAYERS],
    pub read_bytes: [u64; NLAYERS],
    pub write_bytes: [u64; NLAYERS],
    /// Per layer: reads and writes requesting fewer bytes than the small threshold.
    pub small_ops: [u64; NLAYERS],
    /// Per layer: the smallest and largest request of its reads and writes.
    pub min_request: [u64; NLAYERS],
    pub max_request: [u64; NLAYERS],
    /// Per layer: reads and writes (flushes are the rest of the operations).
    pub read_ops: [u64; NLAYERS],
    pub write_ops: [u64; NLAYERS],
    /// Per layer, beneath the program's I/O calls only (what MPI_Init or another runtime
    /// call did beneath is not the program's access pattern): small reads and writes,
    /// requests at misaligned offsets, accesses going backwards in their file. The insights
    /// name the sites by these.
    pub small_reads: [u64; NLAYERS],
    pub small_writes: [u64; NLAYERS],
    pub misaligned_ops: [u64; NLAYERS],
    pub random_ops: [u64; NLAYERS],
    /// Outermost calls from the site that fanned out into many small POSIX operations.
    pub fanout_calls: u64,
}

impl SiteAcc {
    fn call(&mut self, c: &Call) {
        self.layer_calls[layer_index(c.layer)] += 1;
        if c.id != c.root {
            return;
        }
        self.calls += 1;
        self.ns += c.t1 - c.t0;
        match self.funcs.iter_mut().find(|f| f.0 == c.func) {
            Some(f) => f.1 += 1,
            None => self.funcs.push((c.func, 1)),
        }
    }

    fn op(&mut self, o: &Op, small: u64, shape: Shape) {
        let li = layer_index(o.layer);
        self.layer_ops[li] += 1;
        let req = o.bytes_requested;
        let is_small = req < small;
        let io_root = matches!(
            FUNCTIONS[o.root_func as usize].role,
            Role::Data | Role::Meta
        );
        let flagged = |b: bool| (io_root && b) as u64;
        match o.mode {
            OpMode::Read => {
                self.read_ops[li] += 1;
                self.read_bytes[li] = self.read_bytes[li].saturating_add(o.bytes_done);
                self.small_reads[li] += flagged(is_small);
            }
            OpMode::Write => {
                self.write_ops[li] += 1;
                self.write_bytes[li] = self.write_bytes[li].saturating_add(o.bytes_done);
                self.small_writes[li] += flagged(is_small);
            }
            OpMode::Flush => return,
        }
        self.misaligned_ops[li] += flagged(shape.misaligned);
        self.random_ops[li] += flagged(shape.random);
        self.small_ops[li] += is_small as u64;
        if self.layer_ops[li] == 1 || req < self.min_request[li] {
            self.min_request[li] = req;
        }
        self.max_request[li] = self.max_request[li].max(req);
    }

    /// Add another process's numbers for the same site.
    pub fn merge(&mut self, o: &SiteAcc) {
        self.calls += o.calls;
        self.ns += o.ns;
        self.fanout_calls += o.fanout_calls;
        for &(f, n) in &o.funcs {
            match self.funcs.iter_mut().find(|x| x.0 == f) {
                Some(x) => x.1 += n,
                None => self.funcs.push((f, n)),
            }
        }
        for i in 0..NLAYERS {
            let had = self.layer_ops[i] > 0;
            self.layer_calls[i] += o.layer_calls[i];
            self.layer_ops[i] += o.layer_ops[i];
            self.read_bytes[i] = self.read_bytes[i].saturating_add(o.read_bytes[i]);
            self.write_bytes[i] = self.write_bytes[i].saturating_add(o.write_bytes[i]);
            self.small_ops[i] += o.small_ops[i];
            self.read_ops[i] += o.read_ops[i];
            self.write_ops[i] += o.write_ops[i];
            self.small_reads[i] += o.small_reads[i];
            self.small_writes[i] += o.small_writes[i];
            self.misaligned_ops[i] += o.misaligned_ops[i];
            self.random_ops[i] += o.random_ops[i];
            if o.layer_ops[i] > 0 {
                self.min_request[i] = if had {
                    self.min_request[i].min(o.min_request[i])
                } else {
                    o.min_request[i]
                };
                self.max_request[i] = self.max_request[i].max(o.max_request[i]);
            }
        }
    }

    /// Bytes read and written at every layer.
    pub fn bytes(&self, li: usize) -> u64 {
        self.read_bytes[li].saturating_add(self.write_bytes[li])
    }
}

/// One process's sites, by the site ids of its definitions (dense: a vector, no hashing
/// per call); the last slot holds the calls of no known site.
#[derive(Default)]
pub struct ProcessSites {
    by_id: Vec<SiteAcc>,
    none: SiteAcc,
}

impl ProcessSites {
    fn slot(&mut self, site: u32) -> &mut SiteAcc {
        if site == io_model::sink::NO_SITE {
            return &mut self.none;
        }
        let i = site as usize;
        if self.by_id.len() <= i {
            self.by_id.resize_with(i + 1, Default::default);
        }
        &mut self.by_id[i]
    }

    pub fn call(&mut self, c: &Call) {
        self.slot(c.site).call(c);
    }

    pub fn op(&mut self, o: &Op, small: u64, shape: Shape) {
        self.slot(o.site).op(o, small, shape);
    }

    /// An outermost call that fanned out into many small POSIX operations.
    pub fn fanout(&mut self, c: &Call) {
        self.slot(c.site).fanout_calls += 1;
    }

    /// The sites with calls, with their resolution (`names` by site id).
    pub fn into_named(self, names: &[ResolvedSite]) -> Vec<(ResolvedSite, SiteAcc)> {
        let mut out: Vec<(ResolvedSite, SiteAcc)> = Vec::new();
        for (i, acc) in self.by_id.into_iter().enumerate() {
            if acc.calls == 0 && acc.layer_calls.iter().all(|&n| n == 0) {
                continue;
            }
            let name = names.get(i).cloned().unwrap_or_else(ResolvedSite::unknown);
            out.push((name, acc));
        }
        if self.none.calls > 0 {
            out.push((ResolvedSite::unknown(), self.none));
        }
        out
    }
}

/// One call site over all processes (sites that resolve to the same line are one).
#[derive(Clone, Debug)]
pub struct SiteStats {
    pub site: ResolvedSite,
    pub acc: SiteAcc,
    /// Processes that called from it (trace indexes).
    pub procs: Vec<usize>,
}

/// Sites of all processes, merged by their label.
#[derive(Default)]
pub struct AllSites {
    by_label: HashMap<String, SiteStats>,
}

impl AllSites {
    pub fn add(&mut self, proc: usize, sites: Vec<(ResolvedSite, SiteAcc)>) {
        for (site, acc) in sites {
            let e = self
                .by_label
                .entry(site.label())
                .or_insert_with(|| SiteStats {
                    site,
                    acc: SiteAcc::default(),
                    procs: Vec::new(),
                });
            e.acc.merge(&acc);
            e.procs.push(proc);
        }
    }

    pub fn merge(&mut self, o: AllSites) {
        for (label, s) in o.by_label {
            match self.by_label.get_mut(&label) {
                Some(e) => {
                    e.acc.merge(&s.acc);
                    e.procs.extend(s.procs);
                }
                None => {
                    self.by_label.insert(label, s);
                }
            }
        }
    }

    /// Most time first (then most calls, then by label).
    pub fn into_sorted(self) -> Vec<SiteStats> {
        let mut v: Vec<SiteStats> = self.by_label.into_values().collect();
        for s in &mut v {
            // Two addresses of one process can resolve to the same line: one process still.
            s.procs.sort_unstable();
            s.procs.dedup();
            s.acc
                .funcs
                .sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        }
        v.sort_by(|a, b| {
            b.acc
                .ns
                .cmp(&a.acc.ns)
                .then(b.acc.calls.cmp(&a.acc.calls))
                .then_with(|| a.site.label().cmp(&b.site.label()))
        });
        v
    }
}

impl SiteStats {
    /// The layer of the site's outermost calls (the topmost when they are of several).
    pub fn top_layer(&self) -> Option<Layer> {
        self.acc
            .funcs
            .iter()
            .map(|&(f, _)| FUNCTIONS[f as usize].layer)
            .min_by_key(|&l| stack_pos(l))
    }

    /// The I/O layers the calls from the site went through, top of the stack first.
    pub fn layer_stack(&self) -> Vec<Layer> {
        STACK
            .iter()
            .copied()
            .filter(|&l| {
                let i = layer_index(l);
                self.acc.layer_calls[i] > 0 || self.acc.layer_ops[i] > 0
            })
            .collect()
    }
}
