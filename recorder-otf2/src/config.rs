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
    /// RECORDER_OTF2_DISABLE: record nothing.
    pub disabled: bool,
    /// RECORDER_OTF2_SIGNALS: flush on SIGTERM/SIGINT/SIGHUP.
    pub signals: bool,
    /// RECORDER_OTF2_CLOCK=monotonic: never the TSC.
    pub monotonic: bool,
    /// RECORDER_OTF2_CALL_STACK: return addresses kept per call site (0 none, 1 the
    /// program's call alone, up to [`MAX_CALL_STACK`] frames through runtime libraries).
    pub call_stack: usize,
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
    call_stack: Option<usize>,
    time_resolution_ns: Option<u32>,
    exclude: Option<Vec<String>>,
    include: Option<Vec<String>>,
}

/// Most frames a call site keeps (the fields of a `call_site` record).
pub const MAX_CALL_STACK: usize = 7;

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

/// The layers named in a list. Unknown names are reported together in one line; a list
/// that names no layer at all (empty, or only unknown names) is a bad value and gives the
/// default layers: recording nothing is what RECORDER_OTF2_DISABLE is for.
fn parse_layers(names: &[String], raw: &str, warnings: &mut Vec<String>) -> Vec<Layer> {
    let mut v = Vec::new();
    let mut unknown = Vec::new();
    for n in names {
        match n.parse::<Layer>() {
            Ok(l) => v.push(l),
            Err(_) if n.eq_ignore_ascii_case("all") => v.extend(Layer::ALL),
            Err(_) => unknown.push(format!("'{n}'")),
        }
    }
    const KNOWN: &str = "known: posix, stdio, mpiio, hdf5, netcdf, pnetcdf, adios, mpi, all";
    if v.is_empty() {
        let what = if unknown.is_empty() {
            "names no layer".to_string()
        } else {
            format!("names no known layer ({KNOWN})")
        };
        warnings.push(format!("layers '{raw}' {what}; using the default layers"));
        return Layer::DEFAULT.to_vec();
    }
    if !unknown.is_empty() {
        warnings.push(format!(
            "unknown layer {} in '{raw}' ({KNOWN}); the others are traced",
            unknown.join(", ")
        ));
    }
    v
}

/// A yes/no option: 1/0, true/false, yes/no, on/off (any case). Anything else, empty
/// included, is reported and gives `default`.
fn env_bool(
    env: &dyn Fn(&str) -> Option<String>,
    name: &str,
    default: bool,
    warnings: &mut Vec<String>,
) -> bool {
    let Some(v) = env(name) else {
        return default;
    };
    match parse_bool(&v) {
        Some(b) => b,
        None => {
            let d = if default { "1" } else { "0" };
            warnings.push(format!(
                "{name}='{v}' is not one of 1/0, true/false, yes/no, on/off; using {d}"
            ));
            default
        }
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// Largest configuration file read.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The text of the configuration file, only if it is a regular file of at most
/// MAX_CONFIG_BYTES. O_NONBLOCK: opening a FIFO (or a device) must not wait for a writer
/// and hang the program at start; fstat then refuses anything that is not a regular file.
/// Symbolic links are followed (a configuration kept with dotfiles is often one): the
/// file is only read, and what it names is checked after opening.
fn read_config_file(path: &str) -> Result<String, String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| e.to_string())?;
    let m = f.metadata().map_err(|e| e.to_string())?;
    if !m.file_type().is_file() {
        return Err("not a regular file".into());
    }
    if m.len() > MAX_CONFIG_BYTES {
        return Err(format!(
            "{} bytes, more than the {MAX_CONFIG_BYTES} a configuration file may have",
            m.len()
        ));
    }
    let mut text = String::new();
    f.take(MAX_CONFIG_BYTES)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    Ok(text)
}

impl Config {
    /// Read the options. `env` looks a variable up (std::env::var in the recorder).
    pub fn load(env: &dyn Fn(&str) -> Option<String>, default_dir: String) -> Config {
        let mut warnings = Vec::new();
        let mut file = FileConfig::default();
        let disabled = env_bool(env, "RECORDER_OTF2_DISABLE", false, &mut warnings);
        let signals = env_bool(env, "RECORDER_OTF2_SIGNALS", true, &mut warnings);
        let monotonic = match env("RECORDER_OTF2_CLOCK") {
            None => false,
            Some(v) if v.trim().eq_ignore_ascii_case("monotonic") => true,
            Some(v) if v.trim().eq_ignore_ascii_case("auto") => false,
            Some(v) => {
                warnings.push(format!(
                    "RECORDER_OTF2_CLOCK='{v}' is neither auto nor monotonic; using auto"
                ));
                false
            }
        };
        match env("RECORDER_OTF2_CONFIG") {
            Some(path) if path.trim().is_empty() => {
                warnings.push("RECORDER_OTF2_CONFIG is empty; using defaults".into())
            }
            Some(path) => match read_config_file(&path) {
                Ok(text) => match serde_yaml::from_str::<FileConfig>(&text) {
                    Ok(f) => file = f,
                    Err(e) => warnings.push(format!("{path}: {e}; using defaults")),
                },
                Err(e) => warnings.push(format!("{path}: {e}; using defaults")),
            },
            None => {}
        }
        let dir = match env("RECORDER_OTF2_DIR") {
            Some(d) if d.trim().is_empty() => {
                warnings.push(format!(
                    "RECORDER_OTF2_DIR is empty; using {}",
                    file.dir.as_deref().unwrap_or(&default_dir)
                ));
                None
            }
            d => d,
        };
        let dir = dir.or(file.dir).unwrap_or(default_dir);
        let layers = match env("RECORDER_OTF2_LAYERS") {
            Some(s) => parse_layers(&split_list(&s), &s, &mut warnings),
            None => match file.layers {
                Some(l) => parse_layers(&l, &l.join(","), &mut warnings),
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
            .or(file.window.map(|w| w.to_string()))
            .map(|s| match s.trim().parse::<usize>() {
                Ok(w) if (1..=io_events::codec::MAX_WINDOW).contains(&w) => w,
                _ => {
                    warnings.push(format!(
                        "window '{s}' is not between 1 and {}; using {}",
                        io_events::codec::MAX_WINDOW,
                        io_events::codec::DEFAULT_WINDOW
                    ));
                    io_events::codec::DEFAULT_WINDOW
                }
            })
            .unwrap_or(io_events::codec::DEFAULT_WINDOW);
        let call_stack = env("RECORDER_OTF2_CALL_STACK")
            .or(file.call_stack.map(|n| n.to_string()))
            .map(|s| match s.trim().parse::<usize>() {
                Ok(n) if n <= MAX_CALL_STACK => n,
                _ => {
                    warnings.push(format!(
                        "call stack '{s}' is not between 0 and {MAX_CALL_STACK}; using 1"
                    ));
                    1
                }
            })
            .unwrap_or(1);
        let time_resolution_ns = env("RECORDER_OTF2_TIME_RESOLUTION")
            .or(file.time_resolution_ns.map(|r| r.to_string()))
            .map(|s| match s.trim().trim_end_matches("ns").trim().parse::<u32>() {
                Ok(r) if (1..=1_000_000).contains(&r) => r,
                _ => {
                    warnings.push(format!("time resolution '{s}' is not between 1 and 1000000 ns; using {DEFAULT_RESOLUTION_NS}"));
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
            disabled,
            signals,
            monotonic,
            call_stack,
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
        m.insert("call_stack".into(), self.call_stack.to_string());
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

    fn load(vars: &[(&str, &str)]) -> Config {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::load(
            &|k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()),
            "d".into(),
        )
    }

    #[test]
    fn booleans() {
        for (v, b) in [("1", true), ("TRUE", true), ("yes", true), ("on", true)] {
            assert_eq!(parse_bool(v), Some(b));
        }
        for v in ["0", "false", "No", "off"] {
            assert_eq!(parse_bool(v), Some(false));
        }
        assert_eq!(parse_bool(""), None);
        assert_eq!(parse_bool("2"), None);
        let c = load(&[("RECORDER_OTF2_DISABLE", "false")]);
        assert!(!c.disabled && c.warnings.is_empty());
        let c = load(&[("RECORDER_OTF2_DISABLE", "maybe")]);
        assert!(!c.disabled && c.warnings.len() == 1, "{:?}", c.warnings);
    }

    #[test]
    fn every_bad_value_is_one_warning_and_the_default() {
        let c = load(&[
            ("RECORDER_OTF2_CLOCK", "tsc!"),
            ("RECORDER_OTF2_SIGNALS", "x"),
            ("RECORDER_OTF2_LAYERS", ""),
            ("RECORDER_OTF2_WINDOW", "abc"),
            ("RECORDER_OTF2_TIME_RESOLUTION", "-1"),
            ("RECORDER_OTF2_BUFFER_SIZE", "1"),
            ("RECORDER_OTF2_DIR", ""),
        ]);
        assert_eq!(c.warnings.len(), 7, "{:?}", c.warnings);
        assert!(!c.monotonic && c.signals && c.dir == "d");
        assert_eq!(c.layers, Layer::DEFAULT.to_vec());
        assert_eq!(c.window, io_events::codec::DEFAULT_WINDOW);
        assert!(
            c.warnings.iter().any(|w| w.contains("'abc'")),
            "{:?}",
            c.warnings
        );
    }
}
