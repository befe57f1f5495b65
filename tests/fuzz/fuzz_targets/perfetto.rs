//! The Perfetto timeline (`recorder-otf2 perfetto`) of a trace directory made from any
//! bytes (see `unpack`): one file, the counters and lanes of every process.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::{open_unpacked, scratch};

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let Some(t) = open_unpacked(data, &dir) else {
        return;
    };
    let opts = io_perfetto::Options {
        threads: 1,
        ..Default::default()
    };
    let _ = io_perfetto::write(&t, &dir.join("out.pftrace"), &opts, true, &|_| {});
});
