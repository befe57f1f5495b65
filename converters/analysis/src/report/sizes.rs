//! Access sizes per layer: how many reads and writes requested each size range (the files'
//! size bins summed), on a log scale so that a few large requests show beside millions of
//! small ones.

use super::plot::{self, pe, svg, HPos, Pos, VPos, GRID, INK, READ, WRITE};
use crate::aggregate::{layer_index, NLAYERS, SIZE_BINS};
use crate::{Analysis, Error};
use io_events::functions::Layer;
use plotters::prelude::*;

pub fn render(a: &Analysis) -> Result<Option<String>, Error> {
    let mut h = [[[0u64; 10]; 2]; NLAYERS];
    for f in &a.files {
        let li = layer_index(f.layer);
        for (d, sizes) in [&f.acc.read_sizes, &f.acc.write_sizes]
            .into_iter()
            .enumerate()
        {
            for (n, add) in h[li][d].iter_mut().zip(sizes) {
                *n += add;
            }
        }
    }
    let mut out = String::new();
    for l in Layer::ALL {
        let rw = &h[layer_index(l)];
        if rw.iter().flatten().all(|&n| n == 0) {
            continue;
        }
        let caption = format!(
            "{}: reads and writes per size range (bytes requested), counted over all files \
             and processes for the whole run",
            l.identification()
        );
        out.push_str(&plot::figure(&chart(l, rw)?, &caption));
    }
    if out.is_empty() {
        return Ok(None);
    }
    let legend = plot::legend(&[("reads".into(), READ), ("writes".into(), WRITE)]);
    Ok(Some(format!(
        "<div class=\"grid\">{out}</div>{legend}<p class=\"note\">Requests per size range \
         (bytes requested), log scale, numbers above the bars.</p>"
    )))
}

fn chart(l: Layer, rw: &[[u64; 10]; 2]) -> Result<String, Error> {
    let max = rw.iter().flatten().copied().max().unwrap_or(1).max(1) as f64;
    let names: Vec<&str> = SIZE_BINS.iter().map(|b| b.1).collect();
    svg(
        540,
        270,
        &format!("{} access sizes", l.identification()),
        |root, raw| {
            let mut c = ChartBuilder::on(root)
                .margin(10)
                .margin_top(18)
                .x_label_area_size(52)
                .y_label_area_size(60)
                .build_cartesian_2d(
                    (0..9usize).into_segmented(),
                    (0.5f64..max * 4.0).log_scale(),
                )
                .map_err(pe)?;
            // The bin names are drawn below the axis, on two staggered lines.
            let xfmt = |_: &SegmentValue<usize>| String::new();
            let yfmt = |v: &f64| {
                if *v >= 1.0 && (v.log10().fract().abs() < 1e-9) {
                    format!("{v:.0}")
                } else {
                    String::new()
                }
            };
            c.configure_mesh()
                .disable_x_mesh()
                .light_line_style(TRANSPARENT)
                .bold_line_style(GRID)
                .x_labels(10)
                .x_label_formatter(&xfmt)
                .y_label_formatter(&yfmt)
                .label_style(plot::text(11, INK))
                .x_desc("bytes per request")
                .y_desc("requests")
                .axis_desc_style(plot::text(12, INK))
                .draw()
                .map_err(pe)?;
            let seg = c.plotting_area().get_pixel_range().0.len() as i32 / 10;
            for (d, color, what) in [(0usize, READ, "reads"), (1, WRITE, "writes")] {
                let fill = plot::hex(color);
                for i in (0..10).filter(|&i| rw[d][i] > 0) {
                    let (x0, y0) = c.backend_coord(&(SegmentValue::Exact(i), 0.5));
                    let (x1, y1) = c.backend_coord(&(plot::segment_end(i, 10), rw[d][i] as f64));
                    // Reads on the left half of the range's slot, writes on the right.
                    let (x0, x1) = if d == 0 {
                        (x0 + seg / 8, x1 - seg / 2)
                    } else {
                        (x0 + seg / 2, x1 - seg / 8)
                    };
                    let hover = format!(
                        "{} {what} of {} bytes: {} requests",
                        l.identification(),
                        names[i],
                        rw[d][i]
                    );
                    raw.push_str(&plot::rect((x0, y0), (x1, y1), &fill, &hover));
                }
            }
            for (i, name) in names.iter().enumerate() {
                let (x, y) = c.backend_coord(&(SegmentValue::CenterOf(i), 0.5));
                root.draw(&Text::new(
                    name.to_string(),
                    (x, y + 5 + 13 * (i as i32 % 2)),
                    plot::text(10, INK).pos(Pos::new(HPos::Center, VPos::Top)),
                ))
                .map_err(pe)?;
            }
            for (i, (&r, &w)) in rw[0].iter().zip(&rw[1]).enumerate() {
                if r + w == 0 {
                    continue;
                }
                let (x, y) = c.backend_coord(&(SegmentValue::CenterOf(i), r.max(w) as f64));
                let label = match (r, w) {
                    (0, w) => w.to_string(),
                    (r, 0) => r.to_string(),
                    (r, w) => format!("{r}/{w}"),
                };
                root.draw(&Text::new(
                    label,
                    (x, y - 3),
                    plot::text(10, INK).pos(Pos::new(HPos::Center, VPos::Bottom)),
                ))
                .map_err(pe)?;
            }
            Ok(())
        },
    )
}
