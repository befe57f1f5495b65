//! The whole pipeline on a trace directory made from any bytes (see `unpack`): opening the
//! trace, the text dump, the OTF2 conversion and the summary's analysis.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::{run_pipeline, scratch, unpack};

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let trace = dir.join("trace");
    let _ = std::fs::remove_dir_all(&trace);
    if !unpack(data, &trace) {
        return;
    }
    run_pipeline(&trace, &dir);
});
