//! The selection of a transfer, described by events inside the transfer call (a bounding
//! box, then HDF5 hyperslabs, netCDF strides or an ADIOS shape) and attached to the
//! transfer's Complete: HDF5, netCDF, PnetCDF and ADIOS transfers alike.

use super::record::field;
use io_events::codec::Record;
use io_events::functions::{FunctionInfo, Mapping};

/// The selection of the current thread's transfer in progress, as text.
#[derive(Default)]
pub(crate) struct Selection {
    text: Option<String>,
}

impl Selection {
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
        self.text = Some(format!("[{}{}]", dims.join(","), more));
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
        if let Some(s) = &mut self.text {
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
        if let Some(s) = &mut self.text {
            let v: Vec<String> = (0..dims)
                .map(|d| field(info, r, 1 + d as u8).to_string())
                .collect();
            s.push_str(&format!(" shape [{}]", v.join(",")));
        }
    }

    /// The selection of the transfer ending now, which no later transfer inherits.
    pub(crate) fn take(&mut self) -> Option<String> {
        self.text.take()
    }
}
