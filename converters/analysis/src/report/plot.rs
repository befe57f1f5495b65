//! What the plots share: a plotters SVG canvas whose output is cleaned for inlining into
//! HTML (raw elements such as dense paths and PNG images can be added to it), layer colours,
//! PNG data URIs and axis units.

use crate::Error;
use io_events::functions::Layer;
use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

pub use plotters::style::text_anchor::{HPos, Pos, VPos};

pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A plotters error of the SVG canvas.
pub fn pe(e: DrawingAreaErrorKind<std::io::Error>) -> Error {
    Error::Plot(e)
}

/// The font of every label (the browser picks the face: nothing is read at build or run time).
pub const FONT: &str = "sans-serif";

/// Draw a `w` × `h` SVG with `f`, which gets the drawing area and a string of raw SVG
/// elements to add on top (drawn after plotters' own, in the same pixel coordinates).
/// The result is ready to inline into HTML (no namespace URL).
pub fn svg(
    w: u32,
    h: u32,
    label: &str,
    f: impl FnOnce(&Area, &mut String) -> Result<(), Error>,
) -> Result<String, Error> {
    let mut buf = String::new();
    let mut raw = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, (w, h)).into_drawing_area();
        root.fill(&WHITE).map_err(pe)?;
        f(&root, &mut raw)?;
        root.present().map_err(pe)?;
    }
    let buf = buf.replacen(
        " xmlns=\"http://www.w3.org/2000/svg\"",
        &format!(" role=\"img\" aria-label=\"{}\"", crate::report::esc(label)),
        1,
    );
    Ok(match buf.rfind("</svg>") {
        Some(i) => format!("{}{}{}", &buf[..i], raw, &buf[i..]),
        None => buf,
    })
}

/// The right edge of segment `i` of `n` on a segmented axis (the last one's is `Last`: a
/// single segment has no next value to map).
pub fn segment_end(i: usize, n: usize) -> SegmentValue<usize> {
    if i + 1 < n {
        SegmentValue::Exact(i + 1)
    } else {
        SegmentValue::Last
    }
}

/// Colour of a layer in every plot (Tableau 10).
pub fn layer_color(l: Layer) -> RGBColor {
    match l {
        Layer::Posix => RGBColor(0x4e, 0x79, 0xa7),
        Layer::Isoc => RGBColor(0xf2, 0x8e, 0x2b),
        Layer::MpiIo => RGBColor(0x59, 0xa1, 0x4f),
        Layer::Hdf5 => RGBColor(0xe1, 0x57, 0x59),
        Layer::NetCdf => RGBColor(0xb0, 0x7a, 0xa1),
        Layer::PnetCdf => RGBColor(0x9c, 0x75, 0x5f),
        Layer::Adios => RGBColor(0xed, 0xc9, 0x48),
        Layer::Mpi => RGBColor(0xba, 0xb0, 0xac),
    }
}

pub fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// Reads and writes in the offset plots and size histograms.
pub const READ: RGBColor = RGBColor(0x4e, 0x79, 0xa7);
pub const WRITE: RGBColor = RGBColor(0xe1, 0x57, 0x59);

/// An HTML legend: coloured keys and names.
pub fn legend(items: &[(String, RGBColor)]) -> String {
    let mut s = String::from("<div class=\"legend\">");
    for (name, c) in items {
        s.push_str(&format!(
            "<span><i style=\"background:{}\"></i>{}</span>",
            hex(*c),
            crate::report::esc(name)
        ));
    }
    s.push_str("</div>");
    s
}

/// An RGB image as a PNG data URI.
pub fn png_data_uri(w: u32, h: u32, rgb: &[u8]) -> Result<String, Error> {
    use base64::Engine;
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header().map_err(Error::Image)?;
        wr.write_image_data(rgb).map_err(Error::Image)?;
    }
    Ok(format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(out)
    ))
}

/// An `<image>` covering the pixel rectangle, its pixels kept square-edged when scaled.
pub fn image(x: (i32, i32), y: (i32, i32), uri: &str) -> String {
    format!(
        "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" \
         style=\"image-rendering:pixelated\" href=\"{uri}\"/>\n",
        x.0,
        y.0,
        (x.1 - x.0).max(1),
        (y.1 - y.0).max(1)
    )
}

/// A unit for values up to `max` (powers of 1024): (divisor, name).
pub fn byte_unit(max: f64) -> (f64, &'static str) {
    const U: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut d = 1.0;
    let mut i = 0;
    while max / d >= 1024.0 && i < U.len() - 1 {
        d *= 1024.0;
        i += 1;
    }
    (d, U[i])
}

/// The one time unit of a report, chosen from the trace's duration: every time axis and
/// every time value of the page (plots and tables) is written in it.
#[derive(Clone, Copy, Debug)]
pub struct TimeUnit {
    /// Seconds per unit.
    pub div: f64,
    pub name: &'static str,
}

impl TimeUnit {
    /// s from one second up, ms from a millisecond, µs below.
    pub fn of_span(span_s: f64) -> TimeUnit {
        let (div, name) = if span_s >= 1.0 {
            (1.0, "s")
        } else if span_s >= 1e-3 {
            (1e-3, "ms")
        } else {
            (1e-6, "µs")
        };
        TimeUnit { div, name }
    }

    /// `s` seconds as a number in this unit: 3 decimals, or 3 significant digits for
    /// values under 0.01 units (so that nothing non-zero reads as 0), trailing zeros dropped.
    pub fn num(&self, s: f64) -> String {
        let x = s / self.div;
        if x == 0.0 {
            return "0".into();
        }
        let decimals = if x.abs() >= 0.01 {
            3
        } else {
            (2.0 - x.abs().log10().floor()).clamp(3.0, 12.0) as usize
        };
        let t = format!("{x:.decimals$}");
        let t = t.trim_end_matches('0').trim_end_matches('.');
        t.to_string()
    }

    /// `s` seconds with the unit's name: "12.5 ms".
    pub fn fmt(&self, s: f64) -> String {
        format!("{} {}", self.num(s), self.name)
    }
}

/// An SVG `<title>` child: what a browser shows on hover over its parent.
pub fn title(text: &str) -> String {
    format!("<title>{}</title>", crate::report::esc(text))
}

/// A filled rectangle between two pixel corners, with its value on hover.
pub fn rect(a: (i32, i32), b: (i32, i32), fill: &str, hover: &str) -> String {
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    format!(
        "<rect x=\"{x0}\" y=\"{y0}\" width=\"{}\" height=\"{}\" fill=\"{fill}\">{}</rect>\n",
        (x1 - x0).max(1),
        (y1 - y0).max(1),
        title(hover)
    )
}

/// A plot with its caption (what is summed, over what) under it.
pub fn figure(body: &str, caption: &str) -> String {
    format!(
        "<figure>{body}<figcaption>{}</figcaption></figure>",
        crate::report::esc(caption)
    )
}

/// Axis tick labels for an axis from `lo` to `hi`: as many decimals as the ticks' spacing
/// needs, trailing zeros dropped.
pub fn ticks(lo: f64, hi: f64) -> impl Fn(&f64) -> String {
    let step = ((hi - lo) / 8.0).abs();
    let decimals = if step > 0.0 {
        (-step.log10()).ceil().clamp(0.0, 9.0) as usize
    } else {
        0
    };
    move |v: &f64| {
        let s = format!("{v:.decimals$}");
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    }
}

/// A text style of `size` px in `color` (plotters' SVG text is 1/1.24 of the size asked).
pub fn text(size: u32, color: RGBColor) -> TextStyle<'static> {
    (FONT, size as f64 * 1.24).into_font().color(&color)
}

/// The same in bold.
pub fn bold(size: u32, color: RGBColor) -> TextStyle<'static> {
    (FONT, size as f64 * 1.24, FontStyle::Bold)
        .into_font()
        .color(&color)
}

pub const INK: RGBColor = RGBColor(0x33, 0x33, 0x33);
pub const GRID: RGBColor = RGBColor(0xe4, 0xe4, 0xe4);

/// A transparent rectangle over a plot's area that the page's script reads on hover
/// (`data-hover`: a JSON description of what lies under each point, see `JS_BODY`).
pub fn hover_area(x: (i32, i32), y: (i32, i32), json: &str) -> String {
    format!(
        "<rect class=\"hover\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"transparent\" \
         data-hover=\"{}\"/>\n",
        x.0,
        y.0,
        (x.1 - x.0).max(1),
        (y.1 - y.0).max(1),
        crate::report::esc(json)
    )
}
