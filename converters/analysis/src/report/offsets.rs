//! Offset over time for the busiest files: each sampled operation is a vertical stroke over
//! the bytes it covered, at the time it began. The samples are bounded per file (stratified
//! by time by the analysis, see `sample.rs`), and all strokes of one direction are one
//! `<path>`; the page's script reads time and offset under the pointer.

use super::plot::{self, pe, svg, ticks, TimeUnit, GRID, INK, READ, WRITE};
use super::tables::int;
use crate::aggregate::{Sample, UNKNOWN};
use crate::units::human;
use crate::Error;
use crate::{Analysis, FileStats};
use hashbrown::HashSet;
use plotters::prelude::*;
use std::fmt::Write;

/// Files shown, busiest (most bytes) first.
pub const MAX_FILES: usize = 4;

pub fn render(a: &Analysis, tu: TimeUnit) -> Result<Option<String>, Error> {
    let files: Vec<&FileStats> = a
        .files
        .iter()
        .filter(|f| !f.acc.samples.is_empty() && f.bytes() > 0)
        .take(MAX_FILES)
        .collect();
    if files.is_empty() {
        return Ok(None);
    }
    let mut out = String::new();
    for f in files {
        let ops = f.acc.read_ops + f.acc.write_ops;
        let unknown = match f.acc.pattern[UNKNOWN] {
            0 => String::new(),
            n => format!(" ({n} without a known offset)"),
        };
        let caption = format!(
            "{} {}: the offset of each drawn read and write (a stroke over the bytes it \
             covered, at the time it began), all processes · {} read, {} written · {} of {} \
             operations drawn{unknown}",
            f.layer.identification(),
            f.path,
            human(f.acc.read_bytes),
            human(f.acc.write_bytes),
            int(f.acc.samples.len() as u64),
            int(ops)
        );
        out.push_str(&plot::figure(&chart(a, f, tu)?, &caption));
    }
    let legend = plot::legend(&[("reads".into(), READ), ("writes".into(), WRITE)]);
    Ok(Some(format!("{out}{legend}")))
}

fn chart(a: &Analysis, f: &FileStats, tu: TimeUnit) -> Result<String, Error> {
    let s: &[Sample] = &f.acc.samples;
    let t = |x: &Sample| x.0.saturating_sub(a.origin) as f64 / 1e9;
    let (mut t0, mut t1) = s
        .iter()
        .fold((f64::MAX, f64::MIN), |m, x| (m.0.min(t(x)), m.1.max(t(x))));
    let pad = ((t1 - t0) * 0.02).max(1e-6);
    (t0, t1) = ((t0 - pad).max(0.0), t1 + pad);
    let top = s.iter().map(|x| x.1 + x.2).max().unwrap_or(1).max(1) as f64;
    let (bdiv, bunit) = plot::byte_unit(top);
    // A short burst late in the run: time from the burst's start, in a unit that fits it.
    let base = if t1 - t0 < 0.05 * t1 { t0 } else { 0.0 };
    let (tdiv, tunit) = (tu.div, tu.name);
    let x = |v: f64| (v - base) / tdiv;
    svg(1000, 260, &format!("offsets of {}", f.path), |root, raw| {
        let mut c = ChartBuilder::on(root)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(x(t0)..x(t1), 0f64..top / bdiv * 1.05)
            .map_err(pe)?;
        let xdesc = if base > 0.0 {
            format!(
                "time since the first process started, minus {} ({tunit})",
                tu.fmt(base)
            )
        } else {
            format!("time since the first process started ({tunit})")
        };
        let ydesc = format!("offset ({bunit})");
        let xf = ticks(x(t0), x(t1));
        let yf = ticks(0.0, top / bdiv);
        c.configure_mesh()
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .x_labels(10)
            .y_labels(6)
            .x_label_formatter(&xf)
            .y_label_formatter(&yf)
            .x_desc(xdesc.as_str())
            .y_desc(ydesc.as_str())
            .label_style(plot::text(12, INK))
            .axis_desc_style(plot::text(13, INK))
            .draw()
            .map_err(pe)?;
        for (write, color) in [(false, READ), (true, WRITE)] {
            let mut seen = HashSet::new();
            let mut d = String::new();
            for op in s.iter().filter(|op| op.3 == write) {
                let (px, py0) = c.backend_coord(&(x(t(op)), op.1 as f64 / bdiv));
                let (_, py1) = c.backend_coord(&(x(t(op)), (op.1 + op.2) as f64 / bdiv));
                let py1 = py1.min(py0 - 2);
                if seen.insert((px, py0, py1)) {
                    let _ = write!(d, "M{px} {py0}V{py1}");
                }
            }
            if !d.is_empty() {
                let _ = writeln!(
                    raw,
                    "<path d=\"{d}\" stroke=\"{}\" stroke-width=\"2\" fill=\"none\"/>",
                    plot::hex(color)
                );
            }
        }
        let (xr, yr) = c.plotting_area().get_pixel_range();
        let axes = serde_json::json!({
            "kind": "axes",
            "x": [x(t0), x(t1)],
            "xl": if base > 0.0 { format!("time − {}", tu.fmt(base)) } else { "time".into() },
            "xu": tunit,
            "y": [0.0, top / bdiv * 1.05],
            "yl": "offset",
            "yu": bunit,
        });
        raw.push_str(&plot::hover_area(
            (xr.start, xr.end),
            (yr.start, yr.end),
            &axes.to_string(),
        ));
        Ok(())
    })
}
