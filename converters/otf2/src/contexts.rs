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
        intern(&mut self.id_of, &mut self.pairs, (site, region))
    }
}

/// One process's (local site, local region) pairs: the ids its events carry.
pub(crate) type LocalContexts = Pairs;

/// The attribute definition, pushed into a process's definitions once it used it.
pub(crate) fn attribute() -> (String, String, u8) {
    let (name, description) = CALLING_CONTEXT_ATTR;
    (name.into(), description.into(), CALLING_CONTEXT_TYPE)
}

/// What the calling-context definitions are, once every site is resolved. Each call's
/// context comes with a frame of its own just before it (frame 2i, call 2i + 1: OTF2 readers
/// want the ids dense, in the order written, a parent before its children), so that the ids
/// a process's events carry (2k + 1 for its k-th pair, see [`local_id`]) are the global
/// ones for the first process, which then needs no mapping table, as for every other class.
#[derive(Default)]
pub(crate) struct ContextTable {
    /// Global pair id -> the id of its call's context.
    pub of_pair: Vec<u32>,
    /// Source code locations: (file, line); id = index.
    pub locations: Vec<(String, u32)>,
    /// Function regions, named; their region ids follow the traced regions'.
    pub functions: Vec<String>,
    /// The calls: (traced region, function region, location); call i's context is 2i + 1,
    /// its frame's 2i.
    pub calls: Vec<(u32, u32, Option<u32>)>,
}

/// The id an event carries for a process's `k`-th (site, region) pair.
#[inline]
pub(crate) fn local_id(k: u32) -> u32 {
    2 * k + 1
}

/// The name a site's function region gets: the function, else what is known.
fn function_name(site: &ResolvedSite) -> String {
    match (&site.location.function, site.unknown) {
        (Some(f), false) => f.clone(),
        _ => site.label(),
    }
}

/// The id of `key` in `list`, pushed on first sight.
fn intern<K: Clone + Eq + std::hash::Hash>(
    ids: &mut HashMap<K, u32>,
    list: &mut Vec<K>,
    key: K,
) -> u32 {
    let next = list.len() as u32;
    let id = *ids.entry(key.clone()).or_insert(next);
    if id == next {
        list.push(key);
    }
    id
}

impl ContextTable {
    /// The table of the global `pairs`, with `sites` the resolution of every global site
    /// and `regions` the number of traced regions. Pairs whose sites resolve to the same
    /// function and line and that call the same region are one context.
    pub fn build(pairs: &[(u32, u32)], sites: &[ResolvedSite], regions: u32) -> ContextTable {
        let mut t = ContextTable::default();
        let (mut location_of, mut function_of, mut call_of) =
            (HashMap::new(), HashMap::new(), HashMap::new());
        let unknown = ResolvedSite::unknown();
        for &(site, region) in pairs {
            let s = sites.get(site as usize).unwrap_or(&unknown);
            let location = match (&s.location.file, s.location.line) {
                (Some(file), Some(line)) => Some(intern(
                    &mut location_of,
                    &mut t.locations,
                    (file.clone(), line),
                )),
                _ => None,
            };
            let name = function_name(s);
            let function = regions + intern(&mut function_of, &mut t.functions, name);
            let call = intern(&mut call_of, &mut t.calls, (region, function, location));
            t.of_pair.push(local_id(call));
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
    (t, resolver.warning())
}
