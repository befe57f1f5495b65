//! A process's metadata (meta.yaml) from any bytes, read as the tools read it: from a file.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::scratch;

fuzz_target!(|data: &[u8]| {
    let path = scratch().join("meta.yaml");
    std::fs::write(&path, data).unwrap();
    let _ = io_events::meta::ProcessMeta::read(&path);
});
