//! Exact models of a value over rank count `n`, rank `r` and the iteration indices of the
//! enclosing loops (seed 001 §3.2): sums of products of a term in `n` (1, n, 1/n), a term in
//! the rank (1, r, or (r + a) mod n) and a term in the iterations (1, i₁, i₂ ...). That covers
//! the seed's constant, linear-in-rank, k/n + b and (rank + a) mod n × b models, and its 2-D
//! rank × iteration model for strong scaling. A model is accepted only when it reproduces
//! every observed value exactly and the rank counts overdetermine its terms in `n` (three
//! inputs allow two of them), so that each fit is checked by at least one rank count.

/// A term in the rank count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NTerm {
    One,
    N,
    InvN,
}

/// A term in the rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RTerm {
    One,
    R,
    /// (r + a) mod n.
    Shift(i64),
}

/// A term in the iterations: 1 or the index of the k-th enclosing loop (outermost first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ITerm {
    One,
    I(usize),
}

/// Where a value was seen.
#[derive(Clone, Debug)]
pub struct At {
    pub n: i64,
    pub r: i64,
    pub it: Vec<i64>,
}

/// A fitted model: `value = Σ coef[j] · term_j(n, r, it) / (n · den)`.
#[derive(Clone, Debug)]
pub struct Model {
    terms: Vec<(NTerm, RTerm, ITerm)>,
    coef: Vec<i128>,
    den: i128,
}

/// The term's value times n (so that 1/n is an integer).
fn scaled(t: &(NTerm, RTerm, ITerm), at: &At) -> Option<i128> {
    let n = at.n as i128;
    let a = match t.0 {
        NTerm::One => n,
        NTerm::N => n * n,
        NTerm::InvN => 1,
    };
    let b = match t.1 {
        RTerm::One => 1,
        RTerm::R => at.r as i128,
        RTerm::Shift(s) => (at.r as i128 + s as i128).rem_euclid(n),
    };
    let c = match t.2 {
        ITerm::One => 1,
        ITerm::I(k) => *at.it.get(k)? as i128,
    };
    a.checked_mul(b)?.checked_mul(c)
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i128
}

/// A rational number p/q, q > 0, reduced; None on overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q(i128, i128);

impl Q {
    fn int(v: i128) -> Q {
        Q(v, 1)
    }
    fn new(p: i128, q: i128) -> Option<Q> {
        if q == 0 {
            return None;
        }
        let g = gcd(p, q).max(1);
        let s = if q < 0 { -1 } else { 1 };
        Some(Q(s * p / g, s * q / g))
    }
    fn is_zero(self) -> bool {
        self.0 == 0
    }
    fn sub(self, o: Q) -> Option<Q> {
        let q = self.1.checked_mul(o.1)?;
        let p = self
            .0
            .checked_mul(o.1)?
            .checked_sub(o.0.checked_mul(self.1)?)?;
        Q::new(p, q)
    }
    fn mul(self, o: Q) -> Option<Q> {
        Q::new(self.0.checked_mul(o.0)?, self.1.checked_mul(o.1)?)
    }
    fn div(self, o: Q) -> Option<Q> {
        Q::new(self.0.checked_mul(o.1)?, self.1.checked_mul(o.0)?)
    }
}

/// The candidate term sets, smallest first. `ns`: distinct rank counts observed; `depth`:
/// enclosing loops; `min_n`: the smallest rank count (bounds the shifts tried), 0 for a
/// group of fixed ranks (whose shifted rank would be one more function of n, unchecked).
pub fn candidates(ns: usize, depth: usize, min_n: i64) -> Vec<Vec<(NTerm, RTerm, ITerm)>> {
    use NTerm::*;
    let n_sets: Vec<Vec<NTerm>> = [
        vec![One],
        vec![N],
        vec![InvN],
        vec![One, N],
        vec![One, InvN],
        vec![N, InvN],
        vec![One, N, InvN],
    ]
    .into_iter()
    .filter(|s| s.len() < ns)
    .collect();
    let mut r_sets = vec![vec![RTerm::One], vec![RTerm::One, RTerm::R]];
    for a in [1i64, -1, 2, -2, 3] {
        if a.abs() < min_n {
            r_sets.push(vec![RTerm::One, RTerm::Shift(a)]);
        }
    }
    let mut i_sets = vec![vec![ITerm::One]];
    if depth > 0 {
        i_sets.push(
            std::iter::once(ITerm::One)
                .chain((0..depth).map(ITerm::I))
                .collect(),
        );
    }
    let mut out = Vec::new();
    for is in &i_sets {
        for rs in &r_sets {
            for ns in &n_sets {
                let mut terms = Vec::new();
                for &i in is {
                    for &r in rs {
                        for &n in ns {
                            terms.push((n, r, i));
                        }
                    }
                }
                out.push(terms);
            }
        }
    }
    out.sort_by_key(|t| t.len());
    out
}

/// The first candidate that reproduces every value, if any.
pub fn fit(points: &[(At, i64)], cands: &[Vec<(NTerm, RTerm, ITerm)>]) -> Option<Model> {
    let first = points.first()?.1;
    if points.iter().all(|p| p.1 == first) {
        let terms = vec![(NTerm::One, RTerm::One, ITerm::One)];
        return Some(Model {
            terms,
            coef: vec![first as i128],
            den: 1,
        });
    }
    cands.iter().find_map(|c| solve(points, c))
}

/// Solve for the coefficients of `terms` exactly (reduced row echelon form, points added
/// until the terms are determined, free ones 0), then check every point.
fn solve(points: &[(At, i64)], terms: &[(NTerm, RTerm, ITerm)]) -> Option<Model> {
    let b = terms.len();
    let mut pivots: Vec<(usize, Vec<Q>, Q)> = Vec::new();
    for (at, v) in points {
        if pivots.len() == b {
            break;
        }
        let mut row: Vec<Q> = terms
            .iter()
            .map(|t| scaled(t, at).map(Q::int))
            .collect::<Option<_>>()?;
        let mut rhs = Q::int((*v as i128).checked_mul(at.n as i128)?);
        for (col, prow, prhs) in &pivots {
            let f = row[*col];
            if !f.is_zero() {
                for (x, p) in row.iter_mut().zip(prow) {
                    *x = x.sub(f.mul(*p)?)?;
                }
                rhs = rhs.sub(f.mul(*prhs)?)?;
            }
        }
        let Some(c) = row.iter().position(|x| !x.is_zero()) else {
            if rhs.is_zero() {
                continue;
            }
            return None;
        };
        let lead = row[c];
        for x in &mut row {
            *x = x.div(lead)?;
        }
        rhs = rhs.div(lead)?;
        for (_, prow, prhs) in &mut pivots {
            let f = prow[c];
            if !f.is_zero() {
                for (x, p) in prow.iter_mut().zip(&row) {
                    *x = x.sub(f.mul(*p)?)?;
                }
                *prhs = prhs.sub(f.mul(rhs)?)?;
            }
        }
        pivots.push((c, row, rhs));
    }
    let mut x = vec![Q::int(0); b];
    for (c, _, r) in &pivots {
        x[*c] = *r;
    }
    let den = x
        .iter()
        .try_fold(1i128, |d, q| d.checked_mul(q.1 / gcd(d, q.1).max(1)))?;
    let coef = x
        .iter()
        .map(|q| q.0.checked_mul(den / q.1))
        .collect::<Option<Vec<_>>>()?;
    let m = Model {
        terms: terms.to_vec(),
        coef,
        den,
    };
    points
        .iter()
        .all(|(at, v)| {
            let want = (*v as i128)
                .checked_mul(at.n as i128)
                .and_then(|x| x.checked_mul(den));
            want.is_some() && m.scaled_value(at) == want
        })
        .then_some(m)
}

impl Model {
    /// Σ coef · scaled term (the value times n · den).
    fn scaled_value(&self, at: &At) -> Option<i128> {
        self.terms
            .iter()
            .zip(&self.coef)
            .try_fold(0i128, |s, (t, c)| {
                s.checked_add(c.checked_mul(scaled(t, at)?)?)
            })
    }

    /// The value at `at`, or why there is none (not an integer, too large).
    pub fn eval(&self, at: &At) -> Result<i64, crate::EvalError> {
        let s = self.scaled_value(at).ok_or(crate::EvalError::Overflow)?;
        let d = self.den * at.n as i128;
        if s % d != 0 {
            return Err(crate::EvalError::NotInteger {
                num: s / gcd(s, d),
                den: d / gcd(s, d),
            });
        }
        i64::try_from(s / d).map_err(|_| crate::EvalError::TooLarge)
    }

    /// The value when the model is a constant.
    pub fn constant(&self) -> Option<i64> {
        let mut v = None;
        for (t, &c) in self.terms.iter().zip(&self.coef) {
            if c == 0 {
                continue;
            }
            if *t != (NTerm::One, RTerm::One, ITerm::One) || c % self.den != 0 || v.is_some() {
                return None;
            }
            v = Some((c / self.den) as i64);
        }
        Some(v.unwrap_or(0))
    }

    /// Readable form: `65536·r + 131072·n·i1 + 16384·i2`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        for (t, &c) in self.terms.iter().zip(&self.coef) {
            if c == 0 {
                continue;
            }
            let q = Q::new(c, self.den).expect("den > 0");
            let mut f: Vec<String> = Vec::new();
            let plain = *t == (NTerm::One, RTerm::One, ITerm::One);
            if q.1 != 1 {
                f.push(format!("{}/{}", q.0, q.1));
            } else if q.0 == -1 && !plain {
                f.push("-".into());
            } else if q.0 != 1 || plain {
                f.push(q.0.to_string());
            }
            match t.0 {
                NTerm::One => {}
                NTerm::N => f.push("n".into()),
                NTerm::InvN => f.push("/n".into()),
            }
            match t.1 {
                RTerm::One => {}
                RTerm::R => f.push("r".into()),
                RTerm::Shift(a) => f.push(format!("((r{a:+}) mod n)")),
            }
            if let ITerm::I(k) = t.2 {
                f.push(format!("i{}", k + 1));
            }
            let s = f.join("·").replace("-·", "-");
            parts.push(if s.starts_with("/n") {
                format!("1{s}")
            } else {
                s.replace("·/n", "/n")
            });
        }
        if parts.is_empty() {
            "0".into()
        } else {
            parts.join(" + ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every iteration vector of nested loops of these counts.
    fn iterations(loops: &[i64]) -> Vec<Vec<i64>> {
        let mut v = vec![vec![]];
        for &c in loops {
            v = v
                .into_iter()
                .flat_map(|p: Vec<i64>| (0..c).map(move |i| [p.clone(), vec![i]].concat()))
                .collect();
        }
        v
    }

    fn points(ns: &[i64], loops: &[i64], f: impl Fn(i64, i64, &[i64]) -> i64) -> Vec<(At, i64)> {
        let mut v = Vec::new();
        for &n in ns {
            for r in 0..n {
                for it in iterations(loops) {
                    let val = f(n, r, &it);
                    v.push((At { n, r, it }, val));
                }
            }
        }
        v
    }

    fn at(n: i64, r: i64, it: &[i64]) -> At {
        At {
            n,
            r,
            it: it.to_vec(),
        }
    }

    #[test]
    fn ior_shared_offsets() {
        let f = |n: i64, r: i64, it: &[i64]| (it[0] * n + r) * 65536 + it[1] * 16384;
        let p = points(&[2, 4, 8], &[2, 4], f);
        let m = fit(&p, &candidates(3, 2, 2)).expect("fits");
        assert_eq!(m.eval(&at(16, 9, &[1, 3])).unwrap(), f(16, 9, &[1, 3]));
        assert_eq!(m.describe(), "65536·r + 65536·n·i1 + 16384·i2");
    }

    #[test]
    fn strong_scaling_and_constants() {
        let total = 1 << 20;
        let p = points(&[2, 4, 8], &[], |n, _, _| total / n);
        let m = fit(&p, &candidates(3, 0, 2)).unwrap();
        assert_eq!(m.eval(&at(16, 3, &[])).unwrap(), total / 16);
        let p = points(&[2, 4, 8], &[3], |n, r, it| r * (total / n) + it[0] * 4096);
        let m = fit(&p, &candidates(3, 1, 2)).unwrap();
        assert_eq!(m.eval(&at(16, 15, &[2])).unwrap(), 15 * total / 16 + 8192);
        let p = points(&[2, 4, 8], &[], |_, _, _| 7);
        assert_eq!(
            fit(&p, &candidates(3, 0, 2))
                .unwrap()
                .eval(&at(16, 0, &[]))
                .unwrap(),
            7
        );
    }

    #[test]
    fn shifted_rank_and_refusals() {
        let p = points(&[2, 4, 8], &[], |n, r, _| ((r + 1) % n) * 4096);
        let m = fit(&p, &candidates(3, 0, 2)).unwrap();
        assert_eq!(m.eval(&at(16, 15, &[])).unwrap(), 0);
        // Quadratic in the rank: no model.
        let p = points(&[2, 4, 8], &[], |_, r, _| r * r * 4096);
        assert!(fit(&p, &candidates(3, 0, 2)).is_none());
        // n² has three values at three rank counts: fitting it would check nothing.
        let p = points(&[2, 4, 8], &[], |n, _, _| n * n);
        assert!(fit(&p, &candidates(3, 0, 2)).is_none());
        // k/n not an integer at the target.
        let p = points(&[2, 4, 8], &[], |n, _, _| 24 / n);
        let m = fit(&p, &candidates(3, 0, 2)).unwrap();
        let e = m.eval(&at(16, 0, &[])).unwrap_err();
        assert!(matches!(e, crate::EvalError::NotInteger { .. }), "{e}");
        assert!(e.to_string().contains("not an integer"), "{e}");
    }
}
