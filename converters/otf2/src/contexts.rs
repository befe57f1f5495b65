//! Call sites as OTF2 calling contexts, in the form Score-P writes them when it unwinds
//! (docs/otf2-mapping.md, "Call sites"): for each program function call sites lie in, a
//! region (role FUNCTION, paradigm SAMPLING, never entered); a SourceCodeLocation per
//! source line; a CallingContext per (function, line) whose region is the function and
//! whose location is the line; below it a CallingContext per traced region called from
//! there. The outermost call's Enter carries the leaf as its `CALLING_CONTEXT` attribute
//! (events stay Enter/Leave: OTF2 does not allow CallingContextEnter/Leave beside them).
//!
//! Events are written while each process is converted on its own, before any site is
//! resolved: they carry a local id per (local site, local region) pair ([`LocalContexts`]),
//! the unification maps pairs to global pairs ([`Pairs`]), and once every site is resolved
//! [`ContextTable`] merges the pairs that name the same function, line and region into one
//! calling context (what the mapping tables map to).

use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_model::sites::ResolvedSite;

/// Type code of the `CALLING_CONTEXT` attribute in `GlobalDefs::attributes` (beside 0 u32,
/// 1 u64, 2 string).
pub(crate) const CALLING_CONTEXT_TYPE: u8 = 3;
/// The attribute's name and description (OTF2 names the source-location one
/// `SOURCE_CODE_LOCATION`; this follows that form).
pub(crate) const CALLING_CONTEXT_ATTR: (&str, &str) = (
    "CALLING_CONTEXT",
    "where the program made this outermost call: the call site's function and line",
);

/// (site, region) pairs, each with the id of its first sight.
#[derive(Default)]
pub(crate) struct Pairs {
    pub pairs: Vec<(u32, u32)>,
    id_of: HashMap<(u32, u32), u32>,
}

impl Pairs {
    /// The pair's id, given on first sight.
    #[inline]
    pub fn id(&mut self, site: u32, region: u32) -> u32 {
        let next = self.pairs.len() as u32;
        let id = *self.id_of.entry((site, region)).or_insert(next);
        if id == next {
            self.pairs.push((site, region));
        }
        id
    }
}

/// One process's (local site, local region) pairs: the ids its events carry.
pub(crate) type LocalContexts = Pairs;

/// The attribute definition, pushed into a process's definitions once it used it.
pub(crate) fn attribute() -> (String, String, u8) {
    let (name, description) = CALLING_CONTEXT_ATTR;
    (name.into(), description.into(), CALLING_CONTEXT_TYPE)
}

/// What the calling-context definitions are, once every site is resolved.
#[derive(Default)]
pub(crate) struct ContextTable {
    /// Global pair id -> calling context id.
    pub of_pair: Vec<u32>,
    /// Source code locations: (file, line); id = index.
    pub locations: Vec<(String, u32)>,
    /// Function regions, named; their region ids follow the traced regions'.
    pub functions: Vec<String>,
    /// Calling contexts: (region id, location, parent); id = index.
    pub nodes: Vec<(u32, Option<u32>, Option<u32>)>,
}

/// The name a site's function region gets: the function, else what is known.
fn function_name(site: &ResolvedSite) -> String {
    match (&site.location.function, site.unknown) {
        (Some(f), false) => f.clone(),
        _ => site.label(),
    }
}

impl ContextTable {
    /// The table of the global `pairs`, with `sites` the resolution of every global site
    /// and `regions` the number of traced regions.
    pub fn build(pairs: &[(u32, u32)], sites: &[ResolvedSite], regions: u32) -> ContextTable {
        let mut t = ContextTable::default();
        let mut location_of: HashMap<(String, u32), u32> = HashMap::new();
        let mut function_of: HashMap<String, u32> = HashMap::new();
        let mut frame_of: HashMap<(u32, Option<u32>), u32> = HashMap::new();
        let mut leaf_of: HashMap<(u32, u32), u32> = HashMap::new();
        let unknown = ResolvedSite::unknown();
        for &(site, region) in pairs {
            let s = sites.get(site as usize).unwrap_or(&unknown);
            let location = match (&s.location.file, s.location.line) {
                (Some(file), Some(line)) => {
                    let key = (file.clone(), line);
                    let next = t.locations.len() as u32;
                    let id = *location_of.entry(key.clone()).or_insert(next);
                    if id == next {
                        t.locations.push(key);
                    }
                    Some(id)
                }
                _ => None,
            };
            let name = function_name(s);
            let next = regions + t.functions.len() as u32;
            let function = *function_of.entry(name.clone()).or_insert(next);
            if function == next {
                t.functions.push(name);
            }
            let frame = *frame_of.entry((function, location)).or_insert_with(|| {
                t.nodes.push((function, location, None));
                t.nodes.len() as u32 - 1
            });
            let leaf = *leaf_of.entry((frame, region)).or_insert_with(|| {
                t.nodes.push((region, None, Some(frame)));
                t.nodes.len() as u32 - 1
            });
            t.of_pair.push(leaf);
        }
        t
    }
}

/// The calling contexts of the unified `pairs`, with the global sites of `defs` resolved
/// here (nothing is resolved when no call has a site), and the line to say about the sites
/// that could not be resolved to a source line.
pub(crate) fn table(defs: &GlobalDefs, pairs: &Pairs) -> (ContextTable, Option<String>) {
    if pairs.pairs.is_empty() {
        return (ContextTable::default(), None);
    }
    let resolver = io_model::sites::SiteResolver::new();
    let sites = resolver.resolve(defs);
    let regions = defs.regions.len() as u32;
    let t = ContextTable::build(&pairs.pairs, &sites, regions);
    (t, resolver.unresolved_note())
}
