//! The export's call sites: every process's sites resolved by one resolver and given
//! trace-wide ids (sites that resolve to the same label are one, as `summary` counts
//! them), the ids the `call_site` columns hold and call_sites.parquet lists.

use crate::tables::call_sites_schema;
use arrow_array::builder::{BooleanBuilder, Int32Builder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::ArrowError;
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_model::sites::{ResolvedSite, SiteResolver};
use std::sync::{Arc, Mutex};

/// The sites of the whole export, shared by the workers.
#[derive(Default)]
pub struct SiteTable {
    resolver: SiteResolver,
    inner: Mutex<Sites>,
}

#[derive(Default)]
struct Sites {
    by_label: HashMap<String, i32>,
    sites: Vec<ResolvedSite>,
    /// Outermost calls made from each site, over all processes.
    calls: Vec<u64>,
}

impl SiteTable {
    /// The export ids of the process's sites `defs.sites[from..]`.
    pub fn ids(&self, defs: &GlobalDefs, from: usize) -> Vec<i32> {
        let resolved = self.resolver.resolve_from(defs, from);
        let mut g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let g = &mut *g;
        (resolved.into_iter())
            .map(|s| {
                let next = i32::try_from(g.sites.len()).unwrap_or(i32::MAX);
                *g.by_label.entry(s.label()).or_insert_with(|| {
                    g.sites.push(s);
                    g.calls.push(0);
                    next
                })
            })
            .collect()
    }

    /// Add a process's outermost calls per site (`calls[i]` from the site of export id
    /// `ids[i]`).
    pub fn add_calls(&self, ids: &[i32], calls: &[u64]) {
        let mut g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        for (&id, &n) in ids.iter().zip(calls) {
            if let Some(c) = g.calls.get_mut(id as usize) {
                *c += n;
            }
        }
    }

    /// What could not be resolved to a source line, in one line (None when all was).
    pub fn unresolved_note(&self) -> Option<String> {
        self.resolver.unresolved_note()
    }

    /// call_sites.parquet's rows, by id.
    pub fn batch(&self, big: &mut u64) -> Result<RecordBatch, ArrowError> {
        let g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let mut c = SiteCols::default();
        for (i, (s, &n)) in g.sites.iter().zip(&g.calls).enumerate() {
            c.push(i as i32, s, n, big);
        }
        c.finish()
    }
}

/// The level of detail of a site's name, as `summary --json` says it.
pub fn level_name(s: &ResolvedSite) -> &'static str {
    match (s.unknown, s.location.level) {
        (true, _) => "unknown",
        (_, call_sites::Level::Line) => "line",
        (_, call_sites::Level::Symbol) => "symbol",
        (_, call_sites::Level::Offset) => "offset",
    }
}

#[derive(Default)]
struct SiteCols {
    id: Int32Builder,
    site: StringBuilder,
    function: StringBuilder,
    file: StringBuilder,
    line: Int64Builder,
    object: StringBuilder,
    offset: Int64Builder,
    level: StringBuilder,
    runtime: BooleanBuilder,
    through: StringBuilder,
    calls: Int64Builder,
}

impl SiteCols {
    fn push(&mut self, id: i32, s: &ResolvedSite, calls: u64, big: &mut u64) {
        let l = &s.location;
        let known = !s.unknown;
        self.id.append_value(id);
        self.site.append_value(s.label());
        self.function.append_option(l.function.as_deref());
        self.file.append_option(l.file.as_deref());
        self.line.append_option(l.line.map(i64::from));
        self.object
            .append_option((known && !l.object.is_empty()).then_some(l.object.as_str()));
        self.offset
            .append_option(known.then(|| crate::tables::fit(l.offset, big)));
        self.level.append_value(level_name(s));
        self.runtime.append_value(l.runtime);
        self.through.append_option(s.through.as_deref());
        self.calls.append_value(crate::tables::fit(calls, big));
    }

    fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let cols: Vec<ArrayRef> = vec![
            Arc::new(self.id.finish()),
            Arc::new(self.site.finish()),
            Arc::new(self.function.finish()),
            Arc::new(self.file.finish()),
            Arc::new(self.line.finish()),
            Arc::new(self.object.finish()),
            Arc::new(self.offset.finish()),
            Arc::new(self.level.finish()),
            Arc::new(self.runtime.finish()),
            Arc::new(self.through.finish()),
            Arc::new(self.calls.finish()),
        ];
        RecordBatch::try_new(call_sites_schema(), cols)
    }
}
