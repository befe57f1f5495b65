//! The MPI file views with holes of open MPI-IO handles, as operations name them
//! (`OpBegin::view`): set by MPI_File_set_view ([`super::mpiio::set_view`]), read by every
//! transfer on a library object ([`super::objects`]), forgotten at the close.

use super::ctx::Ctx;
use definitions::FileView;
use hashbrown::HashMap;
use io_events::filetype::Filetype;
use io_events::functions::FILETYPE_CONTIGUOUS;
use std::sync::Arc;

/// The views with holes of open handles: a handle without an entry has a view without
/// holes (the default view, or a contiguous filetype), where an operation's bytes are one
/// range from its offset.
#[derive(Default)]
pub(crate) struct Views {
    of_handle: HashMap<u32, Shape>,
    /// Views defined in `GlobalDefs::views`, by displacement and filetype.
    ids: HashMap<(u64, *const Filetype), u32>,
    /// Operations through a view whose filetype the trace does not describe: taken as one
    /// range from their offset, counted.
    pub(crate) unknown_shape: u64,
}

#[derive(Clone, Copy)]
enum Shape {
    View(u32),
    Unknown,
}

impl Views {
    /// The view of handle `h` an operation goes through (None: one range).
    #[inline]
    pub(crate) fn of(&mut self, h: u32) -> Option<u32> {
        if self.of_handle.is_empty() {
            return None;
        }
        match self.of_handle.get(&h)? {
            Shape::View(v) => Some(*v),
            Shape::Unknown => {
                self.unknown_shape += 1;
                None
            }
        }
    }

    pub(crate) fn forget(&mut self, h: u32) {
        self.of_handle.remove(&h);
    }

    /// Handle `h`'s new view: displacement `disp`, and the record's `Filetype` field `ft`
    /// (contiguous, a definition of the process, or unknown).
    pub(crate) fn set<S>(&mut self, cx: &mut Ctx<S>, h: u32, disp: u64, ft: u64) {
        if ft == FILETYPE_CONTIGUOUS {
            self.forget(h);
            return;
        }
        let shape = match cx.sh.p.filetype(ft) {
            Some(f) => {
                let key = (disp, Arc::as_ptr(f));
                let id = *self.ids.entry(key).or_insert_with(|| {
                    cx.defs.views.push(FileView {
                        disp,
                        filetype: f.clone(),
                    });
                    cx.defs.views.len() as u32 - 1
                });
                Shape::View(id)
            }
            None => Shape::Unknown,
        };
        self.of_handle.insert(h, shape);
    }
}
