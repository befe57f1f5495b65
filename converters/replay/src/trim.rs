//! Transfers re-issued with the bytes the original moved, not the bytes it asked for: a
//! write cut short (RLIMIT_FSIZE, a full disk) or a read that met the end of its file moves
//! as little again, and a damaged record asking for a terabyte with a 6-byte result writes
//! 6 bytes. Each such call is counted and told once in the replay's warnings.

use crate::stdio::{stream_move, Move};
use crate::{func, transfer_forms, ReplayCall};
use io_events::functions::{Func, FUNCTIONS};

/// The most Linux moves in one read or write (MAX_RW_COUNT): a request above it that the
/// original's result does not match is no request a program could have seen honoured.
pub const MAX_ONE_CALL: u64 = 0x7fff_f000;

/// What the replay changed in the recorded transfers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Trimmed {
    /// Transfers that moved fewer bytes than asked (a short write or read), replayed short.
    pub short: u64,
    /// Bytes asked for but not moved by those.
    pub short_bytes: u64,
    /// Records whose request is implausible against their result (more than one call moves
    /// and more than it moved, or fewer than it moved): replayed as the smaller.
    pub implausible: u64,
}

impl Trimmed {
    /// The bytes to re-issue for a transfer that asked for `requested` and moved `moved`,
    /// counted when they differ.
    pub fn note(&mut self, requested: u64, moved: u64) -> u64 {
        if requested == moved {
            return requested;
        }
        if moved > requested || requested > MAX_ONE_CALL {
            self.implausible += 1;
        } else {
            self.short += 1;
            self.short_bytes += requested - moved;
        }
        requested.min(moved)
    }

    pub fn add(&mut self, o: &Trimmed) {
        self.short += o.short;
        self.short_bytes += o.short_bytes;
        self.implausible += o.implausible;
    }

    /// One line per kind of change made, as the replay's warnings say them.
    pub fn warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        if self.short > 0 {
            w.push(format!(
                "{} transfers moved fewer bytes than they asked for in the original (short writes or reads, {} bytes not moved): replayed as short",
                self.short, self.short_bytes
            ));
        }
        if self.implausible > 0 {
            w.push(format!(
                "{} transfer records ask for more than one call moves ({MAX_ONE_CALL} bytes) or moved more than they asked (damaged?): replayed with the smaller of the two",
                self.implausible
            ));
        }
        w
    }
}

impl ReplayCall {
    /// Set the request of a successful transfer to what it moved (see [`Trimmed`]).
    pub(crate) fn as_moved(&mut self, t: &mut Trimmed) {
        let Some(&ret) = self.fields.last() else {
            return;
        };
        if let Some(form) = transfer_forms()[self.func as usize] {
            if let Some(count) = self.fields.get_mut(form.count) {
                *count = t.note(*count, ret);
            }
            return;
        }
        self.stream_as_moved(t);
    }

    /// fread and fwrite: whole items as moved (their `bytes` field too).
    fn stream_as_moved(&mut self, t: &mut Trimmed) {
        let info = &FUNCTIONS[self.func as usize];
        let at = |name: &str| info.args.iter().position(|(n, _)| *n == name);
        let f = |i: Option<usize>| i.and_then(|i| self.fields.get(i).copied()).unwrap_or(0);
        let name = func(self.func);
        if !matches!(name, Func::fread | Func::fwrite) {
            return;
        }
        let Some(Move::Items { size, nmemb, .. }) = stream_move(name, |n| f(at(n)), 0) else {
            return;
        };
        let moved = f(at("put").or(at("got")));
        let Some(requested) = size.checked_mul(nmemb) else {
            t.implausible += 1;
            self.set(at("nmemb"), moved / size.max(1));
            return;
        };
        let bytes = t.note(requested, moved);
        if bytes != requested {
            self.set(at("nmemb"), bytes / size.max(1));
            self.set(at("bytes"), bytes / size.max(1) * size);
        }
    }

    fn set(&mut self, i: Option<usize>, v: u64) {
        if let Some(x) = i.and_then(|i| self.fields.get_mut(i)) {
            *x = v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_implausible_are_counted_apart() {
        let mut t = Trimmed::default();
        assert_eq!(t.note(100, 100), 100);
        assert_eq!(t.note(1 << 20, 4096), 4096);
        assert_eq!(t.note(1 << 40, 6), 6);
        assert_eq!(t.note(10, 1 << 30), 10);
        assert_eq!(
            t,
            Trimmed {
                short: 1,
                short_bytes: (1 << 20) - 4096,
                implausible: 2
            }
        );
        let w = t.warnings();
        assert_eq!(w.len(), 2);
        assert!(w[0].starts_with("1 transfers moved fewer bytes"), "{w:?}");
        assert!(w[1].starts_with("2 transfer records ask for more"), "{w:?}");
        assert!(Trimmed::default().warnings().is_empty());
    }
}
