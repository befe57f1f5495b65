//! Time per layer and rank: stacked bars of each layer's exclusive time (they add up to the
//! time in traced calls). Beyond 64 processes, contiguous processes form groups: the bar is
//! the group's mean per layer, the whisker its min–max total with a tick at the median.

use super::plot::{self, pe, svg, ticks, HPos, Pos, TimeUnit, VPos, GRID, INK};
use crate::{Analysis, Error};
use io_events::functions::Layer;
use io_model::procs::rank_id;
use plotters::prelude::*;

/// At most this many bars.
pub const MAX_BARS: usize = 64;

struct Group {
    first: usize,
    last: usize,
    /// Mean seconds per layer (Layer::ALL order).
    mean: Vec<f64>,
    min: f64,
    median: f64,
    max: f64,
}

fn groups(a: &Analysis) -> Vec<Group> {
    let n = a.ranks.len();
    let g = n.min(MAX_BARS);
    (0..g)
        .map(|i| {
            let (first, end) = (i * n / g, (i + 1) * n / g);
            let rs = &a.ranks[first..end];
            let k = rs.len() as f64;
            let mean = (0..Layer::ALL.len())
                .map(|l| rs.iter().map(|r| r.layer_excl_ns[l] as f64).sum::<f64>() / k / 1e9)
                .collect();
            let mut tot: Vec<f64> = rs
                .iter()
                .map(|r| r.layer_excl_ns.iter().sum::<u64>() as f64 / 1e9)
                .collect();
            tot.sort_by(|a, b| a.total_cmp(b));
            Group {
                first,
                last: end - 1,
                mean,
                min: tot[0],
                median: tot[tot.len() / 2],
                max: tot[tot.len() - 1],
            }
        })
        .collect()
}

fn name(a: &Analysis, pos: usize) -> String {
    rank_id(a.proc(a.ranks[pos].proc)).to_string()
}

/// A group's name in hover texts: "rank 3", "ranks 0–15" ("process" without MPI ranks).
fn group_name(a: &Analysis, g: &Group, what: &str) -> String {
    if g.first == g.last {
        format!("{what} {}", name(a, g.first))
    } else {
        let plural = if what == "rank" { "ranks" } else { "processes" };
        format!("{plural} {}–{}", name(a, g.first), name(a, g.last))
    }
}

/// The section's plot, caption and legend (None when no process spent time in traced calls).
pub fn render(a: &Analysis, tu: TimeUnit) -> Result<Option<String>, Error> {
    let gs = groups(a);
    let layers: Vec<usize> = (0..Layer::ALL.len())
        .filter(|&l| gs.iter().any(|g| g.mean[l] > 0.0))
        .collect();
    if layers.is_empty() {
        return Ok(None);
    }
    let grouped = gs.iter().any(|g| g.last > g.first);
    let top = gs
        .iter()
        .map(|g| g.max.max(g.mean.iter().sum()))
        .fold(0.0, f64::max);
    let (div, unit) = (tu.div, tu.name);
    let top = top / div * 1.08;
    // Groups are labelled by their first process (the note says they are contiguous).
    let labels: Vec<String> = gs.iter().map(|g| name(a, g.first)).collect();
    let n = gs.len();
    let all_ranked = a.procs.iter().all(|p| p.rank.is_some());
    let (desc, what) = if all_ranked {
        ("rank", "rank")
    } else {
        ("process (rank, or pid)", "process")
    };
    let ydesc = if grouped {
        format!("mean time per process ({unit})")
    } else {
        format!("time ({unit})")
    };
    // Bar i is centred on x = i; with few bars, the axis keeps room for 8 (no giant bars).
    let pad = (8usize.saturating_sub(n)) as f64 / 2.0;
    let (x0, x1) = (-0.5 - pad, n as f64 - 0.5 + pad);
    let body = svg(1000, 360, "time per layer and rank", |root, raw| {
        let mut c = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(64)
            .build_cartesian_2d(x0..x1, 0f64..top)
            .map_err(pe)?;
        let yfmt = ticks(0.0, top);
        c.configure_mesh()
            .disable_x_mesh()
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .x_labels(0)
            .y_labels(8)
            .y_label_formatter(&yfmt)
            .x_desc(desc)
            .y_desc(ydesc.as_str())
            .label_style(plot::text(12, INK))
            .axis_desc_style(plot::text(13, INK))
            .draw()
            .map_err(pe)?;
        // Labels of up to 8 characters, about 70 px each: every k-th bar's, drawn here.
        let every = n.div_ceil(12).max(1);
        for i in (0..n).step_by(every) {
            let (x, y) = c.backend_coord(&(i as f64, 0.0));
            root.draw(&Text::new(
                labels[i].clone(),
                (x, y + 6),
                plot::text(12, INK).pos(Pos::new(HPos::Center, VPos::Top)),
            ))
            .map_err(pe)?;
        }
        let half = 0.32; // bar half-width, in slots
        let px = |x: f64, y: f64| c.backend_coord(&(x, y));
        let mut base = vec![0.0; n];
        for &l in &layers {
            let layer = Layer::ALL[l];
            let fill = plot::hex(plot::layer_color(layer));
            for (i, g) in gs.iter().enumerate().filter(|(_, g)| g.mean[l] > 0.0) {
                let (y0, y1) = (base[i], base[i] + g.mean[l] / div);
                base[i] = y1;
                let x = i as f64;
                let mean = if grouped { "mean per process " } else { "" };
                let hover = format!(
                    "{}, {}: {mean}{}",
                    group_name(a, g, what),
                    layer.identification(),
                    tu.fmt(g.mean[l])
                );
                raw.push_str(&plot::rect(
                    px(x - half, y0),
                    px(x + half, y1),
                    &fill,
                    &hover,
                ));
            }
        }
        if grouped {
            for (i, g) in gs.iter().enumerate().filter(|(_, g)| g.max > 0.0) {
                let x = i as f64;
                let (p0, p1) = (px(x, g.min / div), px(x, g.max / div));
                let (m0, m1) = (
                    px(x - half / 2.0, g.median / div),
                    px(x + half / 2.0, g.median / div),
                );
                let hover = plot::title(&format!(
                    "{}: total per process least {}, median {}, greatest {}",
                    group_name(a, g, what),
                    tu.fmt(g.min),
                    tu.fmt(g.median),
                    tu.fmt(g.max)
                ));
                let ink = plot::hex(INK);
                raw.push_str(&format!(
                    "<g stroke=\"{ink}\">{hover}<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" \
                     stroke-width=\"1\"/><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" \
                     stroke-width=\"2\"/></g>\n",
                    p0.0, p0.1, p1.0, p1.1, m0.0, m0.1, m1.0, m1.1
                ));
            }
        }
        Ok(())
    })?;
    let items: Vec<(String, RGBColor)> = layers
        .iter()
        .map(|&l| {
            (
                Layer::ALL[l].identification().to_string(),
                plot::layer_color(Layer::ALL[l]),
            )
        })
        .collect();
    let per = if grouped {
        "mean per process of each group of contiguous processes"
    } else {
        "per process"
    };
    let caption = format!(
        "Time in each layer's own calls (calls beneath excluded, so the layers add up to the \
         time in traced calls), summed over the run and all threads, {per}, in {unit}; \
         processes in rank order, as in the processes table.",
    );
    let note = if grouped {
        format!(
            "<p class=\"note\">{} processes in {} groups of contiguous ranks: bars are the \
             group's mean per layer; the whisker spans the group's least to greatest total, \
             the tick is its median.</p>",
            a.ranks.len(),
            n
        )
    } else {
        String::new()
    };
    Ok(Some(format!(
        "{}{}{note}",
        plot::figure(&body, &caption),
        plot::legend(&items)
    )))
}
