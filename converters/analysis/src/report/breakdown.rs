//! The layer breakdown of the costliest high-level calls: for each, a bar for the call (100 %
//! of its time) and beneath it one per layer it reached, as a share of the call's time, with
//! the time, operations and bytes of that layer written beside it.

use super::plot::{self, pe, svg, ticks, HPos, Pos, TimeUnit, VPos, GRID, INK};
use crate::aggregate::layer_index;
use crate::stack::STACK;
use crate::units::human;
use crate::Error;
use crate::{Analysis, RootStats};
use io_events::functions::{Layer, FUNCTIONS};
use plotters::prelude::*;

/// Calls shown, most time first.
pub const MAX_CALLS: usize = 8;

struct Row {
    label: String,
    root: bool,
    share: f64,
    color: RGBColor,
    note: String,
}

fn rows(r: &RootStats, tu: TimeUnit) -> Vec<Row> {
    let secs = |ns: u64| tu.fmt(ns as f64 / 1e9);
    let info = &FUNCTIONS[r.func as usize];
    let total = r.acc.ns.max(1) as f64;
    let own = &r.acc.layers[layer_index(info.layer)];
    let mut v = vec![Row {
        label: format!("{} ×{}", info.display, r.acc.count),
        root: true,
        share: 100.0,
        color: plot::layer_color(info.layer),
        note: format!(
            "{} · {} ops · {}",
            secs(r.acc.ns),
            own.ops,
            human(own.bytes)
        ),
    }];
    for l in STACK.iter().copied().filter(|&l| l != info.layer) {
        let p = &r.acc.layers[layer_index(l)];
        if p.ns == 0 && p.ops == 0 {
            continue;
        }
        v.push(Row {
            label: l.identification().to_string(),
            root: false,
            share: (100.0 * p.ns as f64 / total).min(100.0),
            color: plot::layer_color(l),
            note: format!("{} · {} ops · {}", secs(p.ns), p.ops, human(p.bytes)),
        });
    }
    if r.acc.mpi_ns > 0 {
        v.push(Row {
            label: "MPI communication".into(),
            root: false,
            share: (100.0 * r.acc.mpi_ns as f64 / total).min(100.0),
            color: plot::layer_color(Layer::Mpi),
            note: secs(r.acc.mpi_ns),
        });
    }
    v
}

pub fn render(a: &Analysis, tu: TimeUnit) -> Result<Option<String>, Error> {
    let rows: Vec<Row> = a
        .roots
        .iter()
        .filter(|r| FUNCTIONS[r.func as usize].layer != Layer::Posix)
        .take(MAX_CALLS)
        .flat_map(|r| rows(r, tu))
        .collect();
    if rows.is_empty() {
        return Ok(None);
    }
    let n = rows.len();
    let h = n as u32 * 20 + 64;
    let body = svg(
        1000,
        h,
        "layer breakdown of high-level calls",
        |root, raw| {
            let mut c = ChartBuilder::on(root)
                .margin(10)
                .x_label_area_size(40)
                .y_label_area_size(200)
                .right_y_label_area_size(250)
                .build_cartesian_2d(0f64..100f64, 0f64..n as f64)
                .map_err(pe)?;
            let xf = ticks(0.0, 100.0);
            c.configure_mesh()
                .disable_y_mesh()
                .disable_y_axis()
                .light_line_style(TRANSPARENT)
                .bold_line_style(GRID)
                .x_labels(11)
                .x_label_formatter(&xf)
                .x_desc("share of the call's time (%)")
                .label_style(plot::text(12, INK))
                .axis_desc_style(plot::text(13, INK))
                .draw()
                .map_err(pe)?;
            let y = |k: usize| n as f64 - k as f64;
            let mut call = String::new();
            for (k, r) in rows.iter().enumerate() {
                // The call's own bar is paler than the layers beneath it.
                let (inset, opacity) = if r.root {
                    call = r.label.clone();
                    (0.12, 0.45)
                } else {
                    (0.25, 1.0)
                };
                let p0 = c.backend_coord(&(0.0, y(k) - 1.0 + inset));
                let p1 = c.backend_coord(&(r.share, y(k) - inset));
                let hover = if r.root {
                    format!("{call}: {}", r.note)
                } else {
                    format!(
                        "{} beneath {call}: {:.1}% of the call's time · {}",
                        r.label, r.share, r.note
                    )
                };
                let fill = plot::hex(r.color);
                let bar = plot::rect(p0, p1, &fill, &hover);
                raw.push_str(&bar.replacen("\">", &format!("\" fill-opacity=\"{opacity}\">"), 1));
            }
            for (k, r) in rows.iter().enumerate() {
                let (x0, py) = c.backend_coord(&(0.0, y(k) - 0.5));
                let (x1, _) = c.backend_coord(&(100.0, 0.0));
                let (label, indent, style) = if r.root {
                    (r.label.clone(), 0, plot::bold(12, INK))
                } else {
                    (format!("└ {}", r.label), 14, plot::text(12, INK))
                };
                root.draw(&Text::new(
                    label,
                    (x0 - 190 + indent, py),
                    style.pos(Pos::new(HPos::Left, VPos::Center)),
                ))
                .map_err(pe)?;
                root.draw(&Text::new(
                    r.note.clone(),
                    (x1 + 8, py),
                    plot::text(11, INK).pos(Pos::new(HPos::Left, VPos::Center)),
                ))
                .map_err(pe)?;
            }
            Ok(())
        },
    )?;
    let caption = format!(
        "Time of the costliest high-level calls (at most {MAX_CALLS}), each summed over its \
         calls and all processes (its bar: 100 %); beneath each, the time in every layer it \
         reached as a share of the call's time (a layer's time includes the layers under it), \
         with that layer's operations and bytes; times in {}.",
        tu.name
    );
    Ok(Some(plot::figure(&body, &caption)))
}
