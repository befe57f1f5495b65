//! SIGINT, SIGTERM and SIGHUP in the tools that write files: the handler only records the
//! signal; the long loops ask [`check`] (through their progress callbacks and writers) and
//! stop with an error, so that their ordinary error paths remove what they wrote. The binary
//! then says what was removed and exits with 128 + the signal ([`exit_code`]).

use std::sync::atomic::{AtomicI32, Ordering};

/// The first signal received, 0 before.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

extern "C" fn record(sig: libc::c_int) {
    // Async-signal-safe: one atomic store.
    let _ = SIGNAL.compare_exchange(0, sig, Ordering::Relaxed, Ordering::Relaxed);
}

/// Install the handlers (once, before the first output file is created). A signal that was
/// ignored when the tool started (`nohup`, a background job of a shell without job control)
/// stays ignored.
pub fn install() -> Result<(), String> {
    for sig in SIGNALS {
        // SAFETY: sigaction with a zeroed struct filled in; `record` is async-signal-safe.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0 {
                return Err(format!(
                    "cannot read the handler of {}: {}",
                    name(sig),
                    std::io::Error::last_os_error()
                ));
            }
            if old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = record as extern "C" fn(libc::c_int) as libc::sighandler_t;
            sa.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut sa.sa_mask);
            if libc::sigaction(sig, &sa, std::ptr::null_mut()) != 0 {
                return Err(format!(
                    "cannot install a handler for {}: {}",
                    name(sig),
                    std::io::Error::last_os_error()
                ));
            }
        }
    }
    Ok(())
}

/// The signal received, if any.
pub fn received() -> Option<i32> {
    match SIGNAL.load(Ordering::Relaxed) {
        0 => None,
        s => Some(s),
    }
}

/// A signal stopped the work (what [`check`] returns once one was received).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("interrupted by {}", name(*signal))]
pub struct Interrupted {
    pub signal: i32,
}

/// An error once a signal was received (cheap: one atomic load; call it in loops).
#[inline]
pub fn check() -> Result<(), Interrupted> {
    match received() {
        None => Ok(()),
        Some(signal) => Err(Interrupted { signal }),
    }
}

/// The signal's name (SIGINT ...).
pub fn name(sig: i32) -> String {
    match sig {
        libc::SIGINT => "SIGINT".into(),
        libc::SIGTERM => "SIGTERM".into(),
        libc::SIGHUP => "SIGHUP".into(),
        s => format!("signal {s}"),
    }
}

/// The exit status of a tool stopped by `sig`, as a shell reports a process it killed.
pub fn exit_code(sig: i32) -> u8 {
    (128 + sig).clamp(0, 255) as u8
}

/// `e`, or the line saying what a signal stopped and what was `removed` if one did.
pub fn explain(e: String, removed: &str) -> String {
    report(removed).map_or(e, |(line, _)| line)
}

/// The one line a tool prints when a signal stopped it (`removed` names what it wrote and
/// took back), and its exit status; None without a signal.
pub fn report(removed: &str) -> Option<(String, u8)> {
    let s = received()?;
    Some((
        format!("interrupted by {}; removed {removed}", name(s)),
        exit_code(s),
    ))
}
