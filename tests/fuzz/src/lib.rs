//! What the fuzz targets share: a scratch folder per fuzzing process, and the packing of a
//! trace directory into one input (so that libFuzzer mutates all its files at once).

use std::path::{Path, PathBuf};

/// This process's scratch folder: under $RECORDER_OTF2_FUZZ_SCRATCH (scripts/fuzz.sh makes
/// one in /dev/shm and removes it after), else the temporary folder.
pub fn scratch() -> PathBuf {
    let base = std::env::var_os("RECORDER_OTF2_FUZZ_SCRATCH")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let dir = base.join(format!("recorder-otf2-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The files of a one-process trace directory, in the packed form `scripts/fuzz.sh` makes
/// its seeds in: for each file, its name's length (1 byte), the name (one of NAMES), the
/// length of its contents (4 bytes, little-endian) and the contents. Written under
/// `trace/PROCESS/` with the trace's layout; false when the bytes do not split that way.
pub fn unpack(mut data: &[u8], trace: &Path) -> bool {
    let process = trace.join("host.1");
    if std::fs::create_dir_all(&process).is_err() {
        return false;
    }
    while !data.is_empty() {
        let Some((&n, rest)) = data.split_first() else {
            return false;
        };
        let (n, len) = (n as usize, rest.len());
        if len < n + 4 {
            return false;
        }
        let name = &rest[..n];
        let size = u32::from_le_bytes(rest[n..n + 4].try_into().unwrap()) as usize;
        let rest = &rest[n + 4..];
        let size = size.min(rest.len());
        let Some(name) = NAMES.iter().find(|x| x.as_bytes() == name) else {
            return false;
        };
        std::fs::write(process.join(name), &rest[..size]).unwrap();
        data = &rest[size..];
    }
    true
}

/// The file names a packed process may hold.
pub const NAMES: [&str; 6] = [
    "meta.yaml",
    "defs.bin",
    "thread-0.rec",
    "thread-1.rec",
    "thread-2.rec",
    "thread-3.rec",
];

/// The trace directory made from any bytes (see `unpack`) under `dir`, opened; None when
/// the bytes do not split into files or the trace is refused (the expected outcome of most
/// inputs). What the consumer targets start from.
pub fn open_unpacked(data: &[u8], dir: &Path) -> Option<io_model::trace::Trace> {
    let trace = dir.join("trace");
    let _ = std::fs::remove_dir_all(&trace);
    if !unpack(data, &trace) {
        return None;
    }
    io_model::trace::Trace::open(&trace).ok()
}

/// The pipeline every trace-directory target runs: open the trace, the text dump, the OTF2
/// conversion (into `dir`) and the summary's analysis. Errors are the expected outcome of
/// most inputs; only a crash, a hang or a huge allocation is a finding.
pub fn run_pipeline(trace: &Path, dir: &Path) {
    let Ok(t) = io_model::trace::Trace::open(trace) else {
        return;
    };
    let _ = io_text::dump(&t, &mut std::io::sink());
    let out = dir.join("out.otf2");
    let _ = otf2_writer::remove_archive(&out);
    // Two workers: the parallel path and the unification of definitions are fuzzed too.
    let _ = otf2_writer::convert(&t, &out, 2, &|_| {});
    let opts = io_analysis::Options {
        small: 4096,
        alignment: 4096,
        fanout: 4,
        samples: 16,
        per_process_series: true,
        threads: 1,
        runtime_files: false,
    };
    let _ = io_analysis::analyze(&t, &opts, &|_| {});
}
