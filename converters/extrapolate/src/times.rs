//! Time estimates: per call of the template, the mean gap before it and the mean time it
//! spends after its last child (its whole duration when it has none), per input; a least
//! squares line in the rank count through those means, evaluated at the target and kept
//! at zero or above. Times are never exact: the report and the metadata say so.

use super::read::{Input, Inst};

/// A line a + b·n.
#[derive(Clone, Copy, Debug, Default)]
pub struct Line {
    a: f64,
    b: f64,
}

impl Line {
    /// Least squares through (n, y); a constant when the n are all equal.
    fn through(points: &[(f64, f64)]) -> Line {
        let k = points.len() as f64;
        if points.is_empty() {
            return Line::default();
        }
        let mx = points.iter().map(|p| p.0).sum::<f64>() / k;
        let my = points.iter().map(|p| p.1).sum::<f64>() / k;
        let sxx: f64 = points.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
        if sxx == 0.0 {
            return Line { a: my, b: 0.0 };
        }
        let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
        let b = sxy / sxx;
        Line { a: my - b * mx, b }
    }

    pub fn at(&self, n: u32) -> u64 {
        let v = self.a + self.b * n as f64;
        if v.is_finite() && v > 0.0 {
            v.round() as u64
        } else {
            0
        }
    }
}

/// The estimated gap before a call and time after its last child.
#[derive(Clone, Copy, Debug, Default)]
pub struct Estimate {
    pub gap: Line,
    pub tail: Line,
}

/// The estimate from a call's instances.
pub fn estimate(insts: &[Inst], inputs: &[Input]) -> Estimate {
    let mut sums = vec![(0.0f64, 0.0f64, 0u64); inputs.len()];
    for i in insts {
        let e = &inputs[i.input].ranks[i.rank].threads[i.thread][i.call];
        let s = &mut sums[i.input];
        s.0 += e.gap as f64;
        s.1 += e.tail as f64;
        s.2 += 1;
    }
    let mean = |f: fn(&(f64, f64, u64)) -> f64| -> Vec<(f64, f64)> {
        sums.iter()
            .zip(inputs)
            .filter(|(s, _)| s.2 > 0)
            .map(|(s, i)| (i.n as f64, f(s) / s.2 as f64))
            .collect()
    };
    Estimate {
        gap: Line::through(&mean(|s| s.0)),
        tail: Line::through(&mean(|s| s.1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let l = Line::through(&[(2.0, 10.0), (4.0, 20.0), (8.0, 40.0)]);
        assert_eq!(l.at(16), 80);
        let l = Line::through(&[(2.0, 40.0), (4.0, 20.0), (8.0, 5.0)]);
        assert_eq!(l.at(64), 0);
    }
}
