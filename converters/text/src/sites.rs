//! Call sites in the text dump: each thread stream's `call_site` records (taken out of the
//! stream by `CallTrees`: raw return addresses) placed in the process's objects and
//! resolved, each address once for the whole trace.

use definitions::GlobalDefs;
use io_model::calls::Frames;
use io_model::sink::NO_SITE;
use io_model::sites::{SiteIds, SiteResolver};
use io_model::trace::ProcessTrace;

/// The labels of one process's call sites (`call_sites.c:17 in write_block`).
pub struct SiteLabels<'r> {
    resolver: &'r SiteResolver,
    defs: GlobalDefs,
    /// Labels by the process's site id (`defs.sites`).
    labels: Vec<String>,
}

impl<'r> SiteLabels<'r> {
    pub fn new(resolver: &'r SiteResolver) -> Self {
        SiteLabels {
            resolver,
            defs: GlobalDefs::new("text"),
            labels: Vec::new(),
        }
    }

    /// The label of a thread stream's site `local` (`sites`: the stream's sites so far,
    /// `ids`: the thread's map to the process's ids); None when the stream names none.
    pub fn label(
        &mut self,
        ids: &mut SiteIds,
        local: u32,
        sites: &[Frames],
        p: &ProcessTrace,
    ) -> Option<&str> {
        if local == NO_SITE {
            return None;
        }
        let id = ids.global(local, sites, p, &mut self.defs) as usize;
        if id >= self.labels.len() && id < self.defs.sites.len() {
            let new = self.resolver.resolve_from(&self.defs, self.labels.len());
            self.labels.extend(new.iter().map(|s| s.label()));
        }
        self.labels.get(id).map(String::as_str)
    }
}
