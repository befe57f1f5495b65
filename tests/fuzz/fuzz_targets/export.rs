//! The Parquet export (`recorder-otf2 export`) of a trace directory made from any bytes
//! (see `unpack`): calls, operations, handles and files.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::{open_unpacked, scratch};

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let Some(t) = open_unpacked(data, &dir) else {
        return;
    };
    let _ = io_export::parquet(&t, &dir.join("parquet"), true, &|_| {});
});
