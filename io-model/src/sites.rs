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
        let n = frames.iter().position(|&pc| pc == 0).unwrap_or(frames.len());
        let mut out = Vec::with_capacity(n.max(1));
        for &pc in &frames[..n] {
            out.push(match p.object_at(pc) {
                Some((i, address)) => {
                    let o = &p.objects[i];
                    let id = *self.objects[i].get_or_insert_with(|| defs.object(&o.path, &o.build_id));
                    SiteFrame { object: id, address }
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
