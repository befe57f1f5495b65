//! The conflict check (`recorder-otf2 conflicts --details`) of a trace directory made from
//! any bytes (see `unpack`), every layer, with a small memory budget so that its spill
//! files and their merge are fuzzed too.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::{open_unpacked, scratch};

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let Some(t) = open_unpacked(data, &dir) else {
        return;
    };
    let opts = io_conflicts::Options {
        layers: io_events::functions::Layer::ALL.to_vec(),
        max_pairs: 1000,
        details: true,
        threads: 1,
        semantics: Some(io_conflicts::semantics::Semantics::Posix),
        memory: 64 << 10,
        tmp_dir: dir.clone(),
    };
    let _ = io_conflicts::conflicts(&t, &opts, &|_| {});
});
