//! The whole pipeline on a trace directory made from any bytes (see `unpack`): opening the
//! trace, the text dump, the OTF2 conversion and the summary's analysis.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::{scratch, unpack};

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let trace = dir.join("trace");
    let _ = std::fs::remove_dir_all(&trace);
    if !unpack(data, &trace) {
        return;
    }
    let Ok(t) = io_model::trace::Trace::open(&trace) else {
        return;
    };
    let _ = converters::text::dump(&t, &mut std::io::sink());
    let out = dir.join("out.otf2");
    let _ = converters::remove_archive(&out);
    let _ = converters::otf2::convert(&t, &out, 1, &|_| {});
    let opts = converters::analysis::Options {
        small: 4096,
        alignment: 4096,
        fanout: 4,
        samples: 16,
        per_process_series: true,
        threads: 1,
    };
    let _ = converters::analysis::analyze(&t, &opts, &|_| {});
});
