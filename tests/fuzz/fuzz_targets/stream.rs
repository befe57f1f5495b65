//! A thread stream (thread-N.rec) from any bytes: its header, every chunk and every record.
#![no_main]
use io_events::stream::{Chunk, StreamReader};
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::scratch;

fuzz_target!(|data: &[u8]| {
    let path = scratch().join("thread-0.rec");
    std::fs::write(&path, data).unwrap();
    let Ok(mut r) = StreamReader::open(&path) else {
        return;
    };
    let mut c = Chunk::default();
    while let Ok(true) = r.next_chunk(&mut c) {
        let mut d = r.decoder(&c);
        while let Some(Ok(_)) = d.next_record() {}
    }
});
