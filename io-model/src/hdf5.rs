//! Objects inside HDF5 files (datasets): opened by name inside an open file object, their
//! transfers are operations on the file's handle with the dataset's name as attribute;
//! H5Idec_ref releasing an id's last reference closes a file or a dataset. Objects and files
//! the trace does not show opened (nor the recorder told of) are kept on stand-in handles,
//! and the operations placed on them counted. Also the selection
//! of a transfer, described by events inside the transfer call (a bounding box, then HDF5
//! hyperslabs, netCDF strides or an ADIOS shape) and attached to the transfer's Complete
//! (HDF5, netCDF, PnetCDF and ADIOS transfers alike).

use crate::kinds::*;
use crate::process::{field, mode_bytes, Err, Op, ProcessState};
use crate::sink::{OpBegin, Sink};
use definitions::{GlobalDefs, ATTR_DATASET, ATTR_SELECTION};
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo, Mapping, RET};

/// Datasets and their transfers.
impl ProcessState<'_> {
    /// A successful open of a dataset (SubOpen) inside the file object in field `file` (on
    /// the file's stand-in when the trace does not show it opened).
    pub(crate) fn open_sub(&mut self, defs: &mut GlobalDefs, info: &FunctionInfo, r: &Record) {
        let Mapping::SubOpen { file, name, key } = info.mapping else {
            return;
        };
        let fk = (info.layer, field(info, r, file));
        let h = match self.objs.get(&fk) {
            Some(&h) => Some(h),
            None if fk.1 as i64 > 0 => {
                Some(self.stand_in(defs, fk.0, fk.1, || format!("HDF5 file {:#x}", fk.1)))
            }
            None => None,
        };
        if let Some(h) = h {
            let text = self
                .p
                .name(field(info, r, name))
                .unwrap_or("(unnamed)")
                .to_string();
            let name_id = defs.strings.id(&text);
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
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let Mapping::IdRelease { key, kind } = info.mapping else {
            return Ok(());
        };
        let k = (info.layer, field(info, r, key));
        match field(info, r, kind) {
            1 => {
                if let Some(h) = self.objs.remove(&k) {
                    self.destroy(defs, s, t1, h)?;
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
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Err> {
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
                if !self.stand_ins.is_empty() && self.stand_ins.values().any(|&s| s == h) {
                    self.count_guess(k.0);
                }
                (h, name)
            }
            None => (
                self.stand_in_op(defs, k.0, k.1, || format!("HDF5 object {:#x}", k.1)),
                defs.strings.id("(unknown)"),
            ),
        };
        let id = self.op_id();
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        let collective = coll != RET && field(info, r, coll) != 0;
        let flags = OpFlags::collective_if(collective);
        s.attr_string(ATTR_DATASET, name)?;
        s.op_begin(
            defs,
            t0,
            OpBegin {
                handle: h,
                mode,
                flags,
                bytes,
                id,
                offset: None,
            },
        )?;
        Ok(Some((h, id)))
    }

    /// The end of a transfer on a dataset: its selection, complete.
    pub(crate) fn complete_sub_data<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Err> {
        let Mapping::SubData { xfer, dir, .. } = info.mapping else {
            return Ok(());
        };
        self.attach_selection(defs, s, ATTR_SELECTION, op.is_some())?;
        if let Some((h, id)) = op {
            let failed = info.fail.failed(r.ret());
            let got = if failed || dir == Dir::Flush {
                0
            } else {
                field(info, r, xfer)
            };
            s.op_complete(defs, t1, h, got, id)?;
        }
        Ok(())
    }
}

/// Selections of transfers.
impl ProcessState<'_> {
    /// The selection's bounding box (Selection): `rank`, then the first index and the extent
    /// of up to three dimensions.
    pub(crate) fn select_box(&mut self, info: &FunctionInfo, r: &Record) {
        let rank = (field(info, r, 0) as usize).min(3);
        let dims: Vec<String> = (0..rank)
            .map(|d| {
                format!(
                    "{}+{}",
                    field(info, r, 1 + 2 * d as u8),
                    field(info, r, 2 + 2 * d as u8)
                )
            })
            .collect();
        let more = if field(info, r, 0) > 3 { ",..." } else { "" };
        self.selection = Some(format!("[{}{}]", dims.join(","), more));
    }

    /// A regular hyperslab's count, stride and block (Hyperslab), or netCDF's count and
    /// stride (Strides), added to the selection.
    pub(crate) fn select_strides(&mut self, info: &FunctionInfo, r: &Record) {
        // Field 0 is the rank, then these values per dimension.
        let names: &[&str] = if info.mapping == Mapping::Strides {
            &["count", "stride"]
        } else {
            &["count", "stride", "block"]
        };
        let dims = (field(info, r, 0) as usize).min((info.args.len() - 1) / names.len());
        if let Some(s) = &mut self.selection {
            for (k, name) in names.iter().enumerate() {
                let v: Vec<String> = (0..dims)
                    .map(|d| field(info, r, (1 + names.len() * d + k) as u8).to_string())
                    .collect();
                s.push_str(&format!(" {name} [{}]", v.join(",")));
            }
        }
    }

    /// The variable's global shape (Shape, ADIOS), added to the selection.
    pub(crate) fn select_shape(&mut self, info: &FunctionInfo, r: &Record) {
        let dims = (field(info, r, 0) as usize).min(3);
        if let Some(s) = &mut self.selection {
            let v: Vec<String> = (0..dims)
                .map(|d| field(info, r, 1 + d as u8).to_string())
                .collect();
            s.push_str(&format!(" shape [{}]", v.join(",")));
        }
    }

    /// The selection of the transfer ending now (set by its `*_selection` event), as
    /// attribute `attr` of its Complete when it has one.
    pub(crate) fn attach_selection<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        attr: u32,
        has_op: bool,
    ) -> Result<(), Err> {
        if let Some(sel) = self.selection.take() {
            if has_op {
                s.attr_string(attr, defs.strings.id(&sel))?;
            }
        }
        Ok(())
    }
}
