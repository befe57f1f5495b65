//! Options: environment variables, optionally a YAML file (`RECORDER_OTF2_CONFIG`), and
//! defaults. Environment variables win over the file. Read once at start-up; every option
//! is documented in docs/user-guide.md.

use io_events::functions::Layer;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The options in effect for this process.
#[derive(Clone, Debug)]
pub struct Config {
    /// Trace directory (absolute).
    pub dir: String,
    /// Layers switched on.
    pub layers: Vec<Layer>,
    /// Chunk size in bytes: a thread's buffer is flushed when it holds this much.
    pub buffer_size: usize,
    /// Peephole window size.
    pub window: usize,
    /// Nanoseconds per tick.
    pub time_resolution_ns: u32,
    /// Path prefixes whose files are not traced.
    pub exclude: Vec<String>,
    /// Path prefixes traced even when under an excluded prefix.
    pub include: Vec<String>,
    /// Problems found while reading options (reported once on stderr).
    pub warnings: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    dir: Option<String>,
    layers: Option<Vec<String>>,
    buffer_size: Option<serde_yaml::Value>,
    window: Option<usize>,
    time_resolution_ns: Option<u32>,
    exclude: Option<Vec<String>>,
    include: Option<Vec<String>>,
}

/// Default chunk size.
pub const DEFAULT_BUFFER: usize = 1 << 20;
/// Default time resolution: 10 ns keeps a traced call's two times at about one byte each
/// in the peephole stream while staying far below a system call's duration.
pub const DEFAULT_RESOLUTION_NS: u32 = 10;

fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let (num, mul) = match s.chars().last()? {
        'k' | 'K' => (&s[..s.len() - 1], 1 << 10),
        'm' | 'M' => (&s[..s.len() - 1], 1 << 20),
        'g' | 'G' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.trim().parse::<usize>().ok().map(|n| n * mul)
}

fn split_list(s: &str) -> Vec<String> {
    s.split([':', ','])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect()
}

fn parse_layers(names: &[String], warnings: &mut Vec<String>) -> Vec<Layer> {
    let mut v = Vec::new();
    for n in names {
        match Layer::ALL.iter().find(|l| {
            l.option_name().eq_ignore_ascii_case(n) || l.identification().eq_ignore_ascii_case(n)
        }) {
            Some(l) => v.push(*l),
            None if n.eq_ignore_ascii_case("all") => v.extend(Layer::ALL),
            None => warnings.push(format!(
                "unknown layer '{n}' (known: posix, stdio, mpiio, hdf5, netcdf, pnetcdf, adios, mpi, all)"
            )),
        }
    }
    v
}

impl Config {
    /// Read the options. `env` looks a variable up (std::env::var in the recorder).
    pub fn load(env: &dyn Fn(&str) -> Option<String>, default_dir: String) -> Config {
        let mut warnings = Vec::new();
        let mut file = FileConfig::default();
        if let Some(path) = env("RECORDER_OTF2_CONFIG") {
            match std::fs::read_to_string(&path) {
                Ok(text) => match serde_yaml::from_str::<FileConfig>(&text) {
                    Ok(f) => file = f,
                    Err(e) => warnings.push(format!("{path}: {e}; using defaults")),
                },
                Err(e) => warnings.push(format!("{path}: {e}; using defaults")),
            }
        }
        let dir = env("RECORDER_OTF2_DIR").or(file.dir).unwrap_or(default_dir);
        let layers = match env("RECORDER_OTF2_LAYERS") {
            Some(s) => parse_layers(&split_list(&s), &mut warnings),
            None => match file.layers {
                Some(l) => parse_layers(&l, &mut warnings),
                None => Layer::DEFAULT.to_vec(),
            },
        };
        let buffer_size = env("RECORDER_OTF2_BUFFER_SIZE")
            .or_else(|| {
                file.buffer_size.map(|v| match v {
                    serde_yaml::Value::Number(n) => n.to_string(),
                    serde_yaml::Value::String(s) => s,
                    _ => String::new(),
                })
            })
            .map(|s| match parse_size(&s) {
                Some(n) if (4096..=(256 << 20)).contains(&n) => n,
                _ => {
                    warnings.push(format!(
                        "buffer size '{s}' is not between 4K and 256M; using 1M"
                    ));
                    DEFAULT_BUFFER
                }
            })
            .unwrap_or(DEFAULT_BUFFER);
        let window = env("RECORDER_OTF2_WINDOW")
            .map(|s| s.trim().parse::<usize>().unwrap_or(0))
            .or(file.window)
            .map(|w| {
                if (1..=io_events::codec::MAX_WINDOW).contains(&w) {
                    w
                } else {
                    warnings.push(format!(
                        "window {w} is not between 1 and {}; using 3",
                        io_events::codec::MAX_WINDOW
                    ));
                    io_events::codec::DEFAULT_WINDOW
                }
            })
            .unwrap_or(io_events::codec::DEFAULT_WINDOW);
        let time_resolution_ns = env("RECORDER_OTF2_TIME_RESOLUTION")
            .map(|s| s.trim().trim_end_matches("ns").parse::<u32>().unwrap_or(0))
            .or(file.time_resolution_ns)
            .map(|r| {
                if (1..=1_000_000).contains(&r) {
                    r
                } else {
                    warnings.push(format!("time resolution {r} ns is not between 1 and 1000000; using {DEFAULT_RESOLUTION_NS}"));
                    DEFAULT_RESOLUTION_NS
                }
            })
            .unwrap_or(DEFAULT_RESOLUTION_NS);
        let exclude = env("RECORDER_OTF2_EXCLUDE")
            .map(|s| split_list(&s))
            .or(file.exclude)
            .unwrap_or_else(|| vec!["/proc".into(), "/sys".into(), "/dev".into()]);
        let include = env("RECORDER_OTF2_INCLUDE")
            .map(|s| split_list(&s))
            .or(file.include)
            .unwrap_or_else(|| vec!["/dev/shm".into()]);
        Config {
            dir,
            layers,
            buffer_size,
            window,
            time_resolution_ns,
            exclude,
            include,
            warnings,
        }
    }

    /// The options as strings, for the process metadata.
    pub fn as_map(&self) -> BTreeMap<String, String> {
        let mut m = BTreeMap::new();
        m.insert("dir".into(), self.dir.clone());
        m.insert(
            "layers".into(),
            self.layers
                .iter()
                .map(|l| l.option_name())
                .collect::<Vec<_>>()
                .join(","),
        );
        m.insert("buffer_size".into(), self.buffer_size.to_string());
        m.insert("window".into(), self.window.to_string());
        m.insert(
            "time_resolution_ns".into(),
            self.time_resolution_ns.to_string(),
        );
        m.insert("exclude".into(), self.exclude.join(":"));
        m.insert("include".into(), self.include.join(":"));
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn sizes() {
        assert_eq!(parse_size("64K"), Some(65536));
        assert_eq!(parse_size("2m"), Some(2 << 20));
        assert_eq!(parse_size("4096"), Some(4096));
        assert_eq!(parse_size("x"), None);
    }
}
