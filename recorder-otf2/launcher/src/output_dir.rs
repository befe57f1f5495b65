//! The folder an output file goes in: made with its missing parents when it does not exist
//! (as `export`, `extrapolate` and `replay` make theirs), and the folders made removed again
//! when the tool fails, so that a failed run leaves nothing behind.

use std::path::{Path, PathBuf};

/// The folders made for one output, outermost first.
pub struct OutputDir {
    made: Vec<PathBuf>,
}

impl OutputDir {
    /// The folder of `file` and its missing parents made (nothing when it exists).
    pub fn for_file(file: &Path) -> Result<OutputDir, String> {
        let mut missing = Vec::new();
        let mut at = file.parent().filter(|p| !p.as_os_str().is_empty());
        while let Some(dir) = at.filter(|d| !d.exists() && !d.is_symlink()) {
            missing.push(dir.to_path_buf());
            at = dir.parent().filter(|p| !p.as_os_str().is_empty());
        }
        missing.reverse();
        let mut out = OutputDir { made: Vec::new() };
        for dir in missing {
            if let Err(e) = std::fs::create_dir(&dir) {
                out.discard();
                return Err(format!(
                    "{}: cannot make the output folder: {e}",
                    dir.display()
                ));
            }
            out.made.push(dir);
        }
        Ok(out)
    }

    /// Remove the folders made, innermost first, each only if empty (what the tool wrote in
    /// them it removed itself; anything else put there meanwhile is kept).
    pub fn discard(&mut self) {
        while let Some(dir) = self.made.pop() {
            if std::fs::remove_dir(&dir).is_err() {
                break;
            }
        }
    }

    /// `r`, with the folders made removed if it failed.
    pub fn keep_if_ok<T, E>(mut self, r: Result<T, E>) -> Result<T, E> {
        if r.is_err() {
            self.discard();
        }
        r
    }
}
