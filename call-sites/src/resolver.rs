//! The resolver: objects opened lazily and once, each distinct (object, address) resolved
//! once, and the counts of what was found.

use std::path::PathBuf;

use hashbrown::{Equivalent, HashMap};

use crate::location::{Level, Location};
use crate::object_file::{open, ObjectState};

/// An object as recorded: its path and its GNU build-id (empty when none was recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObjectRef<'a> {
    pub path: &'a str,
    pub build_id: &'a [u8],
}

/// The owned form of [`ObjectRef`], the key of the object cache. Its derived `Hash` feeds
/// the same values as `ObjectRef`'s, which lets a lookup by `ObjectRef` allocate nothing.
#[derive(PartialEq, Eq, Hash)]
struct ObjectKey {
    path: String,
    build_id: Vec<u8>,
}

impl Equivalent<ObjectKey> for ObjectRef<'_> {
    fn equivalent(&self, key: &ObjectKey) -> bool {
        self.path == key.path && self.build_id == key.build_id.as_slice()
    }
}

/// What a resolver found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Distinct (object, address) pairs resolved.
    pub addresses: usize,
    /// Of those, how many reached each level.
    pub line: usize,
    pub symbol: usize,
    pub offset: usize,
    /// Distinct objects (path and build-id) asked about.
    pub objects: usize,
    /// Objects whose file was not there.
    pub objects_missing: usize,
    /// Objects whose file has another build-id than recorded (or none).
    pub objects_mismatched: usize,
    /// Objects whose file could not be read or parsed.
    pub objects_unreadable: usize,
    /// Objects whose debug information came from a separate debug file.
    pub objects_separate_debug: usize,
}

/// Resolves recorded addresses, caching each object and each distinct address.
pub struct Resolver {
    debug_dirs: Vec<PathBuf>,
    object_ids: HashMap<ObjectKey, usize>,
    objects: Vec<ObjectState>,
    locations: HashMap<(usize, u64), Location>,
    stats: Stats,
}

impl Default for Resolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Resolver {
    /// A resolver looking for separate debug files under `/usr/lib/debug`.
    pub fn new() -> Self {
        Self::with_debug_dirs(vec![PathBuf::from("/usr/lib/debug")])
    }

    /// A resolver looking for separate debug files under `debug_dirs` (by build-id in
    /// `DIR/.build-id/`, by `.gnu_debuglink` in `DIR/<object's folder>/`).
    pub fn with_debug_dirs(debug_dirs: Vec<PathBuf>) -> Self {
        Resolver {
            debug_dirs,
            object_ids: HashMap::new(),
            objects: Vec::new(),
            locations: HashMap::new(),
            stats: Stats::default(),
        }
    }

    /// The location of the return address `svma` (a stated virtual address: the recorded
    /// address minus the object's load bias) in `object`. Never fails: what cannot be found
    /// degrades to [`Level::Symbol`] or [`Level::Offset`].
    pub fn resolve(&mut self, object: ObjectRef, svma: u64) -> &Location {
        let id = self.object_id(object);
        let objects = &self.objects;
        let stats = &mut self.stats;
        self.locations.entry((id, svma)).or_insert_with(|| {
            let location = locate(&objects[id], object.path, svma);
            count_level(stats, location.level);
            location
        })
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The index of `object` in the object cache, opening it the first time.
    fn object_id(&mut self, object: ObjectRef) -> usize {
        if let Some(&id) = self.object_ids.get(&object) {
            return id;
        }
        let state = open(object.path, object.build_id, &self.debug_dirs);
        count_object(&mut self.stats, &state);
        let id = self.objects.len();
        self.objects.push(state);
        let key = ObjectKey {
            path: object.path.to_owned(),
            build_id: object.build_id.to_vec(),
        };
        self.object_ids.insert(key, id);
        id
    }
}

/// Resolves one return address; the lookup is at `svma - 1`, inside the call instruction,
/// since the return address may already belong to the next line or function.
fn locate(state: &ObjectState, path: &str, svma: u64) -> Location {
    let mut location = Location::offset_only(path, svma);
    if let ObjectState::Loaded(object) = state {
        let found = object.find(svma.saturating_sub(1));
        location.function = found.function;
        location.file = found.file;
        location.line = found.line;
        location.level = found.level;
    }
    location
}

fn count_level(stats: &mut Stats, level: Level) {
    stats.addresses += 1;
    match level {
        Level::Line => stats.line += 1,
        Level::Symbol => stats.symbol += 1,
        Level::Offset => stats.offset += 1,
    }
}

fn count_object(stats: &mut Stats, state: &ObjectState) {
    stats.objects += 1;
    match state {
        ObjectState::Loaded(object) if object.has_separate_debug() => {
            stats.objects_separate_debug += 1
        }
        ObjectState::Loaded(_) => {}
        ObjectState::Missing => stats.objects_missing += 1,
        ObjectState::Mismatched => stats.objects_mismatched += 1,
        ObjectState::Unreadable => stats.objects_unreadable += 1,
    }
}
