//! `recorder-otf2 report`: one self-contained HTML file with plots and the summary's tables.
//!
//! Every plot is inline SVG drawn with plotters (its text left to the browser's fonts), dense
//! parts as single paths or PNG data URIs: the page's size and element count are bounded by
//! the number of rank groups (≤ 64), time bins (≤ 256), files and calls shown (top N), never
//! by the number of calls traced. Nothing is loaded from elsewhere: no scripts, fonts or
//! images by URL.

mod bandwidth;
mod bins;
mod breakdown;
mod call_sites;
mod conflicts;
mod heatmap;
mod job;
mod offsets;
mod plot;
mod ranks;
mod sizes;
pub(crate) mod tables;

use crate::insights::Insight;
use crate::{summary, Analysis, Error};
use plot::TimeUnit;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Offset samples the report asks the analysis to keep per file and process (as many as
/// the analysis keeps per file after merging processes): enough for the offsets plot to show
/// a cyclic access over its whole range in every time window of a one-process run.
pub const SAMPLES_PER_FILE: usize = 4096;

/// Text for HTML (element content and attribute values).
pub(crate) fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '&' => o.push_str("&amp;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

const CSS: &str = "\
body{font:14px/1.45 system-ui,sans-serif;color:#222;margin:0;background:#fafafa}\
header,main{max-width:1040px;margin:0 auto;padding:0 20px}\
header{padding-top:18px}h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:0 0 10px}\
h3{font-size:14px;margin:12px 0 4px}.trace{color:#555;word-break:break-all;margin:0 0 10px}\
nav{margin:8px 0 4px;font-size:13px}nav a{margin-right:12px;color:#36c;text-decoration:none}\
section{background:#fff;border:1px solid #e2e2e2;border-radius:6px;padding:14px 16px;margin:14px 0}\
svg{max-width:100%;height:auto;display:block}\
#overview,#job{display:flex;flex-wrap:wrap;gap:6px 22px;margin:6px 0}#overview div{min-width:90px}#job dd{font-family:monospace}\
dt{font-size:12px;color:#666}dd{margin:0;font-size:17px;font-weight:600}\
.legend{font-size:12px;margin:4px 0 0 64px}.legend span{margin-right:14px;white-space:nowrap}\
.legend i{display:inline-block;width:11px;height:11px;margin-right:4px;vertical-align:-1px}\
.note,.empty{font-size:12px;color:#666;margin:6px 0 0}\
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(480px,1fr));gap:8px}\
figure{margin:6px 0}figcaption{font-size:13px;color:#444;margin:2px 0 0;overflow-wrap:anywhere}\
#tip{position:fixed;display:none;pointer-events:none;background:#222;color:#fff;font-size:12px;\
padding:3px 6px;border-radius:3px;max-width:480px;z-index:9}\
table{border-collapse:collapse;width:100%;font-size:12.5px}\
th,td{padding:3px 7px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}\
th{background:#f3f3f3;cursor:pointer;user-select:none;white-space:nowrap}\
td.num,th.num{text-align:right;white-space:nowrap}td[data-k=path]{word-break:break-all}td[data-k=layer]{white-space:nowrap}\
.beneath{display:inline-block;margin-right:8px;white-space:nowrap}\
.insight{border-left:4px solid #999;padding:2px 12px;margin:10px 0}\
.insight h3{margin:4px 0}.insight p{margin:3px 0}.code{font-family:monospace;color:#555}\
.sev{font-size:11px;text-transform:uppercase;color:#fff;background:#999;border-radius:3px;padding:1px 5px}\
.sev-high{border-color:#d62728}.sev-high .sev{background:#d62728}\
.sev-medium{border-color:#f28e2b}.sev-medium .sev{background:#f28e2b}\
.sev-low{border-color:#4e79a7}.sev-low .sev{background:#4e79a7}\
.where{font-size:12px;color:#555;word-break:break-all}.warnings{color:#a40}";

/// Records script errors on the root element (`data-errors`) before anything else runs.
const JS_HEAD: &str = "window.addEventListener('error',function(e){var d=document.documentElement;\
d.setAttribute('data-errors',(d.getAttribute('data-errors')||'')+(e.message||'error')+';');});";

/// Tables sort on a click on their headings (numbers by their exact values); hover areas
/// (`data-hover`: a heat map's cells, or a plot's axes) show what lies under the pointer;
/// the root element gets `data-ready` once the script ran.
const JS_BODY: &str = "document.querySelectorAll('table.sortable').forEach(function(t){\
t.querySelectorAll('th').forEach(function(th,i){var asc=false;th.addEventListener('click',function(){\
asc=!asc;var b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows);\
rows.sort(function(x,y){var a=x.cells[i],c=y.cells[i];var u=a.getAttribute('data-v'),v=c.getAttribute('data-v');\
var p=parseFloat(u),q=parseFloat(v);var r=(!isNaN(p)&&!isNaN(q))?p-q:(a.textContent).localeCompare(c.textContent);\
return asc?r:-r;});rows.forEach(function(r){b.appendChild(r);});});});});\
var tip=document.createElement('div');tip.id='tip';document.body.appendChild(tip);\
function num(x){return String(+x.toPrecision(6));}\
function say(h,fx,fy){if(h.kind==='grid'){var n=h.rows.length,m=h.v[0].length;\
var k=Math.min(n-1,Math.floor(fy*n)),c=Math.min(m-1,Math.floor(fx*m));\
return h.what+' '+h.rows[k]+', '+num(c*h.w)+'–'+num((c+1)*h.w)+' '+h.unit+': '+h.v[k][c]+' % busy';}\
return h.xl+' ≈ '+num(h.x[0]+fx*(h.x[1]-h.x[0]))+' '+h.xu+', '+h.yl+' ≈ '\
+num(h.y[1]-fy*(h.y[1]-h.y[0]))+' '+h.yu;}\
document.querySelectorAll('[data-hover]').forEach(function(el){var h=JSON.parse(el.getAttribute('data-hover'));\
el.addEventListener('mousemove',function(e){var r=el.getBoundingClientRect();\
tip.textContent=say(h,(e.clientX-r.left)/r.width,(e.clientY-r.top)/r.height);\
tip.style.left=(e.clientX+12)+'px';tip.style.top=(e.clientY+12)+'px';tip.style.display='block';});\
el.addEventListener('mouseleave',function(){tip.style.display='none';});});\
document.documentElement.setAttribute('data-ready','1');";

/// A plot section's body, or None when the trace has nothing to plot.
type Rendered = Result<Option<String>, Error>;

fn section(
    out: &mut String,
    id: &str,
    title: &str,
    body: Rendered,
    empty: &str,
) -> Result<(), Error> {
    let body = body?.unwrap_or_else(|| format!("<p class=\"empty\">{}</p>", esc(empty)));
    let _ = writeln!(
        out,
        "<section id=\"{id}\"><h2>{}</h2>{body}</section>",
        esc(title)
    );
    Ok(())
}

/// The whole page.
fn render(a: &Analysis, insights: &[Insight]) -> Result<String, Error> {
    let j = summary::to_json(a, insights);
    let tu = TimeUnit::of_span(j["span_s"].as_f64().unwrap_or(0.0));
    let mut s = String::with_capacity(1 << 20);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>I/O report: {}</title><script>{JS_HEAD}</script><style>{CSS}</style></head>\
         <body><header><h1>I/O report</h1><p class=\"trace\">{}</p>{}<nav>",
        esc(&a.trace_dir),
        esc(&a.trace_dir),
        tables::overview(&j, tu) + &job::render(&j)
    );
    let nav = [
        ("insights", "Insights"),
        ("plot-ranks", "Ranks"),
        ("plot-breakdown", "Breakdown"),
        ("plot-heatmap", "Heat map"),
        ("plot-bandwidth", "Bandwidth"),
        ("plot-sizes", "Sizes"),
        ("plot-offsets", "Offsets"),
        ("conflicts", "Conflicts"),
        ("call-sites", "Call sites"),
        ("tables", "Tables"),
    ];
    for (id, name) in nav {
        let _ = write!(s, "<a href=\"#{id}\">{name}</a>");
    }
    s.push_str("</nav></header><main>\n");
    section(
        &mut s,
        "insights",
        "Insights",
        Ok(Some(tables::insights(&j))),
        "",
    )?;
    section(
        &mut s,
        "plot-ranks",
        "Time per layer and rank",
        ranks::render(a, tu),
        "No process spent time in traced calls.",
    )?;
    section(
        &mut s,
        "plot-breakdown",
        "What the high-level calls caused beneath",
        breakdown::render(a, tu),
        "No high-level call above POSIX in this trace.",
    )?;
    section(
        &mut s,
        "plot-heatmap",
        "Activity per process over time",
        heatmap::render(a, tu),
        "No operation in this trace.",
    )?;
    section(
        &mut s,
        "plot-bandwidth",
        "Bandwidth over time per layer",
        bandwidth::render(a, tu),
        "No bytes were read or written.",
    )?;
    section(
        &mut s,
        "plot-sizes",
        "Access sizes per layer",
        sizes::render(a),
        "No read or write in this trace.",
    )?;
    section(
        &mut s,
        "plot-offsets",
        "Offsets over time, busiest files",
        offsets::render(a, tu),
        "No read or write with a known offset.",
    )?;
    section(
        &mut s,
        "conflicts",
        "Overlapping operations (conflicts)",
        Ok(Some(conflicts::render(&j))),
        "",
    )?;
    section(
        &mut s,
        "call-sites",
        "Where in the program: call sites",
        Ok(call_sites::render(&j, tu)),
        "No traced call in this trace.",
    )?;
    let _ = writeln!(
        s,
        "<section id=\"tables\"><h2>Tables</h2>\
         <h3>Layers</h3>{}<h3>Files (by bytes)</h3>{}\
         <h3>High-level calls and the layers beneath</h3>{}\
         <h3>Functions (by time)</h3>{}<h3>Processes (rank order)</h3>{}</section>",
        tables::layers(&j, tu),
        tables::files(&j, tu),
        tables::breakdown(&j, tu),
        tables::functions(&j, tu),
        tables::ranks(&j, tu)
    );
    let _ = writeln!(s, "</main><script>{JS_BODY}</script></body></html>");
    Ok(s)
}

/// A temporary file beside `out`, removed unless kept.
struct Temp(PathBuf, bool);

impl Drop for Temp {
    fn drop(&mut self) {
        if !self.1 {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

/// Write the report of `a` to `out` (written to a temporary file beside it, then renamed).
pub fn write(a: &Analysis, insights: &[Insight], out: &Path) -> Result<(), Error> {
    let html = render(a, insights)?;
    io_model::interrupt::check().map_err(Error::Interrupted)?;
    let name = out
        .file_name()
        .ok_or_else(|| Error::NotAFileName { path: out.into() })?;
    let tmp = out.with_file_name(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let fail = |source| Error::Write {
        path: out.into(),
        source,
    };
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(fail)?;
    let mut t = Temp(tmp, false);
    f.write_all(html.as_bytes()).map_err(fail)?;
    f.sync_all().map_err(fail)?;
    drop(f);
    io_model::interrupt::check().map_err(Error::Interrupted)?;
    std::fs::rename(&t.0, out).map_err(fail)?;
    t.1 = true;
    Ok(())
}
