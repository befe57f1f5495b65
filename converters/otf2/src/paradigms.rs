//! The I/O paradigms' OTF2 ids: the paradigms the archive uses, in `Layer::ALL` order, dense
//! (only those used are defined).
//!
//! Handles name their paradigm in the global definitions, written at the end, but
//! IoDeleteFile events carry the paradigm's id in the event files, written while processes are
//! converted on their own (threads, MPI ranks), before it is known which paradigms are used.
//! So the id of a delete's paradigm counts the paradigms before it that the trace *may* use
//! (the layers its processes traced, and the handles they held open at start): those are
//! defined whenever a file is deleted through a later paradigm, used or not. Deletes go
//! through POSIX (unlink, rmdir), ISO C (remove), MPI-IO and PnetCDF; POSIX and ISO C, first
//! in the order, are almost always used anyway. The ids are the same whatever the order in
//! which processes are converted.

use io_events::defs::Def;
use io_events::functions::Layer;
use io_model::trace::Trace;

type Err = crate::Error;

const N: usize = Layer::ALL.len();

/// The paradigms the trace may use (by position in `Layer::ALL`), from its metadata.
pub(crate) fn possible(trace: &Trace) -> [bool; N] {
    let mut may = [false; N];
    for p in &trace.processes {
        match p.meta.options.get("layers") {
            Some(list) => {
                for name in list.split([',', ':']).map(str::trim) {
                    if let Ok(l) = name.parse::<Layer>() {
                        may[Layer::ALL.iter().position(|&x| x == l).unwrap_or(0)] = true;
                    }
                }
            }
            // A trace that does not say: any.
            None => may = [true; N],
        }
        for d in &p.defs.defs {
            if let Def::PreCreated { layer, .. } = d {
                may[if *layer == 0 { 0 } else { 1 }] = true;
            }
        }
    }
    may
}

/// The OTF2 id of each paradigm an IoDeleteFile can carry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeleteIds {
    possible: [bool; N],
}

impl DeleteIds {
    pub fn new(possible: [bool; N]) -> DeleteIds {
        DeleteIds { possible }
    }

    /// The id of model paradigm `p` in an IoDeleteFile event.
    pub fn id(&self, p: u8) -> u8 {
        let before = &self.possible[..(p as usize).min(N)];
        before.iter().filter(|&&b| b).count() as u8
    }

    /// The paradigms defined, in id order (model paradigms): those of handles (`handles`)
    /// and deletes (`deleted`, a bit per model paradigm), and the possible ones before a
    /// paradigm a file was deleted through. An error if a delete's id is not its position
    /// (a paradigm used that the metadata did not announce).
    pub fn defined(&self, handles: impl Iterator<Item = u8>, deleted: u16) -> Result<Vec<u8>, Err> {
        let mut used = [false; N];
        for p in handles {
            used[(p as usize).min(N - 1)] = true;
        }
        let last_delete = (0..N).rev().find(|&p| deleted & (1 << p) != 0);
        for (p, used) in used.iter_mut().enumerate() {
            let below_delete = last_delete.is_some_and(|d| p < d) && self.possible[p];
            if deleted & (1 << p) != 0 || below_delete {
                *used = true;
            }
        }
        let list: Vec<u8> = (0..N as u8).filter(|&p| used[p as usize]).collect();
        for p in (0..N as u8).filter(|&p| deleted & (1 << p) != 0) {
            let at = list.iter().position(|&q| q == p).unwrap_or(0);
            if at != self.id(p) as usize {
                return Err(Err::UnnamedParadigm {
                    paradigm: Layer::ALL[p as usize].identification(),
                    id: self.id(p),
                    at,
                });
            }
        }
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(possible: &[usize]) -> DeleteIds {
        let mut may = [false; N];
        for &p in possible {
            may[p] = true;
        }
        DeleteIds::new(may)
    }

    #[test]
    fn deletes_count_the_possible_paradigms_before() {
        let d = ids(&[0, 1, 2, 5]);
        assert_eq!((d.id(0), d.id(1), d.id(2), d.id(5)), (0, 1, 2, 3));
        // Only used paradigms without deletes.
        assert_eq!(d.defined([2u8].into_iter(), 0).unwrap(), vec![2]);
        // An MPI-IO delete defines POSIX and ISO C (possible, before it).
        assert_eq!(d.defined([2u8].into_iter(), 1 << 2).unwrap(), vec![0, 1, 2]);
        // A POSIX delete alone defines POSIX only.
        assert_eq!(d.defined([].into_iter(), 1).unwrap(), vec![0]);
        // PnetCDF: every possible paradigm before it (not HDF5 and netCDF: not traced).
        assert_eq!(d.defined([].into_iter(), 1 << 5).unwrap(), vec![0, 1, 2, 5]);
    }

    #[test]
    fn a_paradigm_the_metadata_did_not_name_is_an_error() {
        // ISO C deleted (id 0: POSIX not possible), but a POSIX handle shows up.
        let d = ids(&[1]);
        let e = d.defined([0u8].into_iter(), 1 << 1).unwrap_err();
        assert!(e.to_string().contains("ISOC"), "{e}");
    }
}
