//! Replay's planning (`recorder-otf2 replay` before it re-issues a call) of a trace
//! directory made from any bytes (see `unpack`): every process's calls read, the order
//! between processes, and the folders and files the trace reads made under a scratch
//! folder (removed after each input).
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::{open_unpacked, scratch};

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let Some(t) = open_unpacked(data, &dir) else {
        return;
    };
    let into = dir.join("replay");
    let opts = io_replay::Options {
        into: into.clone(),
        only: Vec::new(),
        timing: io_replay::Timing::Asap,
        files_made: false,
    };
    let _ = io_replay::prepare_files(&t, &opts);
    let _ = std::fs::remove_dir_all(&into);
});
