//! Models of one field of a call over its instances: numbers through [`fit`], paths and
//! names as elastic strings (the text between their numbers fixed, each number fitted, its
//! zero padding kept), communicators by membership, identities (descriptors, handles) fitted
//! when a model fits and otherwise taken from a representative rank (seed 001's elastic
//! handles: a handle only has to be the same wherever the program used the same one).

use super::fit::{fit, At, ITerm, Model, NTerm, RTerm};
use super::read::Val;
use io_events::functions::FILETYPE_UNKNOWN;

/// How a field's value is made at the target rank count.
#[derive(Clone, Debug)]
pub enum FieldModel {
    /// The same everywhere.
    Same(Val),
    Num(Model),
    Text(Elastic),
    /// The communicator of all ranks, or of the rank alone.
    World,
    SelfComm,
    /// An identity with no model: the representative rank's.
    Representative,
}

/// A string whose numbers follow models: `texts[0] num[0] texts[1] ... texts[k]`.
#[derive(Clone, Debug)]
pub struct Elastic {
    texts: Vec<String>,
    nums: Vec<(Model, Option<usize>)>,
}

/// A string's text parts and its digit runs (value, digits).
type Split = (Vec<String>, Vec<(i64, usize)>);

fn split_digits(s: &str) -> Split {
    let mut texts = vec![String::new()];
    let mut nums = Vec::new();
    let mut digits = String::new();
    for ch in s.chars().chain(std::iter::once('\0')) {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        if !digits.is_empty() {
            match digits.parse::<i64>() {
                Ok(v) if digits.len() <= 18 => {
                    nums.push((v, digits.len()));
                    texts.push(String::new());
                }
                _ => texts.last_mut().expect("one").push_str(&digits),
            }
            digits.clear();
        }
        if ch != '\0' {
            texts.last_mut().expect("one").push(ch);
        }
    }
    (texts, nums)
}

impl Elastic {
    /// `/data/ior.dat.{r:08}`: the numbers' models in braces, with their zero padding.
    pub fn describe(&self) -> String {
        let mut s = self.texts[0].clone();
        for ((m, width), t) in self.nums.iter().zip(&self.texts[1..]) {
            let w = width.unwrap_or(0);
            match (m.constant(), width) {
                (Some(v), _) => s.push_str(&format!("{v:0w$}")),
                (None, Some(w)) => s.push_str(&format!("{{{}:0{w}}}", m.describe())),
                (None, None) => s.push_str(&format!("{{{}}}", m.describe())),
            }
            s.push_str(t);
        }
        s
    }

    pub fn make(&self, at: &At) -> Result<String, crate::EvalError> {
        let mut s = self.texts[0].clone();
        for ((m, width), t) in self.nums.iter().zip(&self.texts[1..]) {
            let v = m.eval(at)?;
            match width {
                Some(w) => s.push_str(&format!("{v:0w$}")),
                None => s.push_str(&v.to_string()),
            }
            s.push_str(t);
        }
        Ok(s)
    }
}

/// Why no model fits: a short account of the values seen.
pub fn sample(points: &[(At, String)]) -> String {
    let mut v: Vec<String> = Vec::new();
    let mut last_n = -1;
    for (at, val) in points.iter().filter(|p| p.0.it.iter().all(|&i| i == 0)) {
        if at.n != last_n {
            v.push(format!("at {} ranks:", at.n));
            last_n = at.n;
        }
        if v.len() < 24 {
            v.push(format!("r{} {}", at.r, val));
        }
    }
    v.join(" ")
}

/// Fit a field from its instances; Err: an account of the values (no model fits).
pub fn fit_field(
    vals: &[(At, &Val)],
    cands: &[Vec<(NTerm, RTerm, ITerm)>],
) -> Result<FieldModel, String> {
    let first = vals[0].1;
    if vals.iter().all(|v| v.1 == first) && !matches!(first, Val::Comm(_)) {
        return Ok(FieldModel::Same(first.clone()));
    }
    let text = |vals: &[(At, &Val)]| -> String {
        sample(
            &vals
                .iter()
                .map(|(a, v)| (a.clone(), show(v)))
                .collect::<Vec<_>>(),
        )
    };
    match first {
        Val::Num(_) => numbers(vals, cands)
            .map(FieldModel::Num)
            .ok_or_else(|| text(vals)),
        Val::Opaque(_) => {
            Ok(numbers(vals, cands).map_or(FieldModel::Representative, FieldModel::Num))
        }
        Val::Text(_) => elastic(vals, cands)
            .map(FieldModel::Text)
            .ok_or_else(|| text(vals)),
        Val::Comm(_) => comm(vals).ok_or_else(|| text(vals)),
        Val::NoPath => Err(text(vals)),
        // Filetypes that differ by rank (a subarray per rank) have no model: the extrapolated
        // views are of unknown shape, which every tool reading the result says.
        Val::Filetype(_) => Ok(FieldModel::Same(Val::Num(FILETYPE_UNKNOWN as i64))),
    }
}

fn show(v: &Val) -> String {
    match v {
        Val::Num(x) => x.to_string(),
        Val::Opaque(x) => format!("{x:#x}"),
        Val::Text(t) => format!("'{t}'"),
        Val::NoPath => "(no path)".into(),
        Val::Comm(m) if m.len() > 4 => format!("comm of {} ranks", m.len()),
        Val::Comm(m) => format!("comm {m:?}"),
        Val::Filetype(f) => f.to_string(),
    }
}

fn numbers(vals: &[(At, &Val)], cands: &[Vec<(NTerm, RTerm, ITerm)>]) -> Option<Model> {
    let pts: Option<Vec<(At, i64)>> = vals
        .iter()
        .map(|(a, v)| match v {
            Val::Num(x) => Some((a.clone(), *x)),
            _ => None,
        })
        .collect();
    fit(&pts?, cands)
}

fn elastic(vals: &[(At, &Val)], cands: &[Vec<(NTerm, RTerm, ITerm)>]) -> Option<Elastic> {
    let split: Vec<Split> = vals
        .iter()
        .map(|(_, v)| match v {
            Val::Text(t) => Some(split_digits(t)),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let texts = split[0].0.clone();
    if split.iter().any(|s| s.0 != texts) {
        return None;
    }
    let mut nums = Vec::new();
    for k in 0..split[0].1.len() {
        let pts: Vec<(At, i64)> = vals
            .iter()
            .zip(&split)
            .map(|((a, _), s)| (a.clone(), s.1[k].0))
            .collect();
        let width = padding(split.iter().map(|s| s.1[k]))?;
        nums.push((fit(&pts, cands)?, width));
    }
    Some(Elastic { texts, nums })
}

/// The fixed width of a zero-padded number (`ior.dat.00000003`): Some(width) when every
/// instance has the same number of digits and one of them a leading zero; None when the
/// digits are as many as the value needs; no model (outer None) otherwise.
fn padding(runs: impl Iterator<Item = (i64, usize)>) -> Option<Option<usize>> {
    let runs: Vec<(i64, usize)> = runs.collect();
    let natural = |&(v, d): &(i64, usize)| v.to_string().len() == d;
    if runs.iter().all(natural) {
        return Some(None);
    }
    let w = runs[0].1;
    runs.iter().all(|r| r.1 == w).then_some(Some(w))
}

fn comm(vals: &[(At, &Val)]) -> Option<FieldModel> {
    let is = |pred: &dyn Fn(&At, &[u32]) -> bool| {
        vals.iter()
            .all(|(a, v)| matches!(v, Val::Comm(m) if pred(a, m)))
    };
    if is(&|a, m| m.len() as i64 == a.n && m.iter().enumerate().all(|(i, &x)| x as usize == i)) {
        return Some(FieldModel::World);
    }
    if is(&|a, m| m == [a.r as u32]) {
        return Some(FieldModel::SelfComm);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::candidates;

    #[test]
    fn file_per_process_names() {
        let names: Vec<(At, Val)> = [2i64, 4, 8]
            .iter()
            .flat_map(|&n| {
                (0..n).map(move |r| {
                    let at = At { n, r, it: vec![] };
                    (at, Val::Text(format!("/scratch/run2/ior.dat.{r:08}")))
                })
            })
            .collect();
        let refs: Vec<(At, &Val)> = names.iter().map(|(a, v)| (a.clone(), v)).collect();
        let FieldModel::Text(e) = fit_field(&refs, &candidates(3, 0, 2)).unwrap() else {
            panic!("elastic");
        };
        let at = At {
            n: 16,
            r: 13,
            it: vec![],
        };
        assert_eq!(e.make(&at).unwrap(), "/scratch/run2/ior.dat.00000013");
    }

    #[test]
    fn pid_in_a_name_is_refused() {
        let names: Vec<(At, Val)> = [
            (2, 0, 4711),
            (2, 1, 4713),
            (4, 0, 5120),
            (4, 1, 5000),
            (4, 2, 5301),
            (4, 3, 5002),
            (8, 0, 6000),
        ]
        .iter()
        .map(|&(n, r, pid)| {
            (
                At { n, r, it: vec![] },
                Val::Text(format!("/dev/shm/vader.{pid}")),
            )
        })
        .collect();
        let refs: Vec<(At, &Val)> = names.iter().map(|(a, v)| (a.clone(), v)).collect();
        let err = fit_field(&refs, &candidates(3, 0, 2)).unwrap_err();
        assert!(err.contains("'/dev/shm/vader.4711'"), "{err}");
    }
}
