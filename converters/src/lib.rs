//! Converters and analyses of recorder-otf2 native traces.
//!
//! Every consumer reads the trace through the I/O model (`io_model`):
//! - [`analysis`]: `summary`, insights (and what `report` draws).
//! - [`conflicts`]: `conflicts`, the operations touching the same bytes of a file.
//! - [`otf2`]: `recorder2otf2`, the OTF2 archive writer.
//! - [`perfetto`]: `perfetto`, a browser timeline in Perfetto's protobuf format.
//! - [`text`]: `recorder2text`, one line per call.

pub mod analysis;
pub mod conflicts;
pub mod export;
pub mod interrupt;
pub mod otf2;
pub mod perfetto;
pub mod report;
pub mod text;

/// Remove an existing OTF2 archive (anchor, .def, folder) for `--force`; refuse anything else.
/// Whether `dir` looks like the event folder of an OTF2 archive: a directory holding only
/// `*.evt` / `*.def` / `*.snap` files (never, say, a trace directory that happens to share
/// the archive's name).
pub fn is_archive_folder(dir: &std::path::Path) -> bool {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return false;
    };
    rd.filter_map(|e| e.ok()).all(|e| {
        let p = e.path();
        p.is_file()
            && matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("evt" | "def" | "snap" | "thumb")
            )
    })
}

pub fn remove_archive(anchor: &std::path::Path) -> Result<(), String> {
    let stem = anchor.with_extension("");
    let def = anchor.with_extension("def");
    if anchor.exists() && !anchor.is_file() {
        return Err(format!(
            "{}: exists and is not an OTF2 anchor file; not removing it",
            anchor.display()
        ));
    }
    if stem.exists() && !is_archive_folder(&stem) {
        return Err(format!(
            "{}: exists and is not an OTF2 archive folder; choose another output name",
            stem.display()
        ));
    }
    for p in [anchor.to_path_buf(), def] {
        if p.is_file() {
            std::fs::remove_file(&p).map_err(|e| format!("{}: {}", p.display(), e))?;
        }
    }
    if stem.is_dir() {
        std::fs::remove_dir_all(&stem).map_err(|e| format!("{}: {}", stem.display(), e))?;
    }
    Ok(())
}
