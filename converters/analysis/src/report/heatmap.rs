//! Process × time heat maps, one per layer: the share of each time bin a process spent in the
//! layer's operations. Beyond 64 processes, contiguous processes share a row (their mean).
//! Each map is one PNG (rows × at most 256 bins) under plotters-drawn axes.

use super::bins::{self, Axis};
use super::plot::{self, pe, svg, ticks, HPos, Pos, TimeUnit, VPos, INK};
use crate::{Analysis, Error};
use hashbrown::HashMap;
use io_events::functions::Layer;
use io_model::procs::rank_id;
use plotters::prelude::*;

/// At most this many rows per map.
pub const MAX_ROWS: usize = 64;

const IDLE: [u8; 3] = [0xf4, 0xf4, 0xf4];

fn color(v: f64) -> [u8; 3] {
    if v <= 0.0 {
        return IDLE;
    }
    let c = ViridisRGB::get_color(v.min(1.0) as f32);
    [c.0, c.1, c.2]
}

/// Rows: (first position, last position) in `a.procs`.
fn rows(n: usize) -> Vec<(usize, usize)> {
    let g = n.min(MAX_ROWS);
    (0..g).map(|i| (i * n / g, (i + 1) * n / g - 1)).collect()
}

fn row_label(a: &Analysis, r: (usize, usize)) -> String {
    let id = |p: usize| rank_id(&a.procs[p]).to_string();
    if r.0 == r.1 {
        id(r.0)
    } else {
        format!("{}–{}", id(r.0), id(r.1))
    }
}

/// The section's maps and colour scale (None without per-process series).
pub fn render(a: &Analysis, tu: TimeUnit) -> Result<Option<String>, Error> {
    let Some(ax) = bins::axis(a.proc_timelines.iter().map(|t| &t.2)) else {
        return Ok(None);
    };
    let n = a.procs.len();
    let pos: HashMap<usize, usize> = a
        .procs
        .iter()
        .enumerate()
        .map(|(p, i)| (i.index, p))
        .collect();
    let rs = rows(n);
    let row_of = |p: usize| p * rs.len() / n;
    let mut out = String::new();
    for l in Layer::ALL {
        let mut busy = vec![vec![0.0; ax.bins]; rs.len()];
        let mut bytes = vec![0.0; ax.bins];
        let mut any = false;
        for (pi, _, s) in a.proc_timelines.iter().filter(|t| t.1 == l) {
            let r = row_of(pos[pi]);
            ax.add(s, &mut busy[r], &mut bytes);
            any = true;
        }
        if !any {
            continue;
        }
        let caption = format!(
            "{}: share of each {} window that each process spent in the layer's operations \
             (busy time summed over its threads, clamped at 100 %)",
            l.identification(),
            tu.fmt(ax.width_s())
        );
        out.push_str(&format!(
            "<h3>{}</h3>\n{}",
            l.identification(),
            plot::figure(&map(a, &ax, &rs, &busy, l, tu)?, &caption)
        ));
    }
    if out.is_empty() {
        return Ok(None);
    }
    out.push_str(&scale()?);
    let grouped = if rs.len() < n {
        format!(
            " {n} processes in {} rows of contiguous ranks (each row: the mean of its processes).",
            rs.len()
        )
    } else {
        String::new()
    };
    out.push_str(&format!(
        "<p class=\"note\">Hover a cell for its process, window and share.{grouped}</p>"
    ));
    Ok(Some(out))
}

fn map(
    a: &Analysis,
    ax: &Axis,
    rs: &[(usize, usize)],
    busy: &[Vec<f64>],
    l: Layer,
    tu: TimeUnit,
) -> Result<String, Error> {
    let g = rs.len();
    let mut rgb = Vec::with_capacity(g * ax.bins * 3);
    let mut shares = Vec::with_capacity(g);
    for (r, row) in rs.iter().zip(busy) {
        let k = (r.1 - r.0 + 1) as f64 * ax.width as f64;
        let mut pct = Vec::with_capacity(ax.bins);
        for v in row {
            rgb.extend_from_slice(&color(v / k));
            pct.push(((v / k).min(1.0) * 1000.0).round() / 10.0);
        }
        shares.push(pct);
    }
    let grid = hover_grid(a, ax, rs, &shares, tu);
    let uri = plot::png_data_uri(ax.bins as u32, g as u32, &rgb)?;
    let ph = (g as u32 * 14).clamp(56, 320);
    let (div, unit) = (tu.div, tu.name);
    let span = ax.span_s() / div;
    let every = g.div_ceil(ph as usize / 14).max(1);
    svg(
        1000,
        ph + 62,
        &format!("{} heat map", l.identification()),
        |root, raw| {
            let mut c = ChartBuilder::on(root)
                .margin(10)
                .x_label_area_size(40)
                .y_label_area_size(110)
                .build_cartesian_2d(0f64..span, 0f64..g as f64)
                .map_err(pe)?;
            let xdesc = format!("time since the first process started ({unit})");
            let xfmt = ticks(0.0, span);
            c.configure_mesh()
                .disable_mesh()
                .y_labels(0)
                .x_labels(10)
                .x_label_formatter(&xfmt)
                .x_desc(xdesc.as_str())
                .label_style(plot::text(12, INK))
                .axis_desc_style(plot::text(13, INK))
                .draw()
                .map_err(pe)?;
            let (xr, yr) = c.plotting_area().get_pixel_range();
            raw.push_str(&plot::image((xr.start, xr.end), (yr.start, yr.end), &uri));
            raw.push_str(&plot::hover_area(
                (xr.start, xr.end),
                (yr.start, yr.end),
                &grid,
            ));
            for (i, r) in rs.iter().enumerate().filter(|(i, _)| i % every == 0) {
                let (x, y) = c.backend_coord(&(0.0, g as f64 - i as f64 - 0.5));
                root.draw(&Text::new(
                    row_label(a, *r),
                    (x - 6, y),
                    plot::text(11, INK).pos(Pos::new(HPos::Right, VPos::Center)),
                ))
                .map_err(pe)?;
            }
            Ok(())
        },
    )
}

/// What the page's script shows on hover over a map: the process (row), the window and
/// its share busy, for every cell (percent, one decimal).
fn hover_grid(
    a: &Analysis,
    ax: &Axis,
    rs: &[(usize, usize)],
    shares: &[Vec<f64>],
    tu: TimeUnit,
) -> String {
    let rows: Vec<String> = rs.iter().map(|r| row_label(a, *r)).collect();
    serde_json::json!({
        "kind": "grid",
        "rows": rows,
        "what": if rs.iter().any(|r| r.1 > r.0) { "processes (mean)" } else { "process" },
        "w": ax.width_s() / tu.div,
        "unit": tu.name,
        "v": shares,
    })
    .to_string()
}

/// The colour scale: 0 to 100 % busy.
fn scale() -> Result<String, Error> {
    let rgb: Vec<u8> = (0..=100).flat_map(|i| color(i as f64 / 100.0)).collect();
    let uri = plot::png_data_uri(101, 1, &rgb)?;
    let pct = ticks(0.0, 100.0);
    svg(420, 58, "colour scale of the heat maps", |root, raw| {
        let mut c = ChartBuilder::on(root)
            .margin_left(120)
            .margin_right(14)
            .margin_top(4)
            .x_label_area_size(34)
            .build_cartesian_2d(0f64..100f64, 0f64..1f64)
            .map_err(pe)?;
        c.configure_mesh()
            .disable_mesh()
            .disable_y_axis()
            .x_labels(6)
            .x_label_formatter(&pct)
            .x_desc("% of the bin busy")
            .label_style(plot::text(11, INK))
            .axis_desc_style(plot::text(12, INK))
            .draw()
            .map_err(pe)?;
        let (xr, yr) = c.plotting_area().get_pixel_range();
        raw.push_str(&plot::image((xr.start, xr.end), (yr.start, yr.end), &uri));
        Ok(())
    })
}
