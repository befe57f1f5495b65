//! The whole pipeline on a trace directory holding one pack file made from any bytes
//! (`recorder-otf2 pack`'s format): opening the trace, the text dump, the OTF2 conversion
//! and the summary's analysis. The seeds' function table is this build's own, which readers
//! take when the table file is missing.
#![no_main]
use libfuzzer_sys::fuzz_target;
use recorder_otf2_fuzz::scratch;

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let trace = dir.join("trace");
    let _ = std::fs::remove_dir_all(&trace);
    if std::fs::create_dir_all(&trace).is_err()
        || std::fs::write(trace.join("job-1-host.rpk"), data).is_err()
    {
        return;
    }
    let Ok(t) = io_model::trace::Trace::open(&trace) else {
        return;
    };
    let _ = converters::text::dump(&t, &mut std::io::sink());
    let out = dir.join("out.otf2");
    let _ = converters::remove_archive(&out);
    let _ = converters::otf2::convert(&t, &out, &|_| {});
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
