//! Call sites: a thread stream's return addresses placed in the objects their process
//! mapped, and interned once for the whole trace (`GlobalDefs::sites`), so that every
//! process of a program shares the ids of its call sites whatever its load addresses.

use crate::calls::Frames;
use crate::sink::NO_SITE;
use crate::trace::ProcessTrace;
use definitions::{GlobalDefs, SiteFrame, NO_OBJECT};

/// One thread's stream sites -> global site ids, filled as the stream names them.
#[derive(Default)]
pub struct SiteIds {
    ids: Vec<u32>,
    /// Global object id of each of the process's objects (filled on first use).
    objects: Vec<Option<u32>>,
}

impl SiteIds {
    /// The global id of the stream's site `local` (`sites` are the stream's frames so far).
    pub fn global(
        &mut self,
        local: u32,
        sites: &[Frames],
        p: &ProcessTrace,
        defs: &mut GlobalDefs,
    ) -> u32 {
        let Some(frames) = sites.get(local as usize) else {
            return NO_SITE;
        };
        while self.ids.len() <= local as usize {
            self.ids.push(NO_SITE);
        }
        if self.ids[local as usize] == NO_SITE {
            self.ids[local as usize] = self.intern(frames, p, defs);
        }
        self.ids[local as usize]
    }

    fn intern(&mut self, frames: &Frames, p: &ProcessTrace, defs: &mut GlobalDefs) -> u32 {
        if self.objects.len() < p.objects.len() {
            self.objects.resize(p.objects.len(), None);
        }
        let n = frames
            .iter()
            .position(|&pc| pc == 0)
            .unwrap_or(frames.len());
        let mut out = Vec::with_capacity(n.max(1));
        for &pc in &frames[..n] {
            out.push(match p.object_at(pc) {
                Some((i, address)) => {
                    let o = &p.objects[i];
                    let id =
                        *self.objects[i].get_or_insert_with(|| defs.object(&o.path, &o.build_id));
                    SiteFrame {
                        object: id,
                        address,
                    }
                }
                None => SiteFrame {
                    object: NO_OBJECT,
                    address: pc,
                },
            });
        }
        if out.is_empty() {
            // The recorder could not find the call's return address (a frame chain it did
            // not trust): one site for all such calls.
            out.push(SiteFrame {
                object: NO_OBJECT,
                address: 0,
            });
        }
        defs.site(&out)
    }
}

/// A call site as the answers show it: the frame chosen as the program's own (the first
/// outside runtime libraries, when the recorder kept a short stack), resolved.
#[derive(Clone, Debug)]
pub struct ResolvedSite {
    pub location: call_sites::Location,
    /// The runtime library the call went through when a frame above it was chosen
    /// (libgfortran's `write` under a Fortran WRITE), or the one it stayed in.
    pub through: Option<String>,
    /// The recorder could not find the return address (or its object).
    pub unknown: bool,
}

impl ResolvedSite {
    /// A site the trace does not give.
    pub fn unknown() -> Self {
        unknown_site()
    }

    /// One line: `w.c:42 in write_block`, `write_block in prog`, `prog+0x1a2b`, with
    /// `(runtime library)` when the chosen frame is still in one, `via libgfortran.so.5`
    /// when a frame above one was chosen, `unknown` when there was none.
    pub fn label(&self) -> String {
        if self.unknown {
            return "unknown".into();
        }
        let short = self.location.short();
        match (&self.through, self.location.runtime) {
            (_, true) => format!("{short} (runtime library)"),
            (Some(t), false) => format!("{short} via {}", base_name(t)),
            (None, false) => short,
        }
    }

    /// What identifies the site across processes: its object's path and address.
    pub fn key(&self) -> (&str, u64) {
        (&self.location.object, self.location.offset)
    }
}

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Resolves the call sites of any number of processes' definitions, each object parsed
/// once and each address resolved once for all of them (shared by the worker threads).
#[derive(Default)]
pub struct SiteResolver {
    inner: std::sync::Mutex<call_sites::Resolver>,
}

impl SiteResolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// The sites of `defs`, by site id.
    pub fn resolve(&self, defs: &GlobalDefs) -> Vec<ResolvedSite> {
        self.resolve_from(defs, 0)
    }

    /// The sites of `defs` from id `first` on: a consumer that learns sites as a process
    /// is interpreted resolves only the new ones.
    pub fn resolve_from(&self, defs: &GlobalDefs, first: usize) -> Vec<ResolvedSite> {
        let mut r = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let new = defs.sites.get(first..).unwrap_or_default();
        new.iter().map(|s| resolve_one(&mut r, defs, s)).collect()
    }

    /// How much could be resolved so far.
    pub fn stats(&self) -> call_sites::Stats {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).stats()
    }

    /// The warning a converter gives on its error output: only when some address is left
    /// as nothing but object+offset, or an object was missing, unreadable or rebuilt since
    /// (a program built without -g, named by function, is no warning; the answers say it).
    pub fn warning(&self) -> Option<String> {
        let s = self.stats();
        let bad = s.offset + s.objects_missing + s.objects_unreadable + s.objects_mismatched;
        if bad == 0 {
            return None;
        }
        self.unresolved_note()
    }

    /// The one line the answers say about sites that could not be resolved to a source
    /// line (None when every one was).
    pub fn unresolved_note(&self) -> Option<String> {
        let s = self.stats();
        let not_lines = s.symbol + s.offset;
        if not_lines == 0 && s.objects_missing + s.objects_mismatched == 0 {
            return None;
        }
        let mut why = Vec::new();
        if s.objects_missing + s.objects_unreadable > 0 {
            why.push(format!(
                "{} objects not found or unreadable here",
                s.objects_missing + s.objects_unreadable
            ));
        }
        if s.objects_mismatched > 0 {
            why.push(format!(
                "{} objects whose build-id differs from the recorded one",
                s.objects_mismatched
            ));
        }
        if why.is_empty() {
            why.push("no debug information (build with -g)".into());
        }
        Some(format!(
            "{not_lines} of {} call-site addresses unresolved to a source line ({} named by function, {} by object+offset): {}",
            s.addresses,
            s.symbol,
            s.offset,
            why.join("; ")
        ))
    }
}

fn resolve_one(
    r: &mut call_sites::Resolver,
    defs: &GlobalDefs,
    site: &[SiteFrame],
) -> ResolvedSite {
    let path = |f: &SiteFrame| {
        defs.objects
            .get(f.object as usize)
            .map_or("", |o| o.path.as_str())
    };
    let frames: Vec<(&str, u64)> = site.iter().map(|f| (path(f), f.address)).collect();
    let chosen = call_sites::choose_frame(&frames).min(site.len().saturating_sub(1));
    let Some(frame) = site.get(chosen) else {
        return unknown_site();
    };
    let Some(object) = defs.objects.get(frame.object as usize) else {
        let mut s = unknown_site();
        s.location.offset = frame.address;
        s.unknown = frame.address == 0;
        return s;
    };
    let obj = call_sites::ObjectRef {
        path: &object.path,
        build_id: &object.build_id,
    };
    let location = r.resolve(obj, frame.address).clone();
    let through = if chosen > 0 {
        site.first().map(|f| path(f).to_string())
    } else if location.runtime {
        Some(object.path.clone())
    } else {
        None
    };
    ResolvedSite {
        location,
        through,
        unknown: false,
    }
}

fn unknown_site() -> ResolvedSite {
    ResolvedSite {
        location: call_sites::Location {
            object: String::new(),
            offset: 0,
            function: None,
            file: None,
            line: None,
            level: call_sites::Level::Offset,
            runtime: false,
        },
        through: None,
        unknown: true,
    }
}
