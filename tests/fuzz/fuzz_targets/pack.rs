//! The whole pipeline on a trace directory holding one pack file made from any bytes
//! (`recorder-otf2 pack`'s format): opening the trace, the text dump, the OTF2 conversion
//! and the summary's analysis. The seeds' function table is this build's own, which readers
//! take when the table file is missing.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::{run_pipeline, scratch};

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let trace = dir.join("trace");
    let _ = std::fs::remove_dir_all(&trace);
    if std::fs::create_dir_all(&trace).is_err()
        || std::fs::write(trace.join("job-1-host.rpk"), data).is_err()
    {
        return;
    }
    run_pipeline(&trace, &dir);
});
