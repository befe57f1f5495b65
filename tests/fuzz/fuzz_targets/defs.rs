//! A process's definitions file (defs.bin) from any bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = io_events::defs::parse_defs(data);
});
