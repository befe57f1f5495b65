//! `Otf2Error`: an OTF2 error code with the call that produced it.
//!
//! OTF2 reports details (file names, reasons) through a process-wide error
//! callback, by default printed to stderr. We install our own callback once,
//! which keeps the latest message per thread so it can be appended to the
//! error returned to the caller instead of being printed. Set the environment
//! variable `OTF2_SYS_VERBOSE=1` to also print every OTF2 message to stderr.

use std::cell::RefCell;
use std::ffi::{c_char, c_void, CStr};
use std::fmt;
use std::sync::{Once, OnceLock};

use crate::ffi;

/// Result alias used by every fallible call of this crate.
pub type Result<T, E = Otf2Error> = std::result::Result<T, E>;

/// An error reported by the OTF2 library (or detected by this wrapper before
/// calling it, with the matching OTF2 code, e.g. `OTF2_ERROR_EEXIST`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("OTF2 {context}: {description}")]
pub struct Otf2Error {
    /// The raw `OTF2_ErrorCode`, so callers can match on e.g.
    /// [`ffi::OTF2_ERROR_EEXIST`] or [`ffi::OTF2_ERROR_INVALID_ARGUMENT`].
    pub code: ffi::OTF2_ErrorCode,
    /// The OTF2 call (or wrapper step) that failed, e.g. `"EvtWriter_IoSeek"`.
    pub context: &'static str,
    /// `OTF2_Error_GetDescription(code)`, followed by OTF2's detailed message
    /// or our own explanation when there is one.
    pub description: String,
}

impl Otf2Error {
    /// Builds the error for `code` returned by the OTF2 call `context`,
    /// attaching the detail OTF2 reported for that code on this thread, if any.
    #[cold]
    pub fn from_code(code: ffi::OTF2_ErrorCode, context: &'static str) -> Self {
        if let Some(e) = Otf2Error::file_cause(context) {
            return e;
        }
        let mut description = describe(code);
        if let Some(detail) = take_detail(code) {
            if !detail.is_empty() {
                description.push_str(": ");
                description.push_str(&detail);
            }
        }
        Otf2Error {
            code,
            context,
            description,
        }
    }

    /// Builds an error with an explicit explanation (used for checks the
    /// wrapper does itself before calling OTF2).
    #[cold]
    pub fn with_detail(
        code: ffi::OTF2_ErrorCode,
        context: &'static str,
        detail: impl fmt::Display,
    ) -> Self {
        Otf2Error {
            code,
            context,
            description: format!("{}: {}", describe(code), detail),
        }
    }

    /// Error for an OTF2 getter that returned NULL: uses the code OTF2 last
    /// reported on this thread, else `fallback`.
    #[cold]
    pub(crate) fn from_null(context: &'static str, fallback: ffi::OTF2_ErrorCode) -> Self {
        if let Some(e) = Otf2Error::file_cause(context) {
            return e;
        }
        let last = LAST_ERROR.with(|c| c.try_borrow_mut().ok().and_then(|mut s| s.take()));
        match last {
            Some((code, detail)) => {
                let mut description = describe(code);
                if !detail.is_empty() {
                    description.push_str(": ");
                    description.push_str(&detail);
                }
                Otf2Error {
                    code,
                    context,
                    description,
                }
            }
            None => Otf2Error::with_detail(fallback, context, "OTF2 returned NULL"),
        }
    }
}

impl Otf2Error {
    /// The failed file operation that caused the error being reported, if there was one
    /// (taken: reported once).
    pub(crate) fn file_cause(context: &'static str) -> Option<Self> {
        let (code, msg) =
            FILE_CAUSE.with(|c| c.try_borrow_mut().ok().and_then(|mut s| s.take()))?;
        clear_last_error();
        Some(Otf2Error {
            code,
            context,
            description: format!("{}: {msg}", describe(code)),
        })
    }

    /// For a failed file operation (disk full, file too large, permission ...): the file
    /// OTF2 names and the reason (`No space left on device`).
    pub fn file_failure(&self) -> Option<(&str, &str)> {
        let (reason, file) = self.description.split_once(": POSIX: ")?;
        Some((file.trim(), reason))
    }
}

/// Converts an OTF2 return code into a `Result`; the success path is a single
/// comparison so it can sit on the per-event hot path.
#[inline(always)]
pub(crate) fn check(code: ffi::OTF2_ErrorCode, context: &'static str) -> Result<()> {
    if code == ffi::OTF2_SUCCESS {
        Ok(())
    } else {
        Err(Otf2Error::from_code(code, context))
    }
}

/// `OTF2_Error_GetDescription(code)` as an owned string.
fn describe(code: ffi::OTF2_ErrorCode) -> String {
    // SAFETY: OTF2 returns a pointer to a static string (or NULL).
    let p = unsafe { ffi::OTF2_Error_GetDescription(code) };
    if p.is_null() {
        format!("error code {code}")
    } else {
        // SAFETY: non-null, NUL-terminated static string.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

thread_local! {
    /// Last (code, message) OTF2 reported through the error callback.
    static LAST_ERROR: RefCell<Option<(ffi::OTF2_ErrorCode, String)>> = const { RefCell::new(None) };
    /// The first failed file operation OTF2 reported (the cause of the errors that follow).
    static FILE_CAUSE: RefCell<Option<(ffi::OTF2_ErrorCode, String)>> = const { RefCell::new(None) };
}

/// `r`, or the file failure OTF2 reported meanwhile without failing the call (it ignores
/// write errors when a file is finalized: the archive would be truncated without a word).
pub(crate) fn check_file_failure(r: Result<()>, context: &'static str) -> Result<()> {
    r?;
    match Otf2Error::file_cause(context) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Forget a file failure of an earlier archive of this thread.
pub(crate) fn clear_file_failure() {
    FILE_CAUSE.with(|c| {
        if let Ok(mut s) = c.try_borrow_mut() {
            *s = None;
        }
    });
}

/// Drops any stale message before a call whose failure is signalled by NULL.
pub(crate) fn clear_last_error() {
    LAST_ERROR.with(|c| {
        if let Ok(mut s) = c.try_borrow_mut() {
            *s = None;
        }
    });
}

fn take_detail(code: ffi::OTF2_ErrorCode) -> Option<String> {
    LAST_ERROR.with(|c| {
        let mut slot = c.try_borrow_mut().ok()?;
        match slot.take() {
            Some((c, msg)) if c == code => Some(msg),
            _ => None,
        }
    })
}

fn verbose() -> bool {
    static VERBOSE: OnceLock<bool> = OnceLock::new();
    *VERBOSE.get_or_init(|| {
        std::env::var_os("OTF2_SYS_VERBOSE").is_some_and(|v| !v.is_empty() && v != "0")
    })
}

/// OTF2 error callback: formats the message and keeps it for `from_code`.
unsafe extern "C" fn error_callback(
    _user_data: *mut c_void,
    _file: *const c_char,
    _line: u64,
    function: *const c_char,
    code: ffi::OTF2_ErrorCode,
    fmt: *const c_char,
    va: *mut ffi::__va_list_tag,
) -> ffi::OTF2_ErrorCode {
    let mut buf = [0 as c_char; 1024];
    if !fmt.is_null() {
        // SAFETY: buf is writable for its length; fmt/va come from OTF2.
        unsafe { ffi::vsnprintf(buf.as_mut_ptr(), buf.len() as _, fmt, va) };
    }
    // vsnprintf always NUL-terminates within the given length.
    let msg = unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    if verbose() {
        let func = if function.is_null() {
            String::new()
        } else {
            unsafe { CStr::from_ptr(function) }
                .to_string_lossy()
                .into_owned()
        };
        eprintln!("[otf2] {func}: {} ({code}): {msg}", describe(code));
    }
    if code != ffi::OTF2_SUCCESS && code != ffi::OTF2_WARNING {
        // OTF2 reports a failure once per level it passes, each with a code of its own: the
        // file operation naming the file ("POSIX: out/0.evt", No space left on device),
        // then "Buffer deletion failed!" ... Keep the first file failure, the cause.
        if msg.starts_with("POSIX: ") {
            FILE_CAUSE.with(|c| {
                if let Ok(mut s) = c.try_borrow_mut() {
                    if s.is_none() {
                        *s = Some((code, msg.clone()));
                    }
                }
            });
        }
        LAST_ERROR.with(|c| {
            if let Ok(mut s) = c.try_borrow_mut() {
                *s = Some((code, msg));
            }
        });
    }
    code
}

/// Routes OTF2's error messages into [`Otf2Error`] instead of stderr.
/// Process-wide and idempotent.
pub(crate) fn install_error_callback() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: the callback is a 'static function that never unwinds.
        unsafe { ffi::OTF2_Error_RegisterCallback(Some(error_callback), std::ptr::null_mut()) };
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_the_call_then_what_otf2_said() {
        let e = Otf2Error::with_detail(ffi::OTF2_ERROR_EEXIST, "Archive_Open", "out exists");
        assert_eq!(e.code, ffi::OTF2_ERROR_EEXIST);
        let text = e.to_string();
        assert!(text.starts_with("OTF2 Archive_Open: "), "{text}");
        assert!(text.ends_with(": out exists"), "{text}");
    }
}
