//! The recorder's options, one line each: the environment variable, its YAML key, the
//! launcher flag that sets it, the default and what it means. README.md and
//! docs/user-guide.md show [`markdown_table`]; tests check that the recorder reads exactly
//! these variables and keys and that `recorder-otf2 record` has exactly these flags.

/// One option of the recorder.
#[derive(Clone, Copy, Debug)]
pub struct RecorderOption {
    /// The environment variable (`RECORDER_OTF2_DIR`).
    pub env: &'static str,
    /// The key in the YAML file named by `RECORDER_OTF2_CONFIG`, if the file may set it.
    pub yaml: Option<&'static str>,
    /// The flag of `recorder-otf2 record` that sets it, if any.
    pub flag: Option<&'static str>,
    /// The default, as the user sees it.
    pub default: &'static str,
    /// What it does and which values it takes.
    pub meaning: &'static str,
}

const fn opt(
    env: &'static str,
    yaml: Option<&'static str>,
    flag: Option<&'static str>,
    default: &'static str,
    meaning: &'static str,
) -> RecorderOption {
    RecorderOption {
        env,
        yaml,
        flag,
        default,
        meaning,
    }
}

/// Every option, in the order the docs show them.
pub const OPTIONS: &[RecorderOption] = &[
    opt(
        "RECORDER_OTF2_DIR",
        Some("dir"),
        Some("--output"),
        "`recorder-otf2-<program>-<pid>` in the current folder (`-job<id>` under a launcher \
         that names the job: mpirun, Slurm, PMIx, Hydra)",
        "trace directory; created if missing; all processes of a run write into it",
    ),
    opt(
        "RECORDER_OTF2_LAYERS",
        Some("layers"),
        Some("--layers"),
        "`posix,stdio,mpiio,hdf5,netcdf,pnetcdf,adios`",
        "comma-separated layers to trace: `posix`, `stdio`, `mpiio`, `hdf5`, `netcdf`, \
         `pnetcdf`, `adios`, `mpi` (MPI communicator calls and collectives as regions), or `all`",
    ),
    opt(
        "RECORDER_OTF2_SIGNALS",
        None,
        None,
        "`1`",
        "`0` (or `false`, `no`, `off`): no flush on SIGTERM/SIGINT/SIGHUP",
    ),
    opt(
        "RECORDER_OTF2_BUFFER_SIZE",
        Some("buffer_size"),
        Some("--buffer-size"),
        "`1M`",
        "per-thread chunk size, `4K` to `256M` (suffixes K, M, G); a chunk is written when full",
    ),
    opt(
        "RECORDER_OTF2_WINDOW",
        Some("window"),
        Some("--window"),
        "`3`",
        "peephole window: how many recent records a record may refer to, 1 to 16",
    ),
    opt(
        "RECORDER_OTF2_CALL_STACK",
        Some("call_stack"),
        Some("--call-stack"),
        "`1`",
        "return addresses kept per call site, 0 to 7: 0 none, 1 the program's call, more a short stack through runtime libraries (glibc's unwinder, about 1 us per call) so that I/O libgfortran or libstdc++ makes is given to the program's line",
    ),
    opt(
        "RECORDER_OTF2_TIME_RESOLUTION",
        Some("time_resolution_ns"),
        Some("--time-resolution"),
        "`10`",
        "nanoseconds per tick of the recorded times, 1 to 1000000",
    ),
    opt(
        "RECORDER_OTF2_EXCLUDE",
        Some("exclude"),
        Some("--exclude"),
        "`/proc:/sys:/dev`",
        "path prefixes not traced (colon-separated; YAML: a list)",
    ),
    opt(
        "RECORDER_OTF2_INCLUDE",
        Some("include"),
        Some("--include"),
        "`/dev/shm`",
        "prefixes traced even under an excluded prefix",
    ),
    opt(
        "RECORDER_OTF2_CLOCK",
        None,
        None,
        "`auto`",
        "`monotonic` forces CLOCK_MONOTONIC; `auto` reads the CPU's time-stamp counter when it \
         is invariant and the kernel's clock source (cheaper per call; chunks carry anchors \
         that convert it exactly)",
    ),
    opt(
        "RECORDER_OTF2_CONFIG",
        None,
        Some("--config"),
        "",
        "a YAML file with any of the keys above: a regular file of at most 1 MiB (a FIFO, a \
         device or a bigger file is refused without waiting on it); the environment wins",
    ),
    opt(
        "RECORDER_OTF2_DISABLE",
        None,
        None,
        "`0`",
        "`1` (or `true`, `yes`, `on`): load but record nothing",
    ),
];

/// The options as the Markdown table README.md and docs/user-guide.md show.
pub fn markdown_table() -> String {
    let code = |s: Option<&str>| s.map(|s| format!("`{s}`")).unwrap_or_default();
    let mut out = String::from(
        "| variable | YAML key | `record` flag | default | meaning |\n|---|---|---|---|---|\n",
    );
    for o in OPTIONS {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            o.env,
            code(o.yaml),
            code(o.flag),
            o.default,
            o.meaning
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_is_named_once_and_the_layers_default_is_the_code_s() {
        let mut envs: Vec<&str> = OPTIONS.iter().map(|o| o.env).collect();
        envs.sort();
        envs.dedup();
        assert_eq!(envs.len(), OPTIONS.len());
        let layers = OPTIONS
            .iter()
            .find(|o| o.env == "RECORDER_OTF2_LAYERS")
            .unwrap();
        let names: Vec<&str> = crate::functions::Layer::DEFAULT
            .iter()
            .map(|l| l.option_name())
            .collect();
        assert_eq!(layers.default, format!("`{}`", names.join(",")));
    }

    #[test]
    fn the_table_has_a_row_per_option() {
        let t = markdown_table();
        assert_eq!(t.lines().count(), OPTIONS.len() + 2);
        assert!(t.contains("| `RECORDER_OTF2_WINDOW` | `window` | `--window` | `3` |"));
    }
}
