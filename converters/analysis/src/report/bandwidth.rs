//! Bandwidth over time per layer: bytes moved in each time bin (all processes) over the bin's
//! width, one step line per layer.

use super::bins;
use super::plot::{self, pe, svg, ticks, TimeUnit, GRID, INK};
use crate::units::human;
use crate::{Analysis, Error};
use plotters::prelude::*;

pub fn render(a: &Analysis, tu: TimeUnit) -> Result<Option<String>, Error> {
    let Some(ax) = bins::axis(a.timeline.iter().map(|t| &t.1)) else {
        return Ok(None);
    };
    let mut lines = Vec::new();
    for (l, s) in &a.timeline {
        let mut busy = vec![0.0; ax.bins];
        let mut bytes = vec![0.0; ax.bins];
        ax.add(s, &mut busy, &mut bytes);
        if bytes.iter().any(|&b| b > 0.0) {
            lines.push((*l, bytes));
        }
    }
    if lines.is_empty() {
        return Ok(None);
    }
    let w = ax.width_s();
    let peak = lines
        .iter()
        .flat_map(|(_, b)| b.iter())
        .fold(0.0f64, |m, &b| m.max(b / w));
    let (bdiv, bunit) = plot::byte_unit(peak);
    let (tdiv, tunit) = (tu.div, tu.name);
    let body = svg(1000, 340, "bandwidth over time per layer", |root, raw| {
        let mut c = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..ax.span_s() / tdiv, 0f64..peak / bdiv * 1.08)
            .map_err(pe)?;
        let xdesc = format!("time since the first process started ({tunit})");
        let ydesc = format!("{bunit}/s");
        let xf = ticks(0.0, ax.span_s() / tdiv);
        let yf = ticks(0.0, peak / bdiv);
        c.configure_mesh()
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .x_labels(10)
            .y_labels(8)
            .x_label_formatter(&xf)
            .y_label_formatter(&yf)
            .x_desc(xdesc.as_str())
            .y_desc(ydesc.as_str())
            .label_style(plot::text(12, INK))
            .axis_desc_style(plot::text(13, INK))
            .draw()
            .map_err(pe)?;
        for (l, bytes) in &lines {
            // A step per bin: its bandwidth held over the bin.
            let pts = bytes.iter().enumerate().flat_map(|(i, b)| {
                let y = b / w / bdiv;
                let (t0, t1) = (i as f64 * w / tdiv, (i + 1) as f64 * w / tdiv);
                [(t0, y), (t1, y)]
            });
            c.draw_series(LineSeries::new(pts, plot::layer_color(*l).stroke_width(2)))
                .map_err(pe)?;
        }
        // Hover: each bin with bytes is a transparent column naming every layer's bytes.
        for i in 0..ax.bins {
            let vals: Vec<String> = lines
                .iter()
                .filter(|(_, b)| b[i] > 0.0)
                .map(|(l, b)| {
                    let (d, u) = plot::byte_unit(b[i] / w);
                    format!(
                        "{} {} ({} bytes), {:.3} {u}/s",
                        l.identification(),
                        human(b[i] as u64),
                        b[i] as u64,
                        b[i] / w / d
                    )
                })
                .collect();
            if vals.is_empty() {
                continue;
            }
            let (t0, t1) = (i as f64 * w, (i + 1) as f64 * w);
            let p0 = c.backend_coord(&(t0 / tdiv, peak / bdiv * 1.08));
            let p1 = c.backend_coord(&(t1 / tdiv, 0.0));
            let hover = format!("{}–{}: {}", tu.num(t0), tu.fmt(t1), vals.join("; "));
            raw.push_str(&plot::rect(p0, p1, "transparent", &hover));
        }
        Ok(())
    })?;
    let items: Vec<(String, RGBColor)> = lines
        .iter()
        .map(|(l, _)| (l.identification().to_string(), plot::layer_color(*l)))
        .collect();
    let caption = format!(
        "Bytes read and written per {} window, summed over all processes and threads, one \
         line per layer, divided by the window's width (data passing through several layers \
         counts at each of them).",
        tu.fmt(w)
    );
    Ok(Some(format!(
        "{}{}",
        plot::figure(&body, &caption),
        plot::legend(&items)
    )))
}
