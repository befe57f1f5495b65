//! Objects inside HDF5 files (datasets): opened by name inside an open file object, their
//! transfers are operations on the file's handle with the dataset's name as attribute;
//! H5Idec_ref releasing an id's last reference closes a file or a dataset. Objects and files
//! the trace does not show opened (nor the recorder told of) are kept on stand-in handles,
//! and the operations placed on them counted. HDF5 files are library objects
//! ([`super::objects`]); a transfer's selection is [`super::selection`]'s.

use super::ctx::Ctx;
use super::objects::LibraryObjects;
use super::record::{field, mode_bytes, Op};
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use definitions::{ATTR_DATASET, ATTR_SELECTION};
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo, Layer, Mapping, RET};

/// The HDF5 layer's part of a process's state.
#[derive(Default)]
pub(crate) struct Hdf5State {
    /// Objects inside library files (datasets), keyed by (layer, identity): the handle of
    /// their file and their name (a global string id).
    subs: HashMap<(Layer, u64), (u32, u32)>,
}

/// Datasets and their transfers.
impl Hdf5State {
    /// A successful open of a dataset (SubOpen) inside the file object in field `file` (on
    /// the file's stand-in when the trace does not show it opened).
    pub(crate) fn open_sub<S>(
        &mut self,
        cx: &mut Ctx<S>,
        lib: &LibraryObjects,
        info: &FunctionInfo,
        r: &Record,
    ) {
        let Mapping::SubOpen { file, name, key } = info.mapping else {
            return;
        };
        let fk = (info.layer, field(info, r, file));
        let h = match lib.objs.get(&fk) {
            Some(&h) => Some(h),
            None if fk.1 as i64 > 0 => Some(
                cx.sh
                    .stand_in(cx.defs, fk.0, fk.1, || format!("HDF5 file {:#x}", fk.1)),
            ),
            None => None,
        };
        if let Some(h) = h {
            let text = cx
                .sh
                .p
                .name(field(info, r, name))
                .unwrap_or("(unnamed)")
                .to_string();
            let name_id = cx.defs.strings.id(&text);
            self.subs
                .insert((info.layer, field(info, r, key)), (h, name_id));
        }
    }

    /// A successful close of the dataset in field `key` (SubClose).
    pub(crate) fn close_sub(&mut self, info: &FunctionInfo, r: &Record, key: u8) {
        self.subs.remove(&(info.layer, field(info, r, key)));
    }

    /// A successful H5Idec_ref that released the last reference of a file (`kind` 1) or of a
    /// dataset (IdRelease).
    pub(crate) fn id_release<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        lib: &mut LibraryObjects,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::IdRelease { key, kind } = info.mapping else {
            return Ok(());
        };
        let k = (info.layer, field(info, r, key));
        match field(info, r, kind) {
            1 => {
                if let Some(h) = lib.objs.remove(&k) {
                    cx.destroy(t1, h)?;
                }
            }
            _ => {
                self.subs.remove(&k);
            }
        }
        Ok(())
    }

    /// The start of a transfer on a dataset (SubData): Begin on its file's handle with the
    /// dataset's name as attribute; on the object's stand-in, named "(unknown)", when the
    /// trace does not show it opened (counted in `guessed`, as are operations on datasets of
    /// a stand-in file).
    pub(crate) fn begin_sub_data<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Error> {
        let Mapping::SubData {
            key,
            dir,
            req,
            coll,
            ..
        } = info.mapping
        else {
            return Ok(None);
        };
        let k = (info.layer, field(info, r, key));
        let (h, name) = match self.subs.get(&k) {
            Some(&(h, name)) => {
                // A dataset of a file the trace does not show opened is a guess too.
                if cx.sh.is_stand_in(h) {
                    cx.sh.count_guess(k.0);
                }
                (h, name)
            }
            None => (
                cx.sh
                    .stand_in_op(cx.defs, k.0, k.1, || format!("HDF5 object {:#x}", k.1)),
                cx.defs.strings.id("(unknown)"),
            ),
        };
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        let collective = coll != RET && field(info, r, coll) != 0;
        let flags = OpFlags::collective_if(collective);
        cx.s.attr_string(ATTR_DATASET, name)?;
        cx.begin_op(t0, h, (mode, flags), bytes, None)
    }

    /// The end of a transfer on a dataset: its selection, complete.
    pub(crate) fn complete_sub_data<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Error> {
        let Mapping::SubData { xfer, dir, .. } = info.mapping else {
            return Ok(());
        };
        cx.attach_selection(ATTR_SELECTION, op.is_some())?;
        if let Some((h, id)) = op {
            let failed = info.fail.failed(r.ret());
            let got = if failed || dir == Dir::Flush {
                0
            } else {
                field(info, r, xfer)
            };
            cx.complete_op(t1, h, got, id)?;
        }
        Ok(())
    }
}
