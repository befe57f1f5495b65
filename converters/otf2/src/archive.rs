//! The files of an OTF2 archive on disk (anchor, definitions, event folder): recognised
//! before they are replaced or removed, so that nothing but what OTF2 wrote is deleted.

/// Whether the file starts like a file the OTF2 library writes: an endianness marker
/// (0x03, then `B` or `L`), and for an anchor the string `OTF2` after it. `partial`: an
/// empty file is accepted too (what a failed write leaves).
fn otf2_file(path: &std::path::Path, anchor: bool, partial: bool) -> bool {
    use std::io::Read;
    let Ok(meta) = path.symlink_metadata() else {
        return false;
    };
    if !meta.is_file() {
        return false;
    }
    if meta.len() == 0 {
        return partial;
    }
    let mut head = [0u8; 7];
    let n = std::fs::File::open(path)
        .and_then(|f| f.take(7).read(&mut head))
        .unwrap_or(0);
    let marker = n >= 2 && head[0] == 0x03 && matches!(head[1], b'B' | b'L');
    marker && (!anchor || (n == 7 && &head[2..7] == b"OTF2\0"))
}

/// Whether `path` is the anchor file of an OTF2 archive (written by the OTF2 library).
pub fn is_anchor(path: &std::path::Path) -> bool {
    otf2_file(path, true, false)
}

/// Whether `dir` looks like the event folder of an OTF2 archive: a directory holding only
/// `*.evt` / `*.def` / `*.snap` / `*.thumb` files written by OTF2 (never, say, a trace
/// directory that happens to share the archive's name).
pub fn is_archive_folder(dir: &std::path::Path) -> bool {
    archive_folder(dir, false)
}

fn archive_folder(dir: &std::path::Path, partial: bool) -> bool {
    if !dir.symlink_metadata().is_ok_and(|m| m.is_dir()) {
        return false;
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return false;
    };
    rd.filter_map(|e| e.ok()).all(|e| {
        let p = e.path();
        matches!(
            p.extension().and_then(|x| x.to_str()),
            Some("evt" | "def" | "snap" | "thumb")
        ) && otf2_file(&p, false, partial)
    })
}

/// Remove an existing OTF2 archive (anchor, .def, folder) for `--force`; refuse (touching
/// nothing) when any of them is not what OTF2 writes.
pub fn remove_archive(anchor: &std::path::Path) -> Result<(), crate::Error> {
    remove(anchor, false)
}

/// Remove what a conversion that failed (or was interrupted) wrote of the archive: the
/// same checks, with empty files accepted.
pub fn remove_partial_archive(anchor: &std::path::Path) -> Result<(), crate::Error> {
    remove(anchor, true)
}

fn remove(anchor: &std::path::Path, partial: bool) -> Result<(), crate::Error> {
    let stem = anchor.with_extension("");
    let def = anchor.with_extension("def");
    let exists = |p: &std::path::Path| p.symlink_metadata().is_ok();
    if exists(anchor) && !otf2_file(anchor, true, partial) {
        return Err(not_otf2(anchor, "anchor file", "not removing it"));
    }
    if exists(&def) && !otf2_file(&def, false, partial) {
        return Err(not_otf2(&def, "definition file", "not removing it"));
    }
    if exists(&stem) && !archive_folder(&stem, partial) {
        return Err(not_otf2(
            &stem,
            "archive folder",
            "choose another output name",
        ));
    }
    for p in [anchor.to_path_buf(), def] {
        if exists(&p) {
            std::fs::remove_file(&p).map_err(|e| removing(&p, e))?;
        }
    }
    if exists(&stem) {
        std::fs::remove_dir_all(&stem).map_err(|e| removing(&stem, e))?;
    }
    Ok(())
}

fn not_otf2(path: &std::path::Path, what: &'static str, advice: &'static str) -> crate::Error {
    crate::Error::NotOtf2 {
        path: path.to_path_buf(),
        what,
        advice,
    }
}

fn removing(path: &std::path::Path, source: std::io::Error) -> crate::Error {
    crate::Error::Remove {
        path: path.to_path_buf(),
        source,
    }
}
